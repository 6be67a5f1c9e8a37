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
package io.skiff.broker.group.common;

import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.TimerSlot;

/**
 * What every member of a KIP-848-style group (consumer, streams) has: its identity as the client sent it, its
 * member epoch and the one before, and its session and revocation timers with the session generation that makes
 * a stale timer do nothing.
 *
 * <p>Not thread-safe: used under the group's lock.
 */
public abstract class EpochMember {
    private final String memberId;
    private String instanceId;
    private String rackId;
    private String clientId = "";
    private String clientHost = "";
    private int rebalanceTimeoutMs = -1;

    private int memberEpoch;
    private int previousMemberEpoch;

    private final TimerSlot sessionTimer = new TimerSlot();
    private final TimerSlot revocationTimer = new TimerSlot();
    private long sessionEpoch;

    /** @param previousMemberEpoch the previous epoch a new member starts with (Kafka: 0 for consumers, -1 for streams) */
    protected EpochMember(String memberId, int previousMemberEpoch) {
        this.memberId = memberId;
        this.previousMemberEpoch = previousMemberEpoch;
    }

    public final String memberId() {
        return memberId;
    }

    public final String instanceId() {
        return instanceId;
    }

    public final void instanceId(String id) {
        instanceId = id;
    }

    public final String rackId() {
        return rackId;
    }

    public final void rackId(String rackId) {
        this.rackId = rackId;
    }

    public final String clientId() {
        return clientId;
    }

    public final String clientHost() {
        return clientHost;
    }

    public final void client(String clientId, String clientHost) {
        this.clientId = clientId == null ? "" : clientId;
        this.clientHost = clientHost == null ? "" : clientHost;
    }

    public final int rebalanceTimeoutMs() {
        return rebalanceTimeoutMs;
    }

    public final void rebalanceTimeoutMs(int ms) {
        rebalanceTimeoutMs = ms;
    }

    // ---- epochs ----

    public final int memberEpoch() {
        return memberEpoch;
    }

    public final int previousMemberEpoch() {
        return previousMemberEpoch;
    }

    /** Moves the member to {@code epoch}, remembering the one it leaves (a lost response can repeat it). */
    public final void updateEpoch(int epoch) {
        if (epoch != memberEpoch) {
            previousMemberEpoch = memberEpoch;
            memberEpoch = epoch;
        }
    }

    /** Sets both epochs, as replayed from a record or taken over from a static member's previous instance. */
    public final void restoreEpochs(int epoch, int previousEpoch) {
        memberEpoch = epoch;
        previousMemberEpoch = previousEpoch;
    }

    // ---- timers ----

    /** A new session generation: a timer of an older one does nothing when it fires. */
    public final long nextSessionEpoch() {
        return ++sessionEpoch;
    }

    public final long sessionEpoch() {
        return sessionEpoch;
    }

    public final void sessionTimer(CoordinatorScheduler.Cancellable timer) {
        sessionTimer.set(timer);
    }

    public final void revocationTimer(CoordinatorScheduler.Cancellable timer) {
        revocationTimer.set(timer);
    }

    public final void cancelSessionTimer() {
        sessionTimer.cancel();
    }

    public final void cancelRevocationTimer() {
        revocationTimer.cancel();
    }

    /** Cancels every timer of the member (it leaves the group, or the group dies). */
    public void cancelTimers() {
        sessionTimer.cancel();
        revocationTimer.cancel();
    }
}
