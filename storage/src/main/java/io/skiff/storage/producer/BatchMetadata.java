package io.skiff.storage.producer;

/**
 * One batch a producer wrote, remembered so that a retried batch can be answered with its original offsets.
 *
 * <p>Immutable; thread-safe.
 *
 * @param firstSequence sequence of the batch's first record
 * @param lastSequence  sequence of the batch's last record
 * @param firstOffset   offset assigned to the first record
 * @param lastOffset    offset assigned to the last record
 * @param timestamp     the batch's max timestamp (the log append time on LogAppendTime topics)
 */
public record BatchMetadata(int firstSequence, int lastSequence, long firstOffset, long lastOffset, long timestamp) {}
