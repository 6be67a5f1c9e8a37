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
package io.skiff.broker.group.classic;

import io.skiff.broker.coordinator.CoordinatorScheduler;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One member of a classic group: identity, timeouts, supported protocols, its current assignment and
 * the join/sync responses it is waiting for. Not thread-safe: guarded by its group's lock.
 */
public final class GroupMember {
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

    public GroupMember(
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

    public String memberId() {
        return memberId;
    }

    public void memberId(String id) {
        this.memberId = id;
    }

    public String groupInstanceId() {
        return groupInstanceId;
    }

    public boolean isStatic() {
        return groupInstanceId != null;
    }

    public String clientId() {
        return clientId;
    }

    public String clientHost() {
        return clientHost;
    }

    public String protocolType() {
        return protocolType;
    }

    public int rebalanceTimeoutMs() {
        return rebalanceTimeoutMs;
    }

    public int sessionTimeoutMs() {
        return sessionTimeoutMs;
    }

    public List<MemberProtocol> protocols() {
        return protocols;
    }

    public byte[] assignment() {
        return assignment;
    }

    public void assignment(byte[] a) {
        this.assignment = a == null ? new byte[0] : a;
    }

    public void update(List<MemberProtocol> protocols, int rebalanceTimeoutMs, int sessionTimeoutMs) {
        this.protocols = List.copyOf(protocols);
        this.rebalanceTimeoutMs = rebalanceTimeoutMs;
        this.sessionTimeoutMs = sessionTimeoutMs;
    }

    public boolean isAwaitingJoin() {
        return awaitingJoin != null;
    }

    public boolean isAwaitingSync() {
        return awaitingSync != null;
    }

    /** The metadata this member sent for {@code protocol}. */
    public byte[] metadata(String protocol) {
        for (MemberProtocol p : protocols) {
            if (p.name().equals(protocol)) {
                return p.metadata();
            }
        }
        throw new IllegalArgumentException("Member " + memberId + " does not support protocol " + protocol);
    }

    /** Same protocols, same order, same metadata bytes. */
    public boolean matches(List<MemberProtocol> other) {
        return protocols.equals(other);
    }

    /** This member's preferred protocol among {@code candidates} (its list is in preference order). */
    public String vote(java.util.Set<String> candidates) {
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
