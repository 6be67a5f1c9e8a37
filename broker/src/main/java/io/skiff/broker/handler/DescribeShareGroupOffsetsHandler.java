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
 * for every partition the group has state for. A partition without state answers start offset -1. An unknown group
 * is GROUP_ID_NOT_FOUND; without DESCRIBE on the group GROUP_AUTHORIZATION_FAILED; a topic not describable
 * TOPIC_AUTHORIZATION_FAILED per partition.
 *
 * <p>Thread-safe: stateless apart from the share state.
 */
public final class DescribeShareGroupOffsetsHandler
        extends AbstractApiHandler<DescribeShareGroupOffsetsRequest, DescribeShareGroupOffsetsResponse> {
    private final ShareGroupCoordinator groups;
    private final SharePartitionManager shares;

    public DescribeShareGroupOffsetsHandler(ShareGroupCoordinator groups, SharePartitionManager shares) {
        super(ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS, 0, 1);
        this.groups = groups;
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
            if (groups.describe(g.groupId()).isEmpty()) {
                out.setErrorCode(Errors.GROUP_ID_NOT_FOUND.code())
                        .setErrorMessage("Group " + g.groupId() + " not found.");
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
            } else if (topic.isEmpty() || !topic.get().hasPartition(p)) {
                pd.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code())
                        .setErrorMessage(Errors.UNKNOWN_TOPIC_OR_PARTITION.message());
            } else {
                SharePartition sp = state.get(new TopicIdPartition(topic.get().id(), p));
                if (sp != null) {
                    pd.setStartOffset(sp.startOffset()).setLag(sp.lag());
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
