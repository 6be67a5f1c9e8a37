package io.skiff.broker.group;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classic rebalance protocol — JoinGroup, SyncGroup, Heartbeat, LeaveGroup — and its timers
 * (session expiry, rebalance timeout, initial rebalance delay, pending-sync expiry), following Kafka's
 * classic GroupCoordinator. JoinGroup and SyncGroup responses are parked futures completed by later
 * events or by timers.
 *
 * <p>Thread-safe: every group mutation happens inside {@link GroupRegistry#withLock} on that group only.
 */
final class MembershipManager {
    private static final Logger log = LoggerFactory.getLogger(MembershipManager.class);
    /** How long a new member's parked JoinGroup may wait (Kafka's NewMemberJoinTimeoutMs). */
    static final int NEW_MEMBER_JOIN_TIMEOUT_MS = 5 * 60 * 1000;

    private final GroupCoordinatorConfig config;
    private final GroupRegistry groups;
    private final GroupStore store;
    private final GroupScheduler scheduler;
    private final Clock clock;

    MembershipManager(GroupCoordinatorConfig config, GroupRegistry groups, GroupStore store,
                      GroupScheduler scheduler, Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ JoinGroup

    CompletableFuture<JoinResult> joinGroup(JoinGroupParams p) {
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
        ClassicGroup group = unknownMember ? groups.getOrCreate(p.groupId(), now()) : groups.get(p.groupId());
        if (group == null) {
            response.complete(JoinResult.error(p.memberId(), GroupError.UNKNOWN_MEMBER_ID));
            return response;
        }
        groups.withLock(group, () -> {
            if (!acceptJoiningMember(group, p.memberId())) {
                group.remove(p.memberId());
                reply(group, response, JoinResult.error("", GroupError.GROUP_MAX_SIZE_REACHED));
            } else if (unknownMember) {
                joinNewMember(group, p, response);
            } else {
                joinCurrentMember(group, p, response);
            }
            if (group.is(GroupState.PREPARING_REBALANCE)) {
                tryCompleteJoin(group);
            }
        });
        return response;
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
            reply(group, response, JoinResult.error("", GroupError.COORDINATOR_NOT_AVAILABLE));
            return;
        }
        if (!group.supportsProtocols(p.protocolType(), p.protocols())) {
            reply(group, response, JoinResult.error("", GroupError.INCONSISTENT_GROUP_PROTOCOL));
            return;
        }
        String newMemberId = group.generateMemberId(p.clientId(), p.groupInstanceId());
        if (p.groupInstanceId() != null) {
            String oldMemberId = group.staticMemberId(p.groupInstanceId());
            if (oldMemberId != null) {
                log.info("Static member {} of group {} rejoins in state {}; replacing member id {} with {}",
                    p.groupInstanceId(), group.groupId(), group.state(), oldMemberId, newMemberId);
                updateStaticMemberAndRebalance(group, oldMemberId, newMemberId, p, response);
            } else {
                addMemberAndRebalance(group, p, newMemberId, response);
            }
        } else if (p.requireKnownMemberId()) {
            // KIP-394: hand out the id first; the member rejoins with it.
            group.addPendingMember(newMemberId);
            schedulePendingMemberExpiration(group, newMemberId, p.sessionTimeoutMs());
            reply(group, response, JoinResult.error(newMemberId, GroupError.MEMBER_ID_REQUIRED));
        } else {
            addMemberAndRebalance(group, p, newMemberId, response);
        }
    }

    private void joinCurrentMember(ClassicGroup group, JoinGroupParams p, CompletableFuture<JoinResult> response) {
        String memberId = p.memberId();
        if (group.is(GroupState.DEAD)) {
            reply(group, response, JoinResult.error(memberId, GroupError.COORDINATOR_NOT_AVAILABLE));
            return;
        }
        if (!group.supportsProtocols(p.protocolType(), p.protocols())) {
            reply(group, response, JoinResult.error(memberId, GroupError.INCONSISTENT_GROUP_PROTOCOL));
            return;
        }
        if (group.isPendingMember(memberId)) {
            if (p.groupInstanceId() != null) {
                // A pending member is always dynamic; a static one here is a confused client.
                reply(group, response, JoinResult.error(memberId, GroupError.UNKNOWN_MEMBER_ID));
                return;
            }
            addMemberAndRebalance(group, p, memberId, response);
            return;
        }
        GroupError error = validateCurrentMember(group, memberId, p.groupInstanceId());
        if (error != GroupError.NONE) {
            reply(group, response, JoinResult.error(memberId, error));
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
                    reply(group, response, new JoinResult(
                        group.isLeader(memberId) ? group.currentMemberMetadata() : List.of(), memberId,
                        group.generationId(), group.protocolType(), group.protocolName(), group.leaderId(), false,
                        GroupError.NONE));
                } else {
                    updateMemberAndRebalance(group, member, p, response);
                }
                break;
            case STABLE:
                if (group.isLeader(memberId) || !member.matches(p.protocols())) {
                    // The leader rejoining is how a consumer asks for a rebalance (e.g. metadata changed).
                    updateMemberAndRebalance(group, member, p, response);
                } else {
                    reply(group, response, new JoinResult(List.of(), memberId, group.generationId(),
                        group.protocolType(), group.protocolName(), group.leaderId(), false, GroupError.NONE));
                }
                break;
            default:
                log.warn("Member {} rejoins group {} in unexpected state {}", memberId, group.groupId(), group.state());
                reply(group, response, JoinResult.error(memberId, GroupError.UNKNOWN_MEMBER_ID));
        }
    }

    private void addMemberAndRebalance(ClassicGroup group, JoinGroupParams p, String memberId,
                                       CompletableFuture<JoinResult> response) {
        GroupMember member = new GroupMember(memberId, p.groupInstanceId(), p.clientId(), p.clientHost(),
            p.rebalanceTimeoutMs(), p.sessionTimeoutMs(), p.protocolType(), p.protocols());
        member.isNew = true;
        member.awaitingJoin = response;
        if (group.is(GroupState.PREPARING_REBALANCE) && group.generationId() == 0) {
            group.newMemberAdded = true;
        }
        group.add(member);
        // A new member cannot heartbeat yet; bound how long its parked join may wait instead.
        scheduleHeartbeatExpiration(group, member, NEW_MEMBER_JOIN_TIMEOUT_MS);
        maybePrepareRebalance(group, "adding new member " + memberId);
    }

    private void updateMemberAndRebalance(ClassicGroup group, GroupMember member, JoinGroupParams p,
                                          CompletableFuture<JoinResult> response) {
        member.update(p.protocols(), p.rebalanceTimeoutMs(), p.sessionTimeoutMs());
        if (member.awaitingJoin != null && member.awaitingJoin != response) {
            // A duplicate JoinGroup replaces the parked one; don't leave the old response hanging.
            group.completeJoin(member, JoinResult.error(member.memberId(), GroupError.REBALANCE_IN_PROGRESS));
        }
        member.awaitingJoin = response;
        maybePrepareRebalance(group, "member " + member.memberId() + " rejoining");
    }

    private void updateStaticMemberAndRebalance(ClassicGroup group, String oldMemberId, String newMemberId,
                                                JoinGroupParams p, CompletableFuture<JoinResult> response) {
        String currentLeader = group.leaderId();
        GroupMember member = group.replaceStaticMember(p.groupInstanceId(), oldMemberId, newMemberId);
        scheduleHeartbeatExpiration(group, member, member.sessionTimeoutMs());
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
                    store.append(group.groupId(), List.of(groupMetadataRecord(group, null)), now())
                        .whenComplete((ok, failure) -> groups.withLock(group, () -> {
                            if (member.awaitingJoin != response) {
                                return; // a rebalance or another fencing answered it meanwhile
                            }
                            if (failure != null) {
                                member.update(oldProtocols, oldRebalanceTimeout, oldSessionTimeout);
                                group.completeJoin(member, new JoinResult(List.of(), "", generation,
                                    group.protocolType(), group.protocolName(), currentLeader, false,
                                    GroupError.COORDINATOR_NOT_AVAILABLE));
                                if (group.has(newMemberId)) {
                                    GroupMember restored = group.replaceStaticMember(p.groupInstanceId(),
                                        newMemberId, oldMemberId);
                                    scheduleHeartbeatExpiration(group, restored, restored.sessionTimeoutMs());
                                }
                            } else if (p.supportSkippingAssignment()) {
                                // JoinGroup v9+: a static leader learns it leads but skips the assignor.
                                boolean leader = group.isLeader(newMemberId);
                                group.completeJoin(member, new JoinResult(
                                    leader ? group.currentMemberMetadata() : List.of(), newMemberId,
                                    group.generationId(), group.protocolType(), group.protocolName(),
                                    group.leaderId(), leader, GroupError.NONE));
                            } else {
                                // Older versions: report the old leader id so nobody re-runs the assignor.
                                group.completeJoin(member, new JoinResult(List.of(), newMemberId,
                                    group.generationId(), group.protocolType(), group.protocolName(),
                                    currentLeader, false, GroupError.NONE));
                            }
                        }));
                } else {
                    maybePrepareRebalance(group, "static member " + p.groupInstanceId() + " changed protocols");
                }
                break;
            case COMPLETING_REBALANCE:
                // The leader may already assign to the old member id: rebalance again.
                prepareRebalance(group, "static member " + p.groupInstanceId() + " rejoined during sync");
                break;
            case PREPARING_REBALANCE:
                break;
            default:
                throw new IllegalStateException("Group " + group.groupId() + " in state " + group.state()
                    + " cannot have static member " + p.groupInstanceId());
        }
    }

    // ------------------------------------------------------------------ rebalance phases

    private void maybePrepareRebalance(ClassicGroup group, String reason) {
        if (GroupState.PREPARING_REBALANCE.canTransitionFrom(group.state())) {
            prepareRebalance(group, reason);
        }
    }

    void prepareRebalance(ClassicGroup group, String reason) {
        if (group.is(GroupState.COMPLETING_REBALANCE)) {
            resetAndPropagateAssignmentError(group, GroupError.REBALANCE_IN_PROGRESS);
        }
        cancelSyncTimer(group);
        group.clearPendingSyncMembers();
        boolean initial = group.is(GroupState.EMPTY);
        group.transitionTo(GroupState.PREPARING_REBALANCE, now());
        log.info("Preparing to rebalance group {} with old generation {} (reason: {})", group.groupId(),
            group.generationId(), reason);
        cancelJoinTimer(group);
        if (initial) {
            int delay = config.groupInitialRebalanceDelayMs();
            scheduleInitialJoin(group, delay, Math.max(group.rebalanceTimeoutMs() - delay, 0));
        } else {
            scheduleJoinTimeout(group, group.rebalanceTimeoutMs());
            tryCompleteJoin(group);
        }
    }

    private void scheduleInitialJoin(ClassicGroup group, int delayMs, int remainingMs) {
        long epoch = ++group.timerEpoch;
        group.initialJoinPending = true;
        group.joinTimer = scheduler.schedule(delayMs, () -> groups.withLock(group, () -> {
            if (group.timerEpoch != epoch || !group.is(GroupState.PREPARING_REBALANCE)) {
                return;
            }
            if (group.newMemberAdded && remainingMs != 0) {
                // Members keep arriving: wait a little longer, up to the rebalance timeout.
                group.newMemberAdded = false;
                int delay = Math.min(config.groupInitialRebalanceDelayMs(), remainingMs);
                scheduleInitialJoin(group, delay, Math.max(remainingMs - delayMs, 0));
            } else {
                group.initialJoinPending = false;
                onCompleteJoin(group);
            }
        }));
    }

    private void scheduleJoinTimeout(ClassicGroup group, int timeoutMs) {
        long epoch = ++group.timerEpoch;
        group.initialJoinPending = false;
        group.joinTimer = scheduler.schedule(timeoutMs, () -> groups.withLock(group, () -> {
            if (group.timerEpoch == epoch && group.is(GroupState.PREPARING_REBALANCE)) {
                onCompleteJoin(group);
            }
        }));
    }

    private void cancelJoinTimer(ClassicGroup group) {
        if (group.joinTimer != null) {
            group.joinTimer.cancel();
            group.joinTimer = null;
        }
        group.timerEpoch++;
    }

    /** Completes the join phase if everyone has rejoined (never during the initial delay). */
    void tryCompleteJoin(ClassicGroup group) {
        if (group.is(GroupState.PREPARING_REBALANCE) && !group.initialJoinPending && group.hasAllMembersJoined()) {
            cancelJoinTimer(group);
            onCompleteJoin(group);
        }
    }

    private void onCompleteJoin(ClassicGroup group) {
        group.initialJoinPending = false;
        for (GroupMember m : group.membersSnapshot()) {
            if (!m.isAwaitingJoin() && !m.isStatic()) {
                log.info("Group {} removes member {} which did not rejoin in time", group.groupId(), m.memberId());
                cancelHeartbeat(m);
                group.remove(m.memberId());
            }
        }
        if (group.is(GroupState.DEAD)) {
            return;
        }
        if (!group.maybeElectNewJoinedLeader() && group.size() > 0) {
            // Only static members that have not rejoined are left: wait for them or their session expiry.
            log.warn("Group {} could not complete rebalance because no members rejoined", group.groupId());
            scheduleJoinTimeout(group, group.rebalanceTimeoutMs());
            return;
        }
        group.initNextGeneration(now());
        if (group.is(GroupState.EMPTY)) {
            log.info("Group {} with generation {} is now empty", group.groupId(), group.generationId());
            store.append(group.groupId(), List.of(groupMetadataRecord(group, null)), now())
                .whenComplete((ok, failure) -> {
                    if (failure != null) {
                        log.warn("Failed to persist empty metadata of group {}", group.groupId(), failure);
                    }
                });
            return;
        }
        log.info("Stabilized group {} generation {} with {} members", group.groupId(), group.generationId(),
            group.size());
        for (GroupMember m : group.allMembers()) {
            group.completeJoin(m, new JoinResult(
                group.isLeader(m.memberId()) ? group.currentMemberMetadata() : List.of(), m.memberId(),
                group.generationId(), group.protocolType(), group.protocolName(), group.leaderId(), false,
                GroupError.NONE));
            scheduleHeartbeatExpiration(group, m, m.sessionTimeoutMs());
            m.isNew = false;
            group.addPendingSyncMember(m.memberId());
        }
        schedulePendingSync(group);
    }

    private void schedulePendingSync(ClassicGroup group) {
        cancelSyncTimer(group);
        int generation = group.generationId();
        group.syncTimer = scheduler.schedule(group.rebalanceTimeoutMs(), () -> groups.withLock(group, () -> {
            if (generation != group.generationId()
                || !(group.is(GroupState.COMPLETING_REBALANCE) || group.is(GroupState.STABLE))) {
                return;
            }
            var pending = group.pendingSyncMembers();
            if (!pending.isEmpty()) {
                log.info("Group {} removes members {} which did not send SyncGroup in time", group.groupId(), pending);
                for (String id : pending) {
                    GroupMember m = group.get(id);
                    if (m != null) {
                        cancelHeartbeat(m);
                    }
                    group.remove(id);
                }
                prepareRebalance(group, "pending SyncGroup expired for " + pending);
            }
        }));
    }

    private void cancelSyncTimer(ClassicGroup group) {
        if (group.syncTimer != null) {
            group.syncTimer.cancel();
            group.syncTimer = null;
        }
    }

    // ------------------------------------------------------------------ SyncGroup

    CompletableFuture<SyncResult> syncGroup(String groupId, int generationId, String memberId, String groupInstanceId,
                                            String protocolType, String protocolName, Map<String, byte[]> assignments) {
        CompletableFuture<SyncResult> response = new CompletableFuture<>();
        if (groupId == null || groupId.isEmpty()) {
            response.complete(SyncResult.error(GroupError.INVALID_GROUP_ID));
            return response;
        }
        ClassicGroup group = groups.get(groupId);
        if (group == null) {
            response.complete(SyncResult.error(GroupError.UNKNOWN_MEMBER_ID));
            return response;
        }
        groups.withLock(group, () -> {
            GroupError error = validateSync(group, generationId, memberId, groupInstanceId, protocolType, protocolName);
            if (error != GroupError.NONE) {
                reply(group, response, SyncResult.error(error));
                return;
            }
            switch (group.state()) {
                case EMPTY:
                    reply(group, response, SyncResult.error(GroupError.UNKNOWN_MEMBER_ID));
                    break;
                case PREPARING_REBALANCE:
                    reply(group, response, SyncResult.error(GroupError.REBALANCE_IN_PROGRESS));
                    break;
                case COMPLETING_REBALANCE:
                    GroupMember member = group.get(memberId);
                    if (member.awaitingSync != null && member.awaitingSync != response) {
                        group.completeSync(member, SyncResult.error(GroupError.REBALANCE_IN_PROGRESS));
                    }
                    member.awaitingSync = response;
                    group.removePendingSyncMember(memberId);
                    if (group.isLeader(memberId)) {
                        completeLeaderSync(group, generationId, assignments);
                    }
                    break;
                case STABLE:
                    group.removePendingSyncMember(memberId);
                    GroupMember m = group.get(memberId);
                    reply(group, response, new SyncResult(group.protocolType(), group.protocolName(), m.assignment(),
                        GroupError.NONE));
                    scheduleHeartbeatExpiration(group, m, m.sessionTimeoutMs());
                    break;
                default:
                    reply(group, response, SyncResult.error(GroupError.COORDINATOR_NOT_AVAILABLE));
            }
        });
        return response;
    }

    private GroupError validateSync(ClassicGroup group, int generationId, String memberId, String groupInstanceId,
                                    String protocolType, String protocolName) {
        if (group.is(GroupState.DEAD)) {
            return GroupError.COORDINATOR_NOT_AVAILABLE;
        }
        GroupError error = validateCurrentMember(group, memberId, groupInstanceId);
        if (error != GroupError.NONE) {
            return error;
        }
        if (generationId != group.generationId()) {
            return GroupError.ILLEGAL_GENERATION;
        }
        if (protocolType != null && !protocolType.equals(group.protocolType())) {
            return GroupError.INCONSISTENT_GROUP_PROTOCOL;
        }
        if (protocolName != null && !protocolName.equals(group.protocolName())) {
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
        log.info("Assignment received from leader of group {} for generation {} ({} members)", group.groupId(),
            generationId, group.size());
        store.append(group.groupId(), List.of(groupMetadataRecord(group, complete)), now())
            .whenComplete((ok, failure) -> groups.withLock(group, () -> {
                if (!group.is(GroupState.COMPLETING_REBALANCE) || group.generationId() != generationId) {
                    return; // superseded by a newer rebalance
                }
                if (failure != null) {
                    resetAndPropagateAssignmentError(group, GroupError.COORDINATOR_NOT_AVAILABLE);
                    maybePrepareRebalance(group, "failed to persist the assignment");
                } else {
                    for (GroupMember m : group.allMembers()) {
                        m.assignment(complete.get(m.memberId()));
                    }
                    propagateAssignment(group, GroupError.NONE);
                    group.transitionTo(GroupState.STABLE, now());
                }
            }));
    }

    private void resetAndPropagateAssignmentError(ClassicGroup group, GroupError error) {
        for (GroupMember m : group.allMembers()) {
            m.assignment(new byte[0]);
        }
        propagateAssignment(group, error);
    }

    private void propagateAssignment(ClassicGroup group, GroupError error) {
        String type = error == GroupError.NONE ? group.protocolType() : null;
        String name = error == GroupError.NONE ? group.protocolName() : null;
        for (GroupMember m : group.allMembers()) {
            if (group.completeSync(m, new SyncResult(type, name, m.assignment(), error))) {
                // Its session may have run out while it waited for the leader: restart the clock.
                scheduleHeartbeatExpiration(group, m, m.sessionTimeoutMs());
            }
        }
    }

    // ------------------------------------------------------------------ Heartbeat

    GroupError heartbeat(String groupId, String memberId, String groupInstanceId, int generationId) {
        if (groupId == null || groupId.isEmpty()) {
            return GroupError.INVALID_GROUP_ID;
        }
        ClassicGroup group = groups.get(groupId);
        if (group == null) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        return groups.withLock(group, () -> {
            if (group.is(GroupState.DEAD)) {
                return GroupError.COORDINATOR_NOT_AVAILABLE;
            }
            GroupError error = validateCurrentMember(group, memberId, groupInstanceId);
            if (error != GroupError.NONE) {
                return error;
            }
            if (generationId != group.generationId()) {
                return GroupError.ILLEGAL_GENERATION;
            }
            switch (group.state()) {
                case EMPTY:
                    return GroupError.UNKNOWN_MEMBER_ID;
                case PREPARING_REBALANCE:
                    touch(group, group.get(memberId));
                    return GroupError.REBALANCE_IN_PROGRESS;
                default:
                    touch(group, group.get(memberId));
                    return GroupError.NONE;
            }
        });
    }

    // ------------------------------------------------------------------ LeaveGroup

    LeaveResult leaveGroup(String groupId, List<MemberIdentity> leaving) {
        if (groupId == null || groupId.isEmpty()) {
            return new LeaveResult(GroupError.INVALID_GROUP_ID, List.of());
        }
        ClassicGroup group = groups.get(groupId);
        if (group == null) {
            List<LeaveResult.MemberResult> results = new ArrayList<>();
            for (MemberIdentity m : leaving) {
                results.add(new LeaveResult.MemberResult(m.memberId(), m.groupInstanceId(), GroupError.UNKNOWN_MEMBER_ID));
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
            removeMemberAndUpdateGroup(group, group.get(current), "left by instance id");
            return GroupError.NONE;
        }
        if (group.isPendingMember(memberId)) {
            group.removePendingMember(memberId);
            tryCompleteJoin(group);
            return GroupError.NONE;
        }
        GroupError error = validateCurrentMember(group, memberId, m.groupInstanceId());
        if (error == GroupError.NONE) {
            removeMemberAndUpdateGroup(group, group.get(memberId),
                "left the group" + (m.reason() == null ? "" : " (" + m.reason() + ")"));
        }
        return error;
    }

    // ------------------------------------------------------------------ members and sessions

    /** Kafka's validateCurrentMember: the instance id (if any) must map to this member id, which must exist. */
    GroupError validateCurrentMember(ClassicGroup group, String memberId, String groupInstanceId) {
        if (groupInstanceId != null) {
            String current = group.staticMemberId(groupInstanceId);
            if (current == null) {
                return GroupError.UNKNOWN_MEMBER_ID;
            }
            if (!current.equals(memberId)) {
                log.info("Member {} of static instance {} in group {} is fenced by {}", memberId, groupInstanceId,
                    group.groupId(), current);
                return GroupError.FENCED_INSTANCE_ID;
            }
        }
        return group.has(memberId) ? GroupError.NONE : GroupError.UNKNOWN_MEMBER_ID;
    }

    /** Proof of life from a member (heartbeat, commit): restart its session timer. */
    void touch(ClassicGroup group, GroupMember member) {
        scheduleHeartbeatExpiration(group, member, member.sessionTimeoutMs());
    }

    private void scheduleHeartbeatExpiration(ClassicGroup group, GroupMember member, int timeoutMs) {
        cancelHeartbeat(member);
        long epoch = ++member.heartbeatEpoch;
        member.heartbeatTimer = scheduler.schedule(timeoutMs, () -> groups.withLock(group, () -> {
            if (member.heartbeatEpoch != epoch || group.is(GroupState.DEAD) || group.get(member.memberId()) != member) {
                return;
            }
            // Members parked in a join or sync are alive by definition (except brand-new ones).
            boolean alive = !member.isNew && (member.isAwaitingJoin() || member.isAwaitingSync());
            if (!alive) {
                log.info("Member {} in group {} has failed (session timeout), removing it", member.memberId(),
                    group.groupId());
                removeMemberAndUpdateGroup(group, member, "session timeout of " + member.memberId());
            }
        }));
    }

    private static void cancelHeartbeat(GroupMember member) {
        member.heartbeatEpoch++;
        if (member.heartbeatTimer != null) {
            member.heartbeatTimer.cancel();
            member.heartbeatTimer = null;
        }
    }

    private void schedulePendingMemberExpiration(ClassicGroup group, String memberId, int sessionTimeoutMs) {
        scheduler.schedule(sessionTimeoutMs, () -> groups.withLock(group, () -> {
            if (group.isPendingMember(memberId)) {
                log.info("Pending member {} of group {} removed after session timeout", memberId, group.groupId());
                group.removePendingMember(memberId);
                tryCompleteJoin(group);
            }
        }));
    }

    private void removeMemberAndUpdateGroup(ClassicGroup group, GroupMember member, String reason) {
        group.completeJoin(member, JoinResult.error("", GroupError.UNKNOWN_MEMBER_ID));
        cancelHeartbeat(member);
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
    void cancelTimers(ClassicGroup group) {
        cancelJoinTimer(group);
        cancelSyncTimer(group);
        for (GroupMember m : group.allMembers()) {
            cancelHeartbeat(m);
        }
    }

    // ------------------------------------------------------------------ persistence helpers

    /** The GroupMetadata record of the group's current state; {@code assignments} overrides members' ones. */
    GroupRecordLog.KeyValue groupMetadataRecord(ClassicGroup group, Map<String, byte[]> assignments) {
        List<GroupMetadataSnapshot.Member> members = new ArrayList<>();
        boolean hasProtocol = group.protocolName() != null;
        for (GroupMember m : group.allMembers()) {
            byte[] assignment = assignments != null ? assignments.get(m.memberId()) : m.assignment();
            members.add(new GroupMetadataSnapshot.Member(m.memberId(), m.groupInstanceId(), m.clientId(),
                m.clientHost(), m.rebalanceTimeoutMs(), m.sessionTimeoutMs(),
                hasProtocol ? m.metadata(group.protocolName()) : new byte[0], assignment));
        }
        GroupMetadataSnapshot snapshot = new GroupMetadataSnapshot(
            group.protocolType() == null ? "" : group.protocolType(), group.generationId(), group.protocolName(),
            group.leaderId(), group.currentStateTimestamp(), members);
        return new GroupRecordLog.KeyValue(GroupRecordCodec.groupKey(group.groupId()),
            GroupRecordCodec.groupValue(snapshot));
    }

    private static <T> void reply(ClassicGroup group, CompletableFuture<T> response, T result) {
        group.defer(() -> response.complete(result));
    }

    private long now() {
        return clock.millis();
    }
}
