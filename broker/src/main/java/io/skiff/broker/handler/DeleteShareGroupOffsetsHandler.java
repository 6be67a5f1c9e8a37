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
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DeleteShareGroupOffsetsRequest;
import io.skiff.protocol.message.DeleteShareGroupOffsetsResponse;

/**
 * DeleteShareGroupOffsets v0 (KIP-932; {@code kafka-share-groups --delete-offsets}): forgets an empty share group's
 * state of whole topics (a later assignment starts them again at {@code share.auto.offset.reset}). A group with
 * members is NON_EMPTY_GROUP, an unknown one GROUP_ID_NOT_FOUND; DELETE on the group and READ on each topic are
 * required; an unknown topic is UNKNOWN_TOPIC_OR_PARTITION.
 */
public final class DeleteShareGroupOffsetsHandler
        extends ShareGroupOffsetsChange<DeleteShareGroupOffsetsRequest, DeleteShareGroupOffsetsResponse> {

    public DeleteShareGroupOffsetsHandler(ShareGroupCoordinator groups, SharePartitionManager shares) {
        super(
                ApiKeys.DELETE_SHARE_GROUP_OFFSETS,
                DeleteShareGroupOffsetsRequest::groupId,
                DeleteShareGroupOffsetsResponse::new,
                groups,
                shares,
                AclOperation.DELETE,
                false);
    }

    @Override
    protected DeleteShareGroupOffsetsResponse change(
            RequestContext ctx, DeleteShareGroupOffsetsRequest request, String groupId) {
        DeleteShareGroupOffsetsResponse response = new DeleteShareGroupOffsetsResponse();
        for (DeleteShareGroupOffsetsRequest.DeleteShareGroupOffsetsRequestTopic t : request.topics()) {
            TopicTarget target = target(ctx, t.topicName());
            Errors error = target.error();
            if (error == Errors.NONE) {
                shares.deleteTopic(groupId, target.topic().get().id());
            }
            response.responses()
                    .add(answered(
                            new DeleteShareGroupOffsetsResponse.DeleteShareGroupOffsetsResponseTopic()
                                    .setTopicName(t.topicName())
                                    .setTopicId(target.id()),
                            error));
        }
        return response;
    }
}
