package io.skiff.broker.share;

/**
 * Consecutive in-flight offsets in one durable state with one delivery count, as the share state log stores them
 * (an acquired record is stored as available: after a restart it is delivered again). Immutable.
 */
public record StateRange(long firstOffset, long lastOffset, RecordState state, short deliveryCount) {}
