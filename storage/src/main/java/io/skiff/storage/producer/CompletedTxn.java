package io.skiff.storage.producer;

/**
 * A transaction ended by a marker in this log. Immutable; thread-safe.
 *
 * @param producerId  the producer
 * @param firstOffset offset of the transaction's first batch in this log
 * @param lastOffset  offset of the marker
 * @param aborted     true for an ABORT marker
 */
public record CompletedTxn(long producerId, long firstOffset, long lastOffset, boolean aborted) {}
