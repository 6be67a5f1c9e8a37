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
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.offsets.OffsetFetchResult;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.OffsetFetchResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * OffsetFetch v1–10: committed offsets of one group (v1–7) or several (v8+); null topics (v2+) means every
 * committed partition; require_stable (v7+) reports partitions with a commit still being written as
 * UNSTABLE_OFFSET_COMMIT. A partition without a committed offset answers offset -1, epoch -1, metadata "".
 * v1 has no group-level error code: a group error is reported on every partition. v10 names topics by id
 * (KIP-848): an id no topic has is answered UNKNOWN_TOPIC_ID on each of its partitions; with null topics, committed
 * partitions of a topic that no longer exists are left out (they have no id). Thread-safe.
 */
public final class OffsetFetchHandler extends AbstractApiHandler<OffsetFetchRequest, OffsetFetchResponse> {
    private final GroupCoordinator coordinator;
    private final TopicIds topicIds;

    public OffsetFetchHandler(GroupCoordinator coordinator, TopicIds topicIds) {
        super(ApiKeys.OFFSET_FETCH, 1, 10);
        this.coordinator = coordinator;
        this.topicIds = topicIds;
    }

    @Override
    public CompletableFuture<OffsetFetchResponse> handle(RequestContext ctx, OffsetFetchRequest request) {
        short version = ctx.apiVersion();
        OffsetFetchResponse response = new OffsetFetchResponse();
        if (version < 8) {
            if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, request.groupId())) {
                return CompletableFuture.completedFuture(
                        errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
            }
            List<TopicPartition> wanted = null;
            List<String> askedTopics = new ArrayList<>();
            if (request.topics() != null) {
                wanted = new ArrayList<>();
                for (OffsetFetchRequest.OffsetFetchRequestTopic t : request.topics()) {
                    askedTopics.add(t.name());
                    for (int p : t.partitionIndexes()) {
                        wanted.add(new TopicPartition(t.name(), p));
                    }
                }
            }
            OffsetFetchResult result = coordinator.fetchOffsets(request.groupId(), wanted, request.requireStable());
            List<OffsetFetchResponse.OffsetFetchResponseTopic> topics = new ArrayList<>();
            groupByTopic(result, askedTopics, wanted).forEach((topic, parts) -> {
                List<OffsetFetchResponse.OffsetFetchResponsePartition> partitions = new ArrayList<>();
                parts.forEach((partition, pr) -> {
                    Errors injected = ctx.injectedError(topic, partition); // a fault rule's: no offset given
                    OffsetAndMetadata om = injected == null ? pr.offset() : null;
                    GroupError error = version < 2 && result.error() != GroupError.NONE ? result.error() : pr.error();
                    partitions.add(new OffsetFetchResponse.OffsetFetchResponsePartition()
                            .setPartitionIndex(partition)
                            .setCommittedOffset(om == null ? -1L : om.offset())
                            .setCommittedLeaderEpoch(om == null ? -1 : om.leaderEpoch())
                            .setMetadata(om == null ? "" : om.metadata())
                            .setErrorCode(injected == null ? error.code() : injected.code()));
                });
                topics.add(new OffsetFetchResponse.OffsetFetchResponseTopic()
                        .setName(topic)
                        .setPartitions(partitions));
            });
            response.setTopics(topics).setErrorCode(result.error().code());
        } else {
            List<OffsetFetchResponse.OffsetFetchResponseGroup> groups = new ArrayList<>();
            for (OffsetFetchRequest.OffsetFetchRequestGroup g : request.groups()) {
                groups.add(
                        ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, g.groupId())
                                ? fetchGroup(ctx, g, request.requireStable(), version >= 10)
                                : new OffsetFetchResponse.OffsetFetchResponseGroup()
                                        .setGroupId(g.groupId())
                                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code()));
            }
            response.setGroups(groups);
        }
        return CompletableFuture.completedFuture(response);
    }

    private OffsetFetchResponse.OffsetFetchResponseGroup fetchGroup(
            RequestContext ctx, OffsetFetchRequest.OffsetFetchRequestGroup g, boolean requireStable, boolean byId) {
        List<TopicPartition> wanted = null;
        List<String> askedTopics = new ArrayList<>();
        List<OffsetFetchResponse.OffsetFetchResponseTopics> unknownIds = new ArrayList<>();
        if (g.topics() != null) {
            wanted = new ArrayList<>();
            for (OffsetFetchRequest.OffsetFetchRequestTopics t : g.topics()) {
                if (byId) {
                    Optional<String> name = topicIds.name(t.topicId());
                    if (name.isEmpty()) {
                        unknownIds.add(unknownTopicId(t));
                        continue;
                    }
                    t.setName(name.get());
                }
                askedTopics.add(t.name());
                for (int p : t.partitionIndexes()) {
                    wanted.add(new TopicPartition(t.name(), p));
                }
            }
        }
        OffsetFetchResult result =
                coordinator.fetchOffsets(g.groupId(), g.memberId(), g.memberEpoch(), wanted, requireStable);
        List<OffsetFetchResponse.OffsetFetchResponseTopics> topics = new ArrayList<>();
        groupByTopic(result, askedTopics, wanted).forEach((topic, parts) -> {
            Optional<UUID> id = byId ? topicIds.id(topic) : Optional.empty();
            if (byId && id.isEmpty()) {
                return; // a committed topic that no longer exists has no id to name it by
            }
            List<OffsetFetchResponse.OffsetFetchResponsePartitions> partitions = new ArrayList<>();
            parts.forEach((partition, pr) -> {
                Errors injected = ctx.injectedError(topic, partition); // a fault rule's: no offset given
                OffsetAndMetadata om = injected == null ? pr.offset() : null;
                partitions.add(new OffsetFetchResponse.OffsetFetchResponsePartitions()
                        .setPartitionIndex(partition)
                        .setCommittedOffset(om == null ? -1L : om.offset())
                        .setCommittedLeaderEpoch(om == null ? -1 : om.leaderEpoch())
                        .setMetadata(om == null ? "" : om.metadata())
                        .setErrorCode(injected == null ? pr.error().code() : injected.code()));
            });
            topics.add(new OffsetFetchResponse.OffsetFetchResponseTopics()
                    .setName(topic)
                    .setTopicId(id.orElse(Uuids.ZERO))
                    .setPartitions(partitions));
        });
        topics.addAll(unknownIds);
        return new OffsetFetchResponse.OffsetFetchResponseGroup()
                .setGroupId(g.groupId())
                .setTopics(topics)
                .setErrorCode(result.error().code());
    }

    private static OffsetFetchResponse.OffsetFetchResponseTopics unknownTopicId(
            OffsetFetchRequest.OffsetFetchRequestTopics t) {
        List<OffsetFetchResponse.OffsetFetchResponsePartitions> partitions = new ArrayList<>();
        for (int p : t.partitionIndexes()) {
            partitions.add(new OffsetFetchResponse.OffsetFetchResponsePartitions()
                    .setPartitionIndex(p)
                    .setCommittedOffset(-1L)
                    .setCommittedLeaderEpoch(-1)
                    .setMetadata("")
                    .setErrorCode(Errors.UNKNOWN_TOPIC_ID.code()));
        }
        return new OffsetFetchResponse.OffsetFetchResponseTopics()
                .setTopicId(t.topicId())
                .setPartitions(partitions);
    }

    /**
     * Results by topic then partition, in request order when partitions were named; a topic asked for with no
     * partitions is answered with none, as Kafka does.
     */
    private static Map<String, Map<Integer, OffsetFetchResult.PartitionResult>> groupByTopic(
            OffsetFetchResult result, List<String> askedTopics, List<TopicPartition> wanted) {
        Map<String, Map<Integer, OffsetFetchResult.PartitionResult>> out = new LinkedHashMap<>();
        for (String topic : askedTopics) {
            out.putIfAbsent(topic, new LinkedHashMap<>());
        }
        if (wanted != null) {
            OffsetFetchResult.PartitionResult none = new OffsetFetchResult.PartitionResult(null, GroupError.NONE);
            for (TopicPartition tp : wanted) {
                out.computeIfAbsent(tp.topic(), k -> new LinkedHashMap<>())
                        .put(tp.partition(), result.partitions().getOrDefault(tp, none));
            }
        } else {
            result.partitions().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey(java.util.Comparator.comparing(TopicPartition::topic)
                            .thenComparingInt(TopicPartition::partition)))
                    .forEach(e -> out.computeIfAbsent(e.getKey().topic(), k -> new LinkedHashMap<>())
                            .put(e.getKey().partition(), e.getValue()));
        }
        return out;
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public OffsetFetchResponse errorResponse(RequestContext ctx, OffsetFetchRequest request, Errors error) {
        if (ctx.apiVersion() < 8) {
            return new OffsetFetchResponse().setErrorCode(error.code());
        }
        List<OffsetFetchResponse.OffsetFetchResponseGroup> groups = new ArrayList<>();
        for (OffsetFetchRequest.OffsetFetchRequestGroup g : request.groups()) {
            groups.add(new OffsetFetchResponse.OffsetFetchResponseGroup()
                    .setGroupId(g.groupId())
                    .setErrorCode(error.code()));
        }
        return new OffsetFetchResponse().setGroups(groups);
    }
}
