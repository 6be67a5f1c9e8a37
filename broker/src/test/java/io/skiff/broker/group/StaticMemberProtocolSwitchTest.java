/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.broker.group;

import static io.skiff.broker.group.ConsumerGroupFixture.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRecord;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.group.consumer.ConsumerHeartbeatResult;
import io.skiff.broker.group.consumer.MemberAssignment;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A static member of a consumer group moving between the classic and the consumer protocol with the same instance id,
 * without leaving first, as Kafka 4.4 handles it (getOrMaybeSubscribeStaticConsumerGroupMember, replaceMember): the
 * new instance replaces the old one at once and keeps its partitions; the records written rebuild the new member
 * after a restart.
 */
class StaticMemberProtocolSwitchTest {
    private static final String G = "g";

    private final ConsumerGroupFixture f = new ConsumerGroupFixture();
    private final UUID t = f.topics.create("t", 6);
    private ClassicConsumerClient c;

    @AfterEach
    void close() {
        f.close();
    }

    /** m1 ("instance-m", consumer protocol) and c ("instance-c", classic), three partitions each. */
    @BeforeEach
    void mixedStaticGroup() {
        assertEquals(
                6, ok(f.join(G, "m1", "instance-m", null, "t")).assignment().size());
        c = new ClassicConsumerClient(f, G);
        c.instanceId = "instance-c";
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        MemberAssignment kept = ok(f.heartbeat(G, "m1", "instance-m", 2, null)).assignment();
        assertEquals(3, ok(f.heartbeat(G, "m1", "instance-m", 2, kept)).memberEpoch());
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, c.heartbeat());
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        assertEquals(3, c.owned.size());
    }

    @Test
    void aClassicMemberIsReplacedByItsConsumerProtocolSuccessorAtOnce() {
        int before = logSize();
        ConsumerHeartbeatResult n = ok(f.join(G, "n", "instance-c", null, "t"));
        assertEquals(3, n.memberEpoch());
        assertEquals(numbers(c.owned), n.assignment().partitions().get(t), "c's partitions, nothing moves");
        assertEquals(
                List.of(
                        "CurrentMemberAssignment " + c.memberId + " tombstone",
                        "TargetAssignmentMember " + c.memberId + " tombstone",
                        "MemberMetadata " + c.memberId + " tombstone",
                        "MemberMetadata n classic",
                        "TargetAssignmentMember n",
                        "CurrentMemberAssignment n",
                        "MemberMetadata n",
                        "CurrentMemberAssignment n"),
                recordsSince(before));
        assertEquals(GroupError.FENCED_INSTANCE_ID, c.heartbeat(), "the old instance is fenced");
        assertEquals(3, f.describe(G).groupEpoch(), "no rebalance");

        f.restart();
        ConsumerGroupDescription.Member replayed = member("instance-c");
        assertEquals("n", replayed.memberId());
        assertFalse(replayed.classic());
        assertEquals(
                3, replayed.assignment().values().stream().mapToInt(Set::size).sum(), "c's three partitions");
        assertEquals(
                GroupError.UNRELEASED_INSTANCE_ID,
                f.join(G, "n2", "instance-c", null, "t").error(),
                "after the restart n is a static consumer-protocol member that has not left");
    }

    @Test
    void aClassicMemberReplacedByAClassicJoinIsTheNewOneAfterARestart() {
        ClassicConsumerClient r = new ClassicConsumerClient(f, G);
        r.instanceId = "instance-c";
        int before = logSize();
        assertEquals(GroupError.NONE, r.join().error());
        assertTrue(!r.memberId.equals(c.memberId));
        List<String> written = recordsSince(before);
        assertEquals(
                List.of(
                        "CurrentMemberAssignment " + c.memberId + " tombstone",
                        "TargetAssignmentMember " + c.memberId + " tombstone",
                        "MemberMetadata " + c.memberId + " tombstone",
                        "MemberMetadata " + r.memberId + " classic",
                        "TargetAssignmentMember " + r.memberId,
                        "CurrentMemberAssignment " + r.memberId),
                written.subList(0, 6),
                "Kafka's replaceMember: the new member's metadata before its assignments");
        assertEquals(GroupError.NONE, r.sync("range", false, 6).error());
        assertEquals(numbers(c.owned), numbers(r.owned));

        f.restart();
        ConsumerGroupDescription.Member replayed = member("instance-c");
        assertEquals(r.memberId, replayed.memberId());
        assertTrue(replayed.classic());
        assertEquals(2, f.describe(G).members().size());
        assertEquals(GroupError.FENCED_INSTANCE_ID, c.heartbeat(), "the old instance stays fenced");
        assertEquals(GroupError.NONE, r.heartbeat(), "the new one goes on");
        assertEquals(GroupError.NONE, r.join().error(), "and rejoins under its member id");
    }

    @Test
    void aConsumerProtocolMemberIsReplacedByAClassicJoinAtOnce() {
        ok(f.join(G, "n", "instance-c", null, "t"));
        ClassicConsumerClient d = new ClassicConsumerClient(f, G);
        d.instanceId = "instance-c";
        assertEquals(GroupError.NONE, d.join().error(), "n never left");
        assertEquals(GroupError.NONE, d.sync("range", false, 6).error());
        assertEquals(numbers(c.owned), numbers(d.owned));
        assertEquals(
                GroupError.FENCED_INSTANCE_ID,
                f.heartbeat(G, "n", "instance-c", 3, null).error());
        f.restart();
        assertEquals(d.memberId, member("instance-c").memberId());
    }

    private ConsumerGroupDescription.Member member(String instanceId) {
        return f.describe(G).members().stream()
                .filter(m -> instanceId.equals(m.instanceId()))
                .findFirst()
                .orElseThrow();
    }

    private static Set<Integer> numbers(List<org.apache.kafka.common.TopicPartition> tps) {
        return tps.stream()
                .map(org.apache.kafka.common.TopicPartition::partition)
                .collect(java.util.stream.Collectors.toSet());
    }

    private int logSize() {
        return f.log.partition(f.coordinator.partitionFor(G)).size();
    }

    private List<String> recordsSince(int index) {
        List<KeyValue> all = f.log.partition(f.coordinator.partitionFor(G));
        return all.subList(index, all.size()).stream()
                .map(kv -> describe(GroupRecordCodec.decode(
                                ByteBuffer.wrap(kv.key()), kv.value() == null ? null : ByteBuffer.wrap(kv.value()))
                        .orElseThrow()))
                .toList();
    }

    private static String describe(GroupRecord r) {
        if (r instanceof GroupRecord.MemberMetadata mm) {
            return "MemberMetadata " + mm.memberId()
                    + (mm.value() == null
                            ? " tombstone"
                            : mm.value().classicMemberMetadata() != null ? " classic" : "");
        }
        if (r instanceof GroupRecord.TargetAssignmentMember tm) {
            return "TargetAssignmentMember " + tm.memberId() + (tm.value() == null ? " tombstone" : "");
        }
        if (r instanceof GroupRecord.CurrentMemberAssignment ca) {
            return "CurrentMemberAssignment " + ca.memberId() + (ca.value() == null ? " tombstone" : "");
        }
        return r.getClass().getSimpleName();
    }
}
