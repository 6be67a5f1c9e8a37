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

import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.LeaveResult;
import io.skiff.broker.group.classic.MemberIdentity;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A consumer group with classic members sent requests of one protocol under a member id of the other, as Kafka 4.4
 * answers them (compared in compat-tests' MixedGroupMemberIdsCompatTest): members are found by id whatever their
 * protocol, so a ConsumerGroupHeartbeat or a JoinGroup moves a member to its protocol, and a LeaveGroup removes a
 * member of either; a JoinGroup refused by the consumer group carries no member id.
 */
class MixedGroupMemberIdsTest {
    private static final String G = "g";

    @AutoClose
    private ConsumerGroupFixture f = new ConsumerGroupFixture();

    {
        f.topics.create("t", 6);
    }

    private ConsumerGroupDescription.Member described(String memberId) {
        return f.describe(G).members().stream()
                .filter(m -> m.memberId().equals(memberId))
                .findFirst()
                .orElseThrow();
    }

    /** m1 (consumer protocol) and a classic member that joined and synced. */
    private ClassicConsumerClient groupWithAClassicMember() {
        ok(f.join(G, "m1", null, null, "t"));
        ClassicConsumerClient c = new ClassicConsumerClient(f, G);
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        return c;
    }

    @Test
    void aConsumerGroupHeartbeatAtAClassicMembersEpochMakesItAConsumerProtocolMember() {
        ClassicConsumerClient c = groupWithAClassicMember();
        assertEquals(
                GroupError.FENCED_MEMBER_EPOCH,
                f.heartbeat(G, c.memberId, c.generation + 1, null).error(),
                "only the epoch is checked");
        assertTrue(described(c.memberId).classic());

        assertEquals(
                c.generation, ok(f.heartbeat(G, c.memberId, c.generation, null)).memberEpoch());
        assertFalse(described(c.memberId).classic());
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, c.heartbeat(), "no longer a classic member");

        f.restart();
        assertFalse(described(c.memberId).classic(), "its metadata record says so");
    }

    @Test
    void aClassicJoinGroupUnderAConsumerProtocolMembersIdMakesItClassic() {
        groupWithAClassicMember();
        ClassicConsumerClient m1 = new ClassicConsumerClient(f, G);
        m1.memberId = "m1";
        JoinResult joined = m1.join();
        assertEquals(GroupError.NONE, joined.error());
        assertEquals("m1", joined.memberId());
        assertTrue(described("m1").classic());
        assertEquals(described("m1").memberEpoch(), joined.generationId());
        assertEquals(GroupError.NONE, m1.sync("range", false, 6).error());
    }

    @Test
    void aLeaveGroupRemovesAConsumerProtocolMemberAndMayDowngradeTheGroup() {
        ClassicConsumerClient c = groupWithAClassicMember();
        ok(f.join(G, "m2", null, null, "t"));
        LeaveResult left = f.coordinator.leaveGroup(G, List.of(new MemberIdentity("m2", null, "bye")));
        assertEquals(List.of(new LeaveResult.MemberResult("m2", null, GroupError.NONE)), left.members());
        assertEquals(2, f.describe(G).members().size());

        // m1 leaving too leaves only the classic member: the group becomes a classic group.
        f.coordinator.leaveGroup(G, List.of(new MemberIdentity("m1", null, "bye")));
        assertEquals("classic", f.overview(G).groupType());
        JoinResult rejoined = c.join();
        assertEquals(GroupError.NONE, rejoined.error());
        assertEquals(c.memberId, rejoined.leaderId(), "the classic group's only member leads it");
    }

    @Test
    void aJoinGroupRefusedByTheConsumerGroupCarriesNoMemberId() {
        f.close();
        f = new ConsumerGroupFixture(ConsumerGroupConfig.defaults()
                .withSessionTimeoutMs(ConsumerGroupFixture.SESSION_MS)
                .withMaxSize(2));
        f.topics.create("t", 6);
        ClassicConsumerClient c = groupWithAClassicMember();

        ClassicConsumerClient full = new ClassicConsumerClient(f, G);
        full.memberId = "x";
        assertRefused(GroupError.GROUP_MAX_SIZE_REACHED, full.params());

        JoinGroupParams p = c.params();
        assertRefused(
                GroupError.INCONSISTENT_GROUP_PROTOCOL,
                new JoinGroupParams(
                        p.groupId(),
                        p.memberId(),
                        null,
                        true,
                        true,
                        p.clientId(),
                        p.clientHost(),
                        p.rebalanceTimeoutMs(),
                        p.sessionTimeoutMs(),
                        "connect",
                        p.protocols(),
                        null));

        ClassicConsumerClient unknownInstance = new ClassicConsumerClient(f, G);
        unknownInstance.memberId = c.memberId;
        unknownInstance.instanceId = "i-unknown";
        assertRefused(GroupError.UNKNOWN_MEMBER_ID, unknownInstance.params());
    }

    private void assertRefused(GroupError error, JoinGroupParams p) {
        JoinResult r = f.coordinator.joinGroup(p).join();
        assertEquals(error, r.error());
        assertEquals("", r.memberId());
        assertEquals(-1, r.generationId());
    }
}
