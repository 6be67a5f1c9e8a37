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

import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rebalance state machine of a classic group, following Kafka's classic GroupCoordinator: entering
 * PreparingRebalance, completing the join phase (new generation, leader, JoinGroup responses), removing
 * members that miss their session, the rejoin or the SyncGroup, and handing out (or failing) the assignment.
 * Timer mechanics are in {@link GroupTimers}; the requests that drive this are in {@link JoinGroupProcessor},
 * {@link SyncGroupProcessor} and {@link MembershipManager}.
 *
 * <p>Thread-safe as used: every method is called with the group's lock held ({@link GroupRegistry#withLock});
 * timer actions take that lock.
 */
public final class Rebalancer {
    private static final Logger LOG = LoggerFactory.getLogger(Rebalancer.class);

    private final GroupCoordinatorConfig config;
    private final CoordinatorWriter store;
    private final GroupTimers timers;
    private final Clock clock;

    public Rebalancer(GroupCoordinatorConfig config, CoordinatorWriter store, GroupTimers timers, Clock clock) {
        this.config = config;
        this.store = store;
        this.timers = timers;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ rebalance phases

    public void maybePrepareRebalance(ClassicGroup group, String reason) {
        if (GroupState.PREPARING_REBALANCE.canTransitionFrom(group.state())) {
            prepareRebalance(group, reason);
        }
    }

    public void prepareRebalance(ClassicGroup group, String reason) {
        if (group.is(GroupState.COMPLETING_REBALANCE)) {
            resetAndPropagateAssignmentError(group, GroupError.REBALANCE_IN_PROGRESS);
        }
        timers.cancelSyncTimer(group);
        group.clearPendingSyncMembers();
        boolean initial = group.is(GroupState.EMPTY);
        group.transitionTo(GroupState.PREPARING_REBALANCE, now());
        LOG.info(
                "Preparing to rebalance group {} with old generation {} (reason: {})",
                group.groupId(),
                group.generationId(),
                reason);
        timers.cancelJoinTimer(group);
        if (initial) {
            int delay = config.groupInitialRebalanceDelayMs();
            timers.scheduleInitialJoin(
                    group, delay, Math.max(group.rebalanceTimeoutMs() - delay, 0), () -> onCompleteJoin(group));
        } else {
            timers.scheduleJoinTimeout(group, group.rebalanceTimeoutMs(), () -> onCompleteJoin(group));
            tryCompleteJoin(group);
        }
    }

    /** Completes the join phase if everyone has rejoined (never during the initial delay). */
    public void tryCompleteJoin(ClassicGroup group) {
        if (group.is(GroupState.PREPARING_REBALANCE) && !group.initialJoinPending() && group.hasAllMembersJoined()) {
            timers.cancelJoinTimer(group);
            onCompleteJoin(group);
        }
    }

    private void onCompleteJoin(ClassicGroup group) {
        group.initialJoinPending(false);
        for (GroupMember m : group.membersSnapshot()) {
            if (!m.isAwaitingJoin() && !m.isStatic()) {
                LOG.info("Group {} removes member {} which did not rejoin in time", group.groupId(), m.memberId());
                GroupTimers.cancelSession(m);
                group.remove(m.memberId());
            }
        }
        if (group.is(GroupState.DEAD)) {
            return;
        }
        if (!group.maybeElectNewJoinedLeader() && group.size() > 0) {
            // Only static members that have not rejoined are left: wait for them or their session expiry.
            LOG.warn("Group {} could not complete rebalance because no members rejoined", group.groupId());
            timers.scheduleJoinTimeout(group, group.rebalanceTimeoutMs(), () -> onCompleteJoin(group));
            return;
        }
        group.initNextGeneration(now());
        if (group.is(GroupState.EMPTY)) {
            LOG.info("Group {} with generation {} is now empty", group.groupId(), group.generationId());
            writeMetadata(group, null).whenComplete((ok, failure) -> {
                if (failure != null) {
                    LOG.warn("Failed to persist empty metadata of group {}", group.groupId(), failure);
                }
            });
            return;
        }
        LOG.info(
                "Stabilized group {} generation {} with {} members",
                group.groupId(),
                group.generationId(),
                group.size());
        for (GroupMember m : group.allMembers()) {
            group.completeJoin(m, JoinResult.ofGeneration(group, m.memberId()));
            startSession(group, m, m.sessionTimeoutMs());
            m.isNew = false;
            group.addPendingSyncMember(m.memberId());
        }
        timers.schedulePendingSync(group, () -> expirePendingSyncMembers(group));
    }

    private void expirePendingSyncMembers(ClassicGroup group) {
        var pending = group.pendingSyncMembers();
        if (!pending.isEmpty()) {
            LOG.info("Group {} removes members {} which did not send SyncGroup in time", group.groupId(), pending);
            for (String id : pending) {
                GroupMember m = group.get(id);
                if (m != null) {
                    GroupTimers.cancelSession(m);
                }
                group.remove(id);
            }
            prepareRebalance(group, "pending SyncGroup expired for " + pending);
        }
    }

    // ------------------------------------------------------------------ assignment

    public void resetAndPropagateAssignmentError(ClassicGroup group, GroupError error) {
        for (GroupMember m : group.allMembers()) {
            m.assignment(new byte[0]);
        }
        propagateAssignment(group, error);
    }

    /** Hands every member its part of the persisted assignment (one per member); the group becomes Stable. */
    void stabilize(ClassicGroup group, Map<String, byte[]> assignments) {
        for (GroupMember m : group.allMembers()) {
            m.assignment(assignments.get(m.memberId()));
        }
        propagateAssignment(group, GroupError.NONE);
        group.transitionTo(GroupState.STABLE, now());
    }

    private void propagateAssignment(ClassicGroup group, GroupError error) {
        String type = error == GroupError.NONE ? group.protocolType() : null;
        String name = error == GroupError.NONE ? group.protocolName() : null;
        for (GroupMember m : group.allMembers()) {
            if (group.completeSync(m, new SyncResult(type, name, m.assignment(), error))) {
                // Its session may have run out while it waited for the leader: restart the clock.
                startSession(group, m, m.sessionTimeoutMs());
            }
        }
    }

    // ------------------------------------------------------------------ members and sessions

    /** Proof of life from a member (heartbeat, commit): restart its session timer. */
    public void touch(ClassicGroup group, GroupMember member) {
        startSession(group, member, member.sessionTimeoutMs());
    }

    /** (Re)starts the member's session: when it runs out, the member is removed unless parked in a join or sync. */
    public void startSession(ClassicGroup group, GroupMember member, int timeoutMs) {
        timers.scheduleSession(group, member, timeoutMs, () -> {
            // Members parked in a join or sync are alive by definition (except brand-new ones).
            boolean alive = !member.isNew && (member.isAwaitingJoin() || member.isAwaitingSync());
            if (!alive) {
                LOG.info(
                        "Member {} in group {} has failed (session timeout), removing it",
                        member.memberId(),
                        group.groupId());
                removeMemberAndUpdateGroup(group, member, "session timeout of " + member.memberId());
            }
        });
    }

    /** A pending member (KIP-394) that does not rejoin within its session is forgotten. */
    public void expirePendingMemberAfter(ClassicGroup group, String memberId, int sessionTimeoutMs) {
        timers.schedulePendingMemberExpiry(group, memberId, sessionTimeoutMs, () -> {
            LOG.info("Pending member {} of group {} removed after session timeout", memberId, group.groupId());
            group.removePendingMember(memberId);
            tryCompleteJoin(group);
        });
    }

    public void removeMemberAndUpdateGroup(ClassicGroup group, GroupMember member, String reason) {
        group.completeJoin(member, JoinResult.error("", GroupError.UNKNOWN_MEMBER_ID));
        GroupTimers.cancelSession(member);
        group.remove(member.memberId());
        switch (group.state()) {
            case STABLE:
            case COMPLETING_REBALANCE:
                maybePrepareRebalance(group, reason);
                break;
            case PREPARING_REBALANCE:
                tryCompleteJoin(group);
                break;
            default:
                break;
        }
    }

    /** Stops every timer of a group that is going away. */
    public void cancelTimers(ClassicGroup group) {
        timers.cancelAll(group);
    }

    /**
     * Writes the group's metadata record to {@code __consumer_offsets}, as every step of a generation that must
     * survive a restart does; {@code assignments} are the members' (SyncGroup's leader), or null for none yet.
     */
    CompletableFuture<Void> writeMetadata(ClassicGroup group, Map<String, byte[]> assignments) {
        return store.append(group.groupId(), List.of(group.metadataRecord(assignments)), now());
    }

    private long now() {
        return clock.millis();
    }
}
