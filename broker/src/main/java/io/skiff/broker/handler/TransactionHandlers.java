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

import io.skiff.broker.feature.Feature;
import io.skiff.broker.feature.Features;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.broker.txn.PartitionMarkers;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionVersion;
import java.time.Clock;
import java.util.function.BiPredicate;

/**
 * Registers the transaction handlers (AddPartitionsToTxn, AddOffsetsToTxn, TxnOffsetCommit, EndTxn, WriteTxnMarkers,
 * DescribeTransactions, ListTransactions, DescribeProducers) in one call. InitProducerId, FindCoordinator and Produce
 * serve transactions too but are registered with their other roles. Stateless.
 */
public final class TransactionHandlers {
    private TransactionHandlers() {}

    /**
     * Also finalizes the feature {@code transaction.version} (0–2) at 2, which makes Kafka 4.x clients use
     * transaction protocol version 2: EndTxn v5, TxnOffsetCommit v5 and Produce v12+ are registered with it.
     *
     * @param partitionExists whether a topic partition exists (topic name, partition index)
     */
    public static void register(
            HandlerRegistry registry,
            Features features,
            TransactionCoordinator transactions,
            GroupCoordinator groups,
            TopicRegistry topics,
            BiPredicate<String, Integer> partitionExists,
            Clock clock) {
        if (transactions == null) {
            return; // a context without transactions (handler tests)
        }
        registry.register(new AddPartitionsToTxnHandler(transactions, partitionExists));
        registry.register(new AddOffsetsToTxnHandler(transactions, groups::offsetsPartition));
        registry.register(new TxnOffsetCommitHandler(transactions, groups, partitionExists, TopicIds.of(topics)));
        registry.register(new EndTxnHandler(transactions));
        registry.register(new WriteTxnMarkersHandler(new PartitionMarkers(topics, groups::completeTransaction, clock)));
        registry.register(new DescribeTransactionsHandler(transactions));
        registry.register(new ListTransactionsHandler(transactions, clock));
        registry.register(new DescribeProducersHandler(topics));
        features.add(new Feature(
                TransactionVersion.FEATURE_NAME,
                TransactionVersion.TV_0,
                TransactionVersion.FINALIZED,
                TransactionVersion.FINALIZED));
        transactions.finalizedVersion(() -> features.level(TransactionVersion.FEATURE_NAME));
    }
}
