package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorScheduler;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One member of a classic group: identity, timeouts, supported protocols, its current assignment and
 * the join/sync responses it is waiting for. Not thread-safe: guarded by its group's lock.
 */
final class GroupMember {
    private String memberId;
    private final String groupInstanceId;
    private final String clientId;
    private final String clientHost;
    private final String protocolType;
    private int rebalanceTimeoutMs;
    private int sessionTimeoutMs;
    private List<MemberProtocol> protocols;
    private byte[] assignment = new byte[0];

    /** The parked JoinGroup response, or null. */
    CompletableFuture<JoinResult> awaitingJoin;
    /** The parked SyncGroup response, or null. */
    CompletableFuture<SyncResult> awaitingSync;
    /** True from joining until its first JoinGroup response (new members time out differently). */
    boolean isNew;
    /** The scheduled session expiry, or null. */
    CoordinatorScheduler.Cancellable heartbeatTimer;
    /** Bumped at every reschedule so a stale expiry that already fired can tell it is stale. */
    long heartbeatEpoch;

    GroupMember(
            String memberId,
            String groupInstanceId,
            String clientId,
            String clientHost,
            int rebalanceTimeoutMs,
            int sessionTimeoutMs,
            String protocolType,
            List<MemberProtocol> protocols) {
        this.memberId = memberId;
        this.groupInstanceId = groupInstanceId;
        this.clientId = clientId;
        this.clientHost = clientHost;
        this.rebalanceTimeoutMs = rebalanceTimeoutMs;
        this.sessionTimeoutMs = sessionTimeoutMs;
        this.protocolType = protocolType;
        this.protocols = List.copyOf(protocols);
    }

    String memberId() {
        return memberId;
    }

    void memberId(String id) {
        this.memberId = id;
    }

    String groupInstanceId() {
        return groupInstanceId;
    }

    boolean isStatic() {
        return groupInstanceId != null;
    }

    String clientId() {
        return clientId;
    }

    String clientHost() {
        return clientHost;
    }

    String protocolType() {
        return protocolType;
    }

    int rebalanceTimeoutMs() {
        return rebalanceTimeoutMs;
    }

    int sessionTimeoutMs() {
        return sessionTimeoutMs;
    }

    List<MemberProtocol> protocols() {
        return protocols;
    }

    byte[] assignment() {
        return assignment;
    }

    void assignment(byte[] a) {
        this.assignment = a == null ? new byte[0] : a;
    }

    void update(List<MemberProtocol> protocols, int rebalanceTimeoutMs, int sessionTimeoutMs) {
        this.protocols = List.copyOf(protocols);
        this.rebalanceTimeoutMs = rebalanceTimeoutMs;
        this.sessionTimeoutMs = sessionTimeoutMs;
    }

    boolean isAwaitingJoin() {
        return awaitingJoin != null;
    }

    boolean isAwaitingSync() {
        return awaitingSync != null;
    }

    /** The metadata this member sent for {@code protocol}. */
    byte[] metadata(String protocol) {
        for (MemberProtocol p : protocols) {
            if (p.name().equals(protocol)) {
                return p.metadata();
            }
        }
        throw new IllegalArgumentException("Member " + memberId + " does not support protocol " + protocol);
    }

    /** Same protocols, same order, same metadata bytes. */
    boolean matches(List<MemberProtocol> other) {
        return protocols.equals(other);
    }

    /** This member's preferred protocol among {@code candidates} (its list is in preference order). */
    String vote(java.util.Set<String> candidates) {
        for (MemberProtocol p : protocols) {
            if (candidates.contains(p.name())) {
                return p.name();
            }
        }
        throw new IllegalArgumentException("Member " + memberId + " supports none of " + candidates);
    }

    @Override
    public String toString() {
        return "GroupMember(" + memberId + (groupInstanceId == null ? "" : ", instance " + groupInstanceId) + ")";
    }
}
