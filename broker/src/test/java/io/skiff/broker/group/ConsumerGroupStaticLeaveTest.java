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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRecord;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.consumer.ConsumerHeartbeatResult;
import io.skiff.broker.group.consumer.MemberAssignment;
import io.skiff.broker.group.record.ConsumerGroupCurrentMemberAssignmentValue;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A static member of a consumer-protocol group that leaves temporarily (MemberEpoch -2) and comes back with the same
 * instance id, as Kafka 4.4 handles it (consumerGroupStaticMemberGroupLeave, then the rejoin's replaceMember): the
 * records written, the member's state and epochs, and what each member is given.
 */
class ConsumerGroupStaticLeaveTest {
    private static final String G = "g";

    private final ConsumerGroupFixture f = new ConsumerGroupFixture();
    private final UUID t = f.topics.create("t", 6);

    /** Every partition of t. */
    private MemberAssignment all;

    @AfterEach
    void close() {
        f.close();
    }

    /**
     * a owns all six partitions; b joins (group epoch 3) and waits for three of them, which a must revoke: a is in
     * UNREVOKED_PARTITIONS at epoch 2 (previous epoch 0) with three partitions pending revocation.
     */
    @BeforeEach
    void aMustRevokeHalfForB() {
        all = ok(f.join(G, "a", "instance-a", null, "t")).assignment();
        assertEquals(assignment(t, 0, 1, 2, 3, 4, 5), all);
        ConsumerHeartbeatResult b = ok(f.join(G, "b", "instance-b", null, "t"));
        assertEquals(3, b.memberEpoch());
        assertEquals(MemberAssignment.EMPTY, b.assignment(), "b waits for a's partitions");
        ConsumerHeartbeatResult a = ok(f.heartbeat(G, "a", "instance-a", 2, all));
        assertEquals(2, a.memberEpoch(), "a revokes first");
        assertEquals(3, count(a.assignment()));
    }

    @Test
    void theLeaveDropsThePartitionsToRevokeAndKeepsTheRest() {
        int before = records().size();
        ConsumerHeartbeatResult left = ok(f.leave(G, "a", "instance-a", -2));
        assertEquals("a", left.memberId());
        assertEquals(-2, left.memberEpoch());

        List<GroupRecord> written = records().subList(before, records().size());
        assertEquals(1, written.size(), () -> "" + written);
        ConsumerGroupCurrentMemberAssignmentValue v = current(written.get(0), "a");
        assertEquals(-2, v.memberEpoch());
        assertEquals(0, v.previousMemberEpoch(), "the previous epoch is kept");
        assertEquals(1, v.state(), "the state is kept (UNREVOKED_PARTITIONS)");
        assertEquals(List.of(), v.partitionsPendingRevocation());
        assertEquals(1, v.assignedPartitions().size());
        assertEquals(3, v.assignedPartitions().get(0).partitions().size());
        assertEquals(List.of(0, 0, 0), v.assignedPartitions().get(0).assignmentEpochs());
    }

    @Test
    void thePartitionsItHadToRevokeGoToTheirNewOwnerAtOnce() {
        ok(f.leave(G, "a", "instance-a", -2));
        MemberAssignment keptByA = v2Assigned(current(records().get(records().size() - 1), "a"));
        // not when a returns or its session ends
        ConsumerHeartbeatResult b = ok(f.heartbeat(G, "b", "instance-b", 3, MemberAssignment.EMPTY));
        assertEquals(3, b.memberEpoch());
        assertEquals(all.minus(keptByA), b.assignment());
    }

    @Test
    void theNewInstanceIsACopyOfTheOldOneAndGetsItsPartitionsBack() {
        ok(f.leave(G, "a", "instance-a", -2));
        MemberAssignment keptByA = v2Assigned(current(records().get(records().size() - 1), "a"));
        int before = records().size();

        ConsumerHeartbeatResult back = ok(f.join(G, "a2", "instance-a", null, "t"));
        assertEquals(3, back.memberEpoch());
        assertEquals(keptByA, back.assignment());
        assertEquals(3, f.describe(G).groupEpoch(), "no new group epoch");

        List<GroupRecord> written = records().subList(before, records().size());
        assertEquals(
                List.of(
                        "CurrentMemberAssignment a tombstone",
                        "TargetAssignmentMember a tombstone",
                        "MemberMetadata a tombstone",
                        "MemberMetadata a2",
                        "TargetAssignmentMember a2",
                        "CurrentMemberAssignment a2",
                        "MemberMetadata a2", // its client id differs from the old instance's
                        "CurrentMemberAssignment a2"),
                written.stream().map(ConsumerGroupStaticLeaveTest::describe).toList());
        ConsumerGroupCurrentMemberAssignmentValue copied = current(written.get(5), "a2");
        assertEquals(0, copied.memberEpoch());
        assertEquals(0, copied.previousMemberEpoch());
        assertEquals(1, copied.state(), "the old instance's state");
        assertEquals(List.of(), copied.partitionsPendingRevocation());
        assertEquals(List.of(0, 0, 0), copied.assignedPartitions().get(0).assignmentEpochs());
        ConsumerGroupCurrentMemberAssignmentValue reconciled = current(written.get(7), "a2");
        assertEquals(3, reconciled.memberEpoch());
        assertEquals(0, reconciled.state());
        assertEquals(List.of(0, 0, 0), reconciled.assignedPartitions().get(0).assignmentEpochs());

        // b gets the rest, whether it asked before a came back or after
        assertEquals(
                all.minus(keptByA),
                ok(f.heartbeat(G, "b", "instance-b", 3, MemberAssignment.EMPTY)).assignment());
    }

    @Test
    void underItsOwnMemberIdAStaticMemberIsReplacedOnlyAfterItLeft() {
        ConsumerHeartbeatResult unreleased = f.join(G, "b", "instance-b", null, "t");
        assertEquals(GroupError.UNRELEASED_INSTANCE_ID, unreleased.error(), "b never left");
        assertEquals(
                "Static member b with instance id instance-b cannot join the group because the instance id is owned"
                        + " by b member.",
                unreleased.errorMessage());

        ok(f.leave(G, "a", "instance-a", -2));
        MemberAssignment keptByA = v2Assigned(current(records().get(records().size() - 1), "a"));
        int before = records().size();
        ConsumerHeartbeatResult back = ok(f.join(G, "a", "instance-a", null, "t"));
        assertEquals(3, back.memberEpoch());
        assertEquals(keptByA, back.assignment());
        List<String> written = records().subList(before, records().size()).stream()
                .map(ConsumerGroupStaticLeaveTest::describe)
                .toList();
        assertEquals(
                List.of(
                        "CurrentMemberAssignment a tombstone",
                        "TargetAssignmentMember a tombstone",
                        "MemberMetadata a tombstone",
                        "MemberMetadata a",
                        "TargetAssignmentMember a",
                        "CurrentMemberAssignment a",
                        "CurrentMemberAssignment a"),
                written,
                "replaced as under a new member id (same client: no second metadata record)");
    }

    @Test
    void aStaticLeaveIsCheckedAsKafkaChecksIt() {
        ConsumerHeartbeatResult noInstance = f.leave(G, "a", null, -2);
        assertEquals(GroupError.INVALID_REQUEST, noInstance.error());
        assertEquals("InstanceId can't be null.", noInstance.errorMessage());
        ConsumerHeartbeatResult unknownInstance = f.leave(G, "a", "instance-x", -2);
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, unknownInstance.error());
        assertEquals("Instance id instance-x is unknown.", unknownInstance.errorMessage());
        ConsumerHeartbeatResult otherMember = f.leave(G, "x", "instance-a", -2);
        assertEquals(GroupError.FENCED_INSTANCE_ID, otherMember.error());
        assertEquals("Static member x with instance id instance-a was fenced by member a.", otherMember.errorMessage());
        ConsumerHeartbeatResult unknownDynamic = f.leave(G, "x", null, -1);
        assertEquals(GroupError.UNKNOWN_MEMBER_ID, unknownDynamic.error());
        assertEquals("Member x is not a member of group g.", unknownDynamic.errorMessage());
        ConsumerHeartbeatResult noGroup = f.leave("nope", "a", "instance-a", -2);
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, noGroup.error());
        assertTrue(f.describe(G).members().size() == 2, "nothing changed");
    }

    private List<GroupRecord> records() {
        return f.log.partition(f.coordinator.partitionFor(G)).stream()
                .map(ConsumerGroupStaticLeaveTest::decode)
                .toList();
    }

    private static GroupRecord decode(KeyValue kv) {
        return GroupRecordCodec.decode(
                        ByteBuffer.wrap(kv.key()), kv.value() == null ? null : ByteBuffer.wrap(kv.value()))
                .orElseThrow();
    }

    private static String describe(GroupRecord r) {
        if (r instanceof GroupRecord.CurrentMemberAssignment c) {
            return "CurrentMemberAssignment " + c.memberId() + (c.value() == null ? " tombstone" : "");
        }
        if (r instanceof GroupRecord.TargetAssignmentMember m) {
            return "TargetAssignmentMember " + m.memberId() + (m.value() == null ? " tombstone" : "");
        }
        if (r instanceof GroupRecord.MemberMetadata m) {
            return "MemberMetadata " + m.memberId() + (m.value() == null ? " tombstone" : "");
        }
        return r.getClass().getSimpleName();
    }

    private static ConsumerGroupCurrentMemberAssignmentValue current(GroupRecord r, String memberId) {
        GroupRecord.CurrentMemberAssignment c = (GroupRecord.CurrentMemberAssignment) r;
        assertEquals(memberId, c.memberId());
        return c.value();
    }

    private MemberAssignment v2Assigned(ConsumerGroupCurrentMemberAssignmentValue v) {
        return new MemberAssignment(java.util.Map.of(
                t, java.util.Set.copyOf(v.assignedPartitions().get(0).partitions())));
    }

    private static int count(MemberAssignment a) {
        return a.partitions().values().stream().mapToInt(java.util.Set::size).sum();
    }
}
