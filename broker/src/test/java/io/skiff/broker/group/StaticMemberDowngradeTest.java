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

import static io.skiff.broker.group.ClassicConsumerClient.partitions;
import static io.skiff.broker.group.ClassicConsumerClient.tps;
import static io.skiff.broker.group.ConsumerGroupFixture.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.classic.SyncResult;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRecord;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.consumer.ConsumerGroupConfig.MigrationPolicy;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.group.consumer.ConsumerHeartbeat;
import io.skiff.broker.group.consumer.MemberAssignment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A classic static member that takes the place of the last consumer-protocol static member (same
 * group.instance.id) downgrades the consumer group to a classic group at once, as Kafka 4.1's
 * classicGroupJoinToConsumerGroup does when validateOnlineDowngradeWithReplacedMember allows it: Stable at the group
 * epoch with no rebalance when the subscription is the replaced member's, a rebalance when it is not; nothing of the
 * kind while another consumer-protocol member remains, or when the policy or group.max.size forbid it.
 */
class StaticMemberDowngradeTest {
    private static final String G = "g";

    @AutoClose
    private ConsumerGroupFixture f = new ConsumerGroupFixture();

    private UUID t = f.topics.create("t", 6);

    /** Replaces the fixture by one with {@code policy} and classic groups of at most {@code classicGroupMaxSize}. */
    private void withConfig(MigrationPolicy policy, int classicGroupMaxSize) {
        f.close();
        GroupCoordinatorConfig d = GroupCoordinatorConfig.defaults();
        f = ConsumerGroupFixture.withMigrationPolicy(
                policy,
                new GroupCoordinatorConfig(
                        d.groupMinSessionTimeoutMs(),
                        d.groupMaxSessionTimeoutMs(),
                        d.groupInitialRebalanceDelayMs(),
                        classicGroupMaxSize,
                        d.offsetsRetentionMs(),
                        d.offsetsRetentionCheckIntervalMs(),
                        d.offsetMetadataMaxBytes()));
        t = f.topics.create("t", 6);
    }

    /** The consumer-protocol static member m1 ("instance-m") and the classic static member c, 3 partitions each. */
    private record MixedGroup(ClassicConsumerClient classic, MemberAssignment ofM1) {}

    private MixedGroup mixedStaticGroup() {
        assertEquals(
                6, ok(f.join(G, "m1", "instance-m", null, "t")).assignment().size());
        ClassicConsumerClient c = classicStatic("instance-c");
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(3, c.generation);
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        MemberAssignment kept = ok(f.heartbeat(G, "m1", "instance-m", 2, null)).assignment();
        assertEquals(3, kept.size());
        assertEquals(3, ok(f.heartbeat(G, "m1", "instance-m", 2, kept)).memberEpoch());
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, c.heartbeat(), "its partitions are free");
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        assertEquals(3, c.owned.size());
        assertEquals("Stable", f.describe(G).state());
        return new MixedGroup(c, kept);
    }

    private ClassicConsumerClient classicStatic(String instanceId) {
        ClassicConsumerClient c = new ClassicConsumerClient(f, G);
        c.instanceId = instanceId;
        return c;
    }

    private Set<Integer> partitionsOf(MemberAssignment a) {
        return a.partitions().getOrDefault(t, Set.of());
    }

    private static Set<Integer> numbers(List<TopicPartition> tps) {
        return tps.stream().map(TopicPartition::partition).collect(Collectors.toSet());
    }

    private List<GroupRecord> recordsSince(int index) {
        List<KeyValue> all = f.log.partition(f.coordinator.partitionFor(G));
        List<GroupRecord> out = new ArrayList<>();
        for (KeyValue kv : all.subList(index, all.size())) {
            out.add(GroupRecordCodec.decode(
                            ByteBuffer.wrap(kv.key()), kv.value() == null ? null : ByteBuffer.wrap(kv.value()))
                    .orElseThrow());
        }
        return out;
    }

    private int logSize() {
        return f.log.partition(f.coordinator.partitionFor(G)).size();
    }

    @Test
    void replacingTheLastConsumerProtocolStaticMemberDowngradesTheGroupWithoutARebalance() {
        MixedGroup mixed = mixedStaticGroup();
        ClassicConsumerClient c = mixed.classic();
        ok(f.leave(G, "m1", "instance-m", ConsumerHeartbeat.STATIC_LEAVE_EPOCH));
        assertEquals("consumer", f.overview(G).groupType(), "a static member's leave keeps its place");
        int before = logSize();

        ClassicConsumerClient r = classicStatic("instance-m");
        JoinResult joined = r.join();
        List<GroupRecord> written = recordsSince(before);
        assertEquals(GroupError.NONE, joined.error());
        assertFalse(joined.memberId().isEmpty());
        assertEquals(3, joined.generationId(), "reconciled at the assignment epoch, the classic generation");
        assertEquals("consumer", joined.protocolType());
        assertEquals("range", joined.protocolName());
        assertEquals("", joined.leaderId(), "answered as a consumer group's classic member: no leader");
        assertTrue(joined.members().isEmpty());

        GroupOverview o = f.overview(G);
        assertEquals("classic", o.groupType());
        assertEquals("Stable", o.state(), "same subscription: no rebalance");
        assertEquals("consumer", o.protocolType());
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, f.describe(G).error());
        GroupDescription d = f.coordinator.describeGroup(G);
        assertEquals(GroupError.NONE, d.error());
        assertEquals("range", d.protocolName());
        assertEquals(
                Set.of("instance-c", "instance-m"),
                d.members().stream()
                        .map(GroupDescription.Member::groupInstanceId)
                        .collect(Collectors.toSet()));
        GroupDescription.Member described = d.members().stream()
                .filter(m -> m.memberId().equals(r.memberId))
                .findFirst()
                .orElseThrow();
        assertEquals(partitionsOf(mixed.ofM1()), numbers(partitions(described.assignment())));

        // The new member syncs into the Stable classic group and gets the replaced member's partitions.
        assertEquals(GroupError.NONE, r.sync("range", false, 6).error());
        assertEquals(partitionsOf(mixed.ofM1()), numbers(r.owned));
        // The other member goes on at its generation, with its partitions.
        assertEquals(GroupError.NONE, c.heartbeat());
        assertEquals(GroupError.NONE, r.heartbeat());
        assertEquals(
                GroupError.NONE,
                f.coordinator
                        .commitOffsets(
                                G,
                                c.memberId,
                                c.instanceId,
                                c.generation,
                                Map.of(
                                        new io.skiff.broker.group.common.TopicPartition(
                                                "t", c.owned.get(0).partition()),
                                        new OffsetAndMetadata(7, -1, "", 0, OffsetAndMetadata.NO_EXPIRE_TIMESTAMP)),
                                false)
                        .join()
                        .values()
                        .iterator()
                        .next());

        // One write: the replacement, the consumer group's tombstones, then the classic group.
        GroupRecord.GroupMetadata last = (GroupRecord.GroupMetadata) written.get(written.size() - 1);
        assertEquals(3, last.value().generation());
        assertEquals("consumer", last.value().protocolType());
        assertEquals("range", last.value().protocol());
        assertEquals(2, last.value().members().size());
        assertTrue(written.stream()
                .anyMatch(rec -> rec instanceof GroupRecord.ConsumerGroupEpoch e && e.value() == null));
        for (String id : List.of("m1", r.memberId, c.memberId)) {
            assertTrue(
                    written.stream()
                            .anyMatch(rec -> rec instanceof GroupRecord.MemberMetadata mm
                                    && mm.memberId().equals(id)
                                    && mm.value() == null),
                    "tombstone of " + id);
        }

        // A restart replays a classic group (Empty, as classic groups come back) at that generation.
        f.restart();
        assertEquals("classic", f.overview(G).groupType());
        assertEquals("Empty", f.overview(G).state());
        assertEquals(
                7L,
                f.coordinator
                        .fetchOffsets(G, null, false)
                        .partitions()
                        .get(new io.skiff.broker.group.common.TopicPartition(
                                "t", c.owned.get(0).partition()))
                        .offset()
                        .offset());
        c.memberId = "";
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(4, c.generation, "the generation after the downgraded group's");
    }

    @Test
    void aGroupOfOneConsumerProtocolStaticMemberBecomesAClassicGroupOfItsReplacement() {
        assertEquals(
                6, ok(f.join(G, "m1", "instance-m", null, "t")).assignment().size());
        // Kafka replaces a consumer-protocol static member for a classic JoinGroup even while it is still there.
        ClassicConsumerClient r = classicStatic("instance-m");
        JoinResult joined = r.join();
        assertEquals(GroupError.NONE, joined.error());
        assertEquals(2, joined.generationId());
        assertEquals("classic", f.overview(G).groupType());
        assertEquals("Stable", f.overview(G).state());
        assertEquals(GroupError.NONE, r.sync("range", false, 6).error());
        assertEquals(tps(0, 1, 2, 3, 4, 5), r.owned);
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND,
                f.heartbeat(G, "m1", "instance-m", 2, null).error(),
                "the replaced member's heartbeats find no consumer group");
        assertEquals(GroupError.NONE, r.heartbeat());
    }

    @Test
    void aReplacementWithAnotherSubscriptionDowngradesAndRebalances() {
        f.topics.create("u", 2);
        ClassicConsumerClient c = mixedStaticGroup().classic();
        ok(f.leave(G, "m1", "instance-m", ConsumerHeartbeat.STATIC_LEAVE_EPOCH));

        ClassicConsumerClient r = classicStatic("instance-m");
        r.topics = List.of("t", "u");
        JoinResult joined = r.join();
        assertEquals(GroupError.NONE, joined.error());
        assertEquals(0, joined.generationId(), "Kafka answers with the replacement's epoch 0");
        GroupOverview o = f.overview(G);
        assertEquals("classic", o.groupType());
        assertEquals("PreparingRebalance", o.state());
        assertEquals(
                GroupError.ILLEGAL_GENERATION,
                r.sync("range", false, 6).error(),
                "generation 0 is not the classic group's 3");

        assertEquals(GroupError.REBALANCE_IN_PROGRESS, c.heartbeat());
        CompletableFuture<JoinResult> cJoin = f.coordinator.joinGroup(c.params());
        CompletableFuture<JoinResult> rJoin = f.coordinator.joinGroup(r.params());
        f.scheduler.runDue();
        c.joined(cJoin.join());
        r.joined(rJoin.join());
        assertEquals(4, c.generation, "the rebalance starts the generation after the group epoch (3)");
        assertEquals(4, r.generation);
        ClassicConsumerClient leader = cJoin.join().leaderId().equals(c.memberId) ? c : r;
        ClassicConsumerClient follower = leader == c ? r : c;
        CompletableFuture<SyncResult> followerSync = f.coordinator.syncGroup(
                new SyncGroupParams(G, 4, follower.memberId, follower.instanceId, "consumer", "range", Map.of()));
        assertEquals(GroupError.NONE, leader.sync("range", true, 6).error());
        assertEquals(GroupError.NONE, followerSync.join().error());
        assertEquals(tps(0, 1, 2, 3, 4, 5), leader.owned);
        assertEquals("Stable", f.overview(G).state());
    }

    @Test
    void noDowngradeWhileAnotherConsumerProtocolMemberRemains() {
        MixedGroup mixed = mixedStaticGroup();
        ok(f.join(G, "m2", "instance-m2", null, "t"));
        ok(f.leave(G, "m1", "instance-m", ConsumerHeartbeat.STATIC_LEAVE_EPOCH));

        ClassicConsumerClient r = classicStatic("instance-m");
        assertEquals(GroupError.NONE, r.join().error());
        assertEquals("consumer", f.overview(G).groupType());
        ConsumerGroupDescription.Member replacement = f.describe(G).members().stream()
                .filter(m -> m.memberId().equals(r.memberId))
                .findFirst()
                .orElseThrow();
        assertTrue(replacement.classic());
        assertTrue(
                partitionsOf(mixed.ofM1()).containsAll(replacement.assignment().getOrDefault(t, Set.of())),
                "it keeps what it has of the replaced member's partitions");
        assertEquals(3, f.describe(G).members().size());

        // A classic static member replacing a classic one never downgrades either.
        ClassicConsumerClient c2 = classicStatic("instance-c");
        assertEquals(GroupError.NONE, c2.join().error());
        assertEquals("consumer", f.overview(G).groupType());
        assertEquals(GroupError.FENCED_INSTANCE_ID, mixed.classic().heartbeat());
    }

    @Test
    void thePolicyAndTheClassicGroupSizeLimitCanKeepTheConsumerGroup() {
        // (Under the disabled policy no classic member joins a consumer group in the first place.)
        for (MigrationPolicy policy : List.of(MigrationPolicy.UPGRADE)) {
            withConfig(policy, GroupCoordinatorConfig.defaults().groupMaxSize());
            MixedGroup mixed = mixedStaticGroup();
            ok(f.leave(G, "m1", "instance-m", ConsumerHeartbeat.STATIC_LEAVE_EPOCH));
            ClassicConsumerClient r = classicStatic("instance-m");
            JoinResult joined = r.join();
            assertEquals(GroupError.NONE, joined.error());
            assertEquals("consumer", f.overview(G).groupType(), policy + " allows no downgrade");
            assertEquals(3, joined.generationId());
            assertEquals(GroupError.NONE, r.sync("range", false, 6).error());
            assertEquals(partitionsOf(mixed.ofM1()), numbers(r.owned), "it takes over the partitions");
            assertEquals(
                    GroupError.GROUP_ID_NOT_FOUND,
                    f.coordinator.describeGroup(G).error());
        }

        withConfig(MigrationPolicy.DOWNGRADE, 6);
        mixedStaticGroup();
        ok(f.leave(G, "m1", "instance-m", ConsumerHeartbeat.STATIC_LEAVE_EPOCH));
        assertEquals(GroupError.NONE, classicStatic("instance-m").join().error());
        assertEquals("classic", f.overview(G).groupType(), "the downgrade policy allows it");

        withConfig(MigrationPolicy.BIDIRECTIONAL, 1);
        mixedStaticGroup();
        ok(f.leave(G, "m1", "instance-m", ConsumerHeartbeat.STATIC_LEAVE_EPOCH));
        assertEquals(GroupError.NONE, classicStatic("instance-m").join().error());
        assertEquals("consumer", f.overview(G).groupType(), "2 members do not fit group.max.size=1");
    }
}
