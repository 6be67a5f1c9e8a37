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
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.config.CleanupPolicy;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DeleteRecordsRequest;
import io.skiff.protocol.message.DeleteRecordsRequest.DeleteRecordsPartition;
import io.skiff.protocol.message.DeleteRecordsRequest.DeleteRecordsTopic;
import io.skiff.protocol.message.DeleteRecordsResponse;
import io.skiff.protocol.message.DeleteRecordsResponse.DeleteRecordsPartitionResult;
import io.skiff.protocol.message.DeleteRecordsResponse.DeleteRecordsTopicResult;
import io.skiff.storage.OffsetOutOfRangeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * DeleteRecords (key 21), versions 0–2: moves partitions' log start offsets forward (Kafka's "delete records
 * before"), answering each partition with its new low watermark (= log start offset; this node is the only
 * replica, so there is nothing to wait for). As Kafka 4.1:
 * <ul>
 *   <li>offset -1 means the high watermark; an offset beyond the high watermark, or negative, → OFFSET_OUT_OF_RANGE;
 *       an offset at or below the current log start offset changes nothing and answers the current one;</li>
 *   <li>an unknown topic or partition → UNKNOWN_TOPIC_OR_PARTITION; an internal topic → INVALID_TOPIC_EXCEPTION;
 *       a topic whose cleanup.policy lacks "delete" → POLICY_VIOLATION;</li>
 *   <li>every error answers low watermark -1.</li>
 * </ul>
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry. It writes files, so it runs on the blocking
 * executor.
 */
public final class DeleteRecordsHandler extends BlockingApiHandler<DeleteRecordsRequest, DeleteRecordsResponse> {
    static final long HIGH_WATERMARK = -1L;
    private static final long INVALID_LOW_WATERMARK = -1L;

    private final NodeTopics node;

    public DeleteRecordsHandler(NodeTopics node) {
        super(ApiKeys.DELETE_RECORDS, 0, 2);
        this.node = node;
    }

    @Override
    protected DeleteRecordsResponse respond(RequestContext ctx, DeleteRecordsRequest request) {
        Map<String, DeleteRecordsTopicResult> byName = new LinkedHashMap<>();
        for (DeleteRecordsTopic topicRequest : request.topics()) {
            DeleteRecordsTopicResult topicResult =
                    byName.computeIfAbsent(topicRequest.name(), name -> new DeleteRecordsTopicResult().setName(name));
            Optional<Topic> topic = node.topics().topic(topicRequest.name());
            boolean deletable = ctx.allowed(AclOperation.DELETE, ResourceType.TOPIC, topicRequest.name());
            for (DeleteRecordsPartition p : topicRequest.partitions()) {
                Errors refused = ctx.partitionRefusal(topicRequest.name(), p.partitionIndex(), deletable);
                topicResult
                        .partitions()
                        .add(refused == null ? delete(topic, p) : unanswered(p).setErrorCode(refused.code()));
            }
        }
        // Kafka's order: it groups a Scala hash map of every partition's result by topic
        DeleteRecordsResponse response = new DeleteRecordsResponse();
        response.topics()
                .addAll(ScalaHashOrder.groupedByTopic(
                        new ArrayList<>(byName.values()),
                        DeleteRecordsTopicResult::name,
                        DeleteRecordsTopicResult::partitions,
                        DeleteRecordsPartitionResult::partitionIndex));
        return response;
    }

    /** A partition's result before its records are deleted: what every error answers. */
    private static DeleteRecordsPartitionResult unanswered(DeleteRecordsPartition request) {
        return new DeleteRecordsPartitionResult()
                .setPartitionIndex(request.partitionIndex())
                .setLowWatermark(INVALID_LOW_WATERMARK);
    }

    private DeleteRecordsPartitionResult delete(Optional<Topic> topic, DeleteRecordsPartition request) {
        DeleteRecordsPartitionResult result = unanswered(request);
        Errors unavailable = node.unavailable(topic, request.partitionIndex());
        if (unavailable != null) {
            return result.setErrorCode(unavailable.code());
        }
        if (topic.get().isInternal()) {
            return result.setErrorCode(Errors.INVALID_TOPIC_EXCEPTION.code());
        }
        if (!topic.get().config().cleanupPolicy().contains(CleanupPolicy.DELETE)) {
            return result.setErrorCode(Errors.POLICY_VIOLATION.code());
        }
        try {
            Partition partition = topic.get().partition(request.partitionIndex());
            long offset = request.offset() == HIGH_WATERMARK ? partition.highWatermark() : request.offset();
            if (offset < 0 || offset > partition.highWatermark()) {
                return result.setErrorCode(Errors.OFFSET_OUT_OF_RANGE.code());
            }
            return result.setLowWatermark(partition.deleteRecordsBefore(offset)).setErrorCode(Errors.NONE.code());
        } catch (UnknownTopicException e) {
            return result.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code());
        } catch (OffsetOutOfRangeException e) {
            return result.setErrorCode(Errors.OFFSET_OUT_OF_RANGE.code());
        }
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public DeleteRecordsResponse errorResponse(RequestContext ctx, DeleteRecordsRequest request, Errors error) {
        DeleteRecordsResponse response = new DeleteRecordsResponse();
        for (DeleteRecordsTopic t : request.topics()) {
            DeleteRecordsTopicResult topicResult = new DeleteRecordsTopicResult().setName(t.name());
            for (DeleteRecordsPartition p : t.partitions()) {
                topicResult.partitions().add(unanswered(p).setErrorCode(error.code()));
            }
            response.topics().add(topicResult);
        }
        return response;
    }
}
