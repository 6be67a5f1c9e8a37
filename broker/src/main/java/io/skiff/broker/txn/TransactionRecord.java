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
package io.skiff.broker.txn;

import io.skiff.broker.group.common.TopicPartition;
import java.util.Set;

/**
 * One state of a transactional id as {@code __transaction_state} keeps it (Kafka's TransactionLogValue), plus the
 * last epoch, which Kafka keeps only in memory too (a retried InitProducerId is recognised by it).
 *
 * @param producerId               the producer id in use
 * @param previousProducerId       the id before the last rotation (-1 if none)
 * @param nextProducerId           the id handed out by an epoch-bumping EndTxn that rotated (-1 if none)
 * @param producerEpoch            the current epoch (-1 before the first InitProducerId completes)
 * @param lastProducerEpoch        the epoch before the last bump, or -1
 * @param timeoutMs                the transaction timeout the producer asked for
 * @param state                    the state
 * @param partitions               the partitions of the open or ending transaction
 * @param txnStartTimestamp        when the transaction began (-1 when none is open)
 * @param txnLastUpdateTimestamp   when this state was entered
 * @param clientTransactionVersion the transaction protocol version the client uses (0/1: version 1; 2: KIP-890)
 */
public record TransactionRecord(
        long producerId,
        long previousProducerId,
        long nextProducerId,
        short producerEpoch,
        short lastProducerEpoch,
        int timeoutMs,
        TransactionState state,
        Set<TopicPartition> partitions,
        long txnStartTimestamp,
        long txnLastUpdateTimestamp,
        short clientTransactionVersion) {
    public static final short NO_EPOCH = -1;

    public TransactionRecord {
        partitions = Set.copyOf(partitions);
    }

    TransactionRecord withState(TransactionState newState, long now) {
        return new TransactionRecord(
                producerId,
                previousProducerId,
                nextProducerId,
                producerEpoch,
                lastProducerEpoch,
                timeoutMs,
                newState,
                partitions,
                txnStartTimestamp,
                now,
                clientTransactionVersion);
    }

    /** Kafka's {@code isProducerEpochExhausted}: one epoch must remain for fencing. */
    boolean epochExhausted() {
        return producerEpoch >= Short.MAX_VALUE - 1;
    }
}
