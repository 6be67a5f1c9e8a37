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
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rebuilds streams groups from their {@code __consumer_offsets} records at load ({@link StreamsGroupRecords}'
 * layouts): the group epoch, topology, target assignment and each member's metadata and current tasks, the last
 * record of each key winning and tombstones removing. Other record types are ignored. Not thread-safe: used by the
 * loading thread only.
 */
public final class StreamsGroupReplay {
    private final Map<String, StreamsGroup> groups = new LinkedHashMap<>();

    /** Applies one record if it is a streams group record; returns whether it was. */
    public boolean apply(ByteBuffer key, ByteBuffer value) {
        ByteBufferAccessor k = new ByteBufferAccessor(key.duplicate());
        short type = k.readShort();
        switch (type) {
            case StreamsGroupRecords.METADATA -> {
                String id = new StreamsGroupMetadataKey(k, (short) 0).groupId();
                if (value == null) {
                    groups.remove(id);
                } else {
                    StreamsGroup g = group(id);
                    g.groupEpoch(new StreamsGroupMetadataValue(GroupRecordCodec.consumerValueBody(value), (short) 0)
                            .epoch());
                    g.markPersisted();
                }
            }
            case StreamsGroupRecords.TOPOLOGY -> {
                String id = new StreamsGroupTopologyKey(k, (short) 0).groupId();
                if (value != null) {
                    StreamsGroup g = group(id);
                    g.topology(StreamsGroupRecords.topologyOf(
                            new StreamsGroupTopologyValue(GroupRecordCodec.consumerValueBody(value), (short) 0)));
                    g.markPersisted();
                } else if (groups.containsKey(id)) {
                    groups.get(id).topology(null);
                }
            }
            case StreamsGroupRecords.TARGET_METADATA -> {
                String id = new StreamsGroupTargetAssignmentMetadataKey(k, (short) 0).groupId();
                if (value != null) {
                    group(id)
                            .assignmentEpoch(new StreamsGroupTargetAssignmentMetadataValue(
                                            GroupRecordCodec.consumerValueBody(value), (short) 0)
                                    .assignmentEpoch());
                }
            }
            case StreamsGroupRecords.TARGET_MEMBER -> {
                StreamsGroupTargetAssignmentMemberKey mk = new StreamsGroupTargetAssignmentMemberKey(k, (short) 0);
                StreamsGroup g = value == null ? groups.get(mk.groupId()) : group(mk.groupId());
                if (g == null) {
                    return true;
                }
                if (value == null) {
                    g.targetAssignment().remove(mk.memberId());
                } else {
                    StreamsGroupTargetAssignmentMemberValue v = new StreamsGroupTargetAssignmentMemberValue(
                            GroupRecordCodec.consumerValueBody(value), (short) 0);
                    g.targetAssignment()
                            .put(
                                    mk.memberId(),
                                    new TaskAssignment(
                                            StreamsGroupRecords.tasksOfTarget(v.activeTasks()),
                                            StreamsGroupRecords.tasksOfTarget(v.standbyTasks()),
                                            StreamsGroupRecords.tasksOfTarget(v.warmupTasks())));
                }
            }
            case StreamsGroupRecords.MEMBER_METADATA -> {
                StreamsGroupMemberMetadataKey mk = new StreamsGroupMemberMetadataKey(k, (short) 0);
                StreamsGroup g = value == null ? groups.get(mk.groupId()) : group(mk.groupId());
                if (g == null) {
                    return true;
                }
                if (value == null) {
                    g.removeMember(mk.memberId());
                    g.markMemberUnpersisted(mk.memberId());
                } else {
                    StreamsGroupMemberMetadataValue v =
                            new StreamsGroupMemberMetadataValue(GroupRecordCodec.consumerValueBody(value), (short) 0);
                    StreamsGroupMember m = member(g, mk.memberId());
                    m.instanceId(v.instanceId());
                    m.rackId(v.rackId());
                    m.client(v.clientId(), v.clientHost());
                    m.rebalanceTimeoutMs(v.rebalanceTimeoutMs());
                    m.topologyEpoch(v.topologyEpoch());
                    m.processId(v.processId());
                    m.userEndpoint(
                            v.userEndpoint() == null
                                    ? null
                                    : new StreamsGroupMember.Endpoint(
                                            v.userEndpoint().host(),
                                            v.userEndpoint().port()));
                    Map<String, String> tags = new TreeMap<>();
                    v.clientTags().forEach(t -> tags.put(t.key(), t.value()));
                    m.clientTags(tags);
                    g.markMemberPersisted(mk.memberId());
                }
            }
            case StreamsGroupRecords.CURRENT_ASSIGNMENT -> {
                StreamsGroupCurrentMemberAssignmentKey ck = new StreamsGroupCurrentMemberAssignmentKey(k, (short) 0);
                StreamsGroup g = groups.get(ck.groupId());
                if (g == null || value == null) {
                    return true;
                }
                StreamsGroupCurrentMemberAssignmentValue v = new StreamsGroupCurrentMemberAssignmentValue(
                        GroupRecordCodec.consumerValueBody(value), (short) 0);
                StreamsGroupMember m = member(g, ck.memberId());
                m.restoreEpochs(v.memberEpoch(), v.previousMemberEpoch());
                m.restoreTasks(
                        StreamsGroupMember.State.of(v.state()),
                        new TaskAssignment(
                                StreamsGroupRecords.tasksOfCurrent(v.activeTasks()),
                                StreamsGroupRecords.tasksOfCurrent(v.standbyTasks()),
                                StreamsGroupRecords.tasksOfCurrent(v.warmupTasks())),
                        new TaskAssignment(
                                StreamsGroupRecords.tasksOfCurrent(v.activeTasksPendingRevocation()),
                                StreamsGroupRecords.tasksOfCurrent(v.standbyTasksPendingRevocation()),
                                StreamsGroupRecords.tasksOfCurrent(v.warmupTasksPendingRevocation())),
                        StreamsGroupRecords.activeEpochsOfCurrent(v.activeTasks(), v.memberEpoch()),
                        StreamsGroupRecords.activeEpochsOfCurrent(v.activeTasksPendingRevocation(), v.memberEpoch()));
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The groups the records left. */
    public Collection<StreamsGroup> groups() {
        return groups.values();
    }

    private StreamsGroup group(String id) {
        return groups.computeIfAbsent(id, StreamsGroup::new);
    }

    private static StreamsGroupMember member(StreamsGroup g, String memberId) {
        StreamsGroupMember m = g.member(memberId);
        if (m == null) {
            m = new StreamsGroupMember(memberId);
            g.addMember(m);
        }
        return m;
    }
}
