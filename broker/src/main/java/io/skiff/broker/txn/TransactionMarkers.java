package io.skiff.broker.txn;

import io.skiff.broker.group.common.TopicPartition;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Writes the end of a transaction to the partitions it touched: a COMMIT or ABORT control batch to each data
 * partition and the completion of the pending offsets on {@code __consumer_offsets} partitions. Implementations
 * must be thread-safe.
 */
public interface TransactionMarkers {

    /**
     * Writes the markers; the future completes once every partition has its marker (or no longer exists), and fails
     * if some could not be written (the coordinator then retries all of them: a repeated marker is harmless).
     *
     * @param transactionVersion the client's transaction protocol version (2: the epoch was bumped for the marker)
     */
    CompletableFuture<Void> write(
            long producerId,
            short producerEpoch,
            boolean commit,
            Set<TopicPartition> partitions,
            int coordinatorEpoch,
            int transactionVersion);
}
