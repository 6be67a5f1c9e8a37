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

import io.skiff.broker.group.share.ShareGroupCoordinator;
import io.skiff.broker.group.share.ShareHeartbeat;
import io.skiff.broker.group.share.ShareHeartbeatResult;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ShareGroupHeartbeatRequest;
import io.skiff.protocol.message.ShareGroupHeartbeatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * ShareGroupHeartbeat v1 (KIP-932): a share consumer joins (epoch 0), heartbeats, or leaves (-1) a share group; the
 * answer carries its epoch and, on joining or when it changed, its assignment. READ on the group is required
 * (GROUP_AUTHORIZATION_FAILED), DESCRIBE on each subscribed topic (TOPIC_AUTHORIZATION_FAILED), as Kafka checks them.
 *
 * <p>Thread-safe: stateless apart from the coordinator.
 */
public final class ShareGroupHeartbeatHandler
        extends GroupHeartbeatHandler<ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse> {
    private final ShareGroupCoordinator coordinator;

    public ShareGroupHeartbeatHandler(ShareGroupCoordinator coordinator) {
        super(
                ApiKeys.SHARE_GROUP_HEARTBEAT,
                1,
                1,
                ShareGroupHeartbeatRequest::groupId,
                ShareGroupHeartbeatRequest::subscribedTopicNames);
        this.coordinator = coordinator;
    }

    /** It writes the share state to its log (and may create that topic). */
    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    CompletableFuture<ShareGroupHeartbeatResponse> heartbeat(RequestContext ctx, ShareGroupHeartbeatRequest request) {
        ShareHeartbeatResult r = coordinator.heartbeat(new ShareHeartbeat(
                request.groupId(),
                request.memberId(),
                request.memberEpoch(),
                request.rackId(),
                request.subscribedTopicNames(),
                ctx.clientId(),
                JoinGroupHandler.clientHost(ctx)));
        ShareGroupHeartbeatResponse response = new ShareGroupHeartbeatResponse()
                .setErrorCode(r.error().code())
                .setErrorMessage(r.errorMessage())
                .setMemberId(r.memberId())
                .setMemberEpoch(r.memberEpoch())
                .setHeartbeatIntervalMs(r.heartbeatIntervalMs());
        if (r.assignment() != null) {
            List<ShareGroupHeartbeatResponse.TopicPartitions> tps = new ArrayList<>();
            ShareHandlers.byTopic(r.assignment())
                    .forEach((id, partitions) -> tps.add(new ShareGroupHeartbeatResponse.TopicPartitions()
                            .setTopicId(id)
                            .setPartitions(partitions)));
            response.setAssignment(new ShareGroupHeartbeatResponse.Assignment().setTopicPartitions(tps));
        }
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public ShareGroupHeartbeatResponse errorResponse(
            RequestContext ctx, ShareGroupHeartbeatRequest request, Errors error) {
        return new ShareGroupHeartbeatResponse().setErrorCode(error.code());
    }
}
