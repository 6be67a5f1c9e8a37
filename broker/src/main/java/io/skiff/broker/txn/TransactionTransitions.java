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
import java.util.HashSet;
import java.util.Set;

/**
 * The next state of a transactional id for each change the coordinator makes, as Kafka's TransactionMetadata
 * prepares them: pure functions from the current {@link TransactionRecord} to the one to persist. Stateless,
 * thread-safe.
 */
final class TransactionTransitions {
    private TransactionTransitions() {}

    /** Kafka's {@code isValidProducerId}: may a producer that says it is {@code id}/{@code epoch} re-initialize? */
    static boolean isValidProducerId(TransactionRecord cur, long id, short epoch) {
        return cur.producerEpoch() == TransactionRecord.NO_EPOCH
                || id == cur.producerId()
                || (id == cur.previousProducerId() && epoch >= Short.MAX_VALUE - 1);
    }

    /**
     * Kafka's prepareIncrementProducerEpoch (InitProducerId): Empty with the epoch bumped; with an expected epoch
     * (v3+), the current one is bumped and kept as the last epoch, and the last epoch is a retry of a bump whose
     * answer was lost (the epoch stays).
     *
     * @return the next state, or null if the expected epoch is neither (the producer is fenced)
     */
    static TransactionRecord incrementEpoch(
            TransactionRecord cur, int timeoutMs, boolean hasExpected, short expectedEpoch, long now) {
        short epoch;
        short lastEpoch;
        if (!hasExpected) {
            epoch = (short) (cur.producerEpoch() + 1);
            lastEpoch = TransactionRecord.NO_EPOCH;
        } else if (cur.producerEpoch() == TransactionRecord.NO_EPOCH || expectedEpoch == cur.producerEpoch()) {
            epoch = (short) (cur.producerEpoch() + 1);
            lastEpoch = cur.producerEpoch();
        } else if (expectedEpoch == cur.lastProducerEpoch()) {
            epoch = cur.producerEpoch();
            lastEpoch = cur.lastProducerEpoch();
        } else {
            return null;
        }
        return empty(cur, cur.producerId(), cur.previousProducerId(), epoch, lastEpoch, timeoutMs, now);
    }

    /** Kafka's prepareProducerIdRotation (InitProducerId with the epochs exhausted): a new producer id at epoch 0. */
    static TransactionRecord rotateProducerId(
            TransactionRecord cur, long newProducerId, int timeoutMs, boolean recordLastEpoch, long now) {
        short lastEpoch = recordLastEpoch ? cur.producerEpoch() : TransactionRecord.NO_EPOCH;
        return empty(cur, newProducerId, cur.producerId(), (short) 0, lastEpoch, timeoutMs, now);
    }

    /** Empty at a new epoch: no partitions, no next producer id, no transaction started. */
    private static TransactionRecord empty(
            TransactionRecord cur,
            long producerId,
            long previousProducerId,
            short epoch,
            short lastEpoch,
            int timeoutMs,
            long now) {
        return new TransactionRecord(
                producerId,
                previousProducerId,
                -1L,
                epoch,
                lastEpoch,
                timeoutMs,
                TransactionState.EMPTY,
                Set.of(),
                -1L,
                now,
                cur.clientTransactionVersion());
    }

    /** Kafka's prepareAddPartitions: Ongoing with {@code partitions} added, a new start time if none was open. */
    static TransactionRecord addPartitions(
            TransactionRecord cur, Set<TopicPartition> partitions, short clientTransactionVersion, long now) {
        Set<TopicPartition> all = new HashSet<>(cur.partitions());
        all.addAll(partitions);
        return new TransactionRecord(
                cur.producerId(),
                cur.previousProducerId(),
                cur.nextProducerId(),
                cur.producerEpoch(),
                cur.lastProducerEpoch(),
                cur.timeoutMs(),
                TransactionState.ONGOING,
                all,
                cur.state() == TransactionState.ONGOING ? cur.txnStartTimestamp() : now,
                now,
                clientTransactionVersion);
    }

    /**
     * Kafka's prepareAbortOrCommit: PrepareCommit or PrepareAbort; a version 2 client's epoch is bumped (the markers
     * carry the bumped epoch) and the epoch before is kept as the last epoch.
     *
     * @param nextProducerId   the producer id the client continues with when the bump exhausts the epochs, or -1
     * @param noPartitionAdded a version 2 abort with no transaction open: it starts now
     */
    static TransactionRecord prepareEnd(
            TransactionRecord cur,
            TransactionState prepare,
            short clientTransactionVersion,
            long nextProducerId,
            boolean noPartitionAdded,
            long now) {
        boolean bump = TransactionVersion.supportsEpochBump(clientTransactionVersion);
        return new TransactionRecord(
                cur.producerId(),
                cur.previousProducerId(),
                nextProducerId,
                bump ? (short) (cur.producerEpoch() + 1) : cur.producerEpoch(),
                bump ? cur.producerEpoch() : cur.lastProducerEpoch(),
                cur.timeoutMs(),
                prepare,
                cur.partitions(),
                noPartitionAdded ? now : cur.txnStartTimestamp(),
                now,
                clientTransactionVersion);
    }

    /**
     * The abort of a transaction whose producer is fenced (InitProducerId while it is open) or that timed out: the
     * epoch is bumped once, fencing the producer, following the rules of the broker's finalized transaction version
     * (Kafka passes the server's level here, not the client's).
     */
    static TransactionRecord fenceAndPrepareAbort(TransactionRecord cur, short serverTransactionVersion, long now) {
        short epoch = cur.producerEpoch() == Short.MAX_VALUE ? cur.producerEpoch() : (short) (cur.producerEpoch() + 1);
        return new TransactionRecord(
                cur.producerId(),
                cur.previousProducerId(),
                cur.nextProducerId(),
                epoch,
                TransactionVersion.supportsEpochBump(serverTransactionVersion)
                        ? cur.producerEpoch()
                        : TransactionRecord.NO_EPOCH,
                cur.timeoutMs(),
                TransactionState.PREPARE_ABORT,
                cur.partitions(),
                cur.txnStartTimestamp(),
                now,
                serverTransactionVersion);
    }

    /**
     * Kafka's prepareComplete: CompleteCommit or CompleteAbort once the markers are written. When a version 2 bump
     * exhausted the epochs, the producer continues with the next producer id at epoch 0 (the previous id is kept to
     * recognise retries); the last epoch stays the one the client last saw.
     */
    static TransactionRecord complete(TransactionRecord prepared, long now) {
        boolean rotate = TransactionVersion.supportsEpochBump(prepared.clientTransactionVersion())
                && prepared.nextProducerId() != -1L;
        return new TransactionRecord(
                rotate ? prepared.nextProducerId() : prepared.producerId(),
                rotate ? prepared.producerId() : prepared.previousProducerId(),
                -1L,
                rotate ? 0 : prepared.producerEpoch(),
                prepared.lastProducerEpoch(),
                prepared.timeoutMs(),
                prepared.state() == TransactionState.PREPARE_COMMIT
                        ? TransactionState.COMPLETE_COMMIT
                        : TransactionState.COMPLETE_ABORT,
                Set.of(),
                prepared.txnStartTimestamp(),
                now,
                prepared.clientTransactionVersion());
    }
}
