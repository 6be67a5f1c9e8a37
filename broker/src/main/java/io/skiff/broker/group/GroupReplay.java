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
package io.skiff.broker.group;

import io.skiff.broker.group.common.GroupMetadataSnapshot;
import io.skiff.broker.group.common.GroupRecord;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.consumer.ConsumerGroup;
import io.skiff.broker.group.consumer.ConsumerGroupMember;
import io.skiff.broker.group.consumer.ConsumerGroupRecords;
import io.skiff.broker.group.record.ConsumerGroupMemberMetadataValue;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Rebuilds the coordinator's state from the records of {@code __consumer_offsets}, applied in log order:
 * offsets by group, classic group metadata, and consumer groups with their members, target assignment and
 * current assignments (the offsets of a committed transaction where its marker is). A later record of a key replaces
 * an earlier one; a tombstone removes it.
 *
 * <p>Not thread-safe: used by the loading thread only, before the coordinator serves requests.
 */
final class GroupReplay {
    private final Map<String, Map<TopicPartition, OffsetAndMetadata>> offsets = new HashMap<>();
    private final Map<String, GroupMetadataSnapshot> classic = new HashMap<>();
    private final Map<String, ConsumerGroup> consumer = new LinkedHashMap<>();
    private final Set<String> withOpenTransactionalOffsets = new LinkedHashSet<>();

    void apply(GroupRecord record) {
        if (record instanceof GroupRecord.OffsetCommit oc) {
            Map<TopicPartition, OffsetAndMetadata> m = offsets.computeIfAbsent(oc.groupId(), g -> new HashMap<>());
            if (oc.value() == null) {
                m.remove(oc.partition());
            } else {
                m.put(oc.partition(), oc.value());
            }
        } else if (record instanceof GroupRecord.GroupMetadata gm) {
            if (gm.value() == null) {
                classic.remove(gm.groupId());
            } else {
                classic.put(gm.groupId(), gm.value());
                consumer.remove(gm.groupId()); // converted to a classic group after these records
            }
        } else if (record instanceof GroupRecord.ConsumerGroupEpoch e) {
            if (e.value() == null) {
                consumer.remove(e.groupId());
            } else {
                consumerGroup(e.groupId()).groupEpoch(e.value().epoch());
            }
        } else if (record instanceof GroupRecord.MemberMetadata mm) {
            applyMemberMetadata(mm);
        } else if (record instanceof GroupRecord.TargetAssignmentMetadata tm) {
            if (tm.value() != null) {
                consumerGroup(tm.groupId()).restoreAssignmentEpoch(tm.value().assignmentEpoch());
            }
        } else if (record instanceof GroupRecord.TargetAssignmentMember t) {
            if (t.value() == null) {
                ConsumerGroup g = consumer.get(t.groupId());
                if (g != null) {
                    g.targetAssignment().remove(t.memberId());
                }
            } else {
                consumerGroup(t.groupId())
                        .restoreTarget(
                                t.memberId(),
                                ConsumerGroupRecords.targetAssignment(t.value().topicPartitions()));
            }
        } else if (record instanceof GroupRecord.CurrentMemberAssignment c) {
            if (c.value() != null) {
                ConsumerGroup g = consumerGroup(c.groupId());
                ConsumerGroupMember m = g.member(c.memberId());
                if (m == null) {
                    m = new ConsumerGroupMember(c.memberId());
                    g.addMember(m);
                }
                int memberEpoch = c.value().memberEpoch();
                m.restoreEpochs(memberEpoch, c.value().previousMemberEpoch());
                m.restoreAssignment(
                        ConsumerGroupMember.State.of(c.value().state()),
                        ConsumerGroupRecords.assignment(c.value().assignedPartitions(), memberEpoch),
                        ConsumerGroupRecords.assignment(c.value().partitionsPendingRevocation(), memberEpoch));
            }
        }
    }

    private void applyMemberMetadata(GroupRecord.MemberMetadata mm) {
        if (mm.value() == null) {
            ConsumerGroup existing = consumer.get(mm.groupId());
            if (existing != null) {
                existing.removeMember(mm.memberId());
                existing.markMemberUnpersisted(mm.memberId());
            }
            return;
        }
        ConsumerGroup g = consumerGroup(mm.groupId());
        ConsumerGroupMemberMetadataValue v = mm.value();
        ConsumerGroupMember m = g.member(mm.memberId());
        if (m == null) {
            m = new ConsumerGroupMember(mm.memberId());
            m.instanceId(v.instanceId());
            g.addMember(m);
        } else if (!Objects.equals(m.instanceId(), v.instanceId())) {
            // Created by an earlier assignment record: logs written before the replacement order was fixed put a
            // replaced static member's
            // assignments before its metadata. Kafka's replay takes the instance id from the metadata either way.
            g.restoreInstanceId(m, v.instanceId());
        }
        m.rackId(v.rackId());
        m.client(v.clientId(), v.clientHost());
        m.subscribedTopicNames(v.subscribedTopicNames());
        m.subscribedTopicRegex(v.subscribedTopicRegex());
        m.rebalanceTimeoutMs(v.rebalanceTimeoutMs());
        m.serverAssignor(v.serverAssignor());
        m.classicMetadata(ConsumerGroupRecords.classicMetadata(v.classicMemberMetadata()));
        g.markMemberPersisted(mm.memberId());
    }

    private ConsumerGroup consumerGroup(String groupId) {
        classic.remove(groupId);
        return consumer.computeIfAbsent(groupId, ConsumerGroup::new);
    }

    Map<String, Map<TopicPartition, OffsetAndMetadata>> offsets() {
        return offsets;
    }

    Collection<ConsumerGroup> consumerGroups() {
        return consumer.values();
    }

    GroupMetadataSnapshot classicMetadata(String groupId) {
        return classic.get(groupId);
    }

    /** Groups that come back as classic: those with classic metadata, and those with offsets only. */
    Set<String> classicGroupIds() {
        Set<String> ids = new LinkedHashSet<>(classic.keySet());
        offsets.forEach((id, m) -> {
            if (!m.isEmpty() && !consumer.containsKey(id)) {
                ids.add(id);
            }
        });
        for (String id : withOpenTransactionalOffsets) {
            if (!consumer.containsKey(id)) {
                ids.add(id);
            }
        }
        return ids;
    }

    /**
     * A group has offsets of a transaction that has no marker yet: it comes back (as the TxnOffsetCommit that wrote
     * them created it) even without other records.
     */
    void openTransactionalOffsets(String groupId) {
        withOpenTransactionalOffsets.add(groupId);
    }
}
