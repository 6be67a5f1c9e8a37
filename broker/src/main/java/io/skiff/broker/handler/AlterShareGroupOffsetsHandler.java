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
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterShareGroupOffsetsRequest;
import io.skiff.protocol.message.AlterShareGroupOffsetsResponse;
import io.skiff.protocol.message.ApiKeys;

/**
 * AlterShareGroupOffsets v0 (KIP-932; {@code kafka-share-groups --reset-offsets}): sets the start offset of an
 * empty share group's partitions, forgetting their in-flight records. A group with members is NON_EMPTY_GROUP, an
 * unknown one GROUP_ID_NOT_FOUND; READ on the group (GROUP_AUTHORIZATION_FAILED) and on each topic
 * (TOPIC_AUTHORIZATION_FAILED per partition) is required; an unknown partition is UNKNOWN_TOPIC_OR_PARTITION.
 */
public final class AlterShareGroupOffsetsHandler
        extends ShareGroupOffsetsChange<AlterShareGroupOffsetsRequest, AlterShareGroupOffsetsResponse> {

    public AlterShareGroupOffsetsHandler(ShareGroupCoordinator groups, SharePartitionManager shares) {
        super(
                ApiKeys.ALTER_SHARE_GROUP_OFFSETS,
                AlterShareGroupOffsetsRequest::groupId,
                AlterShareGroupOffsetsResponse::new,
                groups,
                shares,
                AclOperation.READ,
                true);
    }

    @Override
    protected AlterShareGroupOffsetsResponse change(
            RequestContext ctx, AlterShareGroupOffsetsRequest request, String groupId) {
        AlterShareGroupOffsetsResponse response = new AlterShareGroupOffsetsResponse();
        for (AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestTopic t : request.topics()) {
            TopicTarget target = target(ctx, t.topicName());
            AlterShareGroupOffsetsResponse.AlterShareGroupOffsetsResponseTopic out =
                    new AlterShareGroupOffsetsResponse.AlterShareGroupOffsetsResponseTopic()
                            .setTopicName(t.topicName())
                            .setTopicId(target.id());
            response.responses().add(out);
            for (AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestPartition p : t.partitions()) {
                Errors error = target.error(p.partitionIndex());
                if (error == Errors.NONE) {
                    Topic topic = target.topic().get();
                    TopicIdPartition tp = new TopicIdPartition(topic.id(), p.partitionIndex());
                    shares.sharePartition(groupId, tp, topic.partition(p.partitionIndex()))
                            .resetStart(p.startOffset());
                }
                out.partitions()
                        .add(answered(
                                new AlterShareGroupOffsetsResponse.AlterShareGroupOffsetsResponsePartition()
                                        .setPartitionIndex(p.partitionIndex()),
                                error));
            }
        }
        return response;
    }
}
