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

import static io.skiff.broker.group.CoordinatorFixture.REBALANCE_MS;
import static io.skiff.broker.group.CoordinatorFixture.SESSION_MS;
import static io.skiff.broker.group.CoordinatorFixture.bytes;
import static io.skiff.broker.group.CoordinatorFixture.protocols;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.InMemoryRecordLog;
import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.LeaveResult;
import io.skiff.broker.group.classic.MemberIdentity;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.classic.SyncResult;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MembershipTest {
    private final CoordinatorFixture f = new CoordinatorFixture();
    private static final String G = "g1";

    private record TwoMembers(JoinResult a, JoinResult b) {}

    /** Members a and b of a group that is stable at generation 2 after b joined a's group. */
    private TwoMembers stableGroupOfTwo() {
        JoinResult a = f.joinAlone(G);
        CompletableFuture<JoinResult> bJoin = f.joinNew(G, protocols("range"));
        f.join(G, a.memberId(), null, protocols("range"));
        JoinResult b = bJoin.join();
        f.coordinator
                .syncGroup(new SyncGroupParams(G, 2, a.memberId(), null, null, null, Map.of()))
                .join();
        f.coordinator
                .syncGroup(new SyncGroupParams(G, 2, b.memberId(), null, null, null, Map.of()))
                .join();
        return new TwoMembers(a, b);
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void newMemberGetsIdThenJoinsAsLeaderOfGenerationOne() {
        CompletableFuture<JoinResult> join = f.joinNew(G, protocols("range"));
        assertFalse(join.isDone(), "join is parked until the (zero) initial delay timer fires");
        f.scheduler.runDue();
        JoinResult r = join.join();
        assertEquals(GroupError.NONE, r.error());
        assertEquals(1, r.generationId());
        assertEquals(r.memberId(), r.leaderId());
        assertEquals("range", r.protocolName());
        assertEquals("consumer", r.protocolType());
        assertEquals(
                List.of(r.memberId()),
                r.members().stream().map(JoinResult.JoinedMember::memberId).toList());
        assertEquals(GroupState.COMPLETING_REBALANCE, f.state(G));

        SyncResult s = f.coordinator
                .syncGroup(new SyncGroupParams(
                        G, 1, r.memberId(), null, "consumer", "range", Map.of(r.memberId(), bytes("p0"))))
                .join();
        assertEquals(GroupError.NONE, s.error());
        assertArrayEquals(bytes("p0"), s.assignment());
        assertEquals(GroupState.STABLE, f.state(G));
    }

    @Test
    void sessionTimeoutOutsideBoundsIsRejected() {
        var p = new JoinGroupParams(G, "", null, true, true, "c", "h", 1000, 10, "consumer", protocols("range"), null);
        assertEquals(
                GroupError.INVALID_SESSION_TIMEOUT,
                f.coordinator.joinGroup(p).join().error());
        var p2 = new JoinGroupParams(
                G, "", null, true, true, "c", "h", 1000, 1_800_001, "consumer", protocols("range"), null);
        assertEquals(
                GroupError.INVALID_SESSION_TIMEOUT,
                f.coordinator.joinGroup(p2).join().error());
    }

    @Test
    void joinWithUnknownMemberIdToUnknownGroupIsRejected() {
        assertEquals(
                GroupError.UNKNOWN_MEMBER_ID,
                f.join("nope", "ghost", null, protocols("range")).join().error());
        assertEquals(
                GroupError.INVALID_GROUP_ID,
                f.join("", "", null, protocols("range")).join().error());
    }

    @Test
    void memberWithoutCommonProtocolOrOtherTypeIsInconsistent() {
        f.joinAlone(G);
        assertEquals(
                GroupError.INCONSISTENT_GROUP_PROTOCOL,
                f.join(G, "", null, protocols("roundrobin")).join().error());
        var otherType = new JoinGroupParams(
                G, "", null, true, true, "c", "h", REBALANCE_MS, SESSION_MS, "connect", protocols("range"), null);
        assertEquals(
                GroupError.INCONSISTENT_GROUP_PROTOCOL,
                f.coordinator.joinGroup(otherType).join().error());
    }

    @Test
    void commonProtocolIsChosenByMembersPreference() {
        CompletableFuture<JoinResult> a = f.joinNew(G, protocols("cooperative-sticky", "range"));
        CompletableFuture<JoinResult> b = f.joinNew(G, protocols("range", "cooperative-sticky"));
        CompletableFuture<JoinResult> c = f.joinNew(G, protocols("range"));
        f.scheduler.runDue();
        assertEquals("range", a.join().protocolName());
        assertEquals("range", b.join().protocolName());
        assertEquals("range", c.join().protocolName());
        assertEquals(1, a.join().generationId());
    }

    @Test
    void secondMemberTriggersRebalanceAndLeaderAssignsBoth() {
        JoinResult a = f.joinAlone(G);
        CompletableFuture<JoinResult> bJoin = f.joinNew(G, protocols("range"));
        assertEquals(GroupState.PREPARING_REBALANCE, f.state(G));
        assertFalse(bJoin.isDone());
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, f.coordinator.heartbeat(G, a.memberId(), null, 1));

        CompletableFuture<JoinResult> aJoin = f.join(G, a.memberId(), null, protocols("range"));
        JoinResult a2 = aJoin.join();
        JoinResult b2 = bJoin.join();
        assertEquals(2, a2.generationId());
        assertEquals(2, b2.generationId());
        assertEquals(a.memberId(), a2.leaderId());
        assertEquals(2, a2.members().size(), "the leader sees every member");
        assertTrue(b2.members().isEmpty(), "followers see no members");

        CompletableFuture<SyncResult> bSync =
                f.coordinator.syncGroup(new SyncGroupParams(G, 2, b2.memberId(), null, null, null, Map.of()));
        assertFalse(bSync.isDone(), "a follower's sync waits for the leader's assignment");
        SyncResult aSync = f.coordinator
                .syncGroup(new SyncGroupParams(
                        G,
                        2,
                        a.memberId(),
                        null,
                        "consumer",
                        "range",
                        Map.of(a.memberId(), bytes("A"), b2.memberId(), bytes("B"))))
                .join();
        assertArrayEquals(bytes("A"), aSync.assignment());
        assertArrayEquals(bytes("B"), bSync.join().assignment());
        assertEquals(GroupState.STABLE, f.state(G));
        assertEquals(GroupError.NONE, f.coordinator.heartbeat(G, b2.memberId(), null, 2));
    }

    @Test
    void heartbeatErrors() {
        JoinResult a = f.joinAlone(G);
        assertEquals(GroupError.NONE, f.coordinator.heartbeat(G, a.memberId(), null, 1));
        assertEquals(GroupError.ILLEGAL_GENERATION, f.coordinator.heartbeat(G, a.memberId(), null, 7));
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.coordinator.heartbeat(G, "stranger", null, 1));
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.coordinator.heartbeat("other", a.memberId(), null, 1));
        assertEquals(GroupError.INVALID_GROUP_ID, f.coordinator.heartbeat("", a.memberId(), null, 1));
    }

    @Test
    void syncErrors() {
        JoinResult a = f.joinAlone(G);
        assertEquals(
                GroupError.ILLEGAL_GENERATION,
                f.coordinator
                        .syncGroup(new SyncGroupParams(G, 5, a.memberId(), null, null, null, Map.of()))
                        .join()
                        .error());
        assertEquals(
                GroupError.UNKNOWN_MEMBER_ID,
                f.coordinator
                        .syncGroup(new SyncGroupParams(G, 1, "x", null, null, null, Map.of()))
                        .join()
                        .error());
        assertEquals(
                GroupError.INCONSISTENT_GROUP_PROTOCOL,
                f.coordinator
                        .syncGroup(new SyncGroupParams(G, 1, a.memberId(), null, "consumer", "roundrobin", Map.of()))
                        .join()
                        .error());
        SyncResult again = f.coordinator
                .syncGroup(new SyncGroupParams(G, 1, a.memberId(), null, null, null, Map.of()))
                .join();
        assertArrayEquals(bytes("a"), again.assignment(), "a stable group returns the current assignment");
    }

    @Test
    void memberWhoseSessionExpiresIsRemovedAndOthersRebalance() {
        TwoMembers group = stableGroupOfTwo();
        JoinResult a = group.a();
        JoinResult b = group.b();
        assertEquals(GroupState.STABLE, f.state(G));

        // a keeps heartbeating, b goes silent
        for (int i = 0; i < 4; i++) {
            f.scheduler.advance(SESSION_MS / 3);
            f.coordinator.heartbeat(G, a.memberId(), null, 2);
        }
        assertEquals(GroupState.PREPARING_REBALANCE, f.state(G));
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.coordinator.heartbeat(G, b.memberId(), null, 2));
        assertEquals(GroupError.REBALANCE_IN_PROGRESS, f.coordinator.heartbeat(G, a.memberId(), null, 2));
        JoinResult a3 = f.join(G, a.memberId(), null, protocols("range")).join();
        assertEquals(3, a3.generationId());
        assertEquals(
                List.of(a.memberId()),
                a3.members().stream().map(JoinResult.JoinedMember::memberId).toList());
    }

    @Test
    void membersThatDoNotRejoinWithinTheRebalanceTimeoutAreDropped() {
        TwoMembers group = stableGroupOfTwo();
        JoinResult a = group.a();
        JoinResult b = group.b();

        // the leader forces a rebalance; b keeps heartbeating but never rejoins
        CompletableFuture<JoinResult> aJoin = f.join(G, a.memberId(), null, protocols("range"));
        for (int elapsed = 0; elapsed < REBALANCE_MS; elapsed += SESSION_MS / 2) {
            assertFalse(aJoin.isDone());
            f.coordinator.heartbeat(G, b.memberId(), null, 2);
            f.scheduler.advance(SESSION_MS / 2);
        }
        JoinResult a3 = aJoin.join();
        assertEquals(3, a3.generationId());
        assertEquals(1, a3.members().size());
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.coordinator.heartbeat(G, b.memberId(), null, 3));
    }

    @Test
    void followerThatNeverSyncsIsRemovedAfterRebalanceTimeout() {
        int rebalanceMs = SESSION_MS / 2; // shorter than the session, so the pending-sync timer decides
        var pa = new JoinGroupParams(
                G, "", null, false, true, "c", "h", rebalanceMs, SESSION_MS, "consumer", protocols("range"), null);
        CompletableFuture<JoinResult> aJoin = f.coordinator.joinGroup(pa);
        CompletableFuture<JoinResult> bJoin = f.coordinator.joinGroup(pa);
        f.scheduler.runDue();
        JoinResult a = aJoin.join();
        JoinResult b = bJoin.join();
        JoinResult leader = a.memberId().equals(a.leaderId()) ? a : b;
        JoinResult follower = leader == a ? b : a;
        f.coordinator
                .syncGroup(new SyncGroupParams(G, 1, leader.memberId(), null, null, null, Map.of()))
                .join();
        f.scheduler.advance(rebalanceMs);
        assertEquals(GroupState.PREPARING_REBALANCE, f.state(G));
        assertEquals(
                List.of(leader.memberId()),
                f.coordinator.describeGroup(G).members().stream()
                        .map(GroupDescription.Member::memberId)
                        .toList());
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.coordinator.heartbeat(G, follower.memberId(), null, 1));
    }

    @Test
    void leaveGroupRemovesMemberAndRebalances() {
        JoinResult a = f.joinAlone(G);
        LeaveResult r = f.coordinator.leaveGroup(
                G, List.of(new MemberIdentity(a.memberId(), null, "bye"), new MemberIdentity("ghost", null, null)));
        assertEquals(GroupError.NONE, r.error());
        assertEquals(GroupError.NONE, r.members().get(0).error());
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, r.members().get(1).error());
        // the only member left: rebalance completes at once with nobody → Empty, next generation
        assertEquals(GroupState.EMPTY, f.state(G));
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.coordinator.heartbeat(G, a.memberId(), null, 1));
        LeaveResult unknownGroup = f.coordinator.leaveGroup("nope", List.of(new MemberIdentity("m", null, null)));
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, unknownGroup.members().get(0).error());
    }

    @Test
    void staticMemberRestartKeepsAssignmentWithoutRebalance() {
        CompletableFuture<JoinResult> join = f.join(G, "", "instance-1", protocols("range"));
        f.scheduler.runDue();
        JoinResult first = join.join();
        assertEquals(GroupError.NONE, first.error(), "static members skip MEMBER_ID_REQUIRED");
        f.coordinator
                .syncGroup(new SyncGroupParams(
                        G, 1, first.memberId(), "instance-1", null, null, Map.of(first.memberId(), bytes("mine"))))
                .join();

        // the client restarts: unknown member id, same instance id, same protocols
        JoinResult again = f.join(G, "", "instance-1", protocols("range")).join();
        assertEquals(GroupError.NONE, again.error());
        assertNotEquals(first.memberId(), again.memberId());
        assertEquals(1, again.generationId(), "no new generation");
        assertTrue(again.skipAssignment(), "v9: the static leader skips the assignor");
        assertEquals(GroupState.STABLE, f.state(G));
        SyncResult s = f.coordinator
                .syncGroup(new SyncGroupParams(G, 1, again.memberId(), "instance-1", null, null, Map.of()))
                .join();
        assertArrayEquals(bytes("mine"), s.assignment());

        assertEquals(GroupError.FENCED_INSTANCE_ID, f.coordinator.heartbeat(G, first.memberId(), "instance-1", 1));
        assertEquals(GroupError.NONE, f.coordinator.heartbeat(G, again.memberId(), "instance-1", 1));
    }

    @Test
    void staticMemberChangingProtocolsTriggersRebalanceAndSessionExpiryRemovesIt() {
        CompletableFuture<JoinResult> join = f.join(G, "", "i1", protocols("range"));
        f.scheduler.runDue();
        JoinResult first = join.join();
        f.coordinator
                .syncGroup(new SyncGroupParams(G, 1, first.memberId(), "i1", null, null, Map.of()))
                .join();
        // same protocol (only the subscription differs) would keep the group stable, as in Kafka;
        // now preferring another protocol changes the group's protocol: that needs a rebalance
        CompletableFuture<JoinResult> rejoin = f.join(G, "", "i1", protocols("roundrobin", "range"));
        JoinResult r = rejoin.join();
        assertEquals(2, r.generationId());
        assertEquals("roundrobin", r.protocolName());

        f.coordinator
                .syncGroup(new SyncGroupParams(G, 2, r.memberId(), "i1", null, null, Map.of()))
                .join();
        f.scheduler.advance(SESSION_MS);
        assertEquals(GroupState.EMPTY, f.state(G), "a silent static member expires like any other");
    }

    @Test
    void leaveByInstanceIdRemovesStaticMember() {
        CompletableFuture<JoinResult> join = f.join(G, "", "i1", protocols("range"));
        f.scheduler.runDue();
        join.join();
        LeaveResult r = f.coordinator.leaveGroup(
                G, List.of(new MemberIdentity("", "i1", null), new MemberIdentity("", "i2", null)));
        assertEquals(
                List.of(GroupError.NONE, GroupError.UNKNOWN_MEMBER_ID),
                r.members().stream().map(LeaveResult.MemberResult::error).toList());
        assertEquals(GroupState.EMPTY, f.state(G));
    }

    @Test
    void initialRebalanceDelayWaitsForMoreMembers() {
        try (CoordinatorFixture d = new CoordinatorFixture(
                GroupCoordinatorConfig.defaults().withInitialRebalanceDelayMs(3000), new InMemoryRecordLog(1))) {
            CompletableFuture<JoinResult> a = d.joinNew(G, protocols("range"));
            d.scheduler.advance(2000);
            CompletableFuture<JoinResult> b = d.joinNew(G, protocols("range"));
            d.scheduler.advance(1000);
            assertFalse(a.isDone(), "a new member arrived during the delay: wait another delay");
            d.scheduler.advance(3000);
            assertEquals(2, a.join().members().size() + b.join().members().size());
            assertEquals(1, a.join().generationId());
        }
    }

    @Test
    void pendingMemberThatNeverRejoinsExpires() {
        JoinResult first = f.join(G, "", null, protocols("range")).join();
        assertEquals(GroupError.MEMBER_ID_REQUIRED, first.error());
        CompletableFuture<JoinResult> other = f.joinNew(G, protocols("range"));
        f.scheduler.runDue();
        assertEquals(GroupError.NONE, other.join().error(), "the initial join does not wait for pending members");
        f.scheduler.advance(SESSION_MS);
        // the pending id is forgotten: rejoining with it is an unknown member
        assertEquals(
                GroupError.UNKNOWN_MEMBER_ID,
                f.join(G, first.memberId(), null, protocols("range")).join().error());
    }

    @Test
    void listAndDescribeGroups() {
        JoinResult a = f.joinAlone(G);
        f.coordinator
                .commitOffsets(
                        "simple",
                        "",
                        null,
                        -1,
                        Map.of(new TopicPartition("t", 0), OffsetAndMetadata.of(5, -1, "", 1)),
                        true)
                .join();
        Set<String> all = f.coordinator.listGroups(Set.of(), Set.of()).stream()
                .map(GroupOverview::groupId)
                .collect(Collectors.toSet());
        assertEquals(Set.of(G, "simple"), all);
        assertEquals(
                List.of(G),
                f.coordinator.listGroups(Set.of("stable"), Set.of()).stream()
                        .map(GroupOverview::groupId)
                        .toList());
        assertEquals(
                List.of("simple"),
                f.coordinator.listGroups(Set.of("Empty"), Set.of("Classic")).stream()
                        .map(GroupOverview::groupId)
                        .toList());
        assertTrue(f.coordinator.listGroups(Set.of(), Set.of("consumer")).isEmpty());

        GroupDescription d = f.coordinator.describeGroup(G);
        assertEquals("Stable", d.state());
        assertEquals("consumer", d.protocolType());
        assertEquals("range", d.protocolName());
        assertEquals(a.memberId(), d.members().get(0).memberId());
        assertArrayEquals(bytes("a"), d.members().get(0).assignment());
        assertEquals("Dead", f.coordinator.describeGroup("unknown").state());
    }
}
