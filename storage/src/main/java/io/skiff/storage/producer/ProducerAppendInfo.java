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
package io.skiff.storage.producer;

import java.util.ArrayList;
import java.util.List;

/**
 * Validates the batches of one producer within one append against the producer's state, as Kafka's
 * ProducerAppendInfo does, and accumulates the updated state, the transaction the append opens and the one a marker
 * ends. Nothing is applied to the {@link ProducerStateManager} until {@link ProducerStateManager#update} is called
 * after the batches were written.
 *
 * <p>Not thread-safe: used by one append.
 */
public final class ProducerAppendInfo {
    /** Transaction version of markers written by a version 0/1 coordinator (the marker epoch may equal the current). */
    public static final int LEGACY_TRANSACTION_VERSION = 0;

    private final String partitionName;
    private final long producerId;
    private final ProducerStateEntry currentEntry;
    private final ProducerStateEntry updatedEntry;
    private final AppendOrigin origin;
    private final boolean validate;
    private final List<Long> startedTxns = new ArrayList<>(1);

    ProducerAppendInfo(
            String partitionName,
            long producerId,
            ProducerStateEntry currentEntry,
            AppendOrigin origin,
            boolean validate) {
        this.partitionName = partitionName;
        this.producerId = producerId;
        this.currentEntry = currentEntry;
        this.updatedEntry = currentEntry.copy();
        this.origin = origin;
        this.validate = validate;
    }

    long producerId() {
        return producerId;
    }

    ProducerStateEntry updatedEntry() {
        return updatedEntry;
    }

    /** First offsets of the transactions this append opened (a marker in the same append may close them). */
    List<Long> startedTxns() {
        return startedTxns;
    }

    /**
     * Validates and records one batch of this producer.
     *
     * @param transactionVersion for a marker, the transaction protocol version its coordinator uses (2 requires a
     *                           bumped epoch); ignored for data batches
     * @return the transaction a marker completes, or null (data batch, or a marker of a producer with no open
     *         transaction here)
     */
    public CompletedTxn append(ProducerBatch batch, int transactionVersion) {
        if (batch.control()) {
            return batch.marker() == null ? null : appendMarker(batch, transactionVersion);
        }
        appendData(batch);
        return null;
    }

    private void appendData(ProducerBatch batch) {
        if (validate) {
            checkEpoch(batch.producerEpoch(), batch.firstOffset(), LEGACY_TRANSACTION_VERSION);
            if (origin == AppendOrigin.CLIENT) {
                checkSequence(batch.producerEpoch(), batch.baseSequence(), batch.firstOffset());
            }
        }
        updatedEntry.addBatch(
                batch.producerEpoch(),
                new BatchMetadata(
                        batch.baseSequence(),
                        batch.lastSequence(),
                        batch.firstOffset(),
                        batch.lastOffset(),
                        batch.timestamp()));
        boolean open = updatedEntry.currentTxnFirstOffset() != ProducerStateEntry.NO_OFFSET;
        if (open && !batch.transactional()) {
            if (validate) {
                throw new InvalidTxnStateException("Expected transactional write from producer " + producerId
                        + " at offset " + batch.firstOffset() + " in partition " + partitionName);
            }
        } else if (!open && batch.transactional()) {
            updatedEntry.beginTransaction(batch.firstOffset());
            startedTxns.add(batch.firstOffset());
        }
    }

    private CompletedTxn appendMarker(ProducerBatch batch, int transactionVersion) {
        TxnMarker marker = batch.marker();
        if (validate) {
            checkEpoch(batch.producerEpoch(), batch.firstOffset(), transactionVersion);
            if (updatedEntry.coordinatorEpoch() > marker.coordinatorEpoch()) {
                throw new TransactionCoordinatorFencedException("Invalid coordinator epoch for producerId "
                        + producerId + " at offset " + batch.firstOffset() + " in partition " + partitionName + ": "
                        + marker.coordinatorEpoch() + " (zombie), " + updatedEntry.coordinatorEpoch() + " (current)");
            }
        }
        long first = updatedEntry.currentTxnFirstOffset();
        CompletedTxn completed = first == ProducerStateEntry.NO_OFFSET
                ? null
                : new CompletedTxn(producerId, first, batch.firstOffset(), !marker.commit());
        updatedEntry.endTransaction(batch.producerEpoch(), marker.coordinatorEpoch(), batch.timestamp());
        return completed;
    }

    private void checkEpoch(short epoch, long offset, int transactionVersion) {
        short current = updatedEntry.epoch();
        boolean strict = transactionVersion >= 2;
        if (strict ? epoch > current : epoch >= current) {
            return;
        }
        // A version-2 marker retried after it was written (the transaction is already closed) is accepted again.
        if (strict && epoch == current && updatedEntry.currentTxnFirstOffset() == ProducerStateEntry.NO_OFFSET) {
            return;
        }
        throw new InvalidProducerEpochException("Epoch of producer " + producerId + " at offset " + offset + " in "
                + partitionName + " is " + epoch + ", which is " + (strict ? "<=" : "smaller than")
                + " the last seen epoch " + current);
    }

    private void checkSequence(short epoch, int firstSeq, long offset) {
        if (epoch != updatedEntry.epoch()) {
            if (firstSeq != 0 && updatedEntry.epoch() != ProducerStateEntry.NO_EPOCH) {
                throw new OutOfOrderSequenceException("Invalid sequence number for new epoch of producer " + producerId
                        + " at offset " + offset + " in partition " + partitionName + ": " + epoch
                        + " (request epoch), " + firstSeq + " (seq. number), " + updatedEntry.epoch()
                        + " (current producer epoch)");
            }
            return;
        }
        int currentLastSeq;
        if (!updatedEntry.isEmpty()) {
            currentLastSeq = updatedEntry.lastSequence();
        } else if (epoch == currentEntry.epoch()) {
            currentLastSeq = currentEntry.lastSequence();
        } else {
            currentLastSeq = ProducerStateEntry.NO_SEQUENCE;
        }
        // Without a current epoch (the producer's records were deleted, or it never wrote) any sequence is accepted.
        if (currentEntry.epoch() != ProducerStateEntry.NO_EPOCH && !inSequence(currentLastSeq, firstSeq)) {
            throw new OutOfOrderSequenceException("Out of order sequence number for producer " + producerId
                    + " at offset " + offset + " in partition " + partitionName + ": " + firstSeq
                    + " (incoming seq. number), " + currentLastSeq + " (current end sequence number)");
        }
    }

    private static boolean inSequence(int lastSeq, int nextSeq) {
        return nextSeq == lastSeq + 1L || (nextSeq == 0 && lastSeq == Integer.MAX_VALUE);
    }
}
