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
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeProducersRequest;
import io.skiff.protocol.message.DescribeProducersResponse;
import io.skiff.storage.producer.ProducerStateEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeProducers (key 61), v0: the producers each partition's log knows (id, epoch, last sequence and timestamp,
 * coordinator epoch, first offset of its open transaction); UNKNOWN_TOPIC_OR_PARTITION for a partition that does not
 * exist, TOPIC_AUTHORIZATION_FAILED without READ on the topic when ACLs are enforced. Thread-safe (stateless apart from the registry).
 */
public final class DescribeProducersHandler
        extends AbstractApiHandler<DescribeProducersRequest, DescribeProducersResponse> {
    private final TopicRegistry topics;

    public DescribeProducersHandler(TopicRegistry topics) {
        super(ApiKeys.DESCRIBE_PRODUCERS, 0, 0);
        this.topics = topics;
    }

    @Override
    public CompletableFuture<DescribeProducersResponse> handle(RequestContext ctx, DescribeProducersRequest request) {
        List<DescribeProducersResponse.TopicResponse> out = new ArrayList<>();
        for (DescribeProducersRequest.TopicRequest t : request.topics()) {
            Optional<Topic> topic = topics.topic(t.name());
            List<DescribeProducersResponse.PartitionResponse> partitions = new ArrayList<>();
            for (int p : t.partitionIndexes()) {
                DescribeProducersResponse.PartitionResponse pr =
                        new DescribeProducersResponse.PartitionResponse().setPartitionIndex(p);
                Errors injected = ctx.injectedError(t.name(), p);
                if (injected != null) {
                    pr.setErrorCode(injected.code()); // a fault rule's: the producers are not described
                } else if (!ctx.allowed(AclOperation.READ, ResourceType.TOPIC, t.name())) {
                    pr.setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code());
                } else if (topic.isEmpty()) {
                    // Kafka words an unknown topic, but not an unknown partition of a known one
                    pr.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code())
                            .setErrorMessage("This server does not host this topic-partition.");
                } else if (!topic.get().hasPartition(p)) {
                    pr.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code());
                } else {
                    List<DescribeProducersResponse.ProducerState> active = new ArrayList<>();
                    for (ProducerStateEntry e : topic.get().partition(p).log().producerStates()) {
                        active.add(new DescribeProducersResponse.ProducerState()
                                .setProducerId(e.producerId())
                                .setProducerEpoch(e.epoch())
                                .setLastSequence(e.lastSequence())
                                .setLastTimestamp(e.lastTimestamp())
                                .setCoordinatorEpoch(e.coordinatorEpoch())
                                .setCurrentTxnStartOffset(e.currentTxnFirstOffset()));
                    }
                    pr.setErrorCode(Errors.NONE.code()).setActiveProducers(active);
                }
                partitions.add(pr);
            }
            out.add(new DescribeProducersResponse.TopicResponse()
                    .setName(t.name())
                    .setPartitions(partitions));
        }
        return CompletableFuture.completedFuture(new DescribeProducersResponse().setTopics(out));
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public DescribeProducersResponse errorResponse(RequestContext ctx, DescribeProducersRequest request, Errors error) {
        List<DescribeProducersResponse.TopicResponse> out = new ArrayList<>();
        for (DescribeProducersRequest.TopicRequest t : request.topics()) {
            List<DescribeProducersResponse.PartitionResponse> partitions = new ArrayList<>();
            for (int p : t.partitionIndexes()) {
                partitions.add(new DescribeProducersResponse.PartitionResponse()
                        .setPartitionIndex(p)
                        .setErrorCode(error.code()));
            }
            out.add(new DescribeProducersResponse.TopicResponse()
                    .setName(t.name())
                    .setPartitions(partitions));
        }
        return new DescribeProducersResponse().setTopics(out);
    }
}
