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
package io.skiff.broker.handler;

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.streams.StreamsGroupDescription;
import io.skiff.broker.group.streams.StreamsTopology;
import io.skiff.broker.group.streams.TaskAssignment;
import io.skiff.broker.group.streams.Tasks;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.StreamsGroupDescribeResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * StreamsGroupDescribe v0–1 (KIP-1071): state, group and assignment epochs, the configured topology and every
 * member with its process, endpoint and current and target tasks. Unknown groups and groups of other kinds get
 * GROUP_ID_NOT_FOUND. v1's topology description is answered NOT_REQUESTED (0) or NOT_STORED (1): Skiff has no
 * topology description plugin; v1 names the assignor. A group the principal may not DESCRIBE gets
 * GROUP_AUTHORIZATION_FAILED (listed first, as Kafka 4.4 does); with an authorizer, a group whose topology names a
 * topic the principal may not DESCRIBE gets TOPIC_AUTHORIZATION_FAILED.
 *
 * <p>Thread-safe: stateless apart from the coordinator.
 */
public final class StreamsGroupDescribeHandler
        extends AbstractApiHandler<StreamsGroupDescribeRequest, StreamsGroupDescribeResponse> {
    private static final byte NOT_REQUESTED = 0;
    private static final byte NOT_STORED = 1;

    private final GroupCoordinator coordinator;

    public StreamsGroupDescribeHandler(GroupCoordinator coordinator) {
        super(ApiKeys.STREAMS_GROUP_DESCRIBE, 0, 1);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<StreamsGroupDescribeResponse> handle(
            RequestContext ctx, StreamsGroupDescribeRequest request) {
        // Kafka 4.4's order: the groups the principal may not describe first (without a message), then the others
        List<StreamsGroupDescribeResponse.DescribedGroup> answers = new ArrayList<>();
        List<String> describable = GroupDescribeAuthorization.describableGroups(
                ctx,
                request.groupIds(),
                groupId -> new StreamsGroupDescribeResponse.DescribedGroup()
                        .setGroupId(groupId)
                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code()),
                answers);
        List<StreamsGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : describable) {
            StreamsGroupDescription d = coordinator.describeStreamsGroup(groupId);
            StreamsGroupDescribeResponse.DescribedGroup g = new StreamsGroupDescribeResponse.DescribedGroup()
                    .setGroupId(groupId)
                    .setErrorCode(d.error().code())
                    .setErrorMessage(d.errorMessage())
                    .setGroupState(d.state())
                    .setGroupEpoch(d.groupEpoch())
                    .setAssignmentEpoch(d.assignmentEpoch())
                    .setTopologyDescriptionStatus(request.includeTopologyDescription() ? NOT_STORED : NOT_REQUESTED)
                    .setAssignorName(d.assignorName());
            if (d.topologyEpoch() != null) {
                g.setTopology(new StreamsGroupDescribeResponse.Topology()
                        .setEpoch(d.topologyEpoch())
                        .setSubtopologies(subtopologies(d.subtopologies())));
            }
            List<StreamsGroupDescribeResponse.Member> members = new ArrayList<>();
            for (StreamsGroupDescription.Member m : d.members()) {
                List<StreamsGroupDescribeResponse.KeyValue> tags = new ArrayList<>();
                new TreeMap<>(m.clientTags())
                        .forEach((k, v) -> tags.add(new StreamsGroupDescribeResponse.KeyValue()
                                .setKey(k)
                                .setValue(v)));
                members.add(new StreamsGroupDescribeResponse.Member()
                        .setMemberId(m.memberId())
                        .setMemberEpoch(m.memberEpoch())
                        .setInstanceId(m.instanceId())
                        .setRackId(m.rackId())
                        .setClientId(m.clientId())
                        .setClientHost(m.clientHost())
                        .setTopologyEpoch(m.topologyEpoch())
                        .setProcessId(m.processId())
                        .setUserEndpoint(
                                m.userEndpoint() == null
                                        ? null
                                        : new StreamsGroupDescribeResponse.Endpoint()
                                                .setHost(m.userEndpoint().host())
                                                .setPort(m.userEndpoint().port()))
                        .setClientTags(tags)
                        .setTaskOffsets(taskOffsets(m.taskOffsets()))
                        .setTaskEndOffsets(taskOffsets(m.taskEndOffsets()))
                        .setAssignment(assignment(m.assignment()))
                        .setTargetAssignment(assignment(m.targetAssignment()))
                        .setIsClassic(false));
            }
            g.setMembers(members);
            if (request.includeAuthorizedOperations() && d.error().code() == 0) {
                g.setAuthorizedOperations(ctx.authorizer().authorizedOperations(ctx, ResourceType.GROUP, groupId));
            }
            groups.add(g);
        }
        answers.addAll(GroupDescribeAuthorization.hidingUndescribableTopics(
                ctx,
                groups,
                g -> g.topology() == null ? Stream.empty() : topicNames(g.topology()),
                // Kafka 4.4's filter: the topology's topics (source, repartition sink and source, changelog)
                g -> new StreamsGroupDescribeResponse.DescribedGroup()
                        .setGroupId(g.groupId())
                        .setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(
                                "The described group uses topics that the client is not authorized to describe.")
                        .setMembers(List.of())
                        .setTopology(null)));
        return CompletableFuture.completedFuture(new StreamsGroupDescribeResponse().setGroups(answers));
    }

    private static Stream<String> topicNames(StreamsGroupDescribeResponse.Topology topology) {
        List<String> names = new ArrayList<>();
        if (topology.subtopologies() == null) {
            return Stream.empty();
        }
        for (StreamsGroupDescribeResponse.Subtopology s : topology.subtopologies()) {
            names.addAll(s.sourceTopics());
            names.addAll(s.repartitionSinkTopics());
            s.repartitionSourceTopics().forEach(t -> names.add(t.name()));
            s.stateChangelogTopics().forEach(t -> names.add(t.name()));
        }
        return names.stream();
    }

    private static List<StreamsGroupDescribeResponse.Subtopology> subtopologies(
            List<StreamsTopology.Subtopology> subs) {
        if (subs == null) {
            return null;
        }
        List<StreamsGroupDescribeResponse.Subtopology> out = new ArrayList<>();
        for (StreamsTopology.Subtopology s : subs) {
            out.add(new StreamsGroupDescribeResponse.Subtopology()
                    .setSubtopologyId(s.subtopologyId())
                    .setSourceTopics(s.sourceTopics())
                    .setRepartitionSinkTopics(s.repartitionSinkTopics())
                    .setStateChangelogTopics(topicInfos(s.stateChangelogTopics()))
                    .setRepartitionSourceTopics(topicInfos(s.repartitionSourceTopics())));
        }
        return out;
    }

    private static List<StreamsGroupDescribeResponse.TopicInfo> topicInfos(List<StreamsTopology.InternalTopic> topics) {
        List<StreamsGroupDescribeResponse.TopicInfo> out = new ArrayList<>();
        for (StreamsTopology.InternalTopic t : topics) {
            List<StreamsGroupDescribeResponse.KeyValue> configs = new ArrayList<>();
            new TreeMap<>(t.configs())
                    .forEach((k, v) -> configs.add(new StreamsGroupDescribeResponse.KeyValue()
                            .setKey(k)
                            .setValue(v)));
            out.add(new StreamsGroupDescribeResponse.TopicInfo()
                    .setName(t.name())
                    .setPartitions(t.partitions())
                    .setReplicationFactor(t.replicationFactor())
                    .setTopicConfigs(configs));
        }
        return out;
    }

    /** The offset sums a member reported, by subtopology and partition. */
    private static List<StreamsGroupDescribeResponse.TaskOffset> taskOffsets(Map<String, Map<Integer, Long>> sums) {
        List<StreamsGroupDescribeResponse.TaskOffset> out = new ArrayList<>();
        new TreeMap<>(sums)
                .forEach((subtopology, byPartition) -> new TreeMap<>(byPartition)
                        .forEach((partition, sum) -> out.add(new StreamsGroupDescribeResponse.TaskOffset()
                                .setSubtopologyId(subtopology)
                                .setPartition(partition)
                                .setOffset(sum))));
        return out;
    }

    private static StreamsGroupDescribeResponse.Assignment assignment(TaskAssignment a) {
        return new StreamsGroupDescribeResponse.Assignment()
                .setActiveTasks(taskIds(a.active()))
                .setStandbyTasks(taskIds(a.standby()))
                .setWarmupTasks(taskIds(a.warmup()));
    }

    private static List<StreamsGroupDescribeResponse.TaskIds> taskIds(Tasks tasks) {
        List<StreamsGroupDescribeResponse.TaskIds> out = new ArrayList<>();
        for (Map.Entry<String, java.util.Set<Integer>> e : tasks.bySubtopology().entrySet()) {
            out.add(new StreamsGroupDescribeResponse.TaskIds()
                    .setSubtopologyId(e.getKey())
                    .setPartitions(new ArrayList<>(e.getValue())));
        }
        return out;
    }

    @Override
    public StreamsGroupDescribeResponse errorResponse(
            RequestContext ctx, StreamsGroupDescribeRequest request, Errors error) {
        List<StreamsGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : request.groupIds()) {
            groups.add(new StreamsGroupDescribeResponse.DescribedGroup()
                    .setGroupId(groupId)
                    .setErrorCode(error.code()));
        }
        return new StreamsGroupDescribeResponse().setGroups(groups);
    }
}
