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
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupRegistry;

/**
 * The timers of classic groups and their members on a {@link CoordinatorScheduler}: session expiry, pending-member
 * expiry, the join phase (initial rebalance delay, rebalance timeout) and pending-sync expiry. Only the
 * mechanics live here — scheduling, cancelling, and ignoring stale firings (epochs, generations, states);
 * what happens when a timer fires is the caller's action, run under the group's lock.
 *
 * <p>Thread-safe: scheduling and cancelling happen under the group's lock; every firing takes that lock
 * through {@link GroupRegistry#withLock}.
 */
public final class GroupTimers {
    private final GroupCoordinatorConfig config;
    private final GroupRegistry groups;
    private final CoordinatorScheduler scheduler;

    public GroupTimers(GroupCoordinatorConfig config, GroupRegistry groups, CoordinatorScheduler scheduler) {
        this.config = config;
        this.groups = groups;
        this.scheduler = scheduler;
    }

    /**
     * (Re)starts the member's session timer; {@code onExpiry} runs if it fires while this member is still in
     * the (live) group and the timer was not restarted meanwhile.
     */
    public void scheduleSession(ClassicGroup group, GroupMember member, int timeoutMs, Runnable onExpiry) {
        cancelSession(member);
        long epoch = ++member.heartbeatEpoch;
        member.heartbeatTimer = scheduler.schedule(
                timeoutMs,
                () -> groups.withLock(group, () -> {
                    if (member.heartbeatEpoch != epoch
                            || group.is(GroupState.DEAD)
                            || group.get(member.memberId()) != member) {
                        return;
                    }
                    onExpiry.run();
                }));
    }

    public static void cancelSession(GroupMember member) {
        member.heartbeatEpoch++;
        if (member.heartbeatTimer != null) {
            member.heartbeatTimer.cancel();
            member.heartbeatTimer = null;
        }
    }

    /** Runs {@code onExpiry} after {@code timeoutMs} if {@code memberId} is then still a pending member. */
    public void schedulePendingMemberExpiry(ClassicGroup group, String memberId, int timeoutMs, Runnable onExpiry) {
        scheduler.schedule(
                timeoutMs,
                () -> groups.withLock(group, () -> {
                    if (group.isPendingMember(memberId)) {
                        onExpiry.run();
                    }
                }));
    }

    /**
     * The initial rebalance delay: fires after {@code delayMs}, and while new members keep arriving waits
     * again (up to {@code remainingMs} more) before running {@code onComplete}.
     */
    public void scheduleInitialJoin(ClassicGroup group, int delayMs, int remainingMs, Runnable onComplete) {
        long epoch = group.nextTimerEpoch();
        group.initialJoinPending(true);
        group.joinTimer(scheduler.schedule(
                delayMs,
                () -> groups.withLock(group, () -> {
                    if (group.timerEpoch() != epoch || !group.is(GroupState.PREPARING_REBALANCE)) {
                        return;
                    }
                    if (group.newMemberAdded() && remainingMs != 0) {
                        // Members keep arriving: wait a little longer, up to the rebalance timeout.
                        group.newMemberAdded(false);
                        int delay = Math.min(config.groupInitialRebalanceDelayMs(), remainingMs);
                        scheduleInitialJoin(group, delay, Math.max(remainingMs - delayMs, 0), onComplete);
                    } else {
                        group.initialJoinPending(false);
                        onComplete.run();
                    }
                })));
    }

    /** The rebalance timeout of the join phase: runs {@code onComplete} unless the phase ended first. */
    public void scheduleJoinTimeout(ClassicGroup group, int timeoutMs, Runnable onComplete) {
        long epoch = group.nextTimerEpoch();
        group.initialJoinPending(false);
        group.joinTimer(scheduler.schedule(
                timeoutMs,
                () -> groups.withLock(group, () -> {
                    if (group.timerEpoch() == epoch && group.is(GroupState.PREPARING_REBALANCE)) {
                        onComplete.run();
                    }
                })));
    }

    public void cancelJoinTimer(ClassicGroup group) {
        group.cancelJoinTimer();
    }

    /**
     * After the rebalance timeout, runs {@code onExpiry} if the group is still in this generation
     * (CompletingRebalance or Stable); the action checks who has not synced.
     */
    public void schedulePendingSync(ClassicGroup group, Runnable onExpiry) {
        cancelSyncTimer(group);
        int generation = group.generationId();
        group.syncTimer(scheduler.schedule(
                group.rebalanceTimeoutMs(),
                () -> groups.withLock(group, () -> {
                    if (generation != group.generationId()
                            || !(group.is(GroupState.COMPLETING_REBALANCE) || group.is(GroupState.STABLE))) {
                        return;
                    }
                    onExpiry.run();
                })));
    }

    public void cancelSyncTimer(ClassicGroup group) {
        group.cancelSyncTimer();
    }

    /** Stops every timer of a group that is going away. */
    public void cancelAll(ClassicGroup group) {
        cancelJoinTimer(group);
        cancelSyncTimer(group);
        for (GroupMember m : group.allMembers()) {
            cancelSession(m);
        }
    }
}
