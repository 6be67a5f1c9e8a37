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
package io.skiff.broker.group.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.broker.group.common.AssignmentEpochs;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.OffsetCommitCheck;
import io.skiff.broker.group.common.OffsetCommitValidation;
import io.skiff.broker.group.record.StreamsGroupCurrentMemberAssignmentValue;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The assignment epochs of streams-group members (Kafka 4.4): the epoch each active task was given at, as the
 * reconciliation keeps it and the records write and replay it, and the offset commits it lets through with an older
 * member epoch (a partition through the task of its source topic's subtopology), with Kafka's errors and messages.
 */
class StreamsGroupCommitValidationTest {
    /** Subtopology 0 reads "in", subtopology 1 the repartition topic "rep". */
    private static final StreamsTopology TOPOLOGY = new StreamsTopology(
            0,
            List.of(
                    new StreamsTopology.Subtopology(
                            "0", List.of("in"), List.of(), List.of(), List.of("rep"), List.of(), List.of()),
                    new StreamsTopology.Subtopology(
                            "1",
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(new StreamsTopology.InternalTopic("rep", 0, (short) 0, Map.of())),
                            List.of())));

    private final StreamsGroup group = new StreamsGroup("g");

    private static Tasks tasks(String subtopology, Integer... partitions) {
        return new Tasks(Map.of(subtopology, Set.of(partitions)));
    }

    private static TaskAssignment active(Tasks tasks) {
        return new TaskAssignment(tasks, Tasks.EMPTY, Tasks.EMPTY);
    }

    /**
     * m was given 0-0, 0-1 and 1-0 at epoch 2 and 0-2 at epoch 4 (with standby 1-1); then it must revoke 1-0, which
     * keeps its epoch 2.
     */
    private StreamsGroupMember memberWithTasksOfTwoEpochs() {
        StreamsGroupMember m = new StreamsGroupMember("m");
        Tasks ofEpoch2 = tasks("0", 0, 1).plus(tasks("1", 0));
        m.reconciled(2, StreamsGroupMember.State.STABLE, active(ofEpoch2), TaskAssignment.EMPTY);
        m.reconciled(
                4,
                StreamsGroupMember.State.STABLE,
                new TaskAssignment(ofEpoch2.plus(tasks("0", 2)), tasks("1", 1), Tasks.EMPTY),
                TaskAssignment.EMPTY);
        m.reconciled(
                4,
                StreamsGroupMember.State.UNREVOKED_TASKS,
                new TaskAssignment(tasks("0", 0, 1, 2), tasks("1", 1), Tasks.EMPTY),
                active(tasks("1", 0)));
        group.addMember(m);
        group.topology(TOPOLOGY);
        return m;
    }

    private OffsetCommitCheck commit(int epoch, String topic, int partition) {
        OffsetCommitValidation v = group.validateOffsetCommit("m", null, epoch, false, true);
        return v.request().ok() ? v.partitions().check(topic, null, partition) : v.request();
    }

    private static OffsetCommitCheck stale(String message) {
        return new OffsetCommitCheck(GroupError.STALE_MEMBER_EPOCH, message);
    }

    @Test
    void activeTasksKeepTheEpochTheyWereGivenAtAndNewOnesGetTheMemberEpoch() {
        StreamsGroupMember m = memberWithTasksOfTwoEpochs();
        assertEquals(new AssignmentEpochs<>(Map.of("0", Map.of(0, 2, 1, 2, 2, 4))), m.activeEpochs());
        assertEquals(
                new AssignmentEpochs<>(Map.of("1", Map.of(0, 2))),
                m.pendingActiveEpochs(),
                "moving to pending revocation keeps the epoch");
        assertEquals(2, m.activeTaskEpoch("1", 0));
        assertNull(m.activeTaskEpoch("1", 1), "a standby task has no epoch");
    }

    @Test
    void anOlderEpochCommitsOnlyThePartitionsOfActiveTasksHeldSinceThen() {
        memberWithTasksOfTwoEpochs();
        assertEquals(OffsetCommitCheck.OK, commit(4, "anything", 9), "the current epoch commits anything");
        assertEquals(OffsetCommitCheck.OK, commit(2, "in", 0));
        assertEquals(OffsetCommitCheck.OK, commit(3, "in", 1));
        assertEquals(OffsetCommitCheck.OK, commit(2, "rep", 0), "a repartition topic; a task pending revocation");
        assertEquals(
                stale("Received member epoch 3 is older than assignment epoch 4 for task 0-2."), commit(3, "in", 2));
        assertEquals(stale("Task 1-1 is not assigned or pending revocation for member."), commit(3, "rep", 1));
        assertEquals(stale("Task 0-3 is not assigned or pending revocation for member."), commit(3, "in", 3));
        assertEquals(stale("Topic out is not in the topology."), commit(3, "out", 0));
    }

    @Test
    void aNewerEpochAnOldClientOrAGroupWithoutTopologyIsRefusedAsAWhole() {
        memberWithTasksOfTwoEpochs();
        assertEquals(
                stale("Received member epoch 5 is newer than current member epoch 4."),
                group.validateOffsetCommit("m", null, 5, false, true).request());
        assertEquals(
                new OffsetCommitCheck(
                        GroupError.UNSUPPORTED_VERSION,
                        "OffsetCommit version 9 or above must be used by members using the streams group protocol"),
                group.validateOffsetCommit("m", null, 4, false, false).request());
        assertEquals(
                OffsetCommitValidation.ACCEPT_ALL,
                group.validateOffsetCommit("m", null, 4, true, false),
                "TxnOffsetCommit has no version rule");
        group.topology(null);
        assertEquals(
                stale("Topology is not available for offset commit validation."),
                group.validateOffsetCommit("m", null, 3, false, true).request());
    }

    @Test
    void aProducerWithoutGroupMetadataOrTheAdminOfAnEmptyGroupCommitsAnything() {
        assertEquals(OffsetCommitValidation.ACCEPT_ALL, group.validateOffsetCommit("", null, -1, false, true));
        memberWithTasksOfTwoEpochs();
        assertEquals(OffsetCommitValidation.ACCEPT_ALL, group.validateOffsetCommit("", null, -1, true, false));
        assertEquals(
                new OffsetCommitCheck(GroupError.UNKNOWN_MEMBER_ID, "Member x is not a member of group g."),
                group.validateOffsetCommit("x", null, 4, false, true).request());
    }

    @Test
    void anOffsetFetchMustCarryTheCurrentEpoch() {
        memberWithTasksOfTwoEpochs();
        assertEquals(GroupError.NONE, group.validateOffsetFetch("m", 4));
        assertEquals(GroupError.STALE_MEMBER_EPOCH, group.validateOffsetFetch("m", 2));
    }

    @Test
    void theRecordWritesTheActiveTasksEpochsAndReplayFallsBackToTheMemberEpoch() {
        StreamsGroupMember m = memberWithTasksOfTwoEpochs();
        var value = new StreamsGroupCurrentMemberAssignmentValue(
                GroupRecordCodec.consumerValueBody(ByteBuffer.wrap(
                        StreamsGroupRecords.currentAssignment("g", m).value())),
                (short) 0);
        assertEquals(List.of(2, 2, 4), value.activeTasks().get(0).assignmentEpochs());
        assertEquals(List.of(2), value.activeTasksPendingRevocation().get(0).assignmentEpochs());
        assertNull(value.standbyTasks().get(0).assignmentEpochs(), "standby tasks have none, as in Kafka");
        assertEquals(m.activeEpochs(), StreamsGroupRecords.activeEpochsOfCurrent(value.activeTasks(), 4));

        var old = new StreamsGroupCurrentMemberAssignmentValue.TaskIds()
                .setSubtopologyId("0")
                .setPartitions(List.of(0, 1));
        var mismatched = new StreamsGroupCurrentMemberAssignmentValue.TaskIds()
                .setSubtopologyId("1")
                .setPartitions(List.of(0, 1))
                .setAssignmentEpochs(List.of(1));
        assertEquals(
                new AssignmentEpochs<>(Map.of("0", Map.of(0, 7, 1, 7), "1", Map.of(0, 7, 1, 7))),
                StreamsGroupRecords.activeEpochsOfCurrent(List.of(old, mismatched), 7));
    }

    @Test
    void aStaticMemberLeavingForAWhileHoldsItsActiveTasksSinceEpochZero() {
        StreamsGroupMember m = memberWithTasksOfTwoEpochs();
        m.reconciled(-2, m.state(), m.assigned(), TaskAssignment.EMPTY);
        m.resetActiveEpochs();
        assertEquals(new AssignmentEpochs<>(Map.of("0", Map.of(0, 0, 1, 0, 2, 0))), m.activeEpochs());
        assertEquals(m.activeEpochs(), m.successor("m2").activeEpochs(), "its next instance starts there");
    }
}
