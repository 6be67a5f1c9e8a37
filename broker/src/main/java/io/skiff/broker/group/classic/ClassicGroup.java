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

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.KeyLock;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.GroupType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * State of one classic group: members, generation, chosen protocol, leader, state machine and the
 * group's timers. Mirrors Kafka's classic group.
 *
 * <p>Not thread-safe by itself: every access happens while holding {@link #keyLock()}. Completions of
 * parked responses are deferred to run after the lock is released.
 */
public final class ClassicGroup implements Group {
    static final String CONSUMER_PROTOCOL_TYPE = "consumer";

    private final String groupId;
    private final KeyLock keyLock = new KeyLock();

    private GroupState state;
    private long currentStateTimestamp;
    private String protocolType;
    private String protocolName;
    private int generationId;
    private String leaderId;

    private final Map<String, GroupMember> members = new LinkedHashMap<>();
    private final Map<String, String> staticMembers = new HashMap<>();
    private final Set<String> pendingMembers = new HashSet<>();
    private final Set<String> pendingSyncMembers = new HashSet<>();
    private Optional<Set<String>> subscribedTopics = Optional.empty();
    /** A member joined while the initial rebalance delay runs (the delay then waits longer). */
    private boolean newMemberAdded;
    /** True while the initial rebalance delay runs: joins then never complete the phase early. */
    private boolean initialJoinPending;
    /** Join-phase timer (initial delay or rebalance timeout), or null. */
    private CoordinatorScheduler.Cancellable joinTimer;
    /** Pending-sync timer, or null. */
    private CoordinatorScheduler.Cancellable syncTimer;
    /** Bumped whenever the join timer is (re)scheduled or cancelled, so stale timer tasks do nothing. */
    private long timerEpoch;

    /** The classic group of that id, created Empty if no group has the id; null if a group of another kind has it. */
    public static ClassicGroup getOrCreate(GroupRegistry groups, String groupId, long now) {
        return groups.getOrCreate(groupId, ClassicGroup.class, id -> new ClassicGroup(id, GroupState.EMPTY, now));
    }

    public ClassicGroup(String groupId, GroupState initialState, long now) {
        this.groupId = groupId;
        this.state = initialState;
        this.currentStateTimestamp = now;
    }

    @Override
    public String groupId() {
        return groupId;
    }

    @Override
    public GroupType type() {
        return GroupType.CLASSIC;
    }

    @Override
    public KeyLock keyLock() {
        return keyLock;
    }

    @Override
    public String stateName() {
        return state.displayName();
    }

    @Override
    public String protocolTypeOrEmpty() {
        return protocolType == null ? "" : protocolType;
    }

    @Override
    public boolean isDead() {
        return state == GroupState.DEAD;
    }

    @Override
    public boolean isEmpty() {
        return members.isEmpty();
    }

    @Override
    public void markDead(long now) {
        transitionTo(GroupState.DEAD, now);
    }

    @Override
    public List<CoordinatorRecordLog.KeyValue> tombstones() {
        return List.of(ClassicGroupRecords.tombstone(this));
    }

    private void defer(Runnable action) {
        keyLock.defer(action);
    }

    public GroupState state() {
        return state;
    }

    public boolean is(GroupState s) {
        return state == s;
    }

    public long currentStateTimestamp() {
        return currentStateTimestamp;
    }

    public void currentStateTimestamp(long ts) {
        this.currentStateTimestamp = ts;
    }

    public void transitionTo(GroupState next, long now) {
        if (!next.canTransitionFrom(state)) {
            throw new IllegalStateException("Group " + groupId + " cannot go from " + state + " to " + next);
        }
        state = next;
        currentStateTimestamp = now;
    }

    public String protocolType() {
        return protocolType;
    }

    public void protocolType(String t) {
        this.protocolType = t;
    }

    public String protocolName() {
        return protocolName;
    }

    public void protocolName(String n) {
        this.protocolName = n;
    }

    public int generationId() {
        return generationId;
    }

    public void generationId(int g) {
        this.generationId = g;
    }

    public String leaderId() {
        return leaderId;
    }

    public boolean isLeader(String memberId) {
        return memberId != null && memberId.equals(leaderId);
    }

    public boolean isConsumerGroup() {
        return CONSUMER_PROTOCOL_TYPE.equals(protocolType);
    }

    // ---- members ----

    public boolean has(String memberId) {
        return members.containsKey(memberId);
    }

    public GroupMember get(String memberId) {
        return members.get(memberId);
    }

    public int size() {
        return members.size();
    }

    public Collection<GroupMember> allMembers() {
        return members.values();
    }

    public List<GroupMember> membersSnapshot() {
        return new ArrayList<>(members.values());
    }

    public void add(GroupMember member) {
        if (member.isStatic()) {
            if (staticMembers.containsKey(member.groupInstanceId())) {
                throw new IllegalStateException("Static member " + member.groupInstanceId() + " already in " + groupId);
            }
            staticMembers.put(member.groupInstanceId(), member.memberId());
        }
        if (members.isEmpty()) {
            protocolType = member.protocolType();
        }
        if (leaderId == null) {
            leaderId = member.memberId();
        }
        members.put(member.memberId(), member);
        pendingMembers.remove(member.memberId());
    }

    public void remove(String memberId) {
        GroupMember m = members.remove(memberId);
        if (m != null && m.isStatic()) {
            staticMembers.remove(m.groupInstanceId());
        }
        if (isLeader(memberId)) {
            leaderId = members.isEmpty() ? null : members.keySet().iterator().next();
        }
        pendingMembers.remove(memberId);
        pendingSyncMembers.remove(memberId);
    }

    /** Static membership: gives the member of {@code instanceId} a new member id, fencing the old one. */
    public GroupMember replaceStaticMember(String instanceId, String oldMemberId, String newMemberId) {
        GroupMember m = members.remove(oldMemberId);
        if (m == null) {
            throw new IllegalArgumentException("Cannot replace unknown member " + oldMemberId);
        }
        completeJoin(m, JoinResult.error(oldMemberId, GroupError.FENCED_INSTANCE_ID));
        completeSync(m, SyncResult.error(GroupError.FENCED_INSTANCE_ID));
        m.memberId(newMemberId);
        members.put(newMemberId, m);
        if (oldMemberId.equals(leaderId)) {
            leaderId = newMemberId;
        }
        staticMembers.put(instanceId, newMemberId);
        return m;
    }

    public String staticMemberId(String instanceId) {
        return instanceId == null ? null : staticMembers.get(instanceId);
    }

    public int staticMemberCount() {
        return staticMembers.size();
    }

    public boolean isPendingMember(String memberId) {
        return pendingMembers.contains(memberId);
    }

    public void addPendingMember(String memberId) {
        pendingMembers.add(memberId);
    }

    public void removePendingMember(String memberId) {
        pendingMembers.remove(memberId);
    }

    public boolean hasPendingMembers() {
        return !pendingMembers.isEmpty();
    }

    public void addPendingSyncMember(String memberId) {
        pendingSyncMembers.add(memberId);
    }

    public void removePendingSyncMember(String memberId) {
        pendingSyncMembers.remove(memberId);
    }

    public Set<String> pendingSyncMembers() {
        return Set.copyOf(pendingSyncMembers);
    }

    public void clearPendingSyncMembers() {
        pendingSyncMembers.clear();
    }

    public int numAwaitingJoin() {
        int n = 0;
        for (GroupMember m : members.values()) {
            if (m.isAwaitingJoin()) {
                n++;
            }
        }
        return n;
    }

    public boolean hasAllMembersJoined() {
        return members.size() == numAwaitingJoin() && pendingMembers.isEmpty();
    }

    public int rebalanceTimeoutMs() {
        int max = 0;
        for (GroupMember m : members.values()) {
            max = Math.max(max, m.rebalanceTimeoutMs());
        }
        return max;
    }

    public String generateMemberId(String clientId, String groupInstanceId) {
        return (groupInstanceId != null ? groupInstanceId : clientId) + "-" + UUID.randomUUID();
    }

    /** If the leader has not rejoined, makes some member that has the new leader; false if none has. */
    public boolean maybeElectNewJoinedLeader() {
        if (leaderId == null) {
            return false;
        }
        GroupMember leader = members.get(leaderId);
        if (leader != null && leader.isAwaitingJoin()) {
            return true;
        }
        for (GroupMember m : members.values()) {
            if (m.isAwaitingJoin()) {
                leaderId = m.memberId();
                return true;
            }
        }
        return false;
    }

    // ---- protocols ----

    /** Whether a member with this protocol type and these protocols may join (INCONSISTENT_GROUP_PROTOCOL otherwise). */
    public boolean supportsProtocols(String memberProtocolType, List<MemberProtocol> memberProtocols) {
        if (is(GroupState.EMPTY)) {
            return memberProtocolType != null && !memberProtocolType.isEmpty() && !memberProtocols.isEmpty();
        }
        if (!memberProtocolType.equals(protocolType)) {
            return false;
        }
        return ClassicGroupProtocols.sharesProtocol(members.values(), memberProtocols);
    }

    /** The protocol every member supports that most members prefer. */
    public String selectProtocol() {
        if (members.isEmpty()) {
            throw new IllegalStateException("Cannot select a protocol for empty group " + groupId);
        }
        return ClassicGroupProtocols.select(members.values());
    }

    /** Starts the next generation: CompletingRebalance with members, Empty without. */
    public void initNextGeneration(long now) {
        generationId++;
        if (!members.isEmpty()) {
            protocolName = selectProtocol();
            subscribedTopics = computeSubscribedTopics();
            transitionTo(GroupState.COMPLETING_REBALANCE, now);
        } else {
            protocolName = null;
            subscribedTopics = computeSubscribedTopics();
            transitionTo(GroupState.EMPTY, now);
        }
        pendingSyncMembers.clear();
    }

    public List<JoinResult.JoinedMember> currentMemberMetadata() {
        List<JoinResult.JoinedMember> out = new ArrayList<>();
        for (GroupMember m : members.values()) {
            out.add(new JoinResult.JoinedMember(m.memberId(), m.groupInstanceId(), m.metadata(protocolName)));
        }
        return out;
    }

    // ---- subscriptions ----

    private Optional<Set<String>> computeSubscribedTopics() {
        return ClassicGroupProtocols.subscribedTopics(members.values(), isConsumerGroup(), protocolName);
    }

    /** True if the group's members subscribe to {@code topic}, or if that is unknown (to be safe). */
    @Override
    public boolean isSubscribedToTopic(String topic) {
        return subscribedTopics.map(s -> s.contains(topic)).orElse(true);
    }

    public Optional<Set<String>> subscribedTopics() {
        return subscribedTopics;
    }

    /** Restores the subscription view after loading (no members: consumer groups subscribe to nothing). */
    public void recomputeSubscribedTopics() {
        subscribedTopics = computeSubscribedTopics();
    }

    /** The GroupMetadata record of the group's current state; {@code assignments} overrides members' ones. */
    public CoordinatorRecordLog.KeyValue metadataRecord(Map<String, byte[]> assignments) {
        return ClassicGroupRecords.metadata(this, assignments);
    }

    // ---- parked responses ----

    /** Completes {@code response} once the lock is released. */
    public <T> void reply(CompletableFuture<T> response, T result) {
        defer(() -> response.complete(result));
    }

    public void completeJoin(GroupMember m, JoinResult r) {
        CompletableFuture<JoinResult> f = m.awaitingJoin;
        if (f != null) {
            m.awaitingJoin = null;
            defer(() -> f.complete(r));
        }
    }

    public boolean completeSync(GroupMember m, SyncResult r) {
        CompletableFuture<SyncResult> f = m.awaitingSync;
        if (f != null) {
            m.awaitingSync = null;
            defer(() -> f.complete(r));
            return true;
        }
        return false;
    }

    // ---- rebalance timers (scheduled by GroupTimers) ----

    public boolean newMemberAdded() {
        return newMemberAdded;
    }

    public void newMemberAdded(boolean v) {
        newMemberAdded = v;
    }

    public boolean initialJoinPending() {
        return initialJoinPending;
    }

    public void initialJoinPending(boolean v) {
        initialJoinPending = v;
    }

    /** Starts a new timer epoch (stale join-timer tasks compare theirs to {@link #timerEpoch()}). */
    public long nextTimerEpoch() {
        return ++timerEpoch;
    }

    public long timerEpoch() {
        return timerEpoch;
    }

    public void joinTimer(CoordinatorScheduler.Cancellable timer) {
        joinTimer = timer;
    }

    /** Cancels the join timer, if any, and invalidates its pending firing. */
    public void cancelJoinTimer() {
        if (joinTimer != null) {
            joinTimer.cancel();
            joinTimer = null;
        }
        timerEpoch++;
    }

    public void syncTimer(CoordinatorScheduler.Cancellable timer) {
        syncTimer = timer;
    }

    public void cancelSyncTimer() {
        if (syncTimer != null) {
            syncTimer.cancel();
            syncTimer = null;
        }
    }
}
