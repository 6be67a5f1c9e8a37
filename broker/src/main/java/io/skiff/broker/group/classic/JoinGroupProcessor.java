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
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.GroupType;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JoinGroup of the classic protocol, following Kafka's classic GroupCoordinator: validates the request,
 * admits new members (KIP-394 member-id round trip, group.max.size), replaces rejoining static members
 * (KIP-345) and parks the response until the {@link Rebalancer} completes the join phase.
 *
 * <p>Thread-safe: every group mutation happens inside {@link GroupRegistry#withLock} on that group only.
 */
public final class JoinGroupProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(JoinGroupProcessor.class);
    /** How long a new member's parked JoinGroup may wait (Kafka's NewMemberJoinTimeoutMs). */
    static final int NEW_MEMBER_JOIN_TIMEOUT_MS = 5 * 60 * 1000;

    private final GroupCoordinatorConfig config;
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final Rebalancer rebalancer;
    private final Clock clock;

    public JoinGroupProcessor(
            GroupCoordinatorConfig config,
            GroupRegistry groups,
            CoordinatorWriter store,
            Rebalancer rebalancer,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.rebalancer = rebalancer;
        this.clock = clock;
    }

    public CompletableFuture<JoinResult> joinGroup(JoinGroupParams p) {
        CompletableFuture<JoinResult> response = new CompletableFuture<>();
        if (p.groupId() == null || p.groupId().isEmpty()) {
            response.complete(JoinResult.error(p.memberId(), GroupError.INVALID_GROUP_ID));
            return response;
        }
        if (p.sessionTimeoutMs() < config.groupMinSessionTimeoutMs()
                || p.sessionTimeoutMs() > config.groupMaxSessionTimeoutMs()) {
            response.complete(JoinResult.error(p.memberId(), GroupError.INVALID_SESSION_TIMEOUT));
            return response;
        }
        boolean unknownMember = p.memberId().isEmpty();
        ClassicGroup group =
                unknownMember ? classicGroupToJoin(p.groupId()) : groups.get(p.groupId(), ClassicGroup.class);
        if (group == null) {
            // A consumer group with members: classic members cannot join it here (see the README).
            Group other = groups.get(p.groupId());
            boolean consumerGroup = other != null && other.type() == GroupType.CONSUMER;
            response.complete(JoinResult.error(
                    p.memberId(),
                    consumerGroup ? GroupError.INCONSISTENT_GROUP_PROTOCOL : GroupError.UNKNOWN_MEMBER_ID));
            return response;
        }
        groups.withLock(group, () -> {
            if (!acceptJoiningMember(group, p.memberId())) {
                group.remove(p.memberId());
                group.reply(response, JoinResult.error("", GroupError.GROUP_MAX_SIZE_REACHED));
            } else if (unknownMember) {
                joinNewMember(group, p, response);
            } else {
                joinCurrentMember(group, p, response);
            }
            if (group.is(GroupState.PREPARING_REBALANCE)) {
                rebalancer.tryCompleteJoin(group);
            }
        });
        return response;
    }

    /**
     * The classic group a new member joins: the existing one, a new one, or one that replaces an empty consumer
     * group (whose records get tombstones; its offsets stay). Null if a consumer group with members holds the id.
     */
    private ClassicGroup classicGroupToJoin(String groupId) {
        while (true) {
            Group current = groups.get(groupId);
            if (current == null) {
                ClassicGroup created = ClassicGroup.getOrCreate(groups, groupId, now());
                if (created != null) {
                    return created;
                }
                continue;
            }
            if (current instanceof ClassicGroup classic) {
                return classic;
            }
            Group consumer = current;
            ClassicGroup converted = groups.withLock(consumer, () -> {
                if (consumer.isDead() || !consumer.isEmpty()) {
                    return null;
                }
                ClassicGroup replacement = new ClassicGroup(groupId, GroupState.EMPTY, now());
                if (!groups.replace(consumer, replacement)) {
                    return null;
                }
                consumer.markDead(now());
                store.append(groupId, consumer.tombstones(), now());
                LOG.info("Empty consumer group {} converted to a classic group", groupId);
                return replacement;
            });
            if (converted != null) {
                return converted;
            }
            if (!consumer.isDead()) {
                return null;
            }
        }
    }

    private boolean acceptJoiningMember(ClassicGroup group, String memberId) {
        switch (group.state()) {
            case EMPTY:
            case DEAD:
                return true;
            case PREPARING_REBALANCE:
                return (group.has(memberId) && group.get(memberId).isAwaitingJoin())
                        || group.numAwaitingJoin() < config.groupMaxSize();
            default:
                return group.has(memberId) || group.size() < config.groupMaxSize();
        }
    }

    private void joinNewMember(ClassicGroup group, JoinGroupParams p, CompletableFuture<JoinResult> response) {
        if (group.is(GroupState.DEAD)) {
            // Deleted meanwhile: the client rediscovers the coordinator and retries.
            group.reply(response, JoinResult.error("", GroupError.COORDINATOR_NOT_AVAILABLE));
            return;
        }
        if (!group.supportsProtocols(p.protocolType(), p.protocols())) {
            group.reply(response, JoinResult.error("", GroupError.INCONSISTENT_GROUP_PROTOCOL));
            return;
        }
        String newMemberId = group.generateMemberId(p.clientId(), p.groupInstanceId());
        if (p.groupInstanceId() != null) {
            String oldMemberId = group.staticMemberId(p.groupInstanceId());
            if (oldMemberId != null) {
                LOG.info(
                        "Static member {} of group {} rejoins in state {}; replacing member id {} with {}",
                        p.groupInstanceId(),
                        group.groupId(),
                        group.state(),
                        oldMemberId,
                        newMemberId);
                updateStaticMemberAndRebalance(group, oldMemberId, newMemberId, p, response);
            } else {
                addMemberAndRebalance(group, p, newMemberId, response);
            }
        } else if (p.requireKnownMemberId()) {
            // KIP-394: hand out the id first; the member rejoins with it.
            group.addPendingMember(newMemberId);
            rebalancer.expirePendingMemberAfter(group, newMemberId, p.sessionTimeoutMs());
            group.reply(response, JoinResult.error(newMemberId, GroupError.MEMBER_ID_REQUIRED));
        } else {
            addMemberAndRebalance(group, p, newMemberId, response);
        }
    }

    private void joinCurrentMember(ClassicGroup group, JoinGroupParams p, CompletableFuture<JoinResult> response) {
        String memberId = p.memberId();
        if (group.is(GroupState.DEAD)) {
            group.reply(response, JoinResult.error(memberId, GroupError.COORDINATOR_NOT_AVAILABLE));
            return;
        }
        if (!group.supportsProtocols(p.protocolType(), p.protocols())) {
            group.reply(response, JoinResult.error(memberId, GroupError.INCONSISTENT_GROUP_PROTOCOL));
            return;
        }
        if (group.isPendingMember(memberId)) {
            if (p.groupInstanceId() != null) {
                // A pending member is always dynamic; a static one here is a confused client.
                group.reply(response, JoinResult.error(memberId, GroupError.UNKNOWN_MEMBER_ID));
                return;
            }
            addMemberAndRebalance(group, p, memberId, response);
            return;
        }
        GroupError error = ClassicMemberChecks.currentMember(group, memberId, p.groupInstanceId());
        if (error != GroupError.NONE) {
            group.reply(response, JoinResult.error(memberId, error));
            return;
        }
        GroupMember member = group.get(memberId);
        switch (group.state()) {
            case PREPARING_REBALANCE:
                updateMemberAndRebalance(group, member, p, response);
                break;
            case COMPLETING_REBALANCE:
                if (member.matches(p.protocols())) {
                    // Same metadata: it probably missed the JoinGroup response; answer it again.
                    group.reply(response, JoinResult.ofGeneration(group, memberId));
                } else {
                    updateMemberAndRebalance(group, member, p, response);
                }
                break;
            case STABLE:
                if (group.isLeader(memberId) || !member.matches(p.protocols())) {
                    // The leader rejoining is how a consumer asks for a rebalance (e.g. metadata changed).
                    updateMemberAndRebalance(group, member, p, response);
                } else {
                    group.reply(response, JoinResult.ofGeneration(group, memberId, List.of()));
                }
                break;
            default:
                LOG.warn("Member {} rejoins group {} in unexpected state {}", memberId, group.groupId(), group.state());
                group.reply(response, JoinResult.error(memberId, GroupError.UNKNOWN_MEMBER_ID));
        }
    }

    private void addMemberAndRebalance(
            ClassicGroup group, JoinGroupParams p, String memberId, CompletableFuture<JoinResult> response) {
        GroupMember member = new GroupMember(
                memberId,
                p.groupInstanceId(),
                p.clientId(),
                p.clientHost(),
                p.rebalanceTimeoutMs(),
                p.sessionTimeoutMs(),
                p.protocolType(),
                p.protocols());
        member.isNew = true;
        member.awaitingJoin = response;
        if (group.is(GroupState.PREPARING_REBALANCE) && group.generationId() == 0) {
            group.newMemberAdded(true);
        }
        group.add(member);
        // A new member cannot heartbeat yet; bound how long its parked join may wait instead.
        rebalancer.startSession(group, member, NEW_MEMBER_JOIN_TIMEOUT_MS);
        rebalancer.maybePrepareRebalance(group, "adding new member " + memberId);
    }

    private void updateMemberAndRebalance(
            ClassicGroup group, GroupMember member, JoinGroupParams p, CompletableFuture<JoinResult> response) {
        member.update(p.protocols(), p.rebalanceTimeoutMs(), p.sessionTimeoutMs());
        if (member.awaitingJoin != null && member.awaitingJoin != response) {
            // A duplicate JoinGroup replaces the parked one; don't leave the old response hanging.
            group.completeJoin(member, JoinResult.error(member.memberId(), GroupError.REBALANCE_IN_PROGRESS));
        }
        member.awaitingJoin = response;
        rebalancer.maybePrepareRebalance(group, "member " + member.memberId() + " rejoining");
    }

    private void updateStaticMemberAndRebalance(
            ClassicGroup group,
            String oldMemberId,
            String newMemberId,
            JoinGroupParams p,
            CompletableFuture<JoinResult> response) {
        String currentLeader = group.leaderId();
        GroupMember member = group.replaceStaticMember(p.groupInstanceId(), oldMemberId, newMemberId);
        rebalancer.startSession(group, member, member.sessionTimeoutMs());
        List<MemberProtocol> oldProtocols = member.protocols();
        int oldRebalanceTimeout = member.rebalanceTimeoutMs();
        int oldSessionTimeout = member.sessionTimeoutMs();
        member.update(p.protocols(), p.rebalanceTimeoutMs(), p.sessionTimeoutMs());
        member.awaitingJoin = response;

        switch (group.state()) {
            case STABLE:
                if (group.selectProtocol().equals(group.protocolName())) {
                    // Same protocol: persist the new member id and let it continue with its old assignment.
                    int generation = group.generationId();
                    rebalancer
                            .writeMetadata(group, null)
                            .whenComplete((ok, failure) -> groups.withLock(group, () -> {
                                if (member.awaitingJoin != response) {
                                    return; // a rebalance or another fencing answered it meanwhile
                                }
                                if (failure != null) {
                                    member.update(oldProtocols, oldRebalanceTimeout, oldSessionTimeout);
                                    group.completeJoin(
                                            member,
                                            new JoinResult(
                                                    List.of(),
                                                    "",
                                                    generation,
                                                    group.protocolType(),
                                                    group.protocolName(),
                                                    currentLeader,
                                                    false,
                                                    GroupError.COORDINATOR_NOT_AVAILABLE));
                                    if (group.has(newMemberId)) {
                                        GroupMember restored = group.replaceStaticMember(
                                                p.groupInstanceId(), newMemberId, oldMemberId);
                                        rebalancer.startSession(group, restored, restored.sessionTimeoutMs());
                                    }
                                } else if (p.supportSkippingAssignment()) {
                                    // JoinGroup v9+: a static leader learns it leads but skips the assignor.
                                    boolean leader = group.isLeader(newMemberId);
                                    group.completeJoin(
                                            member,
                                            new JoinResult(
                                                    leader ? group.currentMemberMetadata() : List.of(),
                                                    newMemberId,
                                                    group.generationId(),
                                                    group.protocolType(),
                                                    group.protocolName(),
                                                    group.leaderId(),
                                                    leader,
                                                    GroupError.NONE));
                                } else {
                                    // Older versions: report the old leader id so nobody re-runs the assignor.
                                    group.completeJoin(
                                            member,
                                            new JoinResult(
                                                    List.of(),
                                                    newMemberId,
                                                    group.generationId(),
                                                    group.protocolType(),
                                                    group.protocolName(),
                                                    currentLeader,
                                                    false,
                                                    GroupError.NONE));
                                }
                            }));
                } else {
                    rebalancer.maybePrepareRebalance(
                            group, "static member " + p.groupInstanceId() + " changed protocols");
                }
                break;
            case COMPLETING_REBALANCE:
                // The leader may already assign to the old member id: rebalance again.
                rebalancer.prepareRebalance(group, "static member " + p.groupInstanceId() + " rejoined during sync");
                break;
            case PREPARING_REBALANCE:
                break;
            default:
                throw new IllegalStateException("Group " + group.groupId() + " in state " + group.state()
                        + " cannot have static member " + p.groupInstanceId());
        }
    }

    private long now() {
        return clock.millis();
    }
}
