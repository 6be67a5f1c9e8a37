package io.skiff.storage;

/**
 * What one {@link Log#append} wrote.
 *
 * @param firstOffset    base offset assigned to the first batch
 * @param lastOffset     last offset of the last batch
 * @param logAppendTime  the broker time stamped into the batches, or -1 for CreateTime logs
 * @param logStartOffset the log start offset after the append
 * @param logEndOffset   the next offset to be assigned ({@code lastOffset + 1})
 * @param batchCount     number of batches written
 */
public record AppendResult(
        long firstOffset,
        long lastOffset,
        long logAppendTime,
        long logStartOffset,
        long logEndOffset,
        int batchCount) {}
