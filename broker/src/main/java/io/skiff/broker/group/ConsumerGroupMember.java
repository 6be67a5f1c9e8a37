package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorScheduler;
import java.util.List;

/**
 * A member of a {@link ConsumerGroup}: what it sent (subscription, client identity, timeouts) and where its
 * reconciliation stands: its epoch, the partitions it owns, and those it must still give up.
 *
 * <p>Not thread-safe: used under the group's lock.
 */
final class ConsumerGroupMember {
    /** Where a member is in reconciling its assignment with the group's target assignment (Kafka's MemberState). */
    enum State {
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

        static State of(byte value) {
            for (State s : values()) {
                if (s.value == value) {
                    return s;
                }
            }
            return STABLE;
        }
    }

    private final String memberId;
    private String instanceId;
    private String rackId;
    private String clientId = "";
    private String clientHost = "";
    private int rebalanceTimeoutMs = -1;
    private String serverAssignor;
    private List<String> subscribedTopicNames = List.of();
    private String subscribedTopicRegex;
    /** Set for a member that speaks the classic protocol (JoinGroup/SyncGroup/Heartbeat); null otherwise. */
    private ClassicMemberMetadata classicMetadata;

    private int memberEpoch;
    private int previousMemberEpoch;
    private State state = State.STABLE;
    private MemberAssignment assigned = MemberAssignment.EMPTY;
    private MemberAssignment pendingRevocation = MemberAssignment.EMPTY;

    private CoordinatorScheduler.Cancellable sessionTimer;
    private CoordinatorScheduler.Cancellable revocationTimer;
    /** A classic member asked to rejoin must do so within its rebalance timeout (Kafka's join timeout). */
    private CoordinatorScheduler.Cancellable joinTimer;
    /** A classic member that joined must send SyncGroup within its rebalance timeout (Kafka's sync timeout). */
    private CoordinatorScheduler.Cancellable syncTimer;

    private long sessionEpoch;

    ConsumerGroupMember(String memberId) {
        this.memberId = memberId;
    }

    String memberId() {
        return memberId;
    }

    String instanceId() {
        return instanceId;
    }

    void instanceId(String v) {
        instanceId = v;
    }

    String rackId() {
        return rackId;
    }

    void rackId(String v) {
        rackId = v;
    }

    String clientId() {
        return clientId;
    }

    String clientHost() {
        return clientHost;
    }

    void client(String clientId, String clientHost) {
        this.clientId = clientId == null ? "" : clientId;
        this.clientHost = clientHost == null ? "" : clientHost;
    }

    int rebalanceTimeoutMs() {
        return rebalanceTimeoutMs;
    }

    void rebalanceTimeoutMs(int v) {
        rebalanceTimeoutMs = v;
    }

    String serverAssignor() {
        return serverAssignor;
    }

    void serverAssignor(String v) {
        serverAssignor = v;
    }

    List<String> subscribedTopicNames() {
        return subscribedTopicNames;
    }

    void subscribedTopicNames(List<String> v) {
        subscribedTopicNames = List.copyOf(v);
    }

    String subscribedTopicRegex() {
        return subscribedTopicRegex;
    }

    void subscribedTopicRegex(String v) {
        subscribedTopicRegex = v;
    }

    ClassicMemberMetadata classicMetadata() {
        return classicMetadata;
    }

    void classicMetadata(ClassicMemberMetadata v) {
        classicMetadata = v;
    }

    /** True for a member that joined with the classic protocol (JoinGroup), false for a consumer-protocol member. */
    boolean usesClassicProtocol() {
        return classicMetadata != null;
    }

    /** The session timeout: the classic member's own, else the group's ({@code groupSessionTimeoutMs}). */
    int sessionTimeoutMs(int groupSessionTimeoutMs) {
        return classicMetadata != null ? classicMetadata.sessionTimeoutMs() : groupSessionTimeoutMs;
    }

    int memberEpoch() {
        return memberEpoch;
    }

    int previousMemberEpoch() {
        return previousMemberEpoch;
    }

    /** Moves the member to {@code epoch}, remembering the one it leaves (a lost response can repeat it). */
    void updateEpoch(int epoch) {
        if (epoch != memberEpoch) {
            previousMemberEpoch = memberEpoch;
            memberEpoch = epoch;
        }
    }

    /** Sets both epochs, as replayed from a record or taken over from a static member's previous instance. */
    void restoreEpochs(int epoch, int previousEpoch) {
        memberEpoch = epoch;
        previousMemberEpoch = previousEpoch;
    }

    State state() {
        return state;
    }

    MemberAssignment assigned() {
        return assigned;
    }

    MemberAssignment pendingRevocation() {
        return pendingRevocation;
    }

    void reconciled(State state, MemberAssignment assigned, MemberAssignment pendingRevocation) {
        this.state = state;
        this.assigned = assigned;
        this.pendingRevocation = pendingRevocation;
    }

    /** The partitions this member still holds: assigned ones and those it has not yet given up. */
    MemberAssignment owned() {
        return assigned.plus(pendingRevocation);
    }

    // ---- timers (scheduled by ConsumerGroupTimers) ----

    long nextSessionEpoch() {
        return ++sessionEpoch;
    }

    long sessionEpoch() {
        return sessionEpoch;
    }

    void sessionTimer(CoordinatorScheduler.Cancellable timer) {
        cancelSessionTimer();
        sessionTimer = timer;
    }

    void revocationTimer(CoordinatorScheduler.Cancellable timer) {
        cancelRevocationTimer();
        revocationTimer = timer;
    }

    boolean hasJoinTimer() {
        return joinTimer != null;
    }

    void joinTimer(CoordinatorScheduler.Cancellable timer) {
        cancelJoinTimer();
        joinTimer = timer;
    }

    void cancelJoinTimer() {
        if (joinTimer != null) {
            joinTimer.cancel();
            joinTimer = null;
        }
    }

    void syncTimer(CoordinatorScheduler.Cancellable timer) {
        cancelSyncTimer();
        syncTimer = timer;
    }

    void cancelSyncTimer() {
        if (syncTimer != null) {
            syncTimer.cancel();
            syncTimer = null;
        }
    }

    void cancelSessionTimer() {
        if (sessionTimer != null) {
            sessionTimer.cancel();
            sessionTimer = null;
        }
    }

    void cancelRevocationTimer() {
        if (revocationTimer != null) {
            revocationTimer.cancel();
            revocationTimer = null;
        }
    }

    void cancelTimers() {
        sessionEpoch++;
        cancelSessionTimer();
        cancelRevocationTimer();
        cancelJoinTimer();
        cancelSyncTimer();
    }
}
