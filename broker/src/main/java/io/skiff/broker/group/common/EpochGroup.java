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

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.KeyLock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * What KIP-848-style groups (consumer, streams) share: the members by id, the group epoch, the target assignment
 * and the epoch it was computed at, which members' records were written, and the member-epoch checks of offset
 * commits and fetches. A subclass adds what its protocol assigns ({@code A}) and its own states.
 *
 * <p>Not thread-safe: every access happens under {@link #keyLock()}.
 *
 * @param <M> the member type
 * @param <A> one member's target assignment
 */
public abstract class EpochGroup<M extends EpochMember, A> implements MemberEpochGroup {
    private final String groupId;
    private final KeyLock keyLock = new KeyLock();
    private final Map<String, M> members = new LinkedHashMap<>();
    private final Map<String, A> targetAssignment = new HashMap<>();
    /** Member ids whose records were written (so deletion writes their tombstones). */
    private final Set<String> persistedMembers = new HashSet<>();

    private final A emptyAssignment;
    private int groupEpoch;
    private int assignmentEpoch;
    private boolean dead;

    protected EpochGroup(String groupId, int groupEpoch, A emptyAssignment) {
        this.groupId = groupId;
        this.groupEpoch = groupEpoch;
        this.emptyAssignment = emptyAssignment;
    }

    @Override
    public final String groupId() {
        return groupId;
    }

    @Override
    public final KeyLock keyLock() {
        return keyLock;
    }

    @Override
    public final boolean isDead() {
        return dead;
    }

    @Override
    public final boolean isEmpty() {
        return members.isEmpty();
    }

    @Override
    public final void markDead(long now) {
        dead = true;
        members.values().forEach(EpochMember::cancelTimers);
    }

    // ---- epochs and target assignment ----

    public final int groupEpoch() {
        return groupEpoch;
    }

    public final void groupEpoch(int epoch) {
        groupEpoch = epoch;
    }

    public final int assignmentEpoch() {
        return assignmentEpoch;
    }

    public final void assignmentEpoch(int epoch) {
        assignmentEpoch = epoch;
    }

    public final A targetOf(String memberId) {
        return targetAssignment.getOrDefault(memberId, emptyAssignment);
    }

    public final Map<String, A> targetAssignment() {
        return targetAssignment;
    }

    /** Replaces the whole target assignment. */
    public final void targetAssignment(Map<String, A> target) {
        targetAssignment.clear();
        targetAssignment.putAll(target);
    }

    // ---- members ----

    public final M member(String memberId) {
        return members.get(memberId);
    }

    public final boolean hasMember(String memberId) {
        return members.containsKey(memberId);
    }

    public final Collection<M> members() {
        return members.values();
    }

    public final int size() {
        return members.size();
    }

    public void addMember(M member) {
        members.put(member.memberId(), member);
    }

    /** Removes the member (its timers cancelled) and its target assignment. */
    public final void removeMember(String memberId) {
        M m = members.remove(memberId);
        if (m != null) {
            m.cancelTimers();
            memberRemoved(m);
        }
        targetAssignment.remove(memberId);
    }

    /** Called when {@link #removeMember} removed {@code member}; nothing by default. */
    protected void memberRemoved(M member) {}

    // ---- persistence bookkeeping ----

    public final void markMemberPersisted(String memberId) {
        persistedMembers.add(memberId);
    }

    public final void markMemberUnpersisted(String memberId) {
        persistedMembers.remove(memberId);
    }

    /** The tombstones of every member whose records were written; {@code tombstones} gives them for (group, member). */
    protected final List<CoordinatorRecordLog.KeyValue> memberTombstones(
            BiFunction<String, String, List<CoordinatorRecordLog.KeyValue>> tombstones) {
        List<CoordinatorRecordLog.KeyValue> out = new ArrayList<>();
        for (String memberId : persistedMembers) {
            out.addAll(tombstones.apply(groupId, memberId));
        }
        return out;
    }

    // ---- offsets ----

    /**
     * Kafka's validateOffsetCommit: the admin (no member, epoch -1) may commit while the group is empty, a producer
     * without group metadata may commit in a transaction; otherwise the member must exist and pass
     * {@link #commitValidation}.
     */
    @Override
    public final OffsetCommitValidation validateOffsetCommit(
            String memberId, String instanceId, int memberEpoch, boolean transactional, boolean v9OrLater) {
        if (dead) {
            return OffsetCommitValidation.of(GroupError.COORDINATOR_NOT_AVAILABLE);
        }
        if (memberEpoch < 0 && members.isEmpty()) {
            return OffsetCommitValidation.ACCEPT_ALL;
        }
        if (transactional && memberEpoch == -1 && memberId.isEmpty() && instanceId == null) {
            return OffsetCommitValidation.ACCEPT_ALL;
        }
        M member = members.get(memberId);
        if (member == null) {
            return OffsetCommitValidation.refused(OffsetCommitCheck.refused(
                    GroupError.UNKNOWN_MEMBER_ID, "Member %s is not a member of group %s.", memberId, groupId));
        }
        return commitValidation(member, memberEpoch, transactional, v9OrLater);
    }

    /** What the member may commit at this epoch; by default everything at its {@link #epochError}, else nothing. */
    protected OffsetCommitValidation commitValidation(
            M member, int memberEpoch, boolean transactional, boolean v9OrLater) {
        return OffsetCommitValidation.of(epochError(member, memberEpoch));
    }

    /** Kafka's validateOffsetFetch: a fetch that names a member must carry its current epoch. */
    @Override
    public final GroupError validateOffsetFetch(String memberId, int memberEpoch) {
        if (memberEpoch < 0 && (memberId == null || memberId.isEmpty())) {
            return GroupError.NONE;
        }
        M member = members.get(memberId);
        if (member == null) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        return epochError(member, memberEpoch);
    }

    /** NONE if the member may act at {@code memberEpoch}, else why not. */
    protected abstract GroupError epochError(M member, int memberEpoch);
}
