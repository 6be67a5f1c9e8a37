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

import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.topic.TopicNames;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionVersion;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AddPartitionsToTxnRequest;
import io.skiff.protocol.message.AddPartitionsToTxnResponse;
import io.skiff.protocol.message.ApiKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;

/**
 * AddPartitionsToTxn (key 24), v0–5. v0–3 (clients): one transaction; its partitions are added, or all get the
 * coordinator's error. Partitions of internal topics or topics the client may not write to get
 * TOPIC_AUTHORIZATION_FAILED, those of unknown topics UNKNOWN_TOPIC_OR_PARTITION, and then the others
 * OPERATION_NOT_ATTEMPTED (nothing is added), as in Kafka. v4–5 (brokers) batch transactions; {@code verify_only}
 * asks, per partition, whether it is already in the transaction (INVALID_TXN_STATE if not) without adding it; the
 * others add partitions for a transaction protocol version 2 client, as Kafka's brokers ask for Produce v12+.
 *
 * <p>Thread-safe (stateless apart from the coordinator).
 */
public final class AddPartitionsToTxnHandler
        extends AbstractApiHandler<AddPartitionsToTxnRequest, AddPartitionsToTxnResponse> {
    private final TransactionCoordinator coordinator;
    private final BiPredicate<String, Integer> partitionExists;

    public AddPartitionsToTxnHandler(TransactionCoordinator coordinator, BiPredicate<String, Integer> partitionExists) {
        super(ApiKeys.ADD_PARTITIONS_TO_TXN, 0, 5);
        this.coordinator = coordinator;
        this.partitionExists = partitionExists;
    }

    @Override
    public CompletableFuture<AddPartitionsToTxnResponse> handle(RequestContext ctx, AddPartitionsToTxnRequest request) {
        if (ctx.apiVersion() < 4) {
            if (!ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, request.v3AndBelowTransactionalId())) {
                return CompletableFuture.completedFuture(
                        errorResponse(ctx, request, Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED));
            }
            return addOne(
                            ctx,
                            request.v3AndBelowTransactionalId(),
                            request.v3AndBelowProducerId(),
                            request.v3AndBelowProducerEpoch(),
                            false,
                            request.v3AndBelowTopics())
                    .thenApply(results -> new AddPartitionsToTxnResponse().setResultsByTopicV3AndBelow(results));
        }
        if (!ctx.clusterAllowed(AclOperation.CLUSTER_ACTION)) {
            // v4+ is the brokers' batched verification (KIP-890), sent with cluster rights only.
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        List<CompletableFuture<AddPartitionsToTxnResponse.AddPartitionsToTxnResult>> all = new ArrayList<>();
        for (AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction t : request.transactions()) {
            all.add(addOne(ctx, t.transactionalId(), t.producerId(), t.producerEpoch(), t.verifyOnly(), t.topics())
                    .thenApply(results -> new AddPartitionsToTxnResponse.AddPartitionsToTxnResult()
                            .setTransactionalId(t.transactionalId())
                            .setTopicResults(results)));
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).thenApply(v -> {
            List<AddPartitionsToTxnResponse.AddPartitionsToTxnResult> results = new ArrayList<>();
            all.forEach(f -> results.add(f.join()));
            return new AddPartitionsToTxnResponse()
                    .setErrorCode(Errors.NONE.code())
                    .setResultsByTransaction(results);
        });
    }

    /**
     * A verify-only add answers as Kafka's coordinator does to a broker: another epoch is PRODUCER_FENCED, a partition
     * outside the transaction TRANSACTION_ABORTABLE (the broker that asked translates them for its client).
     */
    private static Errors verifyOnlyError(Errors verified) {
        return switch (verified) {
            case INVALID_PRODUCER_EPOCH -> Errors.PRODUCER_FENCED;
            case INVALID_TXN_STATE -> Errors.TRANSACTION_ABORTABLE;
            default -> verified;
        };
    }

    private CompletableFuture<List<AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult>> addOne(
            RequestContext ctx,
            String transactionalId,
            long producerId,
            short producerEpoch,
            boolean verifyOnly,
            List<AddPartitionsToTxnRequest.AddPartitionsToTxnTopic> topics) {
        Set<TopicPartition> partitions = new LinkedHashSet<>();
        for (AddPartitionsToTxnRequest.AddPartitionsToTxnTopic t : topics) {
            for (int p : t.partitions()) {
                partitions.add(new TopicPartition(t.name(), p));
            }
        }
        Map<TopicPartition, Errors> injected = new LinkedHashMap<>(); // a fault rule's
        for (TopicPartition tp : partitions) {
            Errors error = ctx.injectedError(tp.topic(), tp.partition());
            if (error != null) {
                injected.put(tp, error);
            }
        }
        if (verifyOnly) {
            Map<TopicPartition, Errors> errors = new LinkedHashMap<>(injected);
            for (TopicPartition tp : partitions) {
                errors.computeIfAbsent(
                        tp,
                        k -> verifyOnlyError(
                                coordinator.verifyPartition(transactionalId, producerId, producerEpoch, k)));
            }
            return CompletableFuture.completedFuture(results(partitions, errors::get));
        }
        if (!injected.isEmpty()) {
            // as for any refused partition, Kafka adds none of them: the others are not attempted
            return CompletableFuture.completedFuture(
                    results(partitions, tp -> injected.getOrDefault(tp, Errors.OPERATION_NOT_ATTEMPTED)));
        }
        // Kafka's order: a client (v0–3) may not add an internal topic nor one it cannot write to; a topic that does
        // not exist is told apart; either way nothing is added and the other partitions are not attempted.
        Map<TopicPartition, Errors> refused = new LinkedHashMap<>();
        for (TopicPartition tp : partitions) {
            if (ctx.apiVersion() < 4
                    && (TopicNames.isInternal(tp.topic())
                            || !ctx.allowed(AclOperation.WRITE, ResourceType.TOPIC, tp.topic()))) {
                refused.put(tp, Errors.TOPIC_AUTHORIZATION_FAILED);
            } else if (!partitionExists.test(tp.topic(), tp.partition())) {
                refused.put(tp, Errors.UNKNOWN_TOPIC_OR_PARTITION);
            }
        }
        if (!refused.isEmpty()) {
            return CompletableFuture.completedFuture(
                    results(partitions, tp -> refused.getOrDefault(tp, Errors.OPERATION_NOT_ATTEMPTED)));
        }
        return coordinator
                .addPartitions(
                        transactionalId,
                        producerId,
                        producerEpoch,
                        partitions,
                        TransactionVersion.forAddPartitionsToTxn(ctx.apiVersion()))
                .thenApply(error -> results(partitions, tp -> error));
    }

    /** One transaction of a v4+ request answered with {@code error} for each of its partitions. */
    static AddPartitionsToTxnResponse.AddPartitionsToTxnResult transactionError(
            AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction t, Errors error) {
        Set<TopicPartition> partitions = new LinkedHashSet<>();
        for (AddPartitionsToTxnRequest.AddPartitionsToTxnTopic topic : t.topics()) {
            for (int p : topic.partitions()) {
                partitions.add(new TopicPartition(topic.name(), p));
            }
        }
        return new AddPartitionsToTxnResponse.AddPartitionsToTxnResult()
                .setTransactionalId(t.transactionalId())
                .setTopicResults(results(partitions, tp -> error));
    }

    private static List<AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult> results(
            Set<TopicPartition> partitions, java.util.function.Function<TopicPartition, Errors> errorFor) {
        Map<String, AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult> byTopic = new LinkedHashMap<>();
        for (TopicPartition tp : partitions) {
            byTopic.computeIfAbsent(
                            tp.topic(),
                            name -> new AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult().setName(name))
                    .resultsByPartition()
                    .add(new AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult()
                            .setPartitionIndex(tp.partition())
                            .setPartitionErrorCode(errorFor.apply(tp).code()));
        }
        return new ArrayList<>(byTopic.values());
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public AddPartitionsToTxnResponse errorResponse(
            RequestContext ctx, AddPartitionsToTxnRequest request, Errors error) {
        if (ctx.apiVersion() >= 4) {
            return new AddPartitionsToTxnResponse().setErrorCode(error.code());
        }
        Set<TopicPartition> partitions = new LinkedHashSet<>();
        for (AddPartitionsToTxnRequest.AddPartitionsToTxnTopic t : request.v3AndBelowTopics()) {
            for (int p : t.partitions()) {
                partitions.add(new TopicPartition(t.name(), p));
            }
        }
        return new AddPartitionsToTxnResponse().setResultsByTopicV3AndBelow(results(partitions, tp -> error));
    }
}
