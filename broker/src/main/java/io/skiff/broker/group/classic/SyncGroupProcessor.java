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

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SyncGroup of the classic protocol, following Kafka's classic GroupCoordinator: followers park until the
 * leader's assignment is persisted to {@code __consumer_offsets}, then every member gets its part and the
 * group becomes Stable; a failed write fails the generation and rebalances.
 *
 * <p>Thread-safe: every group mutation happens inside {@link GroupRegistry#withLock} on that group only.
 */
public final class SyncGroupProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(SyncGroupProcessor.class);

    private final GroupRegistry groups;
    private final Rebalancer rebalancer;

    public SyncGroupProcessor(GroupRegistry groups, Rebalancer rebalancer) {
        this.groups = groups;
        this.rebalancer = rebalancer;
    }

    public CompletableFuture<SyncResult> syncGroup(SyncGroupParams p) {
        CompletableFuture<SyncResult> response = new CompletableFuture<>();
        if (p.groupId() == null || p.groupId().isEmpty()) {
            response.complete(SyncResult.error(GroupError.INVALID_GROUP_ID));
            return response;
        }
        ClassicGroup group = groups.get(p.groupId(), ClassicGroup.class);
        if (group == null) {
            response.complete(SyncResult.error(GroupError.UNKNOWN_MEMBER_ID));
            return response;
        }
        groups.withLock(group, () -> {
            GroupError error = validateSync(group, p);
            if (error != GroupError.NONE) {
                group.reply(response, SyncResult.error(error));
                return;
            }
            switch (group.state()) {
                case EMPTY:
                    group.reply(response, SyncResult.error(GroupError.UNKNOWN_MEMBER_ID));
                    break;
                case PREPARING_REBALANCE:
                    group.reply(response, SyncResult.error(GroupError.REBALANCE_IN_PROGRESS));
                    break;
                case COMPLETING_REBALANCE:
                    GroupMember member = group.get(p.memberId());
                    if (member.awaitingSync != null && member.awaitingSync != response) {
                        group.completeSync(member, SyncResult.error(GroupError.REBALANCE_IN_PROGRESS));
                    }
                    member.awaitingSync = response;
                    group.removePendingSyncMember(p.memberId());
                    if (group.isLeader(p.memberId())) {
                        completeLeaderSync(group, p.generationId(), p.assignments());
                    }
                    break;
                case STABLE:
                    group.removePendingSyncMember(p.memberId());
                    GroupMember m = group.get(p.memberId());
                    group.reply(
                            response,
                            new SyncResult(
                                    group.protocolType(), group.protocolName(), m.assignment(), GroupError.NONE));
                    rebalancer.startSession(group, m, m.sessionTimeoutMs());
                    break;
                default:
                    group.reply(response, SyncResult.error(GroupError.COORDINATOR_NOT_AVAILABLE));
            }
        });
        return response;
    }

    private GroupError validateSync(ClassicGroup group, SyncGroupParams p) {
        GroupError error =
                ClassicMemberChecks.memberOfGeneration(group, p.memberId(), p.groupInstanceId(), p.generationId());
        if (error != GroupError.NONE) {
            return error;
        }
        if (p.protocolType() != null && !p.protocolType().equals(group.protocolType())) {
            return GroupError.INCONSISTENT_GROUP_PROTOCOL;
        }
        if (p.protocolName() != null && !p.protocolName().equals(group.protocolName())) {
            return GroupError.INCONSISTENT_GROUP_PROTOCOL;
        }
        return GroupError.NONE;
    }

    /** Persists the leader's assignment, then hands every member its part and makes the group Stable. */
    private void completeLeaderSync(ClassicGroup group, int generationId, Map<String, byte[]> assignments) {
        Map<String, byte[]> complete = new HashMap<>();
        for (GroupMember m : group.allMembers()) {
            byte[] a = assignments.get(m.memberId());
            complete.put(m.memberId(), a == null ? new byte[0] : a);
        }
        LOG.info(
                "Assignment received from leader of group {} for generation {} ({} members)",
                group.groupId(),
                generationId,
                group.size());
        rebalancer
                .writeMetadata(group, complete)
                .whenComplete((ok, failure) -> groups.withLock(group, () -> {
                    if (!group.is(GroupState.COMPLETING_REBALANCE) || group.generationId() != generationId) {
                        return; // superseded by a newer rebalance
                    }
                    if (failure != null) {
                        rebalancer.resetAndPropagateAssignmentError(group, GroupError.COORDINATOR_NOT_AVAILABLE);
                        rebalancer.maybePrepareRebalance(group, "failed to persist the assignment");
                    } else {
                        rebalancer.stabilize(group, complete);
                    }
                }));
    }
}
