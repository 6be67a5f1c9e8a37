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
import io.skiff.broker.group.consumer.ConsumerHeartbeat;
import io.skiff.broker.group.consumer.ConsumerHeartbeatResult;
import io.skiff.broker.group.consumer.MemberAssignment;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.ConsumerGroupHeartbeatResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * ConsumerGroupHeartbeat v0–1 (KIP-848): a consumer joins (epoch 0), heartbeats, or leaves (-1, static
 * members -2) a consumer group; the answer carries its epoch and, when it changed, its assignment. v1 lets
 * the client generate its member id and adds {@code subscribed_topic_regex}. The response completes once
 * the group's records are written. A principal without READ on the group gets GROUP_AUTHORIZATION_FAILED,
 * without DESCRIBE on a subscribed topic TOPIC_AUTHORIZATION_FAILED.
 *
 * <p>Thread-safe: stateless apart from the coordinator.
 */
public final class ConsumerGroupHeartbeatHandler
        extends GroupHeartbeatHandler<ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse> {
    private final GroupCoordinator coordinator;

    public ConsumerGroupHeartbeatHandler(GroupCoordinator coordinator) {
        super(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                0,
                1,
                ConsumerGroupHeartbeatRequest::groupId,
                ConsumerGroupHeartbeatRequest::subscribedTopicNames);
        this.coordinator = coordinator;
    }

    @Override
    CompletableFuture<ConsumerGroupHeartbeatResponse> heartbeat(
            RequestContext ctx, ConsumerGroupHeartbeatRequest request) {
        ConsumerHeartbeat heartbeat = new ConsumerHeartbeat(
                request.groupId(),
                request.memberId(),
                request.memberEpoch(),
                request.instanceId(),
                request.rackId(),
                request.rebalanceTimeoutMs(),
                request.subscribedTopicNames(),
                request.subscribedTopicRegex(),
                request.serverAssignor(),
                owned(request.topicPartitions()),
                ctx.clientId(),
                JoinGroupHandler.clientHost(ctx),
                ctx.apiVersion());
        return coordinator.consumerGroupHeartbeat(heartbeat).thenApply(ConsumerGroupHeartbeatHandler::response);
    }

    private static MemberAssignment owned(List<ConsumerGroupHeartbeatRequest.TopicPartitions> topicPartitions) {
        if (topicPartitions == null) {
            return null;
        }
        Map<UUID, Set<Integer>> out = new HashMap<>();
        for (ConsumerGroupHeartbeatRequest.TopicPartitions tp : topicPartitions) {
            out.computeIfAbsent(tp.topicId(), k -> new HashSet<>()).addAll(tp.partitions());
        }
        return new MemberAssignment(out);
    }

    private static ConsumerGroupHeartbeatResponse response(ConsumerHeartbeatResult r) {
        ConsumerGroupHeartbeatResponse response = new ConsumerGroupHeartbeatResponse()
                .setErrorCode(r.error().code())
                .setErrorMessage(r.errorMessage())
                .setMemberId(r.memberId())
                .setMemberEpoch(r.memberEpoch())
                .setHeartbeatIntervalMs(r.heartbeatIntervalMs());
        if (r.assignment() != null) {
            List<ConsumerGroupHeartbeatResponse.TopicPartitions> tps = new ArrayList<>();
            r.assignment()
                    .partitions()
                    .forEach((topicId, partitions) -> tps.add(new ConsumerGroupHeartbeatResponse.TopicPartitions()
                            .setTopicId(topicId)
                            .setPartitions(new ArrayList<>(partitions))));
            response.setAssignment(new ConsumerGroupHeartbeatResponse.Assignment().setTopicPartitions(tps));
        }
        return response;
    }

    @Override
    public ConsumerGroupHeartbeatResponse errorResponse(
            RequestContext ctx, ConsumerGroupHeartbeatRequest request, Errors error) {
        return new ConsumerGroupHeartbeatResponse().setErrorCode(error.code());
    }
}
