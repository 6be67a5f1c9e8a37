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

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.share.SharePartition;
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeShareGroupOffsetsRequest;
import io.skiff.protocol.message.DescribeShareGroupOffsetsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeShareGroupOffsets v0–1 (KIP-932): each share-partition's start offset (and, v1, its lag: records from the
 * start offset to the high watermark not yet acknowledged or archived), for the named topics or, when they are null,
 * for every partition the group has state for. A partition without state answers start offset -1, and so does every
 * partition of a group that is unknown or not a share group, and of a topic that does not exist (Kafka 4.4 checks
 * neither). Without DESCRIBE on the group GROUP_AUTHORIZATION_FAILED; a topic not describable
 * TOPIC_AUTHORIZATION_FAILED per partition.
 *
 * <p>Thread-safe: stateless apart from the share state.
 */
public final class DescribeShareGroupOffsetsHandler
        extends AbstractApiHandler<DescribeShareGroupOffsetsRequest, DescribeShareGroupOffsetsResponse> {
    private final SharePartitionManager shares;

    public DescribeShareGroupOffsetsHandler(SharePartitionManager shares) {
        super(ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS, 0, 1);
        this.shares = shares;
    }

    @Override
    public CompletableFuture<DescribeShareGroupOffsetsResponse> handle(
            RequestContext ctx, DescribeShareGroupOffsetsRequest request) {
        DescribeShareGroupOffsetsResponse response = new DescribeShareGroupOffsetsResponse();
        for (DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup g : request.groups()) {
            DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseGroup out =
                    new DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseGroup()
                            .setGroupId(g.groupId());
            response.groups().add(out);
            if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, g.groupId())) {
                out.setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(Errors.GROUP_AUTHORIZATION_FAILED.message());
                continue;
            }
            Map<TopicIdPartition, SharePartition> state = shares.ofGroup(g.groupId());
            if (g.topics() == null) {
                Map<String, List<Integer>> all = new TreeMap<>();
                state.keySet()
                        .forEach(tp -> shares.topic(tp.topicId())
                                .ifPresent(t -> all.computeIfAbsent(t.name(), k -> new ArrayList<>())
                                        .add(tp.partition())));
                all.forEach((name, partitions) -> out.topics()
                        .add(topic(ctx, name, partitions.stream().sorted().toList(), state)));
            } else {
                for (DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestTopic t : g.topics()) {
                    out.topics().add(topic(ctx, t.topicName(), t.partitions(), state));
                }
            }
        }
        return CompletableFuture.completedFuture(response);
    }

    private DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseTopic topic(
            RequestContext ctx, String name, List<Integer> partitions, Map<TopicIdPartition, SharePartition> state) {
        Optional<Topic> topic = shares.topicByName(name);
        DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseTopic out =
                new DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseTopic()
                        .setTopicName(name)
                        .setTopicId(topic.map(Topic::id).orElse(new java.util.UUID(0, 0)));
        boolean allowed = ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, name);
        for (int p : partitions) {
            DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponsePartition pd =
                    new DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponsePartition()
                            .setPartitionIndex(p)
                            .setStartOffset(-1)
                            .setLeaderEpoch(0)
                            .setLag(-1);
            out.partitions().add(pd);
            if (!allowed) {
                pd.setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(Errors.TOPIC_AUTHORIZATION_FAILED.message());
            } else if (topic.isEmpty()) {
                continue; // Kafka 4.4: a topic it does not know has no state, start offset -1, no error
            } else if (!topic.get().hasPartition(p)) {
                pd.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code())
                        .setErrorMessage(Errors.UNKNOWN_TOPIC_OR_PARTITION.message());
            } else {
                SharePartition sp = state.get(new TopicIdPartition(topic.get().id(), p));
                if (sp != null && sp.describedStartOffset() >= 0) {
                    pd.setStartOffset(sp.describedStartOffset()).setLag(sp.lag());
                }
            }
        }
        return out;
    }

    @Override
    public DescribeShareGroupOffsetsResponse errorResponse(
            RequestContext ctx, DescribeShareGroupOffsetsRequest request, Errors error) {
        DescribeShareGroupOffsetsResponse response = new DescribeShareGroupOffsetsResponse();
        for (DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup g : request.groups()) {
            response.groups()
                    .add(new DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseGroup()
                            .setGroupId(g.groupId())
                            .setErrorCode(error.code()));
        }
        return response;
    }
}
