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

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.common.AssignmentEpochs;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.record.StreamsGroupCurrentMemberAssignmentKey;
import io.skiff.broker.group.record.StreamsGroupCurrentMemberAssignmentValue;
import io.skiff.broker.group.record.StreamsGroupMemberMetadataKey;
import io.skiff.broker.group.record.StreamsGroupMemberMetadataValue;
import io.skiff.broker.group.record.StreamsGroupMetadataKey;
import io.skiff.broker.group.record.StreamsGroupMetadataValue;
import io.skiff.broker.group.record.StreamsGroupTargetAssignmentMemberKey;
import io.skiff.broker.group.record.StreamsGroupTargetAssignmentMemberValue;
import io.skiff.broker.group.record.StreamsGroupTargetAssignmentMetadataKey;
import io.skiff.broker.group.record.StreamsGroupTargetAssignmentMetadataValue;
import io.skiff.broker.group.record.StreamsGroupTopologyKey;
import io.skiff.broker.group.record.StreamsGroupTopologyValue;
import io.skiff.protocol.ByteBufferAccessor;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The {@code __consumer_offsets} records of streams groups in Kafka 4.4's layouts: the group epoch (record type 17),
 * each member's metadata (19), the target assignment epoch (20) and each member's target tasks (21), each member's
 * current tasks (22) and the topology (23); their values are version 0 (flexible). Stateless, thread-safe.
 */
public final class StreamsGroupRecords {
    static final short METADATA = 17;
    static final short MEMBER_METADATA = 19;
    static final short TARGET_METADATA = 20;
    static final short TARGET_MEMBER = 21;
    static final short CURRENT_ASSIGNMENT = 22;
    static final short TOPOLOGY = 23;

    private StreamsGroupRecords() {}

    public static KeyValue groupEpoch(String groupId, int epoch, long metadataHash) {
        return new KeyValue(
                GroupRecordCodec.key(METADATA, new StreamsGroupMetadataKey().setGroupId(groupId)),
                GroupRecordCodec.consumerValue(
                        new StreamsGroupMetadataValue().setEpoch(epoch).setMetadataHash(metadataHash)));
    }

    public static KeyValue topology(String groupId, StreamsTopology topology) {
        List<StreamsGroupTopologyValue.Subtopology> subs = new ArrayList<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            List<StreamsGroupTopologyValue.CopartitionGroup> groups = new ArrayList<>();
            s.copartitionGroups()
                    .forEach(g -> groups.add(new StreamsGroupTopologyValue.CopartitionGroup()
                            .setSourceTopics(g.sourceTopics())
                            .setSourceTopicRegex(g.sourceTopicRegex())
                            .setRepartitionSourceTopics(g.repartitionSourceTopics())));
            subs.add(new StreamsGroupTopologyValue.Subtopology()
                    .setSubtopologyId(s.subtopologyId())
                    .setSourceTopics(s.sourceTopics())
                    .setSourceTopicRegex(s.sourceTopicRegex())
                    .setStateChangelogTopics(topicInfos(s.stateChangelogTopics()))
                    .setRepartitionSinkTopics(s.repartitionSinkTopics())
                    .setRepartitionSourceTopics(topicInfos(s.repartitionSourceTopics()))
                    .setCopartitionGroups(groups));
        }
        return new KeyValue(
                GroupRecordCodec.key(TOPOLOGY, new StreamsGroupTopologyKey().setGroupId(groupId)),
                GroupRecordCodec.consumerValue(new StreamsGroupTopologyValue()
                        .setEpoch(topology.epoch())
                        .setSubtopologies(subs)));
    }

    private static List<StreamsGroupTopologyValue.TopicInfo> topicInfos(List<StreamsTopology.InternalTopic> topics) {
        List<StreamsGroupTopologyValue.TopicInfo> out = new ArrayList<>();
        for (StreamsTopology.InternalTopic t : topics) {
            List<StreamsGroupTopologyValue.TopicConfig> configs = new ArrayList<>();
            t.configs()
                    .forEach((k, v) -> configs.add(new StreamsGroupTopologyValue.TopicConfig()
                            .setKey(k)
                            .setValue(v)));
            out.add(new StreamsGroupTopologyValue.TopicInfo()
                    .setName(t.name())
                    .setPartitions(t.partitions())
                    .setReplicationFactor(t.replicationFactor())
                    .setTopicConfigs(configs));
        }
        return out;
    }

    public static KeyValue memberMetadata(String groupId, StreamsGroupMember m) {
        List<StreamsGroupMemberMetadataValue.KeyValue> tags = new ArrayList<>();
        new TreeMap<>(m.clientTags())
                .forEach((k, v) -> tags.add(
                        new StreamsGroupMemberMetadataValue.KeyValue().setKey(k).setValue(v)));
        return new KeyValue(
                GroupRecordCodec.key(
                        MEMBER_METADATA,
                        new StreamsGroupMemberMetadataKey().setGroupId(groupId).setMemberId(m.memberId())),
                GroupRecordCodec.consumerValue(new StreamsGroupMemberMetadataValue()
                        .setInstanceId(m.instanceId())
                        .setRackId(m.rackId())
                        .setClientId(m.clientId())
                        .setClientHost(m.clientHost())
                        .setRebalanceTimeoutMs(m.rebalanceTimeoutMs())
                        .setTopologyEpoch(m.topologyEpoch())
                        .setProcessId(m.processId())
                        .setUserEndpoint(
                                m.userEndpoint() == null
                                        ? null
                                        : new StreamsGroupMemberMetadataValue.Endpoint()
                                                .setHost(m.userEndpoint().host())
                                                .setPort(m.userEndpoint().port()))
                        .setClientTags(tags)));
    }

    public static KeyValue targetEpoch(String groupId, int epoch, long timestamp) {
        return new KeyValue(
                GroupRecordCodec.key(
                        TARGET_METADATA, new StreamsGroupTargetAssignmentMetadataKey().setGroupId(groupId)),
                GroupRecordCodec.consumerValue(new StreamsGroupTargetAssignmentMetadataValue()
                        .setAssignmentEpoch(epoch)
                        .setAssignmentTimestamp(timestamp)));
    }

    public static KeyValue targetMember(String groupId, String memberId, TaskAssignment target) {
        return new KeyValue(
                GroupRecordCodec.key(
                        TARGET_MEMBER,
                        new StreamsGroupTargetAssignmentMemberKey()
                                .setGroupId(groupId)
                                .setMemberId(memberId)),
                GroupRecordCodec.consumerValue(new StreamsGroupTargetAssignmentMemberValue()
                        .setActiveTasks(targetIds(target.active()))
                        .setStandbyTasks(targetIds(target.standby()))
                        .setWarmupTasks(targetIds(target.warmup()))));
    }

    public static KeyValue currentAssignment(String groupId, StreamsGroupMember m) {
        return new KeyValue(
                GroupRecordCodec.key(
                        CURRENT_ASSIGNMENT,
                        new StreamsGroupCurrentMemberAssignmentKey()
                                .setGroupId(groupId)
                                .setMemberId(m.memberId())),
                GroupRecordCodec.consumerValue(new StreamsGroupCurrentMemberAssignmentValue()
                        .setMemberEpoch(m.memberEpoch())
                        .setPreviousMemberEpoch(m.previousMemberEpoch())
                        .setState(m.state().value())
                        .setActiveTasks(currentIds(m.assigned().active(), m.activeEpochs()))
                        .setStandbyTasks(currentIds(m.assigned().standby()))
                        .setWarmupTasks(currentIds(m.assigned().warmup()))
                        .setActiveTasksPendingRevocation(
                                currentIds(m.pendingRevocation().active(), m.pendingActiveEpochs()))
                        .setStandbyTasksPendingRevocation(
                                currentIds(m.pendingRevocation().standby()))
                        .setWarmupTasksPendingRevocation(
                                currentIds(m.pendingRevocation().warmup()))));
    }

    /** The tombstones of a member's records, in the order Kafka writes them. */
    public static List<KeyValue> memberTombstones(String groupId, String memberId) {
        return List.of(
                new KeyValue(
                        GroupRecordCodec.key(
                                CURRENT_ASSIGNMENT,
                                new StreamsGroupCurrentMemberAssignmentKey()
                                        .setGroupId(groupId)
                                        .setMemberId(memberId)),
                        null),
                new KeyValue(
                        GroupRecordCodec.key(
                                TARGET_MEMBER,
                                new StreamsGroupTargetAssignmentMemberKey()
                                        .setGroupId(groupId)
                                        .setMemberId(memberId)),
                        null),
                new KeyValue(
                        GroupRecordCodec.key(
                                MEMBER_METADATA,
                                new StreamsGroupMemberMetadataKey()
                                        .setGroupId(groupId)
                                        .setMemberId(memberId)),
                        null));
    }

    /** The tombstones of the group's own records (after its members'). */
    public static List<KeyValue> groupTombstones(String groupId) {
        return List.of(
                new KeyValue(
                        GroupRecordCodec.key(
                                TARGET_METADATA, new StreamsGroupTargetAssignmentMetadataKey().setGroupId(groupId)),
                        null),
                new KeyValue(GroupRecordCodec.key(TOPOLOGY, new StreamsGroupTopologyKey().setGroupId(groupId)), null),
                new KeyValue(GroupRecordCodec.key(METADATA, new StreamsGroupMetadataKey().setGroupId(groupId)), null));
    }

    private static List<StreamsGroupTargetAssignmentMemberValue.TaskIds> targetIds(Tasks tasks) {
        List<StreamsGroupTargetAssignmentMemberValue.TaskIds> out = new ArrayList<>();
        tasks.bySubtopology()
                .forEach((id, ps) -> out.add(new StreamsGroupTargetAssignmentMemberValue.TaskIds()
                        .setSubtopologyId(id)
                        .setPartitions(new ArrayList<>(ps))));
        return out;
    }

    private static List<StreamsGroupCurrentMemberAssignmentValue.TaskIds> currentIds(Tasks tasks) {
        List<StreamsGroupCurrentMemberAssignmentValue.TaskIds> out = new ArrayList<>();
        tasks.bySubtopology()
                .forEach((id, ps) -> out.add(new StreamsGroupCurrentMemberAssignmentValue.TaskIds()
                        .setSubtopologyId(id)
                        .setPartitions(new ArrayList<>(ps))));
        return out;
    }

    /** Active tasks by subtopology, sorted, each with the epochs they were given at (the AssignmentEpochs field). */
    private static List<StreamsGroupCurrentMemberAssignmentValue.TaskIds> currentIds(
            Tasks tasks, AssignmentEpochs<String> epochs) {
        List<StreamsGroupCurrentMemberAssignmentValue.TaskIds> out = currentIds(tasks);
        out.forEach(ids -> ids.setAssignmentEpochs(epochs.epochsOf(ids.subtopologyId(), ids.partitions())));
        return out;
    }

    /**
     * Replay: the epochs of a current-assignment record's active tasks; {@code memberEpoch} for a subtopology
     * without them (a record written before they were kept), as Kafka does.
     */
    static AssignmentEpochs<String> activeEpochsOfCurrent(
            List<StreamsGroupCurrentMemberAssignmentValue.TaskIds> ids, int memberEpoch) {
        Map<String, Map<Integer, Integer>> out = new HashMap<>();
        ids.forEach(t -> out.computeIfAbsent(t.subtopologyId(), k -> new HashMap<>())
                .putAll(AssignmentEpochs.fromRecord(t.partitions(), t.assignmentEpochs(), memberEpoch)));
        return new AssignmentEpochs<>(out);
    }

    static Tasks tasksOfTarget(List<StreamsGroupTargetAssignmentMemberValue.TaskIds> ids) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        ids.forEach(t ->
                out.computeIfAbsent(t.subtopologyId(), k -> new TreeSet<>()).addAll(t.partitions()));
        return new Tasks(out);
    }

    static Tasks tasksOfCurrent(List<StreamsGroupCurrentMemberAssignmentValue.TaskIds> ids) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        ids.forEach(t ->
                out.computeIfAbsent(t.subtopologyId(), k -> new TreeSet<>()).addAll(t.partitions()));
        return new Tasks(out);
    }

    /**
     * The topology of a StreamsGroupHeartbeat, given as the bytes of the request's Topology struct: record 23's
     * value is that struct byte for byte (Kafka stores the topology a member sent as it sent it), so both are read by
     * {@link #topologyOf(StreamsGroupTopologyValue)}.
     */
    public static StreamsTopology topologyOfRequest(ByteBuffer topologyStruct) {
        return topologyOf(new StreamsGroupTopologyValue(new ByteBufferAccessor(topologyStruct), (short) 0));
    }

    /** The topology a record 23 value holds. */
    static StreamsTopology topologyOf(StreamsGroupTopologyValue v) {
        List<StreamsTopology.Subtopology> subs = new ArrayList<>();
        for (StreamsGroupTopologyValue.Subtopology s : v.subtopologies()) {
            List<StreamsTopology.CopartitionGroup> groups = new ArrayList<>();
            s.copartitionGroups()
                    .forEach(g -> groups.add(new StreamsTopology.CopartitionGroup(
                            g.sourceTopics(), g.sourceTopicRegex(), g.repartitionSourceTopics())));
            subs.add(new StreamsTopology.Subtopology(
                    s.subtopologyId(),
                    s.sourceTopics(),
                    s.sourceTopicRegex(),
                    internal(s.stateChangelogTopics()),
                    s.repartitionSinkTopics(),
                    internal(s.repartitionSourceTopics()),
                    groups));
        }
        return new StreamsTopology(v.epoch(), subs);
    }

    private static List<StreamsTopology.InternalTopic> internal(List<StreamsGroupTopologyValue.TopicInfo> topics) {
        List<StreamsTopology.InternalTopic> out = new ArrayList<>();
        for (StreamsGroupTopologyValue.TopicInfo t : topics) {
            Map<String, String> configs = new LinkedHashMap<>();
            t.topicConfigs().forEach(c -> configs.put(c.key(), c.value()));
            out.add(new StreamsTopology.InternalTopic(t.name(), t.partitions(), t.replicationFactor(), configs));
        }
        return out;
    }
}
