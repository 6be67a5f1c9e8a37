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

import io.skiff.protocol.Errors;

/**
 * What an EndTxn of a transaction protocol version 2 client (EndTxn v5+) does, as Kafka 4.1's coordinator decides
 * it. The epoch is bumped at every end, so the same epoch as the current one means the next transaction, and the
 * epoch just before it (or the last epoch of the previous producer id after an overflow) is a retry of the end that
 * completed:
 *
 * <pre>
 *                 | Abort           | Commit
 *                 | Retry | Current | Retry | Current
 * Empty           | FENCED| bump    | FENCED| INVALID_TXN_STATE
 * CompleteAbort   | NONE  | bump    | ITS   | ITS
 * CompleteCommit  | ITS   | bump    | NONE  | ITS
 * </pre>
 *
 * Stateless, thread-safe.
 */
final class EndTxnV2Rules {
    private EndTxnV2Rules() {}

    /** The outcome: refuse, answer a retry with the current producer id and epoch, or end the transaction. */
    sealed interface Decision permits Refuse, Retried, Prepare {}

    record Refuse(Errors error) implements Decision {}

    /** A retry of the end that completed: NONE with the current producer id and epoch. */
    record Retried() implements Decision {}

    /**
     * Move to {@code state} (PrepareCommit or PrepareAbort).
     *
     * @param noPartitionAdded an abort with no transaction open (the client sent records that never arrived)
     */
    record Prepare(TransactionState state, boolean noPartitionAdded) implements Decision {}

    /**
     * @param pending the state being written for this id, or null
     */
    static Decision decide(
            TransactionRecord cur, TransactionState pending, long producerId, short producerEpoch, boolean commit) {
        if (pending != null) {
            return new Refuse(Errors.CONCURRENT_TRANSACTIONS);
        }
        boolean retryOnOverflow = cur.previousProducerId() == producerId
                && producerEpoch == Short.MAX_VALUE - 1
                && cur.producerEpoch() == 0;
        boolean retryOnEpochBump = cur.producerEpoch() == producerEpoch + 1;
        if (cur.producerId() != producerId && !retryOnOverflow) {
            return new Refuse(Errors.INVALID_PRODUCER_ID_MAPPING);
        }
        boolean validEpoch = switch (cur.state()) {
            case PREPARE_COMMIT, PREPARE_ABORT -> retryOnEpochBump;
            case COMPLETE_COMMIT, COMPLETE_ABORT ->
                retryOnEpochBump || retryOnOverflow || producerEpoch == cur.producerEpoch();
            default -> producerEpoch == cur.producerEpoch();
        };
        if (!validEpoch) {
            return new Refuse(Errors.PRODUCER_FENCED);
        }
        boolean retry = retryOnEpochBump || retryOnOverflow;
        Decision invalid = new Refuse(Errors.INVALID_TXN_STATE);
        return switch (cur.state()) {
            case ONGOING ->
                new Prepare(commit ? TransactionState.PREPARE_COMMIT : TransactionState.PREPARE_ABORT, false);
            case COMPLETE_COMMIT -> {
                if (commit) {
                    yield retry ? new Retried() : invalid;
                }
                yield retry ? invalid : new Prepare(TransactionState.PREPARE_ABORT, true);
            }
            case COMPLETE_ABORT -> {
                if (!commit) {
                    yield retry ? new Retried() : new Prepare(TransactionState.PREPARE_ABORT, true);
                }
                yield invalid;
            }
            case PREPARE_COMMIT -> commit ? new Refuse(Errors.CONCURRENT_TRANSACTIONS) : invalid;
            case PREPARE_ABORT -> commit ? invalid : new Refuse(Errors.CONCURRENT_TRANSACTIONS);
            case EMPTY -> commit ? invalid : new Prepare(TransactionState.PREPARE_ABORT, true);
            default -> invalid;
        };
    }
}
