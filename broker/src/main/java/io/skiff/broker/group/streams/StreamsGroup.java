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
import io.skiff.broker.coordinator.KeyLock;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupType;
import io.skiff.broker.group.common.MemberEpochGroup;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A KIP-1071 streams group: its topology (as the members declared it) and how it resolves against the topics, the
 * group epoch, the target assignment and its epoch, the members, and the epoch of the endpoint-to-partitions map
 * the members receive for interactive queries. Committed offsets are kept by the offsets part, as for every group.
 *
 * <p>Not thread-safe: every access happens under {@link #keyLock()}.
 */
public final class StreamsGroup implements MemberEpochGroup {
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

    private final String groupId;
    private final KeyLock keyLock = new KeyLock();
    private final Map<String, StreamsGroupMember> members = new LinkedHashMap<>();
    private final Map<String, TaskAssignment> targetAssignment = new HashMap<>();
    private final Set<String> persistedMembers = new HashSet<>();
    private StreamsTopology topology;
    private ConfiguredTopology configured;
    /** Kafka 4.4 starts a streams group at epoch 1, so the first member's join makes it 2. */
    private int groupEpoch = 1;

    private int assignmentEpoch;
    private int endpointInformationEpoch;
    private boolean persisted;
    private boolean dead;
    private String shutdownRequestedBy;

    public StreamsGroup(String groupId) {
        this.groupId = groupId;
    }

    @Override
    public String groupId() {
        return groupId;
    }

    @Override
    public GroupType type() {
        return GroupType.STREAMS;
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
        if (topology == null || configured == null || !configured.isReady()) {
            return State.NOT_READY;
        }
        if (groupEpoch != assignmentEpoch) {
            return State.ASSIGNING;
        }
        for (StreamsGroupMember m : members.values()) {
            if (m.memberEpoch() != assignmentEpoch || m.state() != StreamsGroupMember.State.STABLE) {
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

    @Override
    public boolean isDead() {
        return dead;
    }

    /** The member with that {@code group.instance.id}, or null. */
    public StreamsGroupMember staticMember(String instanceId) {
        for (StreamsGroupMember m : members.values()) {
            if (instanceId.equals(m.instanceId())) {
                return m;
            }
        }
        return null;
    }

    @Override
    public boolean isEmpty() {
        return members.isEmpty();
    }

    @Override
    public boolean isSubscribedToTopic(String topic) {
        if (members.isEmpty() || configured == null) {
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
    public void markDead(long now) {
        dead = true;
        members.values().forEach(StreamsGroupMember::cancelTimers);
    }

    @Override
    public List<CoordinatorRecordLog.KeyValue> tombstones() {
        List<CoordinatorRecordLog.KeyValue> out = new ArrayList<>();
        for (String memberId : persistedMembers) {
            out.addAll(StreamsGroupRecords.memberTombstones(groupId, memberId));
        }
        if (persisted) {
            out.addAll(StreamsGroupRecords.groupTombstones(groupId));
        }
        return out;
    }

    // ------------------------------------------------------------------ offsets

    @Override
    public GroupError validateOffsetCommit(String memberId, String instanceId, int memberEpoch, boolean v9OrLater) {
        if (dead) {
            return GroupError.COORDINATOR_NOT_AVAILABLE;
        }
        if (memberEpoch < 0 && members.isEmpty()) {
            return GroupError.NONE;
        }
        StreamsGroupMember member = members.get(memberId);
        if (member == null) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        return epochError(member, memberEpoch);
    }

    @Override
    public GroupError validateOffsetFetch(String memberId, int memberEpoch) {
        if (memberEpoch < 0 && (memberId == null || memberId.isEmpty())) {
            return GroupError.NONE;
        }
        StreamsGroupMember member = members.get(memberId);
        if (member == null) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        return epochError(member, memberEpoch);
    }

    /**
     * The member's current epoch, or the one before while its tasks did not change hands (a commit of work done
     * just before the member learnt its new epoch, which Kafka accepts through the tasks' assignment epochs).
     */
    private static GroupError epochError(StreamsGroupMember member, int memberEpoch) {
        if (memberEpoch == member.memberEpoch()) {
            return GroupError.NONE;
        }
        if (memberEpoch == member.previousMemberEpoch() && memberEpoch < member.memberEpoch()) {
            return GroupError.NONE;
        }
        return GroupError.STALE_MEMBER_EPOCH;
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

    public int groupEpoch() {
        return groupEpoch;
    }

    public void groupEpoch(int epoch) {
        this.groupEpoch = epoch;
    }

    public int assignmentEpoch() {
        return assignmentEpoch;
    }

    public void assignmentEpoch(int epoch) {
        this.assignmentEpoch = epoch;
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

    public void markMemberPersisted(String memberId) {
        persistedMembers.add(memberId);
    }

    public void markMemberUnpersisted(String memberId) {
        persistedMembers.remove(memberId);
    }

    // ------------------------------------------------------------------ members

    public StreamsGroupMember member(String memberId) {
        return members.get(memberId);
    }

    public Collection<StreamsGroupMember> members() {
        return members.values();
    }

    public int size() {
        return members.size();
    }

    public void addMember(StreamsGroupMember member) {
        members.put(member.memberId(), member);
    }

    public void removeMember(String memberId) {
        StreamsGroupMember m = members.remove(memberId);
        if (m != null) {
            m.cancelTimers();
        }
        targetAssignment.remove(memberId);
    }

    public TaskAssignment targetOf(String memberId) {
        return targetAssignment.getOrDefault(memberId, TaskAssignment.EMPTY);
    }

    public Map<String, TaskAssignment> targetAssignment() {
        return targetAssignment;
    }

    public void targetAssignment(Map<String, TaskAssignment> target) {
        targetAssignment.clear();
        targetAssignment.putAll(target);
    }

    /** The member (other than {@code except}) that owns the active task or has yet to revoke it; null if free. */
    public StreamsGroupMember activeOwner(String subtopologyId, int partition, String except) {
        for (StreamsGroupMember m : members.values()) {
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
