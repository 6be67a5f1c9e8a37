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
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DeleteShareGroupOffsetsRequest;
import io.skiff.protocol.message.DeleteShareGroupOffsetsResponse;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * DeleteShareGroupOffsets v0 (KIP-932; {@code kafka-share-groups --delete-offsets}): forgets an empty share group's
 * state of whole topics (a later assignment starts them again at {@code share.auto.offset.reset}). A group with
 * members is NON_EMPTY_GROUP, an unknown one GROUP_ID_NOT_FOUND; DELETE on the group and READ on each topic are
 * required; an unknown topic is UNKNOWN_TOPIC_OR_PARTITION.
 *
 * <p>Thread-safe: stateless apart from the share state.
 */
public final class DeleteShareGroupOffsetsHandler
        extends AbstractApiHandler<DeleteShareGroupOffsetsRequest, DeleteShareGroupOffsetsResponse> {
    private final ShareGroupCoordinator groups;
    private final SharePartitionManager shares;

    public DeleteShareGroupOffsetsHandler(ShareGroupCoordinator groups, SharePartitionManager shares) {
        super(ApiKeys.DELETE_SHARE_GROUP_OFFSETS, 0, 0);
        this.groups = groups;
        this.shares = shares;
    }

    /** It writes the share state to its log (and may create that topic). */
    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<DeleteShareGroupOffsetsResponse> handle(
            RequestContext ctx, DeleteShareGroupOffsetsRequest request) {
        String groupId = request.groupId();
        if (!ctx.allowed(AclOperation.DELETE, ResourceType.GROUP, groupId)) {
            return done(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        ShareGroupCoordinator.OffsetsRefusal refusal =
                groups.refuseOffsetChange(groupId, false); // after the ACL, as Kafka
        if (refusal != null) {
            return done(errorResponse(ctx, request, refusal.error()).setErrorMessage(refusal.message()));
        }
        DeleteShareGroupOffsetsResponse response = new DeleteShareGroupOffsetsResponse();
        for (DeleteShareGroupOffsetsRequest.DeleteShareGroupOffsetsRequestTopic t : request.topics()) {
            Optional<Topic> topic = shares.topicByName(t.topicName());
            Errors error = Errors.NONE;
            if (!ctx.allowed(AclOperation.READ, ResourceType.TOPIC, t.topicName())) {
                error = Errors.TOPIC_AUTHORIZATION_FAILED;
            } else if (topic.isEmpty()) {
                error = Errors.UNKNOWN_TOPIC_OR_PARTITION;
            } else {
                shares.deleteTopic(groupId, topic.get().id());
            }
            response.responses()
                    .add(new DeleteShareGroupOffsetsResponse.DeleteShareGroupOffsetsResponseTopic()
                            .setTopicName(t.topicName())
                            .setTopicId(topic.map(Topic::id).orElse(new UUID(0, 0)))
                            .setErrorCode(error.code())
                            .setErrorMessage(error == Errors.NONE ? null : error.message()));
        }
        return done(response);
    }

    private static CompletableFuture<DeleteShareGroupOffsetsResponse> done(DeleteShareGroupOffsetsResponse r) {
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public DeleteShareGroupOffsetsResponse errorResponse(
            RequestContext ctx, DeleteShareGroupOffsetsRequest request, Errors error) {
        return new DeleteShareGroupOffsetsResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
