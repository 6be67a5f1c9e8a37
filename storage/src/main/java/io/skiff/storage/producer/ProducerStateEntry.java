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

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The state of one producer id on one partition, as Kafka keeps it: its current epoch, the epoch of the last
 * transaction coordinator that wrote a marker for it, the time of its last write, the first offset of its open
 * transaction (if any) and the metadata of its last {@value #BATCHES_TO_RETAIN} batches (oldest first).
 *
 * <p>Not thread-safe: owned by a {@link ProducerStateManager}, whose owner guards it.
 */
public final class ProducerStateEntry {
    /** Kafka's client allows 5 in-flight requests per connection, so 5 batches cover every possible retry. */
    public static final int BATCHES_TO_RETAIN = 5;

    public static final short NO_EPOCH = -1;
    public static final int NO_SEQUENCE = -1;
    public static final long NO_OFFSET = -1L;

    private final long producerId;
    private final Deque<BatchMetadata> batches = new ArrayDeque<>(BATCHES_TO_RETAIN);
    private short epoch = NO_EPOCH;
    private int coordinatorEpoch = -1;
    private long lastTimestamp = -1L;
    private long currentTxnFirstOffset = NO_OFFSET;

    ProducerStateEntry(long producerId) {
        this.producerId = producerId;
    }

    /** An entry as read back from a snapshot (which keeps only the last batch). */
    static ProducerStateEntry restored(
            long producerId,
            short epoch,
            int coordinatorEpoch,
            long lastTimestamp,
            long currentTxnFirstOffset,
            BatchMetadata lastBatch) {
        ProducerStateEntry e = new ProducerStateEntry(producerId);
        e.epoch = epoch;
        e.coordinatorEpoch = coordinatorEpoch;
        e.lastTimestamp = lastTimestamp;
        e.currentTxnFirstOffset = currentTxnFirstOffset;
        if (lastBatch != null) {
            e.batches.add(lastBatch);
        }
        return e;
    }

    /** An independent copy (for readers outside the owner's lock). */
    public ProducerStateEntry copy() {
        ProducerStateEntry copy = new ProducerStateEntry(producerId);
        copy.batches.addAll(batches);
        copy.epoch = epoch;
        copy.coordinatorEpoch = coordinatorEpoch;
        copy.lastTimestamp = lastTimestamp;
        copy.currentTxnFirstOffset = currentTxnFirstOffset;
        return copy;
    }

    public long producerId() {
        return producerId;
    }

    public short epoch() {
        return epoch;
    }

    public int coordinatorEpoch() {
        return coordinatorEpoch;
    }

    public long lastTimestamp() {
        return lastTimestamp;
    }

    /** First offset of the producer's open transaction here, or {@value #NO_OFFSET}. */
    public long currentTxnFirstOffset() {
        return currentTxnFirstOffset;
    }

    boolean isEmpty() {
        return batches.isEmpty();
    }

    public int lastSequence() {
        return batches.isEmpty() ? NO_SEQUENCE : batches.getLast().lastSequence();
    }

    /** Last offset of the producer's last data batch, or {@value #NO_OFFSET}. */
    public long lastDataOffset() {
        return batches.isEmpty() ? NO_OFFSET : batches.getLast().lastOffset();
    }

    public List<BatchMetadata> batches() {
        return List.copyOf(batches);
    }

    /** Records a data batch; a new epoch forgets the batches of the old one. */
    void addBatch(short batchEpoch, BatchMetadata batch) {
        maybeUpdateEpoch(batchEpoch);
        if (batches.size() == BATCHES_TO_RETAIN) {
            batches.removeFirst();
        }
        batches.addLast(batch);
        lastTimestamp = batch.timestamp();
    }

    /** Records an end-transaction marker: the transaction is closed. */
    void endTransaction(short markerEpoch, int markerCoordinatorEpoch, long timestamp) {
        maybeUpdateEpoch(markerEpoch);
        coordinatorEpoch = markerCoordinatorEpoch;
        currentTxnFirstOffset = NO_OFFSET;
        lastTimestamp = timestamp;
    }

    void beginTransaction(long firstOffset) {
        currentTxnFirstOffset = firstOffset;
    }

    private void maybeUpdateEpoch(short newEpoch) {
        if (newEpoch != epoch) {
            batches.clear();
            epoch = newEpoch;
        }
    }

    /** The remembered batch with exactly this epoch and sequence range, if any: a retry of a batch already written. */
    Optional<BatchMetadata> findDuplicate(short batchEpoch, int firstSequence, int lastSequence) {
        if (batchEpoch != epoch) {
            return Optional.empty();
        }
        for (BatchMetadata b : batches) {
            if (b.firstSequence() == firstSequence && b.lastSequence() == lastSequence) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }
}
