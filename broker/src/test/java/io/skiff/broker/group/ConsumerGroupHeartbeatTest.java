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

import static io.skiff.broker.group.ConsumerGroupFixture.assignment;
import static io.skiff.broker.group.ConsumerGroupFixture.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.group.consumer.ConsumerHeartbeat;
import io.skiff.broker.group.consumer.ConsumerHeartbeatResult;
import io.skiff.broker.group.consumer.MemberAssignment;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * ConsumerGroupHeartbeat as Kafka 4.1 answers it: epochs, the target assignment, reconciliation (a partition
 * moves only after its owner revoked it), leaving, fencing, static members, timeouts and the request checks (Kafka
 * 4.4's, in its order and with its messages).
 */
class ConsumerGroupHeartbeatTest {
    private static final String G = "g";

    private final ConsumerGroupFixture f = new ConsumerGroupFixture();
    private final UUID t = f.topics.create("t", 6);

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void firstMemberGetsEveryPartitionAtEpochTwo() {
        ConsumerHeartbeatResult r = ok(f.join(G, "m1", null, null, "t"));
        assertEquals("m1", r.memberId());
        assertEquals(2, r.memberEpoch());
        assertEquals(500, r.heartbeatIntervalMs());
        assertEquals(assignment(t, 0, 1, 2, 3, 4, 5), r.assignment());
        ConsumerGroupDescription d = f.describe(G);
        assertEquals("Stable", d.state());
        assertEquals(2, d.groupEpoch());
        assertEquals(2, d.assignmentEpoch());
        assertEquals("uniform", d.assignorName());
        // an unchanged assignment is not sent again
        assertNull(ok(f.heartbeat(G, "m1", 2, null)).assignment());
    }

    @Test
    void groupEpochsOfCreationRejoinAndTheLastLeaveAreKafka44s() {
        // created by a member that subscribes to nothing: epoch 1 (a subscribing creator starts at 2, above)
        assertEquals(1, ok(f.join("empty", "m1", null, null)).memberEpoch());
        // the last member's leave writes the (empty) target at the new epoch at once
        assertEquals(2, ok(f.join(G, "m1", null, null, "t")).memberEpoch());
        ok(f.leave(G, "m1", null, -1));
        ConsumerGroupDescription d = f.describe(G);
        assertEquals(3, d.groupEpoch());
        assertEquals(3, d.assignmentEpoch(), "Kafka 4.4 computes the empty target when the last member leaves");
        // a group that exists moves by one, subscribed or not
        assertEquals(4, ok(f.join(G, "m1", null, null, "t")).memberEpoch());
    }

    @Test
    void aPartitionMovesOnlyAfterItsOwnerRevokedIt() {
        ok(f.join(G, "m1", null, null, "t"));
        ConsumerHeartbeatResult m2 = ok(f.join(G, "m2", null, null, "t"));
        assertEquals(3, m2.memberEpoch(), "a new member moves to the new group epoch at once");
        assertEquals(MemberAssignment.EMPTY, m2.assignment(), "its partitions are still owned by m1");
        assertEquals("Reconciling", f.describe(G).state());

        ConsumerHeartbeatResult m1 = ok(f.heartbeat(G, "m1", 2, null));
        assertEquals(2, m1.memberEpoch(), "m1 stays at its epoch until it revoked");
        MemberAssignment kept = m1.assignment();
        assertEquals(3, kept.size());
        assertNull(ok(f.heartbeat(G, "m2", 3, null)).assignment(), "nothing released yet");

        // m1 confirms: it owns only what it keeps
        m1 = ok(f.heartbeat(G, "m1", 2, kept));
        assertEquals(3, m1.memberEpoch());
        m2 = ok(f.heartbeat(G, "m2", 3, null));
        assertEquals(3, m2.assignment().size());
        assertFalse(m2.assignment().overlaps(kept), "each partition owned exactly once");
        assertEquals(assignment(t, 0, 1, 2, 3, 4, 5), kept.plus(m2.assignment()));
        assertEquals("Stable", f.describe(G).state());
    }

    @Test
    void leavingFreesThePartitionsForTheOthers() {
        ok(f.join(G, "m1", null, null, "t"));
        ok(f.join(G, "m2", null, null, "t"));
        MemberAssignment kept = ok(f.heartbeat(G, "m1", 2, null)).assignment();
        ok(f.heartbeat(G, "m1", 2, kept));
        ok(f.heartbeat(G, "m2", 3, null));

        ConsumerHeartbeatResult left = ok(f.leave(G, "m2", null, -1));
        assertEquals(-1, left.memberEpoch());
        assertEquals(4, f.describe(G).groupEpoch());
        ConsumerHeartbeatResult m1 = ok(f.heartbeat(G, "m1", 3, null));
        assertEquals(4, m1.memberEpoch());
        assertEquals(assignment(t, 0, 1, 2, 3, 4, 5), m1.assignment());
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.heartbeat(G, "m2", 3, null).error());
    }

    @Test
    void aSilentMemberIsRemovedWhenItsSessionExpires() {
        ok(f.join(G, "m1", null, null, "t"));
        ok(f.join(G, "m2", null, null, "t"));
        for (int i = 0; i < 4; i++) {
            f.scheduler.advance(ConsumerGroupFixture.SESSION_MS / 2);
            ok(f.heartbeat(G, "m1", 2, null));
        }
        assertEquals(1, f.describe(G).members().size(), "m2 sent nothing for two session timeouts");
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.heartbeat(G, "m2", 3, null).error());
    }

    @Test
    void aMemberThatDoesNotRevokeWithinTheRebalanceTimeoutIsFenced() {
        ok(f.join(G, "m1", null, null, "t"));
        ok(f.join(G, "m2", null, null, "t"));
        ok(f.heartbeat(G, "m1", 2, null)); // now asked to revoke
        int m2Epoch = 3;
        MemberAssignment ofM2 = MemberAssignment.EMPTY;
        for (int i = 0; i < 7; i++) {
            f.scheduler.advance(ConsumerGroupFixture.REBALANCE_MS / 6);
            ConsumerHeartbeatResult m2 = ok(f.heartbeat(G, "m2", m2Epoch, null));
            m2Epoch = m2.memberEpoch();
            ofM2 = m2.assignment() != null ? m2.assignment() : ofM2;
            if (i < 5) {
                ok(f.heartbeat(G, "m1", 2, null)); // alive, but never confirms the revocation
            }
        }
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, f.heartbeat(G, "m1", 2, null).error());
        assertEquals(4, m2Epoch, "m1's removal is a new group epoch");
        assertEquals(6, ofM2.size(), "m2 has every partition once m1 is gone");
    }

    @Test
    void epochsAreFencedAsKafkaFencesThem() {
        ok(f.join(G, "m1", null, null, "t"));
        ConsumerHeartbeatResult ahead = f.heartbeat(G, "m1", 8, null);
        assertEquals(GroupError.FENCED_MEMBER_EPOCH, ahead.error());
        assertTrue(ahead.errorMessage().contains("greater member epoch (8)"), ahead.errorMessage());
        ok(f.join(G, "m2", null, null, "t"));
        MemberAssignment kept = ok(f.heartbeat(G, "m1", 2, null)).assignment();
        ok(f.heartbeat(G, "m1", 2, kept)); // m1 is at epoch 3 now
        // the answer that moved m1 to epoch 3 was lost: the previous epoch with owned partitions it still has is fine
        assertEquals(3, ok(f.heartbeat(G, "m1", 2, kept)).memberEpoch());
        // but not without saying what it owns
        assertEquals(
                GroupError.FENCED_MEMBER_EPOCH, f.heartbeat(G, "m1", 2, null).error());
    }

    @Test
    void aStaticMemberThatReturnsGetsItsPartitionsBackWithoutARebalance() {
        ok(f.join(G, "a", "instance-a", null, "t"));
        ok(f.join(G, "b", "instance-b", null, "t"));
        MemberAssignment keptA = ok(f.heartbeat(G, "a", "instance-a", 2, null)).assignment();
        ok(f.heartbeat(G, "a", "instance-a", 2, keptA));
        MemberAssignment ofB = ok(f.heartbeat(G, "b", "instance-b", 3, null)).assignment();
        int epoch = f.describe(G).groupEpoch();

        assertEquals(-2, ok(f.leave(G, "b", "instance-b", -2)).memberEpoch());
        assertEquals(
                GroupError.UNRELEASED_INSTANCE_ID,
                f.join(G, "b2", "instance-a", null, "t").error(),
                "instance-a is still in use");
        ConsumerHeartbeatResult back = ok(f.join(G, "b2", "instance-b", null, "t"));
        assertEquals(ofB, back.assignment());
        assertEquals(epoch, back.memberEpoch());
        assertEquals(epoch, f.describe(G).groupEpoch(), "no new group epoch");
        assertEquals(
                GroupError.FENCED_INSTANCE_ID,
                f.heartbeat(G, "b", "instance-b", epoch, null).error());
        assertNull(ok(f.heartbeat(G, "a", "instance-a", epoch, null)).assignment(), "a is not disturbed");
    }

    @Test
    void requestsAreCheckedAsKafkaChecksThem() {
        ConsumerHeartbeat noTimeout = new ConsumerHeartbeat(
                G, "m", 0, null, null, -1, List.of("t"), null, null, MemberAssignment.EMPTY, "c", "h", (short) 1);
        assertEquals(GroupError.INVALID_REQUEST, f.send(noTimeout).error());
        assertEquals(
                "RebalanceTimeoutMs must be provided in first request.",
                f.send(noTimeout).errorMessage());
        ConsumerHeartbeatResult assignor = f.join(G, "m", null, "sticky", "t");
        assertEquals(GroupError.UNSUPPORTED_ASSIGNOR, assignor.error());
        assertEquals(
                "ServerAssignor sticky is not supported. Supported assignors: uniform, range.",
                assignor.errorMessage());
        assertEquals(
                GroupError.INVALID_REGULAR_EXPRESSION, f.joinRegex(G, "m", "(").error());
        assertEquals(GroupError.INVALID_REQUEST, f.join(G, "", null, null, "t").error(), "v1: the client makes the id");
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND, f.heartbeat("nope", "m", 3, null).error());
        assertEquals(GroupError.INVALID_REQUEST, f.heartbeat(G, "m", -3, null).error());
    }

    /** A join of {@code memberId} at {@code version} with the given fields, the others as the Java client sends them. */
    private ConsumerHeartbeatResult join(
            short version, String memberId, String instanceId, String rackId, String regex, String assignor) {
        return join(G, version, memberId, instanceId, rackId, regex, assignor);
    }

    private ConsumerHeartbeatResult join(
            String group,
            short version,
            String memberId,
            String instanceId,
            String rackId,
            String regex,
            String assignor) {
        return f.send(new ConsumerHeartbeat(
                group,
                memberId,
                0,
                instanceId,
                rackId,
                ConsumerGroupFixture.REBALANCE_MS,
                List.of("t"),
                regex,
                assignor,
                MemberAssignment.EMPTY,
                "c",
                "h",
                version));
    }

    private static void refused(String message, ConsumerHeartbeatResult r) {
        assertEquals(GroupError.INVALID_REQUEST, r.error(), () -> "" + r.errorMessage());
        assertEquals(message, r.errorMessage());
    }

    @Test
    void anEmptyRegexBesideTopicNamesIsAcceptedAsLibrdkafkaSendsIt() {
        // librdkafka 2.10+ subscribes by names with SubscribedTopicRegex "" (not null); Kafka 4.4 reads it as no regex.
        ConsumerHeartbeatResult r = ok(join((short) 1, "m1", null, null, "", null));
        assertEquals(6, r.assignment().size());
        assertNull(f.coordinator.describeConsumerGroup(G).members().get(0).subscribedTopicRegex());
        // an empty regex also clears one the member had
        int epoch = ok(f.joinRegex(G, "m2", "t.*")).memberEpoch();
        ok(f.send(new ConsumerHeartbeat(
                G, "m2", epoch, null, null, -1, List.of("t"), "", null, null, "c", "h", (short) 1)));
        assertEquals(
                Arrays.asList(null, null),
                f.coordinator.describeConsumerGroup(G).members().stream()
                        .map(ConsumerGroupDescription.Member::subscribedTopicRegex)
                        .toList());
    }

    @Test
    void anEmptyAssignorIsUnsupportedNotInvalid() {
        ConsumerHeartbeatResult r = join((short) 1, "m1", null, null, null, "");
        assertEquals(GroupError.UNSUPPORTED_ASSIGNOR, r.error());
        assertEquals("ServerAssignor  is not supported. Supported assignors: uniform, range.", r.errorMessage());
    }

    @Test
    void idsThatTrimToNothingAreRefusedOthersAreKeptAsSent() {
        refused("MemberId can't be empty.", join((short) 1, " \t", null, null, null, null));
        refused("InstanceId can't be empty.", join((short) 1, "m1", "  ", null, null, null));
        refused("RackId can't be empty.", join((short) 1, "m1", null, " ", null, null));
        refused("RackId can't be empty.", join((short) 0, "", null, "", null, null));
        refused("GroupId can't be empty.", join("\n", (short) 1, "m1", null, null, null, null));
        // the member id is checked first, as Kafka does
        refused("MemberId can't be empty.", join(" ", (short) 1, " ", null, null, null, null));
        ConsumerHeartbeatResult padded = ok(join((short) 1, " m1 ", " i1 ", " r ", null, null));
        assertEquals(" m1 ", padded.memberId());
    }

    @Test
    void v0ChecksTheMemberIdOnlyForMembersWithAnEpochOrLeaving() {
        // v0: a joining member may leave its id to the coordinator, and a static leave (-2) is not checked either
        ok(join((short) 0, "", null, null, null, null));
        refused(
                "MemberId can't be empty.",
                f.send(new ConsumerHeartbeat(G, " ", 1, null, null, -1, null, null, null, null, "c", "h", (short) 0)));
        refused(
                "MemberEpoch is invalid.",
                f.send(new ConsumerHeartbeat(G, "", -3, null, null, -1, null, null, null, null, "c", "h", (short) 0)));
        refused(
                "InstanceId can't be null.",
                f.send(new ConsumerHeartbeat(G, "", -2, null, null, -1, null, null, null, null, "c", "h", (short) 0)));
    }

    @Test
    void anEmptyGroupIdIsInvalidInTheModernDescribes() {
        // kafka-consumer-groups --describe --group '' prints Kafka's "The group id is invalid."
        ConsumerGroupDescription consumer = f.coordinator.describeConsumerGroup("");
        assertEquals(GroupError.INVALID_GROUP_ID, consumer.error());
        assertNull(consumer.errorMessage());
        assertEquals(
                GroupError.INVALID_GROUP_ID,
                f.coordinator.describeStreamsGroup("").error());
        // DescribeGroups refuses only a null id: "" is described as any unknown group is (Dead)
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND, f.coordinator.describeGroup("").error());
    }

    @Test
    void anInvalidRegexIsCheckedAfterTheGroupAndTheMember() {
        ConsumerHeartbeatResult unknownGroup = f.send(
                new ConsumerHeartbeat("nope", "m1", 2, null, null, -1, null, "(", null, null, "c", "h", (short) 1));
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, unknownGroup.error());
        ok(f.join(G, "m1", null, null, "t"));
        ConsumerHeartbeatResult unknownMember =
                f.send(new ConsumerHeartbeat(G, "m9", 1, null, null, -1, null, "(", null, null, "c", "h", (short) 1));
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, unknownMember.error());
        ConsumerHeartbeatResult bad = f.joinRegex(G, "m2", "(");
        assertEquals(GroupError.INVALID_REGULAR_EXPRESSION, bad.error());
        assertEquals(
                "SubscribedTopicRegex `(` is not a valid regular expression: missing closing ).", bad.errorMessage());
        assertEquals(
                GroupError.INVALID_REGULAR_EXPRESSION,
                f.joinRegex("new", "m1", "(").error());
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND,
                f.coordinator.describeConsumerGroup("new").error(),
                "a refused first member leaves no group behind");
        assertEquals(1, f.coordinator.describeConsumerGroup(G).members().size(), "the refused member was not added");
    }

    @Test
    void theGroupHasAMaximumSize() {
        try (ConsumerGroupFixture small =
                new ConsumerGroupFixture(ConsumerGroupConfig.defaults().withMaxSize(1))) {
            small.topics.create("t", 2);
            ok(small.join(G, "m1", null, null, "t"));
            assertEquals(
                    GroupError.GROUP_MAX_SIZE_REACHED,
                    small.join(G, "m2", null, null, "t").error());
        }
    }

    @Test
    void newPartitionsAndNewTopicsMatchingTheRegexAreAssigned() {
        ok(f.joinRegex(G, "m1", "t.*"));
        f.topics.grow("t", 8);
        ConsumerHeartbeatResult r = ok(f.heartbeat(G, "m1", 2, null));
        assertEquals(3, r.memberEpoch());
        assertEquals(8, r.assignment().size());
        UUID t2 = f.topics.create("t2", 2);
        f.topics.create("other", 2);
        r = ok(f.heartbeat(G, "m1", 3, null));
        assertEquals(10, r.assignment().size());
        assertEquals(Set.of(0, 1), r.assignment().partitions().get(t2));
        f.topics.delete("t2");
        r = ok(f.heartbeat(G, "m1", 4, r.assignment()));
        assertEquals(8, r.assignment().size(), "a deleted topic's partitions are taken away");
    }

    @Test
    void theRangeAssignorIsUsedWhenMembersAskForIt() {
        ok(f.join(G, "m1", null, "range", "t"));
        ok(f.join(G, "m2", null, "range", "t"));
        assertEquals("range", f.describe(G).assignorName());
        ConsumerGroupDescription d = f.describe(G);
        var target = d.members().stream()
                .filter(m -> m.memberId().equals("m1"))
                .findFirst()
                .orElseThrow()
                .targetAssignment();
        assertEquals(Set.of(0, 1, 2), target.values().iterator().next());
    }

    @Test
    void groupsAndMembersComeBackAfterARestart() {
        ok(f.join(G, "m1", null, null, "t"));
        ok(f.join(G, "m2", "i2", null, "t"));
        MemberAssignment kept = ok(f.heartbeat(G, "m1", 2, null)).assignment();
        ok(f.heartbeat(G, "m1", 2, kept));
        MemberAssignment ofM2 = ok(f.heartbeat(G, "m2", "i2", 3, null)).assignment();
        ConsumerGroupDescription before = f.describe(G);

        f.restart();

        ConsumerGroupDescription after = f.describe(G);
        assertEquals(before, after);
        ConsumerHeartbeatResult m2 = ok(f.heartbeat(G, "m2", "i2", 3, null));
        assertEquals(3, m2.memberEpoch());
        assertNull(m2.assignment(), "nothing changed for the member");
        ok(f.heartbeat(G, "m1", 3, kept));
        assertEquals("Stable", f.describe(G).state());
        assertNotNull(ofM2);
    }

    @Test
    void deletedGroupsLeaveOnlyTombstonesBehind() {
        ok(f.join(G, "m1", null, null, "t"));
        ok(f.leave(G, "m1", null, -1));
        assertEquals(
                GroupError.NONE, f.coordinator.deleteGroups(List.of(G)).join().get(G));
        f.restart();
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, f.describe(G).error());
        assertTrue(f.coordinator.listGroups(Set.of(), Set.of()).isEmpty());
    }
}
