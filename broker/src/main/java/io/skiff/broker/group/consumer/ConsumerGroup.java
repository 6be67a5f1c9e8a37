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
import io.skiff.broker.group.classic.MemberProtocol;
import io.skiff.broker.group.common.EpochGroup;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupType;
import io.skiff.broker.group.common.OffsetCommitCheck;
import io.skiff.broker.group.common.OffsetCommitValidation;
import io.skiff.broker.group.common.TopicsView;
import java.util.HashMap;
import java.util.HashSet;
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
public final class ConsumerGroup extends EpochGroup<ConsumerGroupMember, MemberAssignment> {
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

    private final Map<String, String> staticMembers = new HashMap<>();
    /** The subscribed topics (name → id and partition count) the target assignment was computed from. */
    private Map<String, TopicsView.TopicInfo> subscribedTopics = Map.of();

    public ConsumerGroup(String groupId) {
        super(groupId, 0, MemberAssignment.EMPTY);
    }

    @Override
    public GroupType type() {
        return GroupType.CONSUMER;
    }

    public State state() {
        if (isDead()) {
            return State.DEAD;
        }
        if (isEmpty()) {
            return State.EMPTY;
        }
        if (groupEpoch() > assignmentEpoch()) {
            return State.ASSIGNING;
        }
        for (ConsumerGroupMember m : members()) {
            if (m.memberEpoch() != assignmentEpoch() || m.state() != ConsumerGroupMember.State.STABLE) {
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
    public boolean isSubscribedToTopic(String topic) {
        return subscribedTopics.containsKey(topic);
    }

    // ---- epochs and target assignment ----

    public void targetAssignment(int epoch, Map<String, MemberAssignment> assignment) {
        assignmentEpoch(epoch);
        targetAssignment(assignment);
    }

    /** Replay: one member's target from a record. */
    public void restoreTarget(String memberId, MemberAssignment target) {
        targetAssignment().put(memberId, target);
    }

    public void restoreAssignmentEpoch(int epoch) {
        assignmentEpoch(epoch);
    }

    public Map<String, TopicsView.TopicInfo> subscribedTopics() {
        return subscribedTopics;
    }

    public void subscribedTopics(Map<String, TopicsView.TopicInfo> topics) {
        subscribedTopics = Map.copyOf(topics);
    }

    // ---- members ----

    public ConsumerGroupMember staticMember(String instanceId) {
        String id = staticMembers.get(instanceId);
        return id == null ? null : member(id);
    }

    @Override
    public void addMember(ConsumerGroupMember member) {
        super.addMember(member);
        if (member.instanceId() != null) {
            staticMembers.put(member.instanceId(), member.memberId());
        }
    }

    @Override
    protected void memberRemoved(ConsumerGroupMember m) {
        if (m.instanceId() != null && m.memberId().equals(staticMembers.get(m.instanceId()))) {
            staticMembers.remove(m.instanceId());
        }
    }

    /** Replay: {@code member}'s instance id is {@code instanceId} (null: a dynamic member), indexed as such. */
    public void restoreInstanceId(ConsumerGroupMember member, String instanceId) {
        memberRemoved(member);
        member.instanceId(instanceId);
        if (instanceId != null) {
            staticMembers.put(instanceId, member.memberId());
        }
    }

    /** A static member's new instance takes the place of the old one, with its target assignment. */
    public void replaceStaticMember(ConsumerGroupMember old, ConsumerGroupMember replacement) {
        MemberAssignment target = targetAssignment().remove(old.memberId());
        removeMember(old.memberId());
        addMember(replacement);
        if (target != null) {
            targetAssignment().put(replacement.memberId(), target);
        }
    }

    /** True if a member other than {@code memberId} still owns the partition. */
    public boolean ownedByOther(String memberId, UUID topicId, int partition) {
        for (ConsumerGroupMember m : members()) {
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
        return (int) members().stream()
                .filter(ConsumerGroupMember::usesClassicProtocol)
                .count();
    }

    /** True if every member but {@code exceptMemberIds} uses the classic protocol (Kafka's downgrade condition). */
    public boolean allMembersUseClassicProtocolExcept(Set<String> exceptMemberIds) {
        for (ConsumerGroupMember m : members()) {
            if (!exceptMemberIds.contains(m.memberId()) && !m.usesClassicProtocol()) {
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
        members().stream()
                .filter(ConsumerGroupMember::usesClassicProtocol)
                .forEach(m ->
                        m.classicMetadata().supportedProtocols().forEach(p -> counts.merge(p.name(), 1, Integer::sum)));
        return protocols.stream().anyMatch(p -> counts.getOrDefault(p.name(), 0) == classic);
    }

    /** Every topic name some member subscribes to by name (regex matches are added by the caller). */
    public Set<String> subscribedTopicNamesByName() {
        Set<String> out = new HashSet<>();
        members().forEach(m -> out.addAll(m.subscribedTopicNames()));
        return out;
    }

    public Set<String> subscribedRegexes() {
        Set<String> out = new HashSet<>();
        members().forEach(m -> {
            if (m.subscribedTopicRegex() != null) {
                out.add(m.subscribedTopicRegex());
            }
        });
        return out;
    }

    // ---- persistence bookkeeping ----

    /** Tombstones for every record this group wrote, in the order Kafka deletes them (members first). */
    @Override
    public List<CoordinatorRecordLog.KeyValue> tombstones() {
        List<CoordinatorRecordLog.KeyValue> out = memberTombstones(ConsumerGroupRecords::memberTombstones);
        out.addAll(ConsumerGroupRecords.groupTombstones(groupId()));
        return out;
    }

    // ---- offsets ----

    /**
     * Kafka's ConsumerGroup.validateOffsetCommit for a member: a consumer-protocol member must use OffsetCommit v9+;
     * its current epoch commits everything; an older epoch commits only the partitions the member has held since
     * that epoch (it may commit while its epoch bump is in flight); a newer epoch commits nothing.
     */
    @Override
    protected OffsetCommitValidation commitValidation(
            ConsumerGroupMember member, int memberEpoch, boolean transactional, boolean v9OrLater) {
        if (!transactional && !v9OrLater && !member.usesClassicProtocol()) {
            return OffsetCommitValidation.refused(OffsetCommitCheck.refused(
                    GroupError.UNSUPPORTED_VERSION,
                    "OffsetCommit version 9 or above must be used by members using the consumer group protocol"));
        }
        if (memberEpoch == member.memberEpoch()) {
            return OffsetCommitValidation.ACCEPT_ALL;
        }
        if (memberEpoch > member.memberEpoch()) {
            return OffsetCommitValidation.refused(OffsetCommitCheck.refused(
                    epochMismatch(member),
                    member.usesClassicProtocol()
                            ? "Received generation id %d is newer than current member epoch %d."
                            : "Received member epoch %d is newer than current member epoch %d.",
                    memberEpoch,
                    member.memberEpoch()));
        }
        return OffsetCommitValidation.perPartition(
                (topic, topicId, partition) -> olderEpochCheck(member, memberEpoch, topic, topicId, partition));
    }

    /** A commit at an epoch older than the member's: accepted if the member was given the partition by then. */
    private static OffsetCommitCheck olderEpochCheck(
            ConsumerGroupMember member, int memberEpoch, String topic, UUID topicId, int partition) {
        Integer givenAt = member.assignmentEpoch(topicId, partition);
        if (givenAt == null) {
            givenAt = member.pendingRevocationEpoch(topicId, partition);
        }
        if (givenAt == null) {
            return OffsetCommitCheck.refused(
                    epochMismatch(member),
                    "Partition %s-%d is not assigned or pending revocation for member.",
                    topic,
                    partition);
        }
        if (memberEpoch < givenAt) {
            return OffsetCommitCheck.refused(
                    epochMismatch(member),
                    member.usesClassicProtocol()
                            ? "Received generation id %d is older than assignment epoch %d for partition %s-%d."
                            : "Received member epoch %d is older than assignment epoch %d for partition %s-%d.",
                    memberEpoch,
                    givenAt,
                    topic,
                    partition);
        }
        return OffsetCommitCheck.OK;
    }

    private static GroupError epochMismatch(ConsumerGroupMember member) {
        return member.usesClassicProtocol() ? GroupError.ILLEGAL_GENERATION : GroupError.STALE_MEMBER_EPOCH;
    }

    /** A classic member's generation is its member epoch: a mismatch is ILLEGAL_GENERATION for it, as Kafka says. */
    @Override
    protected GroupError epochError(ConsumerGroupMember member, int memberEpoch) {
        return memberEpoch == member.memberEpoch() ? GroupError.NONE : epochMismatch(member);
    }
}
