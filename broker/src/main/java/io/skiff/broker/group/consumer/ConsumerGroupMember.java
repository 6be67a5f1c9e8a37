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

import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.TimerSlot;
import io.skiff.broker.group.classic.ClassicMemberMetadata;
import io.skiff.broker.group.common.AssignmentEpochs;
import io.skiff.broker.group.common.EpochMember;
import java.util.List;
import java.util.UUID;

/**
 * A member of a {@link ConsumerGroup}: what it sent (subscription, client identity, timeouts) and where its
 * reconciliation stands: its epoch, the partitions it owns, and those it must still give up, each with the epoch it
 * was given at (an offset commit with an older member epoch is accepted for a partition held since then).
 *
 * <p>Not thread-safe: used under the group's lock.
 */
public final class ConsumerGroupMember extends EpochMember {
    /** Where a member is in reconciling its assignment with the group's target assignment (Kafka's MemberState). */
    public enum State {
        /** Owns its target assignment at the target epoch (or a subset, if nothing more is free yet). */
        STABLE((byte) 0),
        /** Must give up partitions before it moves to the new epoch. */
        UNREVOKED_PARTITIONS((byte) 1),
        /** At the new epoch, waiting for partitions other members still own. */
        UNRELEASED_PARTITIONS((byte) 2);

        final byte value;

        State(byte value) {
            this.value = value;
        }

        public static State of(byte value) {
            for (State s : values()) {
                if (s.value == value) {
                    return s;
                }
            }
            return STABLE;
        }
    }

    private String serverAssignor;
    private List<String> subscribedTopicNames = List.of();
    private String subscribedTopicRegex;
    /** Set for a member that speaks the classic protocol (JoinGroup/SyncGroup/Heartbeat); null otherwise. */
    private ClassicMemberMetadata classicMetadata;

    private State state = State.STABLE;
    private MemberAssignment assigned = MemberAssignment.EMPTY;
    private MemberAssignment pendingRevocation = MemberAssignment.EMPTY;
    /** The epoch at which each partition of {@link #assigned} was given to the member. */
    private AssignmentEpochs<UUID> assignedEpochs = AssignmentEpochs.empty();
    /** The epoch at which each partition of {@link #pendingRevocation} was given to the member. */
    private AssignmentEpochs<UUID> pendingRevocationEpochs = AssignmentEpochs.empty();

    /** A classic member asked to rejoin must do so within its rebalance timeout (Kafka's join timeout). */
    private final TimerSlot joinTimer = new TimerSlot();
    /** A classic member that joined must send SyncGroup within its rebalance timeout (Kafka's sync timeout). */
    private final TimerSlot syncTimer = new TimerSlot();

    public ConsumerGroupMember(String memberId) {
        super(memberId, 0);
    }

    public String serverAssignor() {
        return serverAssignor;
    }

    public void serverAssignor(String v) {
        serverAssignor = v;
    }

    public List<String> subscribedTopicNames() {
        return subscribedTopicNames;
    }

    public void subscribedTopicNames(List<String> v) {
        subscribedTopicNames = List.copyOf(v);
    }

    public String subscribedTopicRegex() {
        return subscribedTopicRegex;
    }

    public void subscribedTopicRegex(String v) {
        subscribedTopicRegex = v;
    }

    public ClassicMemberMetadata classicMetadata() {
        return classicMetadata;
    }

    public void classicMetadata(ClassicMemberMetadata v) {
        classicMetadata = v;
    }

    /** True for a member that joined with the classic protocol (JoinGroup), false for a consumer-protocol member. */
    public boolean usesClassicProtocol() {
        return classicMetadata != null;
    }

    /** The session timeout: the classic member's own, else the group's ({@code groupSessionTimeoutMs}). */
    public int sessionTimeoutMs(int groupSessionTimeoutMs) {
        return classicMetadata != null ? classicMetadata.sessionTimeoutMs() : groupSessionTimeoutMs;
    }

    public State state() {
        return state;
    }

    public MemberAssignment assigned() {
        return assigned;
    }

    public MemberAssignment pendingRevocation() {
        return pendingRevocation;
    }

    /**
     * The member's new state and partitions. A partition it already held keeps the epoch it was given at (also when
     * it moves to pending revocation); a partition new to it is given at its current member epoch.
     */
    public void reconciled(State state, MemberAssignment assigned, MemberAssignment pendingRevocation) {
        int givenAt = memberEpoch();
        restoreAssignment(
                state,
                AssignmentEpochs.keeping(assigned.partitions(), List.of(assignedEpochs), givenAt),
                AssignmentEpochs.keeping(
                        pendingRevocation.partitions(), List.of(pendingRevocationEpochs, assignedEpochs), givenAt));
    }

    /** Sets the state and the partitions with the epochs they were given at (replay). */
    public void restoreAssignment(
            State state, AssignmentEpochs<UUID> assigned, AssignmentEpochs<UUID> pendingRevocation) {
        this.state = state;
        this.assigned = new MemberAssignment(assigned.partitions());
        this.pendingRevocation = new MemberAssignment(pendingRevocation.partitions());
        this.assignedEpochs = assigned;
        this.pendingRevocationEpochs = pendingRevocation;
    }

    public AssignmentEpochs<UUID> assignedEpochs() {
        return assignedEpochs;
    }

    public AssignmentEpochs<UUID> pendingRevocationEpochs() {
        return pendingRevocationEpochs;
    }

    /** The epoch the member was given an assigned partition at, or null if it is not assigned to it. */
    public Integer assignmentEpoch(UUID topicId, int partition) {
        return assignedEpochs.epochOf(topicId, partition);
    }

    /** The epoch the member was given a partition it must revoke at, or null if it is not pending revocation. */
    public Integer pendingRevocationEpoch(UUID topicId, int partition) {
        return pendingRevocationEpochs.epochOf(topicId, partition);
    }

    /**
     * A static member that leaves for a while (epoch -2), as Kafka 4.4's consumerGroupStaticMemberGroupLeave: it keeps
     * its assigned partitions for its next instance, which starts at epoch 0, so they count as given at epoch 0 (that
     * instance may commit them); the partitions it still had to revoke are dropped, so their new owners get them
     * without waiting for its return. The previous epoch and the state are kept.
     */
    public void leaveTemporarily(int staticLeaveEpoch) {
        restoreEpochs(staticLeaveEpoch, previousMemberEpoch());
        restoreAssignment(state, AssignmentEpochs.of(assigned.partitions(), (t, p) -> 0), AssignmentEpochs.empty());
    }

    /**
     * The new instance {@code memberId} of a static member that left temporarily, as Kafka's
     * {@code new ConsumerGroupMember.Builder(previous, memberId)}: everything of the previous instance (subscription,
     * client, state, partitions and their epochs) at epochs 0 and 0. Timers are not copied.
     */
    public static ConsumerGroupMember replacing(ConsumerGroupMember previous, String memberId) {
        ConsumerGroupMember member = new ConsumerGroupMember(memberId);
        member.instanceId(previous.instanceId());
        member.rackId(previous.rackId());
        member.rebalanceTimeoutMs(previous.rebalanceTimeoutMs());
        member.client(previous.clientId(), previous.clientHost());
        member.subscribedTopicNames = previous.subscribedTopicNames;
        member.subscribedTopicRegex = previous.subscribedTopicRegex;
        member.serverAssignor = previous.serverAssignor;
        member.classicMetadata = previous.classicMetadata;
        member.restoreEpochs(0, 0);
        member.restoreAssignment(previous.state, previous.assignedEpochs, previous.pendingRevocationEpochs);
        return member;
    }

    /** The partitions this member still holds: assigned ones and those it has not yet given up. */
    public MemberAssignment owned() {
        return assigned.plus(pendingRevocation);
    }

    // ---- timers (scheduled by ConsumerGroupTimers) ----

    public boolean hasJoinTimer() {
        return joinTimer.isSet();
    }

    public void joinTimer(CoordinatorScheduler.Cancellable timer) {
        joinTimer.set(timer);
    }

    public void cancelJoinTimer() {
        joinTimer.cancel();
    }

    public void syncTimer(CoordinatorScheduler.Cancellable timer) {
        syncTimer.set(timer);
    }

    public void cancelSyncTimer() {
        syncTimer.cancel();
    }

    @Override
    public void cancelTimers() {
        nextSessionEpoch();
        super.cancelTimers();
        cancelJoinTimer();
        cancelSyncTimer();
    }
}
