package io.skiff.broker.topic;

import io.skiff.broker.producer.ProducerBatch;
import io.skiff.broker.producer.ProducerStateManager;
import io.skiff.storage.BatchInfo;
import io.skiff.storage.BatchListener;
import io.skiff.storage.Log;
import io.skiff.storage.TimestampOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rebuilds a partition's producer state from its log at startup.
 *
 * <p>Only producers that wrote within {@code producer.id.expiration.ms} matter (older ones would be expired at once),
 * so only the tail of the log from the first batch with a max timestamp at or after {@code now - expiration} is
 * replayed. Storage's recovery (after an unclean shutdown) already scans part of the log and reports each batch to
 * {@link #onRecoveredBatch}; those batches are kept (only idempotent ones, header data only) and replayed after
 * the part of the tail that recovery did not cover, which is read with {@link Log#forEachBatch}. After a clean
 * shutdown recovery scans nothing and the whole tail is read.
 *
 * <p>Not thread-safe: used by the single thread that opens the partition.
 */
final class ProducerStateLoader implements BatchListener {
    private final ProducerStateManager producers;
    private final List<BatchInfo> recovered = new ArrayList<>();
    private long firstRecoveredOffset = Long.MAX_VALUE;

    ProducerStateLoader(ProducerStateManager producers) {
        this.producers = producers;
    }

    @Override
    public void onBatch(BatchInfo batch) {
        onRecoveredBatch(batch);
    }

    void onRecoveredBatch(BatchInfo batch) {
        firstRecoveredOffset = Math.min(firstRecoveredOffset, batch.baseOffset());
        if (isIdempotent(batch)) {
            recovered.add(batch);
        }
    }

    /** Replays the tail of the opened log into the producer state. */
    void load(Log log, long oldestRelevantTimestamp) {
        Optional<TimestampOffset> start = log.offsetForTimestamp(oldestRelevantTimestamp);
        if (start.isEmpty()) {
            return; // every batch is older than the expiration: no producer survives
        }
        long from = Math.max(start.get().offset(), log.logStartOffset());
        if (from < firstRecoveredOffset) {
            long until = firstRecoveredOffset;
            log.forEachBatch(from, b -> {
                if (b.baseOffset() < until && isIdempotent(b)) {
                    replay(b);
                }
            });
        }
        for (BatchInfo b : recovered) {
            if (b.lastOffset() >= from) {
                replay(b);
            }
        }
        recovered.clear();
    }

    private void replay(BatchInfo b) {
        int lastSeq = ProducerStateManager.lastSequence(b.baseSequence(), (int) (b.lastOffset() - b.baseOffset()));
        producers.loadBatch(
                new ProducerBatch(b.producerId(), b.producerEpoch(), b.baseSequence(), lastSeq),
                b.baseOffset(),
                b.lastOffset(),
                b.maxTimestamp());
    }

    private static boolean isIdempotent(BatchInfo b) {
        return b.producerId() >= 0 && !b.control();
    }
}
