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

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.classic.ClassicMemberMetadata;
import io.skiff.broker.group.classic.MemberProtocol;
import io.skiff.broker.group.common.AssignmentEpochs;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.record.ConsumerGroupCurrentMemberAssignmentValue;
import io.skiff.broker.group.record.ConsumerGroupMemberMetadataValue;
import io.skiff.broker.group.record.ConsumerGroupMetadataValue;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMemberValue;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMetadataValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The {@code __consumer_offsets} records of consumer groups, as Kafka writes them: the group epoch, each
 * member's metadata, the target assignment (its epoch and each member's part) and each member's current
 * assignment, and their tombstones. Stateless, thread-safe.
 */
public final class ConsumerGroupRecords {
    private ConsumerGroupRecords() {}

    public static KeyValue groupMetadata(String groupId, int epoch) {
        return new KeyValue(
                GroupRecordCodec.consumerGroupMetadataKey(groupId),
                GroupRecordCodec.consumerValue(new ConsumerGroupMetadataValue().setEpoch(epoch)));
    }

    public static KeyValue memberMetadata(String groupId, ConsumerGroupMember m) {
        return new KeyValue(
                GroupRecordCodec.memberMetadataKey(groupId, m.memberId()),
                GroupRecordCodec.consumerValue(new ConsumerGroupMemberMetadataValue()
                        .setInstanceId(m.instanceId())
                        .setRackId(m.rackId())
                        .setClientId(m.clientId())
                        .setClientHost(m.clientHost())
                        .setSubscribedTopicNames(m.subscribedTopicNames())
                        .setSubscribedTopicRegex(m.subscribedTopicRegex())
                        .setRebalanceTimeoutMs(m.rebalanceTimeoutMs())
                        .setServerAssignor(m.serverAssignor())
                        .setClassicMemberMetadata(classicMetadata(m.classicMetadata()))));
    }

    private static ConsumerGroupMemberMetadataValue.ClassicMemberMetadata classicMetadata(ClassicMemberMetadata c) {
        if (c == null) {
            return null;
        }
        List<ConsumerGroupMemberMetadataValue.ClassicProtocol> protocols = new ArrayList<>();
        c.supportedProtocols()
                .forEach(p -> protocols.add(new ConsumerGroupMemberMetadataValue.ClassicProtocol()
                        .setName(p.name())
                        .setMetadata(p.metadata())));
        return new ConsumerGroupMemberMetadataValue.ClassicMemberMetadata()
                .setSessionTimeoutMs(c.sessionTimeoutMs())
                .setSupportedProtocols(protocols);
    }

    /** The classic metadata of a replayed member record, or null for a consumer-protocol member. */
    public static ClassicMemberMetadata classicMetadata(ConsumerGroupMemberMetadataValue.ClassicMemberMetadata c) {
        if (c == null || c.supportedProtocols().isEmpty()) {
            return null;
        }
        List<MemberProtocol> protocols = new ArrayList<>();
        c.supportedProtocols().forEach(p -> protocols.add(new MemberProtocol(p.name(), p.metadata())));
        return new ClassicMemberMetadata(c.sessionTimeoutMs(), protocols);
    }

    /**
     * Every record of {@code group} as a new group's (Kafka's createConsumerGroupRecords, written when a classic
     * group is upgraded): members' metadata, the group epoch, the target assignment, the current assignments.
     */
    public static List<KeyValue> allRecords(ConsumerGroup group, long timestamp) {
        List<KeyValue> out = new ArrayList<>();
        String id = group.groupId();
        group.members().forEach(m -> out.add(memberMetadata(id, m)));
        out.add(groupMetadata(id, group.groupEpoch()));
        group.members().forEach(m -> out.add(targetMember(id, m.memberId(), group.targetOf(m.memberId()))));
        out.add(targetMetadata(id, group.assignmentEpoch(), timestamp));
        group.members().forEach(m -> out.add(currentAssignment(id, m)));
        return out;
    }

    public static KeyValue targetMetadata(String groupId, int assignmentEpoch, long timestamp) {
        return new KeyValue(
                GroupRecordCodec.targetMetadataKey(groupId),
                GroupRecordCodec.consumerValue(new ConsumerGroupTargetAssignmentMetadataValue()
                        .setAssignmentEpoch(assignmentEpoch)
                        .setAssignmentTimestamp(timestamp)));
    }

    public static KeyValue targetMember(String groupId, String memberId, MemberAssignment target) {
        List<ConsumerGroupTargetAssignmentMemberValue.TopicPartition> tps = new ArrayList<>();
        target.partitions()
                .forEach((topicId, ps) -> tps.add(new ConsumerGroupTargetAssignmentMemberValue.TopicPartition()
                        .setTopicId(topicId)
                        .setPartitions(List.copyOf(ps))));
        return new KeyValue(
                GroupRecordCodec.targetMemberKey(groupId, memberId),
                GroupRecordCodec.consumerValue(new ConsumerGroupTargetAssignmentMemberValue().setTopicPartitions(tps)));
    }

    public static KeyValue currentAssignment(String groupId, ConsumerGroupMember m) {
        return new KeyValue(
                GroupRecordCodec.currentAssignmentKey(groupId, m.memberId()),
                GroupRecordCodec.consumerValue(new ConsumerGroupCurrentMemberAssignmentValue()
                        .setMemberEpoch(m.memberEpoch())
                        .setPreviousMemberEpoch(m.previousMemberEpoch())
                        .setState(m.state().value)
                        .setAssignedPartitions(topicPartitions(m.assignedEpochs()))
                        .setPartitionsPendingRevocation(topicPartitions(m.pendingRevocationEpochs()))));
    }

    /** A member's tombstones, in Kafka's order: current assignment, target, metadata. */
    public static List<KeyValue> memberTombstones(String groupId, String memberId) {
        return List.of(
                new KeyValue(GroupRecordCodec.currentAssignmentKey(groupId, memberId), null),
                new KeyValue(GroupRecordCodec.targetMemberKey(groupId, memberId), null),
                new KeyValue(GroupRecordCodec.memberMetadataKey(groupId, memberId), null));
    }

    /** The group's own tombstones (after its members'): target metadata, then the group epoch. */
    public static List<KeyValue> groupTombstones(String groupId) {
        return List.of(
                new KeyValue(GroupRecordCodec.targetMetadataKey(groupId), null),
                new KeyValue(GroupRecordCodec.consumerGroupMetadataKey(groupId), null));
    }

    /** Partitions by topic, sorted, each topic with the epochs its partitions were given at (in the same order). */
    public static List<ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions> topicPartitions(
            AssignmentEpochs<UUID> a) {
        List<ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions> out = new ArrayList<>();
        a.epochs().keySet().forEach(topicId -> {
            List<Integer> partitions = a.sortedPartitions(topicId);
            out.add(new ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions()
                    .setTopicId(topicId)
                    .setPartitions(partitions)
                    .setAssignmentEpochs(a.epochsOf(topicId, partitions)));
        });
        return out;
    }

    /**
     * Replay: the partitions of a current-assignment record with their epochs. A topic without epochs (a record
     * written before they were kept), or with not one epoch per partition, gives every partition of the topic
     * {@code memberEpoch} (at least 0), as Kafka does.
     */
    public static AssignmentEpochs<UUID> assignment(
            List<ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions> tps, int memberEpoch) {
        int fallback = Math.max(memberEpoch, 0);
        Map<UUID, Map<Integer, Integer>> out = new HashMap<>();
        for (ConsumerGroupCurrentMemberAssignmentValue.TopicPartitions tp : tps) {
            out.put(tp.topicId(), AssignmentEpochs.fromRecord(tp.partitions(), tp.assignmentEpochs(), fallback));
        }
        return new AssignmentEpochs<>(out);
    }

    public static MemberAssignment targetAssignment(List<ConsumerGroupTargetAssignmentMemberValue.TopicPartition> tps) {
        Map<UUID, Set<Integer>> out = new java.util.HashMap<>();
        tps.forEach(tp -> out.put(tp.topicId(), Set.copyOf(tp.partitions())));
        return new MemberAssignment(out);
    }
}
