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
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The classic rebalance protocol as the group coordinator and the offsets part see it:
 * JoinGroup ({@link JoinGroupProcessor}), SyncGroup ({@link SyncGroupProcessor}), and here Heartbeat and
 * LeaveGroup; the rebalance state machine is {@link Rebalancer}, its timers {@link GroupTimers} (session
 * expiry, rebalance timeout, initial rebalance delay, pending-sync expiry). JoinGroup and SyncGroup responses
 * are parked futures completed by later events or by timers.
 *
 * <p>Thread-safe: every group mutation happens inside {@link GroupRegistry#withLock} on that group only.
 */
public final class MembershipManager implements ClassicGroupHandover {
    private final GroupRegistry groups;
    private final Rebalancer rebalancer;
    private final JoinGroupProcessor joins;
    private final SyncGroupProcessor syncs;

    public MembershipManager(
            GroupCoordinatorConfig config,
            GroupRegistry groups,
            CoordinatorWriter store,
            CoordinatorScheduler scheduler,
            Clock clock) {
        this.groups = groups;
        this.rebalancer = new Rebalancer(config, store, new GroupTimers(config, groups, scheduler), clock);
        this.joins = new JoinGroupProcessor(config, groups, store, rebalancer, clock);
        this.syncs = new SyncGroupProcessor(groups, rebalancer);
    }

    public CompletableFuture<JoinResult> joinGroup(JoinGroupParams p) {
        return joins.joinGroup(p);
    }

    public CompletableFuture<SyncResult> syncGroup(SyncGroupParams p) {
        return syncs.syncGroup(p);
    }

    // ------------------------------------------------------------------ Heartbeat

    public GroupError heartbeat(String groupId, String memberId, String groupInstanceId, int generationId) {
        if (groupId == null || groupId.isEmpty()) {
            return GroupError.INVALID_GROUP_ID;
        }
        ClassicGroup group = groups.get(groupId, ClassicGroup.class);
        if (group == null) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        return groups.withLock(group, () -> {
            GroupError error = ClassicMemberChecks.memberOfGeneration(group, memberId, groupInstanceId, generationId);
            if (error != GroupError.NONE) {
                return error;
            }
            switch (group.state()) {
                case EMPTY:
                    return GroupError.UNKNOWN_MEMBER_ID;
                case PREPARING_REBALANCE:
                    rebalancer.touch(group, group.get(memberId));
                    return GroupError.REBALANCE_IN_PROGRESS;
                default:
                    rebalancer.touch(group, group.get(memberId));
                    return GroupError.NONE;
            }
        });
    }

    // ------------------------------------------------------------------ LeaveGroup

    public LeaveResult leaveGroup(String groupId, List<MemberIdentity> leaving) {
        if (groupId == null || groupId.isEmpty()) {
            return new LeaveResult(GroupError.INVALID_GROUP_ID, List.of());
        }
        ClassicGroup group = groups.get(groupId, ClassicGroup.class);
        if (group == null) {
            List<LeaveResult.MemberResult> results = new ArrayList<>();
            for (MemberIdentity m : leaving) {
                results.add(
                        new LeaveResult.MemberResult(m.memberId(), m.groupInstanceId(), GroupError.UNKNOWN_MEMBER_ID));
            }
            return new LeaveResult(GroupError.NONE, results);
        }
        return groups.withLock(group, () -> {
            if (group.is(GroupState.DEAD)) {
                return new LeaveResult(GroupError.COORDINATOR_NOT_AVAILABLE, List.of());
            }
            List<LeaveResult.MemberResult> results = new ArrayList<>();
            for (MemberIdentity m : leaving) {
                results.add(new LeaveResult.MemberResult(m.memberId(), m.groupInstanceId(), leaveOne(group, m)));
            }
            return new LeaveResult(GroupError.NONE, results);
        });
    }

    private GroupError leaveOne(ClassicGroup group, MemberIdentity m) {
        String memberId = m.memberId() == null ? "" : m.memberId();
        if (memberId.isEmpty()) {
            // Administrative removal by instance id (e.g. kafka-consumer-groups --delete static members).
            String current = group.staticMemberId(m.groupInstanceId());
            if (current == null) {
                return GroupError.UNKNOWN_MEMBER_ID;
            }
            rebalancer.removeMemberAndUpdateGroup(group, group.get(current), "left by instance id");
            return GroupError.NONE;
        }
        if (group.isPendingMember(memberId)) {
            group.removePendingMember(memberId);
            rebalancer.tryCompleteJoin(group);
            return GroupError.NONE;
        }
        GroupError error = ClassicMemberChecks.currentMember(group, memberId, m.groupInstanceId());
        if (error == GroupError.NONE) {
            rebalancer.removeMemberAndUpdateGroup(
                    group, group.get(memberId), "left the group" + (m.reason() == null ? "" : " (" + m.reason() + ")"));
        }
        return error;
    }

    /** Proof of life from a member (heartbeat, commit): restart its session timer. */
    public void touch(ClassicGroup group, GroupMember member) {
        rebalancer.touch(group, member);
    }

    @Override
    public void release(ClassicGroup group) {
        for (GroupMember m : group.allMembers()) {
            group.completeJoin(m, JoinResult.error(m.memberId(), GroupError.REBALANCE_IN_PROGRESS));
            group.completeSync(m, SyncResult.error(GroupError.REBALANCE_IN_PROGRESS));
            GroupTimers.cancelSession(m);
        }
        rebalancer.cancelTimers(group);
    }

    @Override
    public void adopt(ClassicGroup group, String reason) {
        groups.withLock(group, () -> {
            if (group.isDead()) {
                return;
            }
            group.allMembers().forEach(m -> rebalancer.startSession(group, m, m.sessionTimeoutMs()));
            rebalancer.prepareRebalance(group, reason);
        });
    }

    @Override
    public void adoptStable(ClassicGroup group) {
        groups.withLock(group, () -> {
            if (!group.isDead()) {
                group.allMembers().forEach(m -> rebalancer.startSession(group, m, m.sessionTimeoutMs()));
            }
        });
    }

    /** Stops every timer of a group that is going away. */
    public void cancelTimers(ClassicGroup group) {
        rebalancer.cancelTimers(group);
    }
}
