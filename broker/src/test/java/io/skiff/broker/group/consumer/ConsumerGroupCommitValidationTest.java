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
package io.skiff.broker.group.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.broker.group.classic.ClassicMemberMetadata;
import io.skiff.broker.group.classic.MemberProtocol;
import io.skiff.broker.group.common.AssignmentEpochs;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetCommitCheck;
import io.skiff.broker.group.common.OffsetCommitValidation;
import io.skiff.broker.group.record.ConsumerGroupCurrentMemberAssignmentValue;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The assignment epochs of consumer-group members (Kafka 4.3+): the epoch each partition was given at, as the
 * reconciliation keeps it and the records write and replay it, and the offset commits it lets through with an older
 * member epoch, with Kafka's errors and messages.
 */
class ConsumerGroupCommitValidationTest {
    private static final UUID T = UUID.nameUUIDFromBytes(new byte[] {1});
    private static final UUID U = UUID.nameUUIDFromBytes(new byte[] {2});

    private final ConsumerGroup group = new ConsumerGroup("g");

    private static MemberAssignment partitions(UUID topic, Integer... ps) {
        return new MemberAssignment(Map.of(topic, Set.of(ps)));
    }

    /**
     * m was given t-0, t-1 and u-0 at epoch 2 and t-2 at epoch 4; a target of epoch 5 takes u-0 away, which m has not
     * revoked yet, so it stays at epoch 4.
     */
    private ConsumerGroupMember memberWithPartitionsOfTwoEpochs() {
        ConsumerGroupMember m = new ConsumerGroupMember("m");
        m.updateEpoch(2);
        MemberAssignment ofEpoch2 = partitions(T, 0, 1).plus(partitions(U, 0));
        m.reconciled(ConsumerGroupMember.State.STABLE, ofEpoch2, MemberAssignment.EMPTY);
        m.updateEpoch(4);
        m.reconciled(ConsumerGroupMember.State.STABLE, ofEpoch2.plus(partitions(T, 2)), MemberAssignment.EMPTY);
        m.reconciled(ConsumerGroupMember.State.UNREVOKED_PARTITIONS, partitions(T, 0, 1, 2), partitions(U, 0));
        group.addMember(m);
        return m;
    }

    private OffsetCommitCheck commit(int epoch, String topic, UUID topicId, int partition) {
        OffsetCommitValidation v = group.validateOffsetCommit("m", null, epoch, false, true);
        return v.request().ok() ? v.partitions().check(topic, topicId, partition) : v.request();
    }

    /**
     * m's commits at epoch 3 of t-2 (given at epoch 4) and t-3 (never given) are refused with {@code error}, the
     * request's epoch named {@code received} ("member epoch", "generation id") as Kafka words it.
     */
    private void assertRefusedAtEpoch3(GroupError error, String received) {
        assertEquals(
                new OffsetCommitCheck(
                        error, "Received " + received + " 3 is older than assignment epoch 4 for partition t-2."),
                commit(3, "t", T, 2));
        assertEquals(
                new OffsetCommitCheck(error, "Partition t-3 is not assigned or pending revocation for member."),
                commit(3, "t", T, 3));
    }

    @Test
    void partitionsKeepTheEpochTheyWereGivenAtAndNewOnesGetTheMemberEpoch() {
        ConsumerGroupMember m = memberWithPartitionsOfTwoEpochs();
        assertEquals(2, m.assignmentEpoch(T, 0));
        assertEquals(2, m.assignmentEpoch(T, 1));
        assertEquals(4, m.assignmentEpoch(T, 2));
        assertNull(m.assignmentEpoch(U, 0));
        assertEquals(2, m.pendingRevocationEpoch(U, 0), "moving to pending revocation keeps the epoch");
        assertNull(m.pendingRevocationEpoch(T, 0));
    }

    @Test
    void anOlderEpochCommitsOnlyThePartitionsHeldSinceThen() {
        memberWithPartitionsOfTwoEpochs();
        assertEquals(OffsetCommitCheck.OK, commit(4, "t", T, 2), "the current epoch commits anything");
        assertEquals(OffsetCommitCheck.OK, commit(4, "x", UUID.randomUUID(), 9));
        assertEquals(OffsetCommitCheck.OK, commit(2, "t", T, 0));
        assertEquals(OffsetCommitCheck.OK, commit(3, "t", T, 1));
        assertEquals(OffsetCommitCheck.OK, commit(2, "u", U, 0), "a partition pending revocation counts too");
        assertRefusedAtEpoch3(GroupError.STALE_MEMBER_EPOCH, "member epoch");
        assertEquals(
                new OffsetCommitCheck(
                        GroupError.STALE_MEMBER_EPOCH,
                        "Partition v-0 is not assigned or pending revocation for member."),
                commit(2, "v", null, 0),
                "a topic no one knows");
    }

    @Test
    void aNewerEpochIsRefusedAsAWhole() {
        memberWithPartitionsOfTwoEpochs();
        assertEquals(
                new OffsetCommitCheck(
                        GroupError.STALE_MEMBER_EPOCH, "Received member epoch 5 is newer than current member epoch 4."),
                group.validateOffsetCommit("m", null, 5, false, true).request());
    }

    @Test
    void classicMembersGetIllegalGenerationWithKafkasWording() {
        ConsumerGroupMember m = memberWithPartitionsOfTwoEpochs();
        m.classicMetadata(new ClassicMemberMetadata(45_000, List.of(new MemberProtocol("range", new byte[0]))));
        assertEquals(
                OffsetCommitCheck.OK,
                group.validateOffsetCommit("m", null, 2, false, false)
                        .partitions()
                        .check("t", T, 0));
        assertRefusedAtEpoch3(GroupError.ILLEGAL_GENERATION, "generation id");
        assertEquals(
                new OffsetCommitCheck(
                        GroupError.ILLEGAL_GENERATION,
                        "Received generation id 5 is newer than current member epoch 4."),
                group.validateOffsetCommit("m", null, 5, false, false).request());
    }

    @Test
    void groupLevelChecksComeBeforeTheEpochs() {
        memberWithPartitionsOfTwoEpochs();
        assertEquals(
                GroupError.UNSUPPORTED_VERSION,
                group.validateOffsetCommit("m", null, 4, false, false).request().error(),
                "consumer-protocol members commit with OffsetCommit v9+");
        assertEquals(
                OffsetCommitCheck.OK,
                group.validateOffsetCommit("m", null, 2, true, false)
                        .partitions()
                        .check("t", T, 0),
                "a transactional commit has no such version rule");
        assertEquals(
                new OffsetCommitCheck(GroupError.UNKNOWN_MEMBER_ID, "Member x is not a member of group g."),
                group.validateOffsetCommit("x", null, 2, false, true).request());
        assertEquals(
                OffsetCommitValidation.ACCEPT_ALL,
                group.validateOffsetCommit("", null, -1, true, false),
                "a producer without group metadata");
    }

    @Test
    void recordsWriteTheEpochsAndReplayKeepsThem() {
        ConsumerGroupMember m = memberWithPartitionsOfTwoEpochs();
        ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions written =
                ConsumerGroupRecords.topicPartitions(m.assignedEpochs()).get(0);
        assertEquals(List.of(0, 1, 2), written.partitions());
        assertEquals(List.of(2, 2, 4), written.assignmentEpochs());

        ConsumerGroupMember replayed = new ConsumerGroupMember("m");
        replayed.restoreAssignment(
                ConsumerGroupMember.State.UNREVOKED_PARTITIONS,
                ConsumerGroupRecords.assignment(ConsumerGroupRecords.topicPartitions(m.assignedEpochs()), 4),
                ConsumerGroupRecords.assignment(ConsumerGroupRecords.topicPartitions(m.pendingRevocationEpochs()), 4));
        assertEquals(m.assignedEpochs(), replayed.assignedEpochs());
        assertEquals(m.pendingRevocationEpochs(), replayed.pendingRevocationEpochs());
        assertEquals(m.assigned(), replayed.assigned());
        assertEquals(m.pendingRevocation(), replayed.pendingRevocation());
    }

    @Test
    void aRecordWithoutEpochsGivesEveryPartitionTheMemberEpoch() {
        var old = new ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions()
                .setTopicId(T)
                .setPartitions(List.of(0, 1));
        var mismatched = new ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions()
                .setTopicId(U)
                .setPartitions(List.of(0, 1))
                .setAssignmentEpochs(List.of(1));
        AssignmentEpochs<UUID> epochs = ConsumerGroupRecords.assignment(List.of(old, mismatched), 7);
        assertEquals(new AssignmentEpochs<>(Map.of(T, Map.of(0, 7, 1, 7), U, Map.of(0, 7, 1, 7))), epochs);
        assertEquals(
                new AssignmentEpochs<>(Map.of(T, Map.of(0, 0, 1, 0))),
                ConsumerGroupRecords.assignment(List.of(old), -2),
                "never below 0");
    }

    @Test
    void aStaticMemberLeavingForAWhileHoldsItsPartitionsSinceEpochZero() {
        ConsumerGroupMember m = memberWithPartitionsOfTwoEpochs();
        int previousEpoch = m.previousMemberEpoch();
        m.leaveTemporarily(-2);
        assertEquals(new AssignmentEpochs<>(Map.of(T, Map.of(0, 0, 1, 0, 2, 0))), m.assignedEpochs());
        assertEquals(null, m.pendingRevocationEpoch(U, 0), "Kafka 4.4 drops the partitions it had to revoke");
        assertEquals(-2, m.memberEpoch());
        assertEquals(previousEpoch, m.previousMemberEpoch(), "only the member epoch is set");
    }
}
