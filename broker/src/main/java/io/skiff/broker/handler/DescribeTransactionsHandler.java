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
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionRecord;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeTransactionsRequest;
import io.skiff.protocol.message.DescribeTransactionsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeTransactions (key 65), v0: the state, timeout, start time, producer id and epoch, and partitions of each
 * transactional id; TRANSACTIONAL_ID_NOT_FOUND for an unknown one, TRANSACTIONAL_ID_AUTHORIZATION_FAILED without
 * DESCRIBE on it when ACLs are enforced. Thread-safe (stateless apart from the
 * coordinator).
 */
public final class DescribeTransactionsHandler
        extends AbstractApiHandler<DescribeTransactionsRequest, DescribeTransactionsResponse> {
    private final TransactionCoordinator coordinator;

    public DescribeTransactionsHandler(TransactionCoordinator coordinator) {
        super(ApiKeys.DESCRIBE_TRANSACTIONS, 0, 0);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<DescribeTransactionsResponse> handle(
            RequestContext ctx, DescribeTransactionsRequest request) {
        List<DescribeTransactionsResponse.TransactionState> states = new ArrayList<>();
        for (String id : request.transactionalIds()) {
            Optional<TransactionRecord> found = coordinator.describe(id);
            DescribeTransactionsResponse.TransactionState state =
                    new DescribeTransactionsResponse.TransactionState().setTransactionalId(id);
            if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, id)) {
                state.setErrorCode(Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code())
                        .setTransactionState("")
                        .setTransactionStartTimeMs(-1L)
                        .setProducerId(-1L)
                        .setProducerEpoch((short) -1);
            } else if (found.isEmpty()) {
                // As Kafka: the empty id is a malformed request, an unknown one is not found; the other fields keep
                // their zero defaults.
                state.setErrorCode(
                                id == null || id.isEmpty()
                                        ? Errors.INVALID_REQUEST.code()
                                        : Errors.TRANSACTIONAL_ID_NOT_FOUND.code())
                        .setTransactionState("")
                        .setTransactionTimeoutMs(0)
                        .setTransactionStartTimeMs(0L)
                        .setProducerId(0L)
                        .setProducerEpoch((short) 0);
            } else {
                TransactionRecord r = found.get();
                Map<String, List<Integer>> byTopic = new TreeMap<>();
                for (TopicPartition tp : r.partitions()) {
                    byTopic.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition());
                }
                List<DescribeTransactionsResponse.TopicData> topics = new ArrayList<>();
                byTopic.forEach((topic, partitions) -> {
                    partitions.sort(null);
                    topics.add(new DescribeTransactionsResponse.TopicData()
                            .setTopic(topic)
                            .setPartitions(partitions));
                });
                state.setErrorCode(Errors.NONE.code())
                        .setTransactionState(r.state().displayName())
                        .setTransactionTimeoutMs(r.timeoutMs())
                        .setTransactionStartTimeMs(r.txnStartTimestamp())
                        .setProducerId(r.producerId())
                        .setProducerEpoch(r.producerEpoch())
                        .setTopics(topics);
            }
            states.add(state);
        }
        return CompletableFuture.completedFuture(new DescribeTransactionsResponse().setTransactionStates(states));
    }

    @Override
    public DescribeTransactionsResponse errorResponse(
            RequestContext ctx, DescribeTransactionsRequest request, Errors error) {
        List<DescribeTransactionsResponse.TransactionState> states = new ArrayList<>();
        for (String id : request.transactionalIds()) {
            states.add(new DescribeTransactionsResponse.TransactionState()
                    .setTransactionalId(id)
                    .setErrorCode(error.code())
                    .setTransactionState(""));
        }
        return new DescribeTransactionsResponse().setTransactionStates(states);
    }
}
