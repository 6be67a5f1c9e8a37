package io.skiff.broker.producer;

import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Idempotent-producer state of one partition, with Kafka's rules:
 * <ul>
 *   <li>an epoch older than the producer's current one is rejected ({@link InvalidProducerEpochException});</li>
 *   <li>a new (bumped) epoch must start at sequence 0;</li>
 *   <li>within an epoch, a batch's first sequence must follow the last one ({@link OutOfOrderSequenceException});</li>
 *   <li>an unknown producer (new, or expired) may start at any sequence;</li>
 *   <li>the last {@value ProducerStateEntry#BATCHES_TO_RETAIN} batches per producer are remembered, so that a
 *       retried batch is recognised as a duplicate and answered with its original offsets.</li>
 * </ul>
 * The state lives in memory; at startup the partition rebuilds it from the log with {@link #loadBatch}.
 * A producer whose last write is older than {@code producer.id.expiration.ms} is forgotten by
 * {@link #removeExpired}.
 *
 * <p>Thread-safe (every method is synchronized). The partition calls {@link #check}, appends, then calls
 * {@link #onAppended} while holding its append lock, so no other append can interleave between check and update.
 */
public final class ProducerStateManager {
    private final String partitionName;
    private final Map<Long, ProducerStateEntry> producers = new HashMap<>();

    /** @param partitionName {@code topic-partition}, used in error messages */
    public ProducerStateManager(String partitionName) {
        this.partitionName = partitionName;
    }

    /**
     * Validates the idempotent batches of one append, in order, as if each earlier one had been written.
     *
     * @param batches        the batches that carry a producer id, in log order
     * @param checkSequences true for client appends (epoch and sequence checks), false for the broker's own appends
     *                       (epoch checks only, as Kafka does for its coordinators)
     * @return the metadata of the already-written batch when one of {@code batches} is a retry of it (the whole
     *         append must then be skipped and answered with these offsets); empty when the append may proceed
     * @throws InvalidProducerEpochException if a batch's epoch is older than the producer's
     * @throws OutOfOrderSequenceException   if a batch's sequence does not continue the producer's
     */
    public synchronized Optional<BatchMetadata> check(List<ProducerBatch> batches, boolean checkSequences) {
        Map<Long, ProducerStateEntry> pending = new HashMap<>();
        for (ProducerBatch batch : batches) {
            ProducerStateEntry current = producers.get(batch.producerId());
            if (checkSequences && current != null) {
                Optional<BatchMetadata> duplicate = current.findDuplicate(batch);
                if (duplicate.isPresent()) {
                    return duplicate;
                }
            }
            ProducerStateEntry updated = pending.computeIfAbsent(
                    batch.producerId(), id -> current == null ? new ProducerStateEntry(id) : current.copy());
            checkEpoch(updated, batch);
            if (checkSequences) {
                checkSequence(updated, batch);
            }
            // Offsets are unknown until the append; only sequences and the epoch matter for the next batch's check.
            updated.addBatch(
                    batch.producerEpoch(),
                    new BatchMetadata(batch.baseSequence(), batch.lastSequence(), -1L, -1L, updated.lastTimestamp()));
        }
        return Optional.empty();
    }

    /** Records a batch that has been written at the given offsets. */
    public synchronized void onAppended(ProducerBatch batch, long firstOffset, long lastOffset, long timestamp) {
        producers
                .computeIfAbsent(batch.producerId(), ProducerStateEntry::new)
                .addBatch(
                        batch.producerEpoch(),
                        new BatchMetadata(
                                batch.baseSequence(), batch.lastSequence(), firstOffset, lastOffset, timestamp));
    }

    /**
     * Replays one batch found in the log at startup, without validation (it was validated when written).
     * Batches must be replayed in offset order.
     */
    public synchronized void loadBatch(ProducerBatch batch, long firstOffset, long lastOffset, long timestamp) {
        onAppended(batch, firstOffset, lastOffset, timestamp);
    }

    /**
     * Forgets producers whose last write is at least {@code expirationMs} old.
     *
     * @return how many producers were removed
     */
    public synchronized int removeExpired(long nowMs, long expirationMs) {
        int removed = 0;
        for (Iterator<ProducerStateEntry> it = producers.values().iterator(); it.hasNext(); ) {
            if (nowMs - it.next().lastTimestamp() >= expirationMs) {
                it.remove();
                removed++;
            }
        }
        return removed;
    }

    /** Forgets every producer (the log was emptied, e.g. by delete-records up to its end). */
    public synchronized void clear() {
        producers.clear();
    }

    public synchronized int producerCount() {
        return producers.size();
    }

    /** The producer's current epoch, or empty if the producer is unknown here. */
    public synchronized Optional<Short> epochOf(long producerId) {
        ProducerStateEntry e = producers.get(producerId);
        return e == null ? Optional.empty() : Optional.of(e.epoch());
    }

    /** The producer's last sequence, or empty if the producer is unknown here. */
    public synchronized Optional<Integer> lastSequenceOf(long producerId) {
        ProducerStateEntry e = producers.get(producerId);
        return e == null || e.isEmpty() ? Optional.empty() : Optional.of(e.lastSequence());
    }

    /** The remembered batches of a producer, oldest first. */
    public synchronized List<BatchMetadata> batchesOf(long producerId) {
        ProducerStateEntry e = producers.get(producerId);
        return e == null ? List.of() : e.batches();
    }

    private void checkEpoch(ProducerStateEntry entry, ProducerBatch batch) {
        if (batch.producerEpoch() < entry.epoch()) {
            throw new InvalidProducerEpochException("Epoch of producer " + batch.producerId() + " in " + partitionName
                    + " is " + batch.producerEpoch() + ", which is smaller than the last seen epoch " + entry.epoch());
        }
    }

    private void checkSequence(ProducerStateEntry entry, ProducerBatch batch) {
        int firstSeq = batch.baseSequence();
        if (batch.producerEpoch() != entry.epoch()) {
            if (firstSeq != 0 && entry.epoch() != ProducerStateEntry.NO_EPOCH) {
                throw new OutOfOrderSequenceException("Invalid sequence number for new epoch of producer "
                        + batch.producerId() + " in " + partitionName + ": " + batch.producerEpoch()
                        + " (request epoch), " + firstSeq + " (seq. number), " + entry.epoch()
                        + " (current producer epoch)");
            }
        } else if (entry.epoch() != ProducerStateEntry.NO_EPOCH
                && !entry.isEmpty()
                && !inSequence(entry.lastSequence(), firstSeq)) {
            throw new OutOfOrderSequenceException("Out of order sequence number for producer " + batch.producerId()
                    + " in " + partitionName + ": " + firstSeq + " (incoming seq. number), " + entry.lastSequence()
                    + " (current end sequence number)");
        }
    }

    private static boolean inSequence(int lastSeq, int nextSeq) {
        return nextSeq == lastSeq + 1L || (nextSeq == 0 && lastSeq == Integer.MAX_VALUE);
    }

    /** Kafka's sequence arithmetic: sequences wrap to 0 after {@link Integer#MAX_VALUE}. */
    public static int lastSequence(int baseSequence, int lastOffsetDelta) {
        if (baseSequence > Integer.MAX_VALUE - lastOffsetDelta) {
            return lastOffsetDelta - (Integer.MAX_VALUE - baseSequence) - 1;
        }
        return baseSequence + lastOffsetDelta;
    }
}
