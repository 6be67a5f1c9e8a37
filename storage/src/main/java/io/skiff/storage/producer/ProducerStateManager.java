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

import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The producer state of one partition's log, with Kafka's rules: idempotent producers (epoch fencing, sequence
 * continuity, the last {@value ProducerStateEntry#BATCHES_TO_RETAIN} batches for duplicate detection) and
 * transactions (the open transaction of each producer by its first offset, completed by COMMIT/ABORT markers).
 * It covers the log up to {@link #mapEndOffset()}.
 *
 * <p>An append asks {@link #prepareUpdate} for one {@link ProducerAppendInfo} per producer, which validates the
 * batches; once they are written, {@link #update} applies each and {@link #completeTxn} each transaction a marker
 * ended. Loading replays batches the same way without validation ({@link #replay}).
 *
 * <p>Not thread-safe: the owning log calls it under its write lock.
 */
public final class ProducerStateManager {
    private final String partitionName;
    private final Map<Long, ProducerStateEntry> producers = new HashMap<>();
    /** Open transactions by first offset. */
    private final TreeMap<Long, Long> ongoingTxns = new TreeMap<>();

    private long mapEndOffset;

    /** @param partitionName {@code topic-partition}, used in error messages */
    public ProducerStateManager(String partitionName) {
        this.partitionName = partitionName;
    }

    /** The already-written batch that {@code batch} (from a client) retries, if it is one of the last five. */
    public Optional<BatchMetadata> findDuplicate(ProducerBatch batch) {
        ProducerStateEntry e = producers.get(batch.producerId());
        return e == null
                ? Optional.empty()
                : e.findDuplicate(batch.producerEpoch(), batch.baseSequence(), batch.lastSequence());
    }

    /** A validating view of {@code producerId}'s state for one append. */
    public ProducerAppendInfo prepareUpdate(long producerId, AppendOrigin origin) {
        ProducerStateEntry current = producers.get(producerId);
        return new ProducerAppendInfo(
                partitionName,
                producerId,
                current == null ? new ProducerStateEntry(producerId) : current,
                origin,
                true);
    }

    /** Applies a validated (and written) append of one producer. */
    public void update(ProducerAppendInfo info) {
        producers.put(info.producerId(), info.updatedEntry());
        for (long first : info.startedTxns()) {
            ongoingTxns.put(first, info.producerId());
        }
    }

    /**
     * The last stable offset to record with {@code txn} in the transaction index: the first offset of the earliest
     * other open transaction, or the offset after the marker. Call before {@link #completeTxn}.
     */
    public long lastStableOffset(CompletedTxn txn) {
        for (Map.Entry<Long, Long> open : ongoingTxns.entrySet()) {
            if (open.getValue() != txn.producerId()) {
                return open.getKey();
            }
        }
        return txn.lastOffset() + 1;
    }

    /** Closes a transaction whose marker was written. */
    public void completeTxn(CompletedTxn txn) {
        Long removed = ongoingTxns.remove(txn.firstOffset());
        if (removed == null) {
            throw new IllegalStateException(
                    "transaction " + txn + " on " + partitionName + " was completed but never started");
        }
    }

    /**
     * Replays a batch read from the log (it was validated when written) and returns the transaction its marker
     * completes, or null. The caller completes the transaction (after indexing it if it was aborted).
     */
    public CompletedTxn replay(ProducerBatch batch) {
        ProducerStateEntry current = producers.get(batch.producerId());
        ProducerAppendInfo info = new ProducerAppendInfo(
                partitionName,
                batch.producerId(),
                current == null ? new ProducerStateEntry(batch.producerId()) : current,
                AppendOrigin.COORDINATOR,
                false);
        CompletedTxn completed = info.append(batch, ProducerAppendInfo.LEGACY_TRANSACTION_VERSION);
        update(info);
        return completed;
    }

    /** First offset of the earliest open transaction. */
    public OptionalLong firstUndecidedOffset() {
        return ongoingTxns.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ongoingTxns.firstKey());
    }

    /** The offset up to which the state reflects the log (exclusive). */
    public long mapEndOffset() {
        return mapEndOffset;
    }

    public void updateMapEndOffset(long offset) {
        this.mapEndOffset = offset;
    }

    /**
     * Forgets producers that have not written for {@code expirationMs} and have no open transaction (Kafka's
     * {@code producer.id.expiration.ms}). Returns how many.
     */
    public int removeExpired(long nowMs, long expirationMs) {
        int removed = 0;
        for (Iterator<ProducerStateEntry> it = producers.values().iterator(); it.hasNext(); ) {
            ProducerStateEntry e = it.next();
            if (e.currentTxnFirstOffset() == ProducerStateEntry.NO_OFFSET
                    && nowMs - e.lastTimestamp() >= expirationMs) {
                it.remove();
                removed++;
            }
        }
        return removed;
    }

    /** Forgets everything and continues at {@code offset} (the log was emptied or is rebuilt from there). */
    public void truncateFullyAndStartAt(long offset) {
        producers.clear();
        ongoingTxns.clear();
        mapEndOffset = offset;
    }

    /** Replaces the state with entries read from a snapshot taken at {@code offset}. */
    public void loadSnapshot(Collection<ProducerStateEntry> entries, long offset) {
        truncateFullyAndStartAt(offset);
        for (ProducerStateEntry e : entries) {
            producers.put(e.producerId(), e);
            if (e.currentTxnFirstOffset() != ProducerStateEntry.NO_OFFSET) {
                ongoingTxns.put(e.currentTxnFirstOffset(), e.producerId());
            }
        }
    }

    /** The entries, for a snapshot. */
    public Collection<ProducerStateEntry> entries() {
        return List.copyOf(producers.values());
    }

    public int producerCount() {
        return producers.size();
    }

    /** The state of one producer, if known. */
    public Optional<ProducerStateEntry> entry(long producerId) {
        return Optional.ofNullable(producers.get(producerId));
    }

    /** Each known producer's last sequence number, by producer id. */
    public Map<Long, Integer> lastSequences() {
        Map<Long, Integer> out = new HashMap<>();
        for (ProducerStateEntry e : entries()) {
            out.put(e.producerId(), e.lastSequence());
        }
        return out;
    }
}
