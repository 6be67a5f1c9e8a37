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
package io.skiff.broker.group.consumer;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.KeyLock;
import io.skiff.broker.group.classic.MemberProtocol;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupType;
import io.skiff.broker.group.common.MemberEpochGroup;
import io.skiff.broker.group.common.TopicsView;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A group of the consumer protocol (KIP-848): the group epoch, the target assignment computed at an
 * assignment epoch, and the members, each reconciling towards its target (see
 * {@link ConsumerGroupReconciler}). A partition is handed to a member only once no other member still owns
 * it.
 *
 * <p>Not thread-safe: every access happens under {@link #keyLock()}.
 */
public final class ConsumerGroup implements MemberEpochGroup {
    /** The protocol type ListGroups reports for consumer groups. */
    static final String PROTOCOL_TYPE = "consumer";

    /** Kafka's ConsumerGroupState names. */
    public enum State {
        EMPTY("Empty"),
        ASSIGNING("Assigning"),
        RECONCILING("Reconciling"),
        STABLE("Stable"),
        DEAD("Dead");

        final String displayName;

        State(String displayName) {
            this.displayName = displayName;
        }
    }

    private final String groupId;
    private final KeyLock keyLock = new KeyLock();
    private final Map<String, ConsumerGroupMember> members = new LinkedHashMap<>();
    private final Map<String, String> staticMembers = new HashMap<>();
    private final Map<String, MemberAssignment> targetAssignment = new HashMap<>();
    private int groupEpoch;
    private int assignmentEpoch;
    /** The subscribed topics (name → id and partition count) the target assignment was computed from. */
    private Map<String, TopicsView.TopicInfo> subscribedTopics = Map.of();

    private boolean dead;
    /** Member ids whose records were written (so deletion writes their tombstones). */
    private final Set<String> persistedMembers = new HashSet<>();

    public ConsumerGroup(String groupId) {
        this.groupId = groupId;
    }

    @Override
    public String groupId() {
        return groupId;
    }

    @Override
    public GroupType type() {
        return GroupType.CONSUMER;
    }

    @Override
    public KeyLock keyLock() {
        return keyLock;
    }

    public State state() {
        if (dead) {
            return State.DEAD;
        }
        if (members.isEmpty()) {
            return State.EMPTY;
        }
        if (groupEpoch > assignmentEpoch) {
            return State.ASSIGNING;
        }
        for (ConsumerGroupMember m : members.values()) {
            if (m.memberEpoch() != assignmentEpoch || m.state() != ConsumerGroupMember.State.STABLE) {
                return State.RECONCILING;
            }
        }
        return State.STABLE;
    }

    @Override
    public String stateName() {
        return state().displayName;
    }

    @Override
    public String protocolTypeOrEmpty() {
        return PROTOCOL_TYPE;
    }

    @Override
    public boolean isDead() {
        return dead;
    }

    @Override
    public boolean isEmpty() {
        return members.isEmpty();
    }

    @Override
    public boolean isSubscribedToTopic(String topic) {
        return subscribedTopics.containsKey(topic);
    }

    @Override
    public void markDead(long now) {
        dead = true;
        members.values().forEach(ConsumerGroupMember::cancelTimers);
    }

    // ---- epochs and target assignment ----

    public int groupEpoch() {
        return groupEpoch;
    }

    public void groupEpoch(int epoch) {
        groupEpoch = epoch;
    }

    public int assignmentEpoch() {
        return assignmentEpoch;
    }

    public MemberAssignment targetOf(String memberId) {
        return targetAssignment.getOrDefault(memberId, MemberAssignment.EMPTY);
    }

    public Map<String, MemberAssignment> targetAssignment() {
        return targetAssignment;
    }

    public void targetAssignment(int epoch, Map<String, MemberAssignment> assignment) {
        assignmentEpoch = epoch;
        targetAssignment.clear();
        targetAssignment.putAll(assignment);
    }

    /** Replay: one member's target from a record. */
    public void restoreTarget(String memberId, MemberAssignment target) {
        targetAssignment.put(memberId, target);
    }

    public void restoreAssignmentEpoch(int epoch) {
        assignmentEpoch = epoch;
    }

    public Map<String, TopicsView.TopicInfo> subscribedTopics() {
        return subscribedTopics;
    }

    public void subscribedTopics(Map<String, TopicsView.TopicInfo> topics) {
        subscribedTopics = Map.copyOf(topics);
    }

    // ---- members ----

    public ConsumerGroupMember member(String memberId) {
        return members.get(memberId);
    }

    public boolean hasMember(String memberId) {
        return members.containsKey(memberId);
    }

    public Collection<ConsumerGroupMember> members() {
        return members.values();
    }

    public int size() {
        return members.size();
    }

    public ConsumerGroupMember staticMember(String instanceId) {
        String id = staticMembers.get(instanceId);
        return id == null ? null : members.get(id);
    }

    public void addMember(ConsumerGroupMember member) {
        members.put(member.memberId(), member);
        if (member.instanceId() != null) {
            staticMembers.put(member.instanceId(), member.memberId());
        }
    }

    public void removeMember(String memberId) {
        ConsumerGroupMember m = members.remove(memberId);
        if (m != null) {
            m.cancelTimers();
            if (m.instanceId() != null && memberId.equals(staticMembers.get(m.instanceId()))) {
                staticMembers.remove(m.instanceId());
            }
        }
        targetAssignment.remove(memberId);
    }

    /** A static member's new instance takes the place of the old one, with its target assignment. */
    public void replaceStaticMember(ConsumerGroupMember old, ConsumerGroupMember replacement) {
        MemberAssignment target = targetAssignment.remove(old.memberId());
        members.remove(old.memberId());
        old.cancelTimers();
        addMember(replacement);
        if (target != null) {
            targetAssignment.put(replacement.memberId(), target);
        }
    }

    /** True if a member other than {@code memberId} still owns the partition. */
    public boolean ownedByOther(String memberId, UUID topicId, int partition) {
        for (ConsumerGroupMember m : members.values()) {
            if (!m.memberId().equals(memberId)
                    && (m.assigned().contains(topicId, partition)
                            || m.pendingRevocation().contains(topicId, partition))) {
                return true;
            }
        }
        return false;
    }

    /** True if a partition of the member's target that it does not have yet is still owned by another member. */
    public boolean waitingOnUnreleasedPartition(ConsumerGroupMember member) {
        MemberAssignment missing = targetOf(member.memberId()).minus(member.assigned());
        for (Map.Entry<UUID, Set<Integer>> e : missing.partitions().entrySet()) {
            for (int p : e.getValue()) {
                if (ownedByOther(member.memberId(), e.getKey(), p)) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---- members of the classic protocol ----

    public int numClassicMembers() {
        return (int) members.values().stream()
                .filter(ConsumerGroupMember::usesClassicProtocol)
                .count();
    }

    /** True if every member but {@code exceptMemberId} uses the classic protocol (Kafka's downgrade condition). */
    public boolean allMembersUseClassicProtocolExcept(String exceptMemberId) {
        for (ConsumerGroupMember m : members.values()) {
            if (!m.memberId().equals(exceptMemberId) && !m.usesClassicProtocol()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Kafka's supportsClassicProtocols: a classic member may join if its protocol type is "consumer" and, unless
     * the group has no classic member, one of its protocols is supported by every classic member.
     */
    public boolean supportsClassicProtocols(String protocolType, List<MemberProtocol> protocols) {
        if (!PROTOCOL_TYPE.equals(protocolType) || protocols.isEmpty()) {
            return false;
        }
        int classic = numClassicMembers();
        if (classic == 0) {
            return true;
        }
        Map<String, Integer> counts = new HashMap<>();
        members.values().stream()
                .filter(ConsumerGroupMember::usesClassicProtocol)
                .forEach(m ->
                        m.classicMetadata().supportedProtocols().forEach(p -> counts.merge(p.name(), 1, Integer::sum)));
        return protocols.stream().anyMatch(p -> counts.getOrDefault(p.name(), 0) == classic);
    }

    /** Every topic name some member subscribes to by name (regex matches are added by the caller). */
    public Set<String> subscribedTopicNamesByName() {
        Set<String> out = new HashSet<>();
        members.values().forEach(m -> out.addAll(m.subscribedTopicNames()));
        return out;
    }

    public Set<String> subscribedRegexes() {
        Set<String> out = new HashSet<>();
        members.values().forEach(m -> {
            if (m.subscribedTopicRegex() != null) {
                out.add(m.subscribedTopicRegex());
            }
        });
        return out;
    }

    // ---- persistence bookkeeping ----

    public void markPersisted(String memberId) {
        persistedMembers.add(memberId);
    }

    public void markUnpersisted(String memberId) {
        persistedMembers.remove(memberId);
    }

    /** Tombstones for every record this group wrote, in the order Kafka deletes them (members first). */
    @Override
    public List<CoordinatorRecordLog.KeyValue> tombstones() {
        List<CoordinatorRecordLog.KeyValue> out = new ArrayList<>();
        for (String memberId : persistedMembers) {
            out.addAll(ConsumerGroupRecords.memberTombstones(groupId, memberId));
        }
        out.addAll(ConsumerGroupRecords.groupTombstones(groupId));
        return out;
    }

    // ---- offsets ----

    /**
     * Kafka's ConsumerGroup.validateOffsetCommit: the admin (no member, epoch -1) may commit while the group is
     * empty; otherwise the member must exist, use OffsetCommit v9+, and send its current epoch.
     */
    public GroupError validateOffsetCommit(String memberId, String instanceId, int memberEpoch, boolean v9OrLater) {
        if (dead) {
            return GroupError.COORDINATOR_NOT_AVAILABLE;
        }
        if (memberEpoch < 0 && members.isEmpty()) {
            return GroupError.NONE;
        }
        ConsumerGroupMember member = members.get(memberId);
        if (member == null) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        if (!v9OrLater && !member.usesClassicProtocol()) {
            return GroupError.UNSUPPORTED_VERSION;
        }
        return epochError(member, memberEpoch);
    }

    /** A classic member's generation is its member epoch: a mismatch is ILLEGAL_GENERATION for it, as Kafka says. */
    private static GroupError epochError(ConsumerGroupMember member, int memberEpoch) {
        if (memberEpoch == member.memberEpoch()) {
            return GroupError.NONE;
        }
        return member.usesClassicProtocol() ? GroupError.ILLEGAL_GENERATION : GroupError.STALE_MEMBER_EPOCH;
    }

    /** Kafka's ConsumerGroup.validateOffsetFetch: a fetch that names a member must carry its current epoch. */
    public GroupError validateOffsetFetch(String memberId, int memberEpoch) {
        if (memberEpoch < 0 && (memberId == null || memberId.isEmpty())) {
            return GroupError.NONE;
        }
        ConsumerGroupMember member = members.get(memberId);
        if (member == null) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        return epochError(member, memberEpoch);
    }
}
