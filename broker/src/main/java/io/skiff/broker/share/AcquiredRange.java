package io.skiff.broker.share;

/**
 * Consecutive offsets acquired in one ShareFetch with the same delivery count, as the response's
 * {@code AcquiredRecords} lists them. Immutable, thread-safe.
 */
public record AcquiredRange(long firstOffset, long lastOffset, short deliveryCount) {}
