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
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest.OffsetForLeaderPartition;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest.OffsetForLeaderTopic;
import io.skiff.protocol.message.OffsetForLeaderEpochResponse;
import io.skiff.protocol.message.OffsetForLeaderEpochResponse.EpochEndOffset;
import io.skiff.protocol.message.OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * OffsetForLeaderEpoch (key 23), versions 2–4: the end offset of a leader epoch, which consumers ask for after a
 * leader change to detect log truncation (KIP-320). Every Skiff partition has had one leader epoch, 0, since its
 * first offset; Kafka's leader-epoch cache then answers (LeaderEpochFileCache.endOffsetFor):
 * <ul>
 *   <li>epoch 0 (the current one) → epoch 0, end offset = log end offset;</li>
 *   <li>epoch -1 (undefined) or any epoch above 0 (never existed) → epoch -1, end offset -1, no error;</li>
 *   <li>an epoch below -1 (before any known epoch) → that epoch, end offset = the first offset of epoch 0 (the log
 *       start offset).</li>
 * </ul>
 * {@code current_leader_epoch} (-1 = not checked) above 0 → UNKNOWN_LEADER_EPOCH, below 0 → FENCED_LEADER_EPOCH;
 * an unknown topic or partition → UNKNOWN_TOPIC_OR_PARTITION. Errors answer epoch -1, end offset -1.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
public final class OffsetForLeaderEpochHandler
        extends AbstractApiHandler<OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse> {
    private static final int UNDEFINED_EPOCH = -1;
    private static final long UNDEFINED_OFFSET = -1L;

    private final NodeTopics node;

    public OffsetForLeaderEpochHandler(NodeTopics node) {
        super(ApiKeys.OFFSET_FOR_LEADER_EPOCH, 2, 4);
        this.node = node;
    }

    @Override
    public CompletableFuture<OffsetForLeaderEpochResponse> handle(
            RequestContext ctx, OffsetForLeaderEpochRequest request) {
        OffsetForLeaderEpochResponse response = new OffsetForLeaderEpochResponse();
        for (OffsetForLeaderTopic topicRequest : request.topics()) {
            OffsetForLeaderTopicResult topicResult = new OffsetForLeaderTopicResult().setTopic(topicRequest.topic());
            Optional<Topic> topic = node.topics().topic(topicRequest.topic());
            boolean describable = ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, topicRequest.topic());
            for (OffsetForLeaderPartition p : topicRequest.partitions()) {
                Errors refused = ctx.partitionRefusal(topicRequest.topic(), p.partition(), describable);
                topicResult
                        .partitions()
                        .add(
                                refused == null
                                        ? endOffset(topic, p)
                                        : undefined(p).setErrorCode(refused.code()));
            }
            response.topics().add(topicResult);
        }
        return CompletableFuture.completedFuture(response);
    }

    /** The answer of a partition without an end offset (every error's, and an epoch it never had). */
    private static EpochEndOffset undefined(OffsetForLeaderPartition request) {
        return new EpochEndOffset()
                .setPartition(request.partition())
                .setLeaderEpoch(UNDEFINED_EPOCH)
                .setEndOffset(UNDEFINED_OFFSET);
    }

    private EpochEndOffset endOffset(Optional<Topic> topic, OffsetForLeaderPartition request) {
        EpochEndOffset result = undefined(request);
        if (topic.isEmpty() || !topic.get().hasPartition(request.partition())) {
            return result.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code());
        }
        try {
            Partition partition = topic.get().partition(request.partition());
            int leaderEpoch = partition.leaderEpoch();
            int current = request.currentLeaderEpoch();
            if (current != UNDEFINED_EPOCH && current < leaderEpoch) {
                return result.setErrorCode(Errors.FENCED_LEADER_EPOCH.code());
            }
            if (current != UNDEFINED_EPOCH && current > leaderEpoch) {
                return result.setErrorCode(Errors.UNKNOWN_LEADER_EPOCH.code());
            }
            if (!node.leads(topic.get(), request.partition())) {
                return result.setErrorCode(Errors.NOT_LEADER_OR_FOLLOWER.code());
            }
            int requested = request.leaderEpoch();
            if (requested == leaderEpoch) {
                return result.setLeaderEpoch(leaderEpoch)
                        .setEndOffset(partition.log().logEndOffset());
            }
            if (requested >= 0 && requested < leaderEpoch) {
                // a simulated cluster's earlier leader: its epoch ended where the next one began
                return result.setLeaderEpoch(requested).setEndOffset(partition.endOffsetOfEpoch(requested));
            }
            if (requested < UNDEFINED_EPOCH) {
                return result.setLeaderEpoch(requested).setEndOffset(partition.logStartOffset());
            }
            return result; // undefined, or an epoch this partition never had
        } catch (UnknownTopicException e) {
            return result.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code());
        }
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public OffsetForLeaderEpochResponse errorResponse(
            RequestContext ctx, OffsetForLeaderEpochRequest request, Errors error) {
        OffsetForLeaderEpochResponse response = new OffsetForLeaderEpochResponse();
        for (OffsetForLeaderTopic t : request.topics()) {
            OffsetForLeaderTopicResult topicResult = new OffsetForLeaderTopicResult().setTopic(t.topic());
            for (OffsetForLeaderPartition p : t.partitions()) {
                topicResult.partitions().add(undefined(p).setErrorCode(error.code()));
            }
            response.topics().add(topicResult);
        }
        return response;
    }
}
