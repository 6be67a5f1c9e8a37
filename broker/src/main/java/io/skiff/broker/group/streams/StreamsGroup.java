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
package io.skiff.broker.group.streams;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.common.EpochGroup;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupType;
import io.skiff.broker.group.common.OffsetCommitCheck;
import io.skiff.broker.group.common.OffsetCommitValidation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A KIP-1071 streams group: its topology (as the members declared it) and how it resolves against the topics, the
 * group epoch, the target assignment and its epoch, the members, and the epoch of the endpoint-to-partitions map
 * the members receive for interactive queries. Committed offsets are kept by the offsets part, as for every group.
 *
 * <p>Not thread-safe: every access happens under {@link #keyLock()}.
 */
public final class StreamsGroup extends EpochGroup<StreamsGroupMember, TaskAssignment> {
    /** The protocol type ListGroups reports for streams groups. */
    static final String PROTOCOL_TYPE = "streams";

    /** Kafka's StreamsGroupState names. */
    public enum State {
        EMPTY("Empty"),
        NOT_READY("NotReady"),
        ASSIGNING("Assigning"),
        RECONCILING("Reconciling"),
        STABLE("Stable"),
        DEAD("Dead");

        private final String displayName;

        State(String displayName) {
            this.displayName = displayName;
        }

        public String displayName() {
            return displayName;
        }
    }

    /** Kafka 4.4 starts a streams group at epoch 1, so the first member's join makes it 2. */
    private static final int INITIAL_GROUP_EPOCH = 1;

    private StreamsTopology topology;
    private ConfiguredTopology configured;
    private int endpointInformationEpoch;
    private boolean persisted;
    private String shutdownRequestedBy;

    public StreamsGroup(String groupId) {
        super(groupId, INITIAL_GROUP_EPOCH, TaskAssignment.EMPTY);
    }

    @Override
    public GroupType type() {
        return GroupType.STREAMS;
    }

    public State state() {
        if (isDead()) {
            return State.DEAD;
        }
        if (isEmpty()) {
            return State.EMPTY;
        }
        if (topology == null || configured == null || !configured.isReady()) {
            return State.NOT_READY;
        }
        if (groupEpoch() != assignmentEpoch()) {
            return State.ASSIGNING;
        }
        for (StreamsGroupMember m : members()) {
            if (m.memberEpoch() != assignmentEpoch() || m.state() != StreamsGroupMember.State.STABLE) {
                return State.RECONCILING;
            }
        }
        return State.STABLE;
    }

    @Override
    public String stateName() {
        return state().displayName();
    }

    @Override
    public String protocolTypeOrEmpty() {
        return PROTOCOL_TYPE;
    }

    /** The member with that {@code group.instance.id}, or null. */
    public StreamsGroupMember staticMember(String instanceId) {
        for (StreamsGroupMember m : members()) {
            if (instanceId.equals(m.instanceId())) {
                return m;
            }
        }
        return null;
    }

    @Override
    public boolean isSubscribedToTopic(String topic) {
        if (isEmpty() || configured == null) {
            return false;
        }
        for (List<String> topics : configured.sourceTopics().values()) {
            if (topics.contains(topic)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public List<CoordinatorRecordLog.KeyValue> tombstones() {
        List<CoordinatorRecordLog.KeyValue> out = memberTombstones(StreamsGroupRecords::memberTombstones);
        if (persisted) {
            out.addAll(StreamsGroupRecords.groupTombstones(groupId()));
        }
        return out;
    }

    // ------------------------------------------------------------------ offsets

    /**
     * Kafka's StreamsGroup.validateOffsetCommit for a member: it must use OffsetCommit v9+ (TxnOffsetCommit has no
     * such rule); its current epoch commits everything; a newer epoch commits nothing; an older one (a commit sent
     * while its epoch bump is in flight) commits a partition only if the active task reading it was given to the
     * member by then. The task of a partition is its source or repartition source topic's subtopology in the topology
     * the members declared, so an older epoch commits nothing while the group has none.
     */
    @Override
    protected OffsetCommitValidation commitValidation(
            StreamsGroupMember member, int memberEpoch, boolean transactional, boolean v9OrLater) {
        if (!transactional && !v9OrLater) {
            return OffsetCommitValidation.refused(OffsetCommitCheck.refused(
                    GroupError.UNSUPPORTED_VERSION,
                    "OffsetCommit version 9 or above must be used by members using the streams group protocol"));
        }
        if (memberEpoch == member.memberEpoch()) {
            return OffsetCommitValidation.ACCEPT_ALL;
        }
        if (memberEpoch > member.memberEpoch()) {
            return OffsetCommitValidation.refused(OffsetCommitCheck.refused(
                    GroupError.STALE_MEMBER_EPOCH,
                    "Received member epoch %d is newer than current member epoch %d.",
                    memberEpoch,
                    member.memberEpoch()));
        }
        if (topology == null) {
            return OffsetCommitValidation.refused(OffsetCommitCheck.refused(
                    GroupError.STALE_MEMBER_EPOCH, "Topology is not available for offset commit validation."));
        }
        Map<String, String> subtopologyOfTopic = subtopologyOfSourceTopic(topology);
        return OffsetCommitValidation.perPartition((topic, topicId, partition) ->
                olderEpochCheck(member, memberEpoch, subtopologyOfTopic.get(topic), topic, partition));
    }

    /** Each source and repartition source topic's subtopology (Kafka's StreamsTopology.sourceTopicMap). */
    private static Map<String, String> subtopologyOfSourceTopic(StreamsTopology topology) {
        Map<String, String> out = new HashMap<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            s.sourceTopics().forEach(t -> out.put(t, s.subtopologyId()));
            s.repartitionSourceTopics().forEach(t -> out.put(t.name(), s.subtopologyId()));
        }
        return out;
    }

    /** A commit at an epoch older than the member's: accepted if the member was given the active task by then. */
    private static OffsetCommitCheck olderEpochCheck(
            StreamsGroupMember member, int memberEpoch, String subtopologyId, String topic, int partition) {
        if (subtopologyId == null) {
            return OffsetCommitCheck.refused(GroupError.STALE_MEMBER_EPOCH, "Topic %s is not in the topology.", topic);
        }
        Integer givenAt = member.activeTaskEpoch(subtopologyId, partition);
        if (givenAt == null) {
            return OffsetCommitCheck.refused(
                    GroupError.STALE_MEMBER_EPOCH,
                    "Task %s-%d is not assigned or pending revocation for member.",
                    subtopologyId,
                    partition);
        }
        if (memberEpoch < givenAt) {
            return OffsetCommitCheck.refused(
                    GroupError.STALE_MEMBER_EPOCH,
                    "Received member epoch %d is older than assignment epoch %d for task %s-%d.",
                    memberEpoch,
                    givenAt,
                    subtopologyId,
                    partition);
        }
        return OffsetCommitCheck.OK;
    }

    /** Kafka's validateMemberEpoch (offset fetches): only the member's current epoch. */
    @Override
    protected GroupError epochError(StreamsGroupMember member, int memberEpoch) {
        return memberEpoch == member.memberEpoch() ? GroupError.NONE : GroupError.STALE_MEMBER_EPOCH;
    }

    // ------------------------------------------------------------------ topology and epochs

    public StreamsTopology topology() {
        return topology;
    }

    public void topology(StreamsTopology topology) {
        this.topology = topology;
    }

    public ConfiguredTopology configured() {
        return configured;
    }

    public void configured(ConfiguredTopology configured) {
        this.configured = configured;
    }

    public int endpointInformationEpoch() {
        return endpointInformationEpoch;
    }

    public void bumpEndpointInformationEpoch() {
        endpointInformationEpoch++;
    }

    public String shutdownRequestedBy() {
        return shutdownRequestedBy;
    }

    public void shutdownRequestedBy(String memberId) {
        this.shutdownRequestedBy = memberId;
    }

    public void markPersisted() {
        persisted = true;
    }

    // ------------------------------------------------------------------ members

    /** The member (other than {@code except}) that owns the active task or has yet to revoke it; null if free. */
    public StreamsGroupMember activeOwner(String subtopologyId, int partition, String except) {
        for (StreamsGroupMember m : members()) {
            if (m.memberId().equals(except)) {
                continue;
            }
            if (m.assigned().active().contains(subtopologyId, partition)
                    || m.pendingRevocation().active().contains(subtopologyId, partition)) {
                return m;
            }
        }
        return null;
    }
}
