package io.skiff.broker.producer;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The state of one producer id on one partition: its current epoch, the time of its last write and the metadata
 * of its last {@value #BATCHES_TO_RETAIN} batches (oldest first), as Kafka keeps them.
 *
 * <p>Not thread-safe: owned by a {@link ProducerStateManager}, which guards it.
 */
final class ProducerStateEntry {
    /** Kafka's client allows 5 in-flight requests per connection, so 5 batches cover every possible retry. */
    static final int BATCHES_TO_RETAIN = 5;

    static final short NO_EPOCH = -1;
    static final int NO_SEQUENCE = -1;

    private final long producerId;
    private final Deque<BatchMetadata> batches = new ArrayDeque<>(BATCHES_TO_RETAIN);
    private short epoch = NO_EPOCH;
    private long lastTimestamp = -1L;

    ProducerStateEntry(long producerId) {
        this.producerId = producerId;
    }

    ProducerStateEntry copy() {
        ProducerStateEntry copy = new ProducerStateEntry(producerId);
        copy.batches.addAll(batches);
        copy.epoch = epoch;
        copy.lastTimestamp = lastTimestamp;
        return copy;
    }

    long producerId() {
        return producerId;
    }

    short epoch() {
        return epoch;
    }

    long lastTimestamp() {
        return lastTimestamp;
    }

    boolean isEmpty() {
        return batches.isEmpty();
    }

    int lastSequence() {
        return batches.isEmpty() ? NO_SEQUENCE : batches.getLast().lastSequence();
    }

    List<BatchMetadata> batches() {
        return List.copyOf(batches);
    }

    /** Records a written batch; a new epoch forgets the batches of the old one. */
    void addBatch(short batchEpoch, BatchMetadata batch) {
        if (batchEpoch != epoch) {
            batches.clear();
            epoch = batchEpoch;
        }
        if (batches.size() == BATCHES_TO_RETAIN) {
            batches.removeFirst();
        }
        batches.addLast(batch);
        lastTimestamp = batch.timestamp();
    }

    /** The remembered batch with exactly this epoch and sequence range, if any: a retry of a batch already written. */
    Optional<BatchMetadata> findDuplicate(ProducerBatch batch) {
        if (batch.producerEpoch() != epoch) {
            return Optional.empty();
        }
        for (BatchMetadata b : batches) {
            if (b.firstSequence() == batch.baseSequence() && b.lastSequence() == batch.lastSequence()) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }
}
