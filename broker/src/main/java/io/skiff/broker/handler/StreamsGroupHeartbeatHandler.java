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
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.streams.StreamsGroupMember;
import io.skiff.broker.group.streams.StreamsGroupRecords;
import io.skiff.broker.group.streams.StreamsHeartbeat;
import io.skiff.broker.group.streams.StreamsHeartbeatResult;
import io.skiff.broker.group.streams.StreamsTopology;
import io.skiff.broker.group.streams.Tasks;
import io.skiff.broker.group.streams.TopologyValidation;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * StreamsGroupHeartbeat v0–1 (KIP-1071): a Kafka Streams member joins with its topology (epoch 0), heartbeats with
 * the tasks it owns, or leaves (-1); the answer carries its epoch, the group's statuses, its tasks when they changed
 * and the endpoint-to-partitions map for interactive queries. v1 carries the recovery lag as int64. Runs on the
 * blocking executor: a heartbeat waits for its group's lock. Authorization as Kafka 4.4's: READ on the group (else
 * GROUP_AUTHORIZATION_FAILED), DESCRIBE on every topic of a topology sent (else TOPIC_AUTHORIZATION_FAILED), and
 * CREATE on the cluster or on each missing internal topic before it is created (else the MISSING_INTERNAL_TOPICS
 * status says so and none is created).
 *
 * <p>Thread-safe: stateless apart from the coordinator.
 */
public final class StreamsGroupHeartbeatHandler
        extends GroupHeartbeatHandler<StreamsGroupHeartbeatRequest, StreamsGroupHeartbeatResponse> {
    private final GroupCoordinator coordinator;

    public StreamsGroupHeartbeatHandler(GroupCoordinator coordinator) {
        super(ApiKeys.STREAMS_GROUP_HEARTBEAT, 0, 1, StreamsGroupHeartbeatRequest::groupId);
        this.coordinator = coordinator;
    }

    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    CompletableFuture<StreamsGroupHeartbeatResponse> heartbeat(
            RequestContext ctx, StreamsGroupHeartbeatRequest request) {
        short version = ctx.apiVersion();
        StreamsTopology topology = topology(request.topology(), version);
        StreamsHeartbeatResult refused = topicRefusal(ctx, topology);
        if (refused != null) {
            return CompletableFuture.completedFuture(response(refused, version));
        }
        StreamsHeartbeat heartbeat = new StreamsHeartbeat(
                request.groupId(),
                request.memberId(),
                request.memberEpoch(),
                request.endpointInformationEpoch(),
                request.instanceId(),
                request.rackId(),
                request.rebalanceTimeoutMs(),
                topology,
                tasks(request.activeTasks()),
                tasks(request.standbyTasks()),
                tasks(request.warmupTasks()),
                request.processId(),
                request.userEndpoint() == null
                        ? null
                        : new StreamsGroupMember.Endpoint(
                                request.userEndpoint().host(),
                                request.userEndpoint().port()),
                tags(request.clientTags()),
                request.shutdownApplication(),
                ctx.clientId(),
                JoinGroupHandler.clientHost(ctx),
                taskOffsets(request.taskOffsets()),
                taskOffsets(request.taskEndOffsets()));
        return coordinator
                .streamsGroupHeartbeat(heartbeat, topics -> uncreatable(ctx, topics))
                .thenApply(r -> response(r, version));
    }

    /**
     * Kafka 4.4's broker checks of a topology's topics (KafkaApis), in its order and on every heartbeat that carries
     * one: no internal or invalid names (STREAMS_INVALID_TOPOLOGY), then DESCRIBE on each of them, else
     * TOPIC_AUTHORIZATION_FAILED without a message. Null if there is no topology or it passes.
     */
    private static StreamsHeartbeatResult topicRefusal(RequestContext ctx, StreamsTopology topology) {
        if (topology == null) {
            return null;
        }
        StreamsHeartbeatResult refused = TopologyValidation.topicNamesRefusal(topology);
        if (refused != null) {
            return refused;
        }
        for (String topic : TopologyValidation.topicNames(topology)) {
            if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, topic)) {
                return StreamsHeartbeatResult.error(GroupError.TOPIC_AUTHORIZATION_FAILED, null);
            }
        }
        return null;
    }

    /** The missing internal topics this member may not create: Kafka 4.4 wants CREATE on the cluster or each topic. */
    private static List<String> uncreatable(RequestContext ctx, Collection<String> topics) {
        if (ctx.allowed(AclOperation.CREATE, ResourceType.CLUSTER, ResourceType.CLUSTER_NAME)) {
            return List.of();
        }
        return topics.stream()
                .filter(t -> !ctx.allowed(AclOperation.CREATE, ResourceType.TOPIC, t))
                .toList();
    }

    /** The member's topology, read as the group's topology record reads it (one conversion for both). */
    private static StreamsTopology topology(StreamsGroupHeartbeatRequest.Topology t, short version) {
        if (t == null) {
            return null;
        }
        ByteBuffer struct = ByteBuffer.allocate(t.size(version));
        t.write(new ByteBufferAccessor(struct), version);
        return StreamsGroupRecords.topologyOfRequest(struct.flip());
    }

    private static Map<String, Map<Integer, Long>> taskOffsets(List<StreamsGroupHeartbeatRequest.TaskOffset> offsets) {
        if (offsets == null) {
            return null;
        }
        Map<String, Map<Integer, Long>> out = new TreeMap<>();
        for (StreamsGroupHeartbeatRequest.TaskOffset o : offsets) {
            out.computeIfAbsent(o.subtopologyId(), k -> new TreeMap<>()).put(o.partition(), o.offset());
        }
        return out;
    }

    private static Tasks tasks(List<StreamsGroupHeartbeatRequest.TaskIds> ids) {
        if (ids == null) {
            return null;
        }
        Map<String, Set<Integer>> out = new TreeMap<>();
        ids.forEach(t ->
                out.computeIfAbsent(t.subtopologyId(), k -> new TreeSet<>()).addAll(t.partitions()));
        return new Tasks(out);
    }

    private static Map<String, String> tags(List<StreamsGroupHeartbeatRequest.KeyValue> tags) {
        if (tags == null) {
            return null;
        }
        Map<String, String> out = new TreeMap<>();
        tags.forEach(kv -> out.put(kv.key(), kv.value()));
        return out;
    }

    private static StreamsGroupHeartbeatResponse response(StreamsHeartbeatResult r, short version) {
        StreamsGroupHeartbeatResponse response = new StreamsGroupHeartbeatResponse()
                .setErrorCode(r.error().code())
                .setErrorMessage(r.errorMessage())
                .setMemberId(r.memberId())
                .setMemberEpoch(r.memberEpoch())
                .setHeartbeatIntervalMs(r.heartbeatIntervalMs())
                .setTaskOffsetIntervalMs(r.taskOffsetIntervalMs())
                .setEndpointInformationEpoch(r.endpointInformationEpoch());
        // Kafka 4.4 sets only v1's int64 field: a v0 answer carries the legacy field's default, 0.
        response.setAcceptableRecoveryLag(r.acceptableRecoveryLag());
        if (r.statuses() != null) {
            List<StreamsGroupHeartbeatResponse.Status> statuses = new ArrayList<>();
            r.statuses()
                    .forEach(s -> statuses.add(new StreamsGroupHeartbeatResponse.Status()
                            .setStatusCode(s.code())
                            .setStatusDetail(s.detail())));
            response.setStatus(statuses);
        }
        if (r.assignment() != null) {
            response.setActiveTasks(taskIds(r.assignment().active()))
                    .setStandbyTasks(taskIds(r.assignment().standby()))
                    .setWarmupTasks(taskIds(r.assignment().warmup()));
        }
        if (r.partitionsByEndpoint() != null) {
            List<StreamsGroupHeartbeatResponse.EndpointToPartitions> out = new ArrayList<>();
            for (StreamsHeartbeatResult.EndpointPartitions e : r.partitionsByEndpoint()) {
                out.add(new StreamsGroupHeartbeatResponse.EndpointToPartitions()
                        .setUserEndpoint(new StreamsGroupHeartbeatResponse.Endpoint()
                                .setHost(e.endpoint().host())
                                .setPort(e.endpoint().port()))
                        .setActivePartitions(topicPartitions(e.active()))
                        .setStandbyPartitions(topicPartitions(e.standby())));
            }
            response.setPartitionsByUserEndpoint(out);
        }
        return response;
    }

    private static List<StreamsGroupHeartbeatResponse.TaskIds> taskIds(Tasks tasks) {
        List<StreamsGroupHeartbeatResponse.TaskIds> out = new ArrayList<>();
        tasks.bySubtopology()
                .forEach((id, ps) -> out.add(new StreamsGroupHeartbeatResponse.TaskIds()
                        .setSubtopologyId(id)
                        .setPartitions(new ArrayList<>(ps))));
        return out;
    }

    private static List<StreamsGroupHeartbeatResponse.TopicPartition> topicPartitions(Map<String, List<Integer>> m) {
        List<StreamsGroupHeartbeatResponse.TopicPartition> out = new ArrayList<>();
        m.forEach((topic, ps) -> out.add(new StreamsGroupHeartbeatResponse.TopicPartition()
                .setTopic(topic)
                .setPartitions(ps)));
        return out;
    }

    @Override
    public StreamsGroupHeartbeatResponse errorResponse(
            RequestContext ctx, StreamsGroupHeartbeatRequest request, Errors error) {
        return new StreamsGroupHeartbeatResponse().setErrorCode(error.code()).setMemberId("");
    }
}
