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
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ListOffsetsRequest;
import io.skiff.protocol.message.ListOffsetsResponse;
import io.skiff.storage.TimestampOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * ListOffsets (key 2), v1–11.
 *
 * <p>Behaviour, as Kafka 4.4 answers on a broker without tiered storage:
 * <ul>
 *   <li>-2 EARLIEST and -4 EARLIEST_LOCAL: the log start offset; -1 LATEST: the high watermark (read_uncommitted) or
 *       the last stable offset (read_committed; equal here); timestamp -1, leader epoch 0.</li>
 *   <li>-3 MAX_TIMESTAMP: the first record with the largest timestamp, with that timestamp; -1/-1 on an empty
 *       log.</li>
 *   <li>-5 LATEST_TIERED and -6 EARLIEST_PENDING_UPLOAD (v11): nothing is tiered: offset -1, timestamp -1, leader
 *       epoch -1.</li>
 *   <li>a timestamp: the first record whose timestamp is at or after it (see TimestampLookup), or offset -1 and
 *       timestamp -1 when every record is older.</li>
 *   <li>Unknown topic or partition: UNKNOWN_TOPIC_OR_PARTITION; current_leader_epoch above ours:
 *       UNKNOWN_LEADER_EPOCH. -3, -4, -5 and -6 before the version that introduced them (7, 8, 9, 11), and any other
 *       negative timestamp: UNSUPPORTED_VERSION. A partition asked for twice: one answer, INVALID_REQUEST.</li>
 * </ul>
 *
 * <p>Thread-safe (stateless apart from the registry).
 */
public final class ListOffsetsHandler extends AbstractApiHandler<ListOffsetsRequest, ListOffsetsResponse> {
    static final long LATEST = -1L;
    static final long EARLIEST = -2L;
    static final long MAX_TIMESTAMP = -3L;
    static final long EARLIEST_LOCAL = -4L;
    static final long LATEST_TIERED = -5L;
    static final long EARLIEST_PENDING_UPLOAD = -6L;
    private static final byte READ_COMMITTED = 1;

    private final NodeTopics node;

    /** @param node which partitions this node leads (all but in a simulated cluster) */
    public ListOffsetsHandler(NodeTopics node) {
        super(ApiKeys.LIST_OFFSETS, 1, 11);
        this.node = node;
    }

    @Override
    public CompletableFuture<ListOffsetsResponse> handle(RequestContext ctx, ListOffsetsRequest request) {
        // As Kafka: the answer has one entry per topic and partition; a partition asked for more than once is answered
        // once, with INVALID_REQUEST. The order is Kafka's too (see inKafkasOrder).
        Map<String, Map<Integer, ListOffsetsRequest.ListOffsetsPartition>> asked = new LinkedHashMap<>();
        Set<String> duplicates = new HashSet<>();
        for (ListOffsetsRequest.ListOffsetsTopic rt : request.topics()) {
            Map<Integer, ListOffsetsRequest.ListOffsetsPartition> partitions =
                    asked.computeIfAbsent(rt.name(), name -> new LinkedHashMap<>());
            for (ListOffsetsRequest.ListOffsetsPartition rp : rt.partitions()) {
                if (partitions.putIfAbsent(rp.partitionIndex(), rp) != null) {
                    duplicates.add(rt.name() + "-" + rp.partitionIndex());
                }
            }
        }
        List<ListOffsetsResponse.ListOffsetsTopicResponse> looked = new ArrayList<>();
        List<ListOffsetsResponse.ListOffsetsTopicResponse> unauthorized = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, ListOffsetsRequest.ListOffsetsPartition>> e : asked.entrySet()) {
            Optional<Topic> topic = node.topics().topic(e.getKey());
            boolean describable = ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, e.getKey());
            ListOffsetsResponse.ListOffsetsTopicResponse tr =
                    new ListOffsetsResponse.ListOffsetsTopicResponse().setName(e.getKey());
            for (ListOffsetsRequest.ListOffsetsPartition rp : e.getValue().values()) {
                ListOffsetsResponse.ListOffsetsPartitionResponse answer;
                Errors refused = ctx.partitionRefusal(e.getKey(), rp.partitionIndex(), describable);
                if (refused != null) {
                    answer = error(rp.partitionIndex(), refused); // the offset is not looked up
                } else if (duplicates.contains(e.getKey() + "-" + rp.partitionIndex())) {
                    answer = error(rp.partitionIndex(), Errors.INVALID_REQUEST);
                } else if (rp.timestamp() < 0 && ctx.apiVersion() < versionFor(rp.timestamp())) {
                    answer = error(rp.partitionIndex(), Errors.UNSUPPORTED_VERSION);
                } else {
                    Errors unavailable = node.unavailable(topic, rp.partitionIndex());
                    answer = unavailable != null
                            ? error(rp.partitionIndex(), unavailable)
                            : answer(topic.get(), rp, request.isolationLevel() == READ_COMMITTED);
                }
                if (ctx.apiVersion() < 4) {
                    answer.setLeaderEpoch(-1); // not in the response before v4 (librdkafka's -o beginning uses v2)
                }
                tr.partitions().add(answer);
            }
            (describable ? looked : unauthorized).add(tr);
        }
        ListOffsetsResponse response = new ListOffsetsResponse();
        response.topics().addAll(inKafkasOrder(looked));
        response.topics().addAll(unauthorized);
        return CompletableFuture.completedFuture(response);
    }

    /**
     * Kafka's order of the topics it looked up (the ones the client may not describe follow in request order): its
     * ReplicaManager collects the answers in a Scala hash map of TopicPartition and groups them by topic, so clients
     * that keep the answer's order (kafkajs) see those hash orders.
     */
    private static List<ListOffsetsResponse.ListOffsetsTopicResponse> inKafkasOrder(
            List<ListOffsetsResponse.ListOffsetsTopicResponse> topics) {
        return ScalaHashOrder.groupedByTopic(
                topics,
                ListOffsetsResponse.ListOffsetsTopicResponse::name,
                ListOffsetsResponse.ListOffsetsTopicResponse::partitions,
                ListOffsetsResponse.ListOffsetsPartitionResponse::partitionIndex);
    }

    /** The first version that knows a special timestamp (as Kafka checks them); unknown ones never. */
    private static int versionFor(long timestamp) {
        if (timestamp == LATEST || timestamp == EARLIEST) {
            return 0;
        } else if (timestamp == MAX_TIMESTAMP) {
            return 7;
        } else if (timestamp == EARLIEST_LOCAL) {
            return 8;
        } else if (timestamp == LATEST_TIERED) {
            return 9;
        } else if (timestamp == EARLIEST_PENDING_UPLOAD) {
            return 11;
        }
        return Integer.MAX_VALUE;
    }

    /**
     * One partition's answer. As in Kafka, the latest offset and every timestamp answer stop at the last stable
     * offset for read_committed and at the high watermark otherwise.
     */
    private static ListOffsetsResponse.ListOffsetsPartitionResponse answer(
            Topic topic, ListOffsetsRequest.ListOffsetsPartition rp, boolean readCommitted) {
        Partition p = topic.partition(rp.partitionIndex());
        if (rp.currentLeaderEpoch() > p.leaderEpoch()) {
            return error(rp.partitionIndex(), Errors.UNKNOWN_LEADER_EPOCH);
        }
        if (rp.currentLeaderEpoch() >= 0 && rp.currentLeaderEpoch() < p.leaderEpoch()) {
            return error(rp.partitionIndex(), Errors.FENCED_LEADER_EPOCH); // a simulated cluster's leader moved
        }
        try {
            long lastFetchable = readCommitted ? p.lastStableOffset() : p.highWatermark();
            long ts = rp.timestamp();
            if (ts == EARLIEST || ts == EARLIEST_LOCAL) {
                return found(rp.partitionIndex(), -1L, p.logStartOffset(), p.leaderEpoch());
            } else if (ts == LATEST) {
                return found(rp.partitionIndex(), -1L, lastFetchable, p.leaderEpoch());
            } else if (ts == LATEST_TIERED || ts == EARLIEST_PENDING_UPLOAD) {
                return found(rp.partitionIndex(), -1L, -1L, -1);
            } else if (ts == MAX_TIMESTAMP) {
                return timestampAnswer(rp.partitionIndex(), p.maxTimestampOffset(), p, lastFetchable);
            } else if (ts < 0) {
                return error(rp.partitionIndex(), Errors.UNSUPPORTED_VERSION); // see versionFor
            }
            return timestampAnswer(rp.partitionIndex(), p.offsetForTimestamp(ts), p, lastFetchable);
        } catch (RuntimeException e) {
            return error(rp.partitionIndex(), DataErrors.of(e));
        }
    }

    private static ListOffsetsResponse.ListOffsetsPartitionResponse timestampAnswer(
            int index, Optional<TimestampOffset> hit, Partition p, long lastFetchable) {
        if (hit.isEmpty() || hit.get().offset() >= lastFetchable) {
            return found(index, -1L, -1L, -1);
        }
        return found(index, hit.get().timestamp(), hit.get().offset(), p.leaderEpoch());
    }

    private static ListOffsetsResponse.ListOffsetsPartitionResponse found(
            int index, long timestamp, long offset, int leaderEpoch) {
        return new ListOffsetsResponse.ListOffsetsPartitionResponse()
                .setPartitionIndex(index)
                .setErrorCode(Errors.NONE.code())
                .setTimestamp(timestamp)
                .setOffset(offset)
                .setLeaderEpoch(leaderEpoch);
    }

    private static ListOffsetsResponse.ListOffsetsPartitionResponse error(int index, Errors error) {
        return new ListOffsetsResponse.ListOffsetsPartitionResponse()
                .setPartitionIndex(index)
                .setErrorCode(error.code())
                .setTimestamp(-1L)
                .setOffset(-1L)
                .setLeaderEpoch(-1);
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public ListOffsetsResponse errorResponse(RequestContext ctx, ListOffsetsRequest request, Errors error) {
        ListOffsetsResponse response = new ListOffsetsResponse();
        for (ListOffsetsRequest.ListOffsetsTopic rt : request.topics()) {
            ListOffsetsResponse.ListOffsetsTopicResponse tr =
                    new ListOffsetsResponse.ListOffsetsTopicResponse().setName(rt.name());
            for (ListOffsetsRequest.ListOffsetsPartition rp : rt.partitions()) {
                tr.partitions().add(error(rp.partitionIndex(), error));
            }
            response.topics().add(tr);
        }
        return response;
    }
}
