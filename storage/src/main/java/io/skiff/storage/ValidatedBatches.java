package io.skiff.storage;

import io.skiff.storage.producer.ProducerBatch;
import java.nio.ByteBuffer;

/**
 * The batches of one append buffer after validation: where each starts in the buffer and its size. Offsets and
 * (for LogAppendTime) timestamps are then assigned in place by {@link #assign}. Not thread-safe.
 */
final class ValidatedBatches {
    private final ByteBuffer buf;
    private final int[] positions;
    private final int[] sizes;
    private final int count;
    private final int totalBytes;
    private final long recordCount;

    private ValidatedBatches(
            ByteBuffer buf, int[] positions, int[] sizes, int count, int totalBytes, long recordCount) {
        this.buf = buf;
        this.positions = positions;
        this.sizes = sizes;
        this.count = count;
        this.totalBytes = totalBytes;
        this.recordCount = recordCount;
    }

    /**
     * Validates every batch in {@code batches} (position to limit) without changing anything.
     *
     * @throws CorruptRecordException  bad framing, magic or CRC-32C
     * @throws RecordTooLargeException a batch above {@code maxBatchBytes}
     * @throws InvalidRecordException  record count not matching the offset delta, or an empty buffer
     */
    static ValidatedBatches validate(ByteBuffer batches, int maxBatchBytes) {
        int start = batches.position();
        int end = batches.limit();
        if (end == start) {
            throw new InvalidRecordException("no record batches to append");
        }
        int[] positions = new int[4];
        int[] sizes = new int[4];
        int n = 0;
        long records = 0;
        int pos = start;
        while (pos < end) {
            int available = end - pos;
            if (available >= BatchHeader.SIZE && batches.get(pos + BatchHeader.MAGIC) == 2) {
                long size = BatchHeader.LOG_OVERHEAD + (long) batches.getInt(pos + BatchHeader.BATCH_LENGTH);
                if (size > maxBatchBytes) {
                    throw new RecordTooLargeException("record batch of " + size
                            + " bytes is larger than the maximum of " + maxBatchBytes + " bytes");
                }
            }
            String problem = BatchHeader.checkFraming(batches, pos, available);
            if (problem == null) {
                problem = BatchHeader.checkCrc(batches, pos);
                if (problem != null) {
                    throw new CorruptRecordException("record batch " + n + " is corrupt: " + problem);
                }
                problem = BatchHeader.checkCounts(batches, pos);
                if (problem != null) {
                    throw new InvalidRecordException("record batch " + n + " is invalid: " + problem);
                }
            } else {
                throw new CorruptRecordException("record batch " + n + " is corrupt: " + problem);
            }
            int size = BatchHeader.sizeInBytes(batches, pos);
            if (n == positions.length) {
                positions = java.util.Arrays.copyOf(positions, n * 2);
                sizes = java.util.Arrays.copyOf(sizes, n * 2);
            }
            positions[n] = pos - start;
            sizes[n] = size;
            records += BatchHeader.recordCount(batches, pos);
            n++;
            pos += size;
        }
        return new ValidatedBatches(batches, positions, sizes, n, end - start, records);
    }

    /**
     * Rewrites the base offsets starting at {@code firstOffset}; for LogAppendTime ({@code appendTime >= 0})
     * also stamps the timestamp type and max timestamp and recomputes the CRC. Returns the last offset.
     */
    long assign(long firstOffset, long appendTime) {
        int start = buf.position();
        long next = firstOffset;
        for (int i = 0; i < count; i++) {
            int at = start + positions[i];
            buf.putLong(at + BatchHeader.BASE_OFFSET, next);
            if (appendTime >= 0) {
                BatchHeader.setLogAppendTime(buf, at, appendTime);
            }
            next = BatchHeader.lastOffset(buf, at) + 1;
        }
        return next - 1;
    }

    int count() {
        return count;
    }

    int totalBytes() {
        return totalBytes;
    }

    long recordCount() {
        return recordCount;
    }

    int relativePosition(int i) {
        return positions[i];
    }

    int size(int i) {
        return sizes[i];
    }

    long baseOffset(int i) {
        return BatchHeader.baseOffset(buf, buf.position() + positions[i]);
    }

    long lastOffset(int i) {
        return BatchHeader.lastOffset(buf, buf.position() + positions[i]);
    }

    long maxTimestamp(int i) {
        return BatchHeader.maxTimestamp(buf, buf.position() + positions[i]);
    }

    /**
     * The producer facts of batch {@code i} once its offsets are assigned, or null if it has no producer id.
     *
     * @param appendTime the LogAppendTime stamped into the batch, or -1
     */
    ProducerBatch producerBatch(int i, long appendTime) {
        int at = buf.position() + positions[i];
        long producerId = BatchHeader.producerId(buf, at);
        if (producerId < 0) {
            return null;
        }
        boolean control = BatchHeader.isControl(buf, at);
        long base = BatchHeader.baseOffset(buf, at);
        long last = BatchHeader.lastOffset(buf, at);
        int baseSequence = BatchHeader.baseSequence(buf, at);
        return new ProducerBatch(
                producerId,
                BatchHeader.producerEpoch(buf, at),
                baseSequence,
                ProducerBatch.lastSequence(baseSequence, (int) (last - base)),
                base,
                last,
                appendTime >= 0 ? appendTime : BatchHeader.maxTimestamp(buf, at),
                BatchHeader.isTransactional(buf, at),
                control,
                control ? TxnMarkers.read(buf, at) : null);
    }

    boolean isControl(int i) {
        return BatchHeader.isControl(buf, buf.position() + positions[i]);
    }

    /** Largest max timestamp among the batches as sent (before any LogAppendTime stamping). */
    long maxTimestamp() {
        long max = -1;
        for (int i = 0; i < count; i++) {
            max = Math.max(max, maxTimestamp(i));
        }
        return max;
    }
}
