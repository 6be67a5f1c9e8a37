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
package io.skiff.broker.group.share;

import io.skiff.broker.clock.ClockScheduler;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.protocol.Errors;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The share groups of the broker (KIP-932) and their membership: ShareGroupHeartbeat (join with epoch 0, heartbeat,
 * leave with -1), server-side assignment ({@link ShareAssignor}) recomputed at a new group epoch whenever members,
 * subscriptions or the subscribed topics' partitions change, session expiry, describe, list and delete. A group id
 * that a classic or consumer group has is refused, as Kafka refuses it (GROUP_ID_NOT_FOUND, "Group … is not a share
 * group."). The share-partitions are told of assignments and departures through a {@link ShareGroupListener}.
 *
 * <p>Thread-safe: each group is guarded by its own monitor; the map of groups is concurrent; session expiry runs on
 * the coordinator's timer thread. The listener is called with the group's monitor held, so it must be quick.
 */
public final class ShareGroupCoordinator implements AutoCloseable {
    private final ConcurrentHashMap<String, ShareGroup> groups = new ConcurrentHashMap<>();
    private final TopicsView topics;
    private final Function<String, ShareGroupSettings> settings;
    private final Predicate<String> otherGroupExists;
    private final ShareGroupListener listener;
    private final Clock clock;
    private final ClockScheduler timer;

    /**
     * @param otherGroupExists whether a classic or consumer group has the id
     */
    public ShareGroupCoordinator(
            TopicsView topics,
            Function<String, ShareGroupSettings> settings,
            Predicate<String> otherGroupExists,
            ShareGroupListener listener,
            Clock clock) {
        this.topics = topics;
        this.settings = settings;
        this.otherGroupExists = otherGroupExists;
        this.listener = listener;
        this.clock = clock;
        this.timer = new ClockScheduler("skiff-share-groups", clock); // sessions expire when an advance passes them
    }

    /** True when a share group has {@code groupId} (for the other kinds' coordinator to refuse it). */
    public boolean exists(String groupId) {
        return groups.containsKey(groupId);
    }

    public ShareHeartbeatResult heartbeat(ShareHeartbeat request) {
        if (request.memberId() == null || request.memberId().isEmpty()) {
            return ShareHeartbeatResult.failed(Errors.INVALID_REQUEST, null); // Kafka 4.4 names nothing for this one
        }
        String invalid = invalid(request);
        if (invalid != null) {
            return ShareHeartbeatResult.failed(Errors.INVALID_REQUEST, invalid);
        }
        String groupId = request.groupId();
        if (!groups.containsKey(groupId) && otherGroupExists.test(groupId)) {
            return ShareHeartbeatResult.failed(Errors.GROUP_ID_NOT_FOUND, notShare(groupId));
        }
        if (request.memberEpoch() == -1) {
            return leave(request);
        }
        ShareGroupSettings s = settings.apply(groupId);
        while (true) {
            ShareGroup group =
                    request.memberEpoch() == 0 ? groups.computeIfAbsent(groupId, ShareGroup::new) : groups.get(groupId);
            if (group == null) {
                return ShareHeartbeatResult.failed(Errors.GROUP_ID_NOT_FOUND, "Share group " + groupId + " not found.");
            }
            synchronized (group) {
                if (group.dead) {
                    continue; // deleted meanwhile: a new group takes the id
                }
                return heartbeatLocked(group, request, s);
            }
        }
    }

    private ShareHeartbeatResult heartbeatLocked(ShareGroup group, ShareHeartbeat request, ShareGroupSettings s) {
        long now = clock.millis();
        ShareGroupMember member = group.members.get(request.memberId());
        boolean joining = request.memberEpoch() == 0;
        if (!joining) {
            if (member == null) {
                return ShareHeartbeatResult.failed(
                        Errors.UNKNOWN_MEMBER_ID,
                        "Member " + request.memberId() + " is not a member of group " + group.groupId + ".");
            }
            String fenced = fenced(request.memberEpoch(), member);
            if (fenced != null) {
                return ShareHeartbeatResult.failed(Errors.FENCED_MEMBER_EPOCH, fenced);
            }
        }
        boolean bump = false;
        if (member == null) {
            if (group.members.size() >= s.maxSize()) {
                return ShareHeartbeatResult.failed(
                        Errors.GROUP_MAX_SIZE_REACHED,
                        "The share group has reached its maximum capacity of " + s.maxSize() + " members.");
            }
            member = new ShareGroupMember(request.memberId(), request.clientId(), request.clientHost());
            group.members.put(member.memberId, member);
            bump = true;
        }
        if (request.rackId() != null) {
            member.rackId = request.rackId();
        }
        if (request.subscribedTopicNames() != null
                && !request.subscribedTopicNames().equals(member.subscribedTopicNames)) {
            member.subscribedTopicNames = List.copyOf(request.subscribedTopicNames());
            bump = true;
        }
        String fingerprint = fingerprint(group.subscribedTopics());
        if (!fingerprint.equals(group.topicsFingerprint)) {
            bump = true;
        }
        if (bump) {
            group.groupEpoch++;
            reassign(group, fingerprint);
        }
        boolean sendAssignment = joining;
        if (member.memberEpoch != group.assignmentEpoch) {
            member.previousMemberEpoch = member.memberEpoch;
            member.memberEpoch = group.assignmentEpoch;
            member.assignment = group.targetAssignment.getOrDefault(member.memberId, Set.of());
            sendAssignment = true;
        }
        scheduleExpiry(group, member, now + s.sessionTimeoutMs());
        return new ShareHeartbeatResult(
                Errors.NONE,
                null,
                member.memberId,
                member.memberEpoch,
                s.heartbeatIntervalMs(),
                sendAssignment ? Set.copyOf(member.assignment) : null);
    }

    private void reassign(ShareGroup group, String fingerprint) {
        Map<String, List<String>> subscriptions = new java.util.HashMap<>();
        for (ShareGroupMember m : group.members.values()) {
            subscriptions.put(m.memberId, m.subscribedTopicNames == null ? List.of() : m.subscribedTopicNames);
        }
        group.targetAssignment = ShareAssignor.assign(subscriptions, group.targetAssignment, topics);
        group.assignmentEpoch = group.groupEpoch;
        group.topicsFingerprint = fingerprint;
        listener.assigned(group.groupId, group.assignedPartitions());
    }

    /** The subscribed topics' ids and partition counts: a change of them changes the assignment. */
    private String fingerprint(Collection<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String name : names) {
            topics.byName(name)
                    .ifPresent(t -> sb.append(t.id())
                            .append(':')
                            .append(t.partitionCount())
                            .append(','));
        }
        return sb.toString();
    }

    private ShareHeartbeatResult leave(ShareHeartbeat request) {
        ShareGroup group = groups.get(request.groupId());
        if (group == null) {
            return ShareHeartbeatResult.failed(Errors.GROUP_ID_NOT_FOUND, "Group " + request.groupId() + " not found.");
        }
        synchronized (group) {
            ShareGroupMember member = group.members.get(request.memberId());
            if (member == null) {
                return ShareHeartbeatResult.failed(
                        Errors.UNKNOWN_MEMBER_ID,
                        "Member " + request.memberId() + " is not a member of group " + group.groupId + ".");
            }
            removeMember(group, member);
            return new ShareHeartbeatResult(Errors.NONE, null, member.memberId, -1, 0, null);
        }
    }

    private void removeMember(ShareGroup group, ShareGroupMember member) {
        group.members.remove(member.memberId);
        group.groupEpoch++;
        reassign(group, fingerprint(group.subscribedTopics()));
        listener.memberLeft(group.groupId, member.memberId);
    }

    private void scheduleExpiry(ShareGroup group, ShareGroupMember member, long deadline) {
        boolean pending = member.sessionDeadline > clock.millis();
        member.sessionDeadline = deadline;
        if (pending) {
            return; // the pending check reschedules itself for the new deadline
        }
        timer.schedule(Math.max(0, deadline - clock.millis()), () -> checkSession(group, member));
    }

    private void checkSession(ShareGroup group, ShareGroupMember member) {
        synchronized (group) {
            if (group.members.get(member.memberId) != member) {
                return;
            }
            long now = clock.millis();
            if (member.sessionDeadline <= now) {
                removeMember(group, member);
            } else {
                timer.schedule(member.sessionDeadline - now, () -> checkSession(group, member));
            }
        }
    }

    /**
     * Why Kafka 4.4 fences a member heartbeating at {@code epoch}, or null: a greater epoch than the member's is
     * fenced, a smaller one unless it is the member's previous epoch (a heartbeat that crossed the answer moving it).
     */
    private static String fenced(int epoch, ShareGroupMember member) {
        String known = " member epoch (" + epoch + ") than the one known by the group coordinator ("
                + member.memberEpoch + ")";
        String rejoin = " The member must abandon all its partitions and rejoin.";
        if (epoch > member.memberEpoch) {
            return "The share group member has a greater" + known + "." + rejoin;
        }
        if (epoch < member.memberEpoch && epoch != member.previousMemberEpoch) {
            return "The share group member has a smaller" + known + ", and it does not match the previous member"
                    + " epoch (" + member.previousMemberEpoch + ")." + rejoin;
        }
        return null;
    }

    private static String invalid(ShareHeartbeat r) {
        if (r.groupId() == null || r.groupId().isEmpty()) {
            return "GroupId can't be empty.";
        }
        if (r.rackId() != null && r.rackId().isEmpty()) {
            return "RackId can't be empty.";
        }
        if (r.memberEpoch() < -1) {
            return "MemberEpoch is invalid.";
        }
        if (r.memberEpoch() == 0
                && (r.subscribedTopicNames() == null || r.subscribedTopicNames().isEmpty())) {
            return "SubscribedTopicNames must be set in first request.";
        }
        return null;
    }

    static String notShare(String groupId) {
        return "Group " + groupId + " is not a share group.";
    }

    /** The group, or empty when there is no share group of that id. */
    public Optional<ShareGroupDescription> describe(String groupId) {
        ShareGroup group = groups.get(groupId);
        if (group == null) {
            return Optional.empty();
        }
        synchronized (group) {
            if (group.dead) {
                return Optional.empty();
            }
            List<ShareGroupDescription.Member> members = new ArrayList<>();
            for (ShareGroupMember m : group.members.values()) {
                members.add(new ShareGroupDescription.Member(
                        m.memberId,
                        m.rackId,
                        m.memberEpoch,
                        m.clientId,
                        m.clientHost,
                        m.subscribedTopicNames == null ? List.of() : m.subscribedTopicNames,
                        Set.copyOf(m.assignment)));
            }
            return Optional.of(new ShareGroupDescription(
                    groupId, group.state(), group.groupEpoch, group.assignmentEpoch, ShareAssignor.NAME, members));
        }
    }

    /** Every share group's id and state. */
    public Map<String, String> list() {
        Map<String, String> out = new java.util.TreeMap<>();
        for (ShareGroup g : groups.values()) {
            synchronized (g) {
                if (!g.dead) {
                    out.put(g.groupId, g.state());
                }
            }
        }
        return out;
    }

    /** The topics a share group's members subscribe to (empty when there is no such group). */
    public Set<String> subscribedTopics(String groupId) {
        ShareGroup group = groups.get(groupId);
        if (group == null) {
            return Set.of();
        }
        synchronized (group) {
            return new HashSet<>(group.subscribedTopics());
        }
    }

    /**
     * Deletes an empty share group: NONE, GROUP_ID_NOT_FOUND when there is none, NON_EMPTY_GROUP when it has members.
     */
    public Errors delete(String groupId) {
        ShareGroup group = groups.get(groupId);
        if (group == null) {
            return Errors.GROUP_ID_NOT_FOUND;
        }
        synchronized (group) {
            if (!group.members.isEmpty()) {
                return Errors.NON_EMPTY_GROUP;
            }
            group.dead = true;
            groups.remove(groupId, group);
            listener.groupDeleted(groupId);
            return Errors.NONE;
        }
    }

    /** Why a share group's offsets cannot be altered or deleted now, as Kafka's coordinator answers it. */
    public record OffsetsRefusal(Errors error, String message) {}

    /**
     * Kafka's checks before AlterShareGroupOffsets and DeleteShareGroupOffsets: a non-empty group id, a share group
     * (a new empty one for AlterShareGroupOffsets, {@code create}, when no group has the id, as Kafka 4.4 makes one),
     * no members. Null when the offsets may change.
     */
    public OffsetsRefusal refuseOffsetChange(String groupId, boolean create) {
        if (groupId == null || groupId.isEmpty()) {
            return new OffsetsRefusal(Errors.INVALID_GROUP_ID, "The group id is invalid.");
        }
        if (create && !groups.containsKey(groupId) && !otherGroupExists.test(groupId)) {
            groups.computeIfAbsent(groupId, ShareGroup::new);
        }
        Optional<Boolean> empty = isEmpty(groupId);
        if (empty.isEmpty()) {
            return new OffsetsRefusal(
                    Errors.GROUP_ID_NOT_FOUND,
                    otherGroupExists.test(groupId) ? notShare(groupId) : "Group " + groupId + " not found.");
        }
        return empty.get() ? null : new OffsetsRefusal(Errors.NON_EMPTY_GROUP, "The group is not empty.");
    }

    public Optional<Boolean> isEmpty(String groupId) {
        ShareGroup group = groups.get(groupId);
        if (group == null) {
            return Optional.empty();
        }
        synchronized (group) {
            return Optional.of(group.members.isEmpty());
        }
    }

    /** Recreates a share group, Empty, that the state log says exists (at start, before requests). */
    public void restore(String groupId) {
        groups.computeIfAbsent(groupId, ShareGroup::new);
    }

    /** Forgets every share group (the test kit's reset). */
    public void clear() {
        groups.clear();
    }

    @Override
    public void close() {
        timer.close();
    }

    @Override
    public String toString() {
        return "ShareGroupCoordinator(" + Objects.toString(groups.size()) + " groups)";
    }
}
