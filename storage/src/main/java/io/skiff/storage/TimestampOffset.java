package io.skiff.storage;

/**
 * A timestamp and the base offset of the batch it belongs to. Storage does not look inside batches
 * (they may be compressed), so a caller wanting the exact record reads the batch at {@code offset}.
 */
public record TimestampOffset(long timestamp, long offset) {}
