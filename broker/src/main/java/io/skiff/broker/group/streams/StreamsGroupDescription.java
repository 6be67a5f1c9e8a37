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

import io.skiff.broker.group.common.GroupError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A StreamsGroupDescribe answer for one group: state, epochs, the topology as configured (partition counts of the
 * internal topics resolved; null subtopologies while it is not ready) and each member with its current and target
 * tasks. Immutable, thread-safe.
 */
public record StreamsGroupDescription(
        String groupId,
        GroupError error,
        String errorMessage,
        String state,
        int groupEpoch,
        int assignmentEpoch,
        Integer topologyEpoch,
        List<StreamsTopology.Subtopology> subtopologies,
        List<Member> members,
        String assignorName) {

    public record Member(
            String memberId,
            int memberEpoch,
            String instanceId,
            String rackId,
            String clientId,
            String clientHost,
            int topologyEpoch,
            String processId,
            StreamsGroupMember.Endpoint userEndpoint,
            Map<String, String> clientTags,
            Map<String, Map<Integer, Long>> taskOffsets,
            Map<String, Map<Integer, Long>> taskEndOffsets,
            TaskAssignment assignment,
            TaskAssignment targetAssignment) {}

    /** A group that could not be described: the answer's defaults beside the error (state "", epochs 0), as Kafka. */
    public static StreamsGroupDescription error(String groupId, GroupError error, String message) {
        return new StreamsGroupDescription(groupId, error, message, "", 0, 0, null, null, List.of(), null);
    }

    /** Describes {@code group}. Call under its lock. */
    public static StreamsGroupDescription of(StreamsGroup group) {
        List<Member> members = new ArrayList<>();
        for (StreamsGroupMember m : group.members()) {
            members.add(new Member(
                    m.memberId(),
                    m.memberEpoch(),
                    m.instanceId(),
                    m.rackId(),
                    m.clientId(),
                    m.clientHost(),
                    m.topologyEpoch(),
                    m.processId(),
                    m.userEndpoint(),
                    m.clientTags(),
                    m.taskOffsets(),
                    m.taskEndOffsets(),
                    m.assigned().plus(m.pendingRevocation()),
                    group.targetOf(m.memberId())));
        }
        StreamsTopology topology = group.topology();
        List<StreamsTopology.Subtopology> configured = null;
        if (topology != null && group.configured() != null && group.configured().isReady()) {
            configured = new ArrayList<>();
            for (StreamsTopology.Subtopology s : topology.subtopologies()) {
                configured.add(new StreamsTopology.Subtopology(
                        s.subtopologyId(),
                        group.configured().sourceTopics().get(s.subtopologyId()).stream()
                                .filter(t -> s.repartitionSourceTopics().stream()
                                        .noneMatch(r -> r.name().equals(t)))
                                .toList(),
                        List.of(),
                        withCounts(s.stateChangelogTopics(), group.configured()),
                        s.repartitionSinkTopics(),
                        withCounts(s.repartitionSourceTopics(), group.configured()),
                        List.of()));
            }
        }
        return new StreamsGroupDescription(
                group.groupId(),
                GroupError.NONE,
                null,
                group.stateName(),
                group.groupEpoch(),
                group.assignmentEpoch(),
                topology == null ? null : topology.epoch(),
                configured,
                members,
                StickyTaskAssignor.NAME);
    }

    private static List<StreamsTopology.InternalTopic> withCounts(
            List<StreamsTopology.InternalTopic> topics, ConfiguredTopology configured) {
        List<StreamsTopology.InternalTopic> out = new ArrayList<>();
        for (StreamsTopology.InternalTopic t : topics) {
            out.add(new StreamsTopology.InternalTopic(
                    t.name(),
                    configured.metadata().getOrDefault(t.name(), t.partitions()),
                    t.replicationFactor(),
                    t.configs()));
        }
        return out;
    }
}
