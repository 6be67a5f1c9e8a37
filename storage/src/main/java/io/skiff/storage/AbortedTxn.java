package io.skiff.storage;

/**
 * An aborted transaction as the transaction index keeps it (Kafka's layout). Immutable; thread-safe.
 *
 * @param producerId       the producer
 * @param firstOffset      offset of the transaction's first batch
 * @param lastOffset       offset of its ABORT marker
 * @param lastStableOffset the log's last stable offset once the marker was written
 */
public record AbortedTxn(long producerId, long firstOffset, long lastOffset, long lastStableOffset) {}
