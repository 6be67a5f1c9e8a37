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

import io.skiff.broker.cluster.PartitionReplicas;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicNames;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeTopicPartitionsRequest;
import io.skiff.protocol.message.DescribeTopicPartitionsRequest.TopicRequest;
import io.skiff.protocol.message.DescribeTopicPartitionsResponse;
import io.skiff.protocol.message.DescribeTopicPartitionsResponse.Cursor;
import io.skiff.protocol.message.DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition;
import io.skiff.protocol.message.DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeTopicPartitions (key 75), version 0: topics with their partitions, paginated — what Kafka 4's Admin
 * {@code describeTopics} uses when the broker offers it. As Kafka 4.1:
 * <ul>
 *   <li>topics are answered in name order, from the cursor's topic (inclusive) on; an empty topic list means every
 *       topic (then missing ones cannot occur); a named topic that does not exist → UNKNOWN_TOPIC_OR_PARTITION (an
 *       illegal name → INVALID_TOPIC_EXCEPTION) with a zero id and no partitions;</li>
 *   <li>at most {@code min(response_partition_limit, 2000)} (at least 1) partitions per response; when a topic's
 *       partitions do not all fit, or the limit is reached before the next topic, {@code next_cursor} names the topic
 *       and partition to continue from; the cursor's partition applies to the cursor's topic only;</li>
 *   <li>a cursor topic missing from a non-empty topic list, or a negative cursor partition → every requested topic
 *       answers INVALID_REQUEST (Kafka's error response for the request);</li>
 *   <li>each partition: led by this node at epoch 0, replicas = ISR = [this node], empty ELR lists, no offline
 *       replicas; topic authorized operations = every topic operation (no authorizer).</li>
 * </ul>
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
public final class DescribeTopicPartitionsHandler
        extends AbstractApiHandler<DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse> {
    static final int MAX_PARTITIONS_PER_RESPONSE = 2000; // Kafka's max.request.partition.size.limit default

    private final NodeTopics node;

    /** @param node the topics; in a simulated cluster, whose replicas, ISR and leaders it reports */
    public DescribeTopicPartitionsHandler(NodeTopics node) {
        super(ApiKeys.DESCRIBE_TOPIC_PARTITIONS, 0, 0);
        this.node = node;
    }

    @Override
    public CompletableFuture<DescribeTopicPartitionsResponse> handle(
            RequestContext ctx, DescribeTopicPartitionsRequest request) {
        DescribeTopicPartitionsRequest.Cursor cursor = request.cursor();
        String cursorTopic = cursor == null ? "" : cursor.topicName();
        boolean allTopics = request.topics().isEmpty();
        TreeSet<String> names = new TreeSet<>();
        if (allTopics) {
            node.topics().topics().forEach(t -> names.add(t.name()));
        } else {
            request.topics().forEach(t -> names.add(t.name()));
        }
        names.removeIf(name -> name.compareTo(cursorTopic) < 0);
        if ((cursor != null && !allTopics && !names.contains(cursor.topicName()))
                || (cursor != null && cursor.partitionIndex() < 0)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.INVALID_REQUEST));
        }
        DescribeTopicPartitionsResponse response = new DescribeTopicPartitionsResponse();
        int remaining = Math.max(Math.min(MAX_PARTITIONS_PER_RESPONSE, request.responsePartitionLimit()), 1);
        for (String name : names) {
            if (remaining == 0) {
                response.setNextCursor(new Cursor().setTopicName(name).setPartitionIndex(0));
                break;
            }
            Optional<Topic> topic = node.topics().topic(name);
            if (topic.isEmpty()) {
                if (!allTopics) {
                    response.topics().add(missing(name, ctx));
                }
                continue;
            }
            if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, name)) {
                if (!allTopics) {
                    response.topics().add(missing(name, ctx).setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code()));
                }
                continue;
            }
            int start = name.equals(cursorTopic) ? cursor.partitionIndex() : 0;
            List<Partition> partitions = topic.get().partitions();
            int end = Math.min(partitions.size(), start + remaining);
            DescribeTopicPartitionsResponseTopic described = new DescribeTopicPartitionsResponseTopic()
                    .setErrorCode(Errors.NONE.code())
                    .setName(name)
                    .setTopicId(topic.get().id())
                    .setIsInternal(topic.get().isInternal())
                    .setTopicAuthorizedOperations(ctx.authorizer().authorizedOperations(ctx, ResourceType.TOPIC, name));
            for (int i = start; i < end; i++) {
                described.partitions().add(partition(topic.get(), i));
            }
            response.topics().add(described);
            if (end < partitions.size()) {
                response.setNextCursor(new Cursor().setTopicName(name).setPartitionIndex(end));
                break;
            }
            remaining -= Math.max(0, end - start);
        }
        return CompletableFuture.completedFuture(response);
    }

    private DescribeTopicPartitionsResponsePartition partition(Topic topic, int index) {
        if (node.cluster() != null) {
            PartitionReplicas r = node.cluster().replicas(topic, index);
            return new DescribeTopicPartitionsResponsePartition()
                    .setErrorCode(Errors.NONE.code())
                    .setPartitionIndex(index)
                    .setLeaderId(r.leader())
                    .setLeaderEpoch(r.leaderEpoch())
                    .setReplicaNodes(new ArrayList<>(r.replicas()))
                    .setIsrNodes(new ArrayList<>(r.isr()))
                    .setEligibleLeaderReplicas(new ArrayList<>())
                    .setLastKnownElr(new ArrayList<>())
                    .setOfflineReplicas(new ArrayList<>(r.offline(node.cluster().stoppedNodes())));
        }
        return new DescribeTopicPartitionsResponsePartition()
                .setErrorCode(Errors.NONE.code())
                .setPartitionIndex(index)
                .setLeaderId(node.nodeId())
                .setLeaderEpoch(0)
                .setReplicaNodes(new ArrayList<>(List.of(node.nodeId())))
                .setIsrNodes(new ArrayList<>(List.of(node.nodeId())))
                .setEligibleLeaderReplicas(new ArrayList<>())
                .setLastKnownElr(new ArrayList<>())
                .setOfflineReplicas(new ArrayList<>());
    }

    private static DescribeTopicPartitionsResponseTopic missing(String name, RequestContext ctx) {
        Errors error = TopicNames.isValid(name) ? Errors.UNKNOWN_TOPIC_OR_PARTITION : Errors.INVALID_TOPIC_EXCEPTION;
        return new DescribeTopicPartitionsResponseTopic()
                .setErrorCode(error.code())
                .setName(name)
                .setTopicId(Uuids.ZERO)
                .setIsInternal(TopicNames.isInternal(name))
                .setTopicAuthorizedOperations(ctx.authorizer().authorizedOperations(ctx, ResourceType.TOPIC, name));
    }

    @Override
    public DescribeTopicPartitionsResponse errorResponse(
            RequestContext ctx, DescribeTopicPartitionsRequest request, Errors error) {
        DescribeTopicPartitionsResponse response = new DescribeTopicPartitionsResponse();
        for (TopicRequest t : request.topics()) {
            response.topics()
                    .add(new DescribeTopicPartitionsResponseTopic()
                            .setName(t.name())
                            .setTopicId(Uuids.ZERO)
                            .setErrorCode(error.code()));
        }
        return response;
    }
}
