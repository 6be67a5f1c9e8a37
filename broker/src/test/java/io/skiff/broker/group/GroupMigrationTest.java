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

import static io.skiff.broker.group.ClassicConsumerClient.tps;
import static io.skiff.broker.group.ConsumerGroupFixture.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.LeaveResult;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.broker.group.consumer.ConsumerGroupConfig.MigrationPolicy;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.group.consumer.ConsumerHeartbeatResult;
import io.skiff.broker.group.consumer.MemberAssignment;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A live group's migration between the classic and consumer protocols, as Kafka 4.1 does it
 * (group.consumer.migration.policy): the upgrade of a classic group by a consumer-protocol member, classic
 * members served inside a consumer group, the downgrade when the last consumer-protocol member leaves, the
 * policy's refusals, and the records that make a restart come back the same.
 */
class GroupMigrationTest {
    private static final String G = "g";

    @AutoClose
    private ConsumerGroupFixture f = new ConsumerGroupFixture();

    private UUID t = f.topics.create("t", 6);

    /** Replaces the fixture by one with {@code policy}. */
    private void withPolicy(MigrationPolicy policy) {
        f.close();
        f = ConsumerGroupFixture.withMigrationPolicy(policy, GroupCoordinatorConfig.defaults());
        t = f.topics.create("t", 6);
    }

    /** A classic group of one member owning all six partitions at generation 1. */
    private ClassicConsumerClient stableClassicGroup() {
        ClassicConsumerClient c = new ClassicConsumerClient(f, G);
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(1, c.generation);
        assertEquals(GroupError.NONE, c.sync("range", true, 6).error());
        assertEquals(tps(0, 1, 2, 3, 4, 5), c.owned);
        return c;
    }

    private Set<Integer> describedPartitions(ConsumerGroupDescription.Member m) {
        Set<Integer> out = new HashSet<>();
        m.assignment().values().forEach(out::addAll);
        return out;
    }

    private ConsumerGroupDescription.Member described(String memberId) {
        return f.describe(G).members().stream()
                .filter(m -> m.memberId().equals(memberId))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aConsumerProtocolMemberUpgradesAClassicGroupKeepingItsMembersAssignmentsAndOffsets() {
        ClassicConsumerClient c = stableClassicGroup();
        TopicPartition tp0 = new TopicPartition("t", 0);
        assertEquals(
                GroupError.NONE,
                f.coordinator
                        .commitOffsets(
                                G,
                                c.memberId,
                                null,
                                c.generation,
                                Map.of(
                                        new io.skiff.broker.group.common.TopicPartition("t", 0),
                                        new OffsetAndMetadata(42, -1, "", 0, OffsetAndMetadata.NO_EXPIRE_TIMESTAMP)),
                                false)
                        .join()
                        .values()
                        .iterator()
                        .next());

        ConsumerHeartbeatResult m1 = ok(f.join(G, "m1", null, null, "t"));
        assertEquals(2, m1.memberEpoch(), "the upgraded group (epoch 1 = the generation) moves to epoch 2");
        assertEquals(MemberAssignment.EMPTY, m1.assignment(), "the classic member still owns everything");
        GroupOverview o = f.overview(G);
        assertEquals("consumer", o.groupType());
        assertEquals("Reconciling", o.state());
        ConsumerGroupDescription.Member classic = described(c.memberId);
        assertTrue(classic.classic());
        assertEquals(1, classic.memberEpoch());
        assertEquals(Set.of(0, 1, 2, 3, 4, 5), describedPartitions(classic));
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND, f.coordinator.describeGroup(G).error());

        // The classic member learns of the rebalance by its heartbeat, rejoins (eager: owning nothing) and syncs.
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, c.heartbeat());
        c.owned = List.of();
        JoinResult rejoined = c.join();
        assertEquals(GroupError.NONE, rejoined.error());
        assertEquals(2, rejoined.generationId());
        assertEquals("range", rejoined.protocolName());
        assertEquals("", rejoined.leaderId(), "no leader: the server assigns");
        assertTrue(rejoined.members().isEmpty());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        assertEquals(3, c.owned.size());
        assertEquals(GroupError.NONE, c.heartbeat());

        MemberAssignment mine = ok(f.heartbeat(G, "m1", 2, null)).assignment();
        assertEquals(3, mine.size());
        Set<Integer> all = new HashSet<>(mine.partitions().get(t));
        c.owned.forEach(tp -> assertTrue(all.add(tp.partition()), "owned twice: " + tp));
        assertEquals(6, all.size());
        assertEquals("Stable", f.describe(G).state());

        assertEquals(
                42L,
                f.coordinator
                        .fetchOffsets(G, null, false)
                        .partitions()
                        .get(new io.skiff.broker.group.common.TopicPartition(tp0.topic(), tp0.partition()))
                        .offset()
                        .offset());
    }

    @Test
    void anUpgradeDuringARebalanceAnswersTheParkedJoinsWithRebalanceInProgress() {
        ClassicConsumerClient a = stableClassicGroup();
        ClassicConsumerClient b = new ClassicConsumerClient(f, G);
        JoinResult first = f.coordinator.joinGroup(b.params()).join();
        assertEquals(GroupError.MEMBER_ID_REQUIRED, first.error());
        b.memberId = first.memberId();
        var parked = f.coordinator.joinGroup(b.params());
        assertFalse(parked.isDone(), "the classic group waits for a to rejoin");

        ok(f.join(G, "m1", null, null, "t"));
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, parked.join().error());
        assertEquals("consumer", f.overview(G).groupType());
        assertEquals(3, f.describe(G).members().size(), "a, b (joined, never synced) and m1");
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, a.heartbeat());
        assertEquals(GroupError.NONE, b.join().error(), "b rejoins the consumer group");
        assertEquals(GroupError.NONE, b.sync("range", false, 6).error());
        assertTrue(described(b.memberId).classic());
    }

    @Test
    void classicMembersAreServedInsideAConsumerGroup() {
        ok(f.join(G, "m1", null, null, "t"));
        ClassicConsumerClient c = new ClassicConsumerClient(f, G);
        JoinResult joined = c.join();
        assertEquals(GroupError.NONE, joined.error());
        assertEquals(3, joined.generationId(), "its generation is its member epoch");
        assertEquals("consumer", f.overview(G).groupType());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        assertEquals(List.of(), c.owned, "m1 has not released anything yet");

        MemberAssignment kept = ok(f.heartbeat(G, "m1", 2, null)).assignment();
        assertEquals(3, kept.size());
        assertEquals(3, ok(f.heartbeat(G, "m1", 2, kept)).memberEpoch());
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, c.heartbeat(), "its partitions are free: rejoin to get them");
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        assertEquals(3, c.owned.size());
        assertTrue(c.owned.stream().noneMatch(tp -> kept.contains(t, tp.partition())));
        assertEquals(GroupError.NONE, c.heartbeat());
        assertEquals("Stable", f.describe(G).state());

        // Kafka's errors for classic requests to a consumer group
        assertEquals(GroupError.ILLEGAL_GENERATION, f.coordinator.heartbeat(G, c.memberId, null, 1));
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.coordinator.heartbeat(G, "m1", null, 2), "m1 is not classic");
        assertEquals(
                GroupError.INCONSISTENT_GROUP_PROTOCOL,
                f.coordinator
                        .syncGroup(new SyncGroupParams(
                                G, c.generation, c.memberId, null, "consumer", "roundrobin", Map.of()))
                        .join()
                        .error());
        assertEquals(
                GroupError.ILLEGAL_GENERATION,
                f.coordinator
                        .commitOffsets(
                                G,
                                c.memberId,
                                null,
                                1,
                                Map.of(
                                        new io.skiff.broker.group.common.TopicPartition("t", 0),
                                        new OffsetAndMetadata(1, -1, "", 0, OffsetAndMetadata.NO_EXPIRE_TIMESTAMP)),
                                false)
                        .join()
                        .values()
                        .iterator()
                        .next());

        // A classic member leaving: a new epoch, and m1 gets everything.
        LeaveResult left = c.leave();
        assertEquals(GroupError.NONE, left.members().get(0).error());
        assertEquals(6, ok(f.heartbeat(G, "m1", 3, null)).assignment().size());
        assertEquals(1, f.describe(G).members().size());
    }

    @Test
    void theLastConsumerProtocolMemberLeavingDowngradesTheGroupToClassic() {
        ok(f.join(G, "m1", null, null, "t"));
        ClassicConsumerClient c = new ClassicConsumerClient(f, G);
        c.join();
        c.sync("range", false, 6);
        MemberAssignment kept = ok(f.heartbeat(G, "m1", 2, null)).assignment();
        ok(f.heartbeat(G, "m1", 2, kept));

        ok(f.leave(G, "m1", null, -1));
        GroupOverview o = f.overview(G);
        assertEquals("classic", o.groupType());
        assertEquals("PreparingRebalance", o.state());
        assertEquals("consumer", o.protocolType());
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, f.describe(G).error());

        assertEquals(GroupError.REBALANCE_IN_PROGRESS, c.heartbeat());
        JoinResult rejoined = c.join();
        assertEquals(GroupError.NONE, rejoined.error());
        assertEquals(c.memberId, rejoined.leaderId(), "a classic group again: its member leads");
        assertEquals(4, rejoined.generationId(), "the next generation after the group epoch (3)");
        assertEquals(GroupError.NONE, c.sync("range", true, 6).error());
        assertEquals(tps(0, 1, 2, 3, 4, 5), c.owned);
        assertEquals("Stable", f.overview(G).state());
    }

    @Test
    void aDisabledPolicyRefusesTheUpgradeAndKeepsTheConsumerGroup() {
        withPolicy(MigrationPolicy.DISABLED);
        ClassicConsumerClient c = stableClassicGroup();
        ConsumerHeartbeatResult refused = f.join(G, "m1", null, null, "t");
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, refused.error());
        assertEquals(
                "Cannot upgrade classic group g to consumer group because the online upgrade is disabled.",
                refused.errorMessage());
        assertEquals("classic", f.overview(G).groupType());
        assertEquals(GroupError.NONE, c.heartbeat(), "the classic group goes on undisturbed");

        // Nor may a classic member join a consumer group (Kafka 4.4's throwIfClassicMemberCannotJoinConsumerGroup),
        // answered without a member id.
        ok(f.join("g2", "m2", null, null, "t"));
        ClassicConsumerClient c2 = new ClassicConsumerClient(f, "g2");
        JoinResult refusedJoin = f.coordinator.joinGroup(c2.params()).join();
        assertEquals(GroupError.INCONSISTENT_GROUP_PROTOCOL, refusedJoin.error());
        assertEquals("", refusedJoin.memberId());
        assertEquals(1, f.describe("g2").members().size());
        assertFalse(f.describe("g2").members().get(0).classic());
    }

    @Test
    void upgradeOnlyAndDowngradeOnlyPolicies() {
        withPolicy(MigrationPolicy.DOWNGRADE);
        stableClassicGroup();
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND, f.join(G, "m1", null, null, "t").error());

        withPolicy(MigrationPolicy.UPGRADE);
        stableClassicGroup();
        ok(f.join(G, "m1", null, null, "t"));
        ok(f.leave(G, "m1", null, -1));
        assertEquals("consumer", f.overview(G).groupType(), "no downgrade under the upgrade policy");
    }

    @Test
    void theGroupSizeLimitsApplyToBothConversions() {
        f.close();
        f = new ConsumerGroupFixture(ConsumerGroupConfig.defaults()
                .withSessionTimeoutMs(ConsumerGroupFixture.SESSION_MS)
                .withMaxSize(0));
        t = f.topics.create("t", 6);
        stableClassicGroup();
        ConsumerHeartbeatResult refused = f.join(G, "m1", null, null, "t");
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, refused.error(), "1 classic member > group.consumer.max.size 0");
        assertEquals(
                "Cannot upgrade classic group g to consumer group because the group size exceeds the consumer group"
                        + " maximum size.",
                refused.errorMessage());

        f.close();
        f = new ConsumerGroupFixture(
                ConsumerGroupConfig.defaults().withSessionTimeoutMs(ConsumerGroupFixture.SESSION_MS),
                new GroupCoordinatorConfig(6000, 1_800_000, 0, 1, 10080L * 60_000L, 600_000L, 4096));
        t = f.topics.create("t", 6);
        ok(f.join(G, "m1", null, null, "t"));
        assertEquals(GroupError.NONE, new ClassicConsumerClient(f, G).join().error());
        assertEquals(GroupError.NONE, new ClassicConsumerClient(f, G).join().error());
        ok(f.leave(G, "m1", null, -1));
        assertEquals("consumer", f.overview(G).groupType(), "two classic members do not fit group.max.size=1");
    }

    @Test
    void aRestartReplaysTheUpgradedGroupWithItsClassicMembersAndTheDowngradedGroup() {
        ClassicConsumerClient c = stableClassicGroup();
        ok(f.join(G, "m1", null, null, "t"));
        f.restart();
        ConsumerGroupDescription d = f.describe(G);
        assertEquals(GroupError.NONE, d.error());
        assertEquals(2, d.groupEpoch());
        ConsumerGroupDescription.Member classic = described(c.memberId);
        assertTrue(classic.classic(), "its classic metadata was persisted");
        assertEquals(Set.of(0, 1, 2, 3, 4, 5), describedPartitions(classic));
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, c.heartbeat());
        c.owned = List.of();
        assertEquals(GroupError.NONE, c.join().error());
        assertEquals(GroupError.NONE, c.sync("range", false, 6).error());
        assertEquals(3, c.owned.size());

        f.restart();
        assertTrue(described(c.memberId).classic());
        assertEquals(GroupError.NONE, c.heartbeat(), "the classic member goes on after the restart");
        ok(f.leave(G, "m1", null, -1));
        assertEquals("classic", f.overview(G).groupType());
        f.restart();
        GroupOverview o = f.overview(G);
        assertEquals("classic", o.groupType());
        assertEquals("Empty", o.state(), "classic groups come back empty, their members rejoin");
        assertFalse(f.describe(G).error() == GroupError.NONE);
    }
}
