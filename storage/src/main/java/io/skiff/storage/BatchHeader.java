package io.skiff.storage;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Field layout of the 61-byte RecordBatch v2 header and checks on it, using absolute indexes into a buffer
 * (no position changes). Stateless; thread-safe.
 */
final class BatchHeader {
    static final int BASE_OFFSET = 0;
    static final int BATCH_LENGTH = 8;
    static final int PARTITION_LEADER_EPOCH = 12;
    static final int MAGIC = 16;
    static final int CRC = 17;
    static final int ATTRIBUTES = 21;
    static final int LAST_OFFSET_DELTA = 23;
    static final int BASE_TIMESTAMP = 27;
    static final int MAX_TIMESTAMP = 35;
    static final int PRODUCER_ID = 43;
    static final int PRODUCER_EPOCH = 51;
    static final int BASE_SEQUENCE = 53;
    static final int RECORD_COUNT = 57;
    /** Size of the header, including the 12 bytes of offset + length framing. */
    static final int SIZE = 61;
    /** The offset + length framing in front of every batch. */
    static final int LOG_OVERHEAD = 12;

    private static final int TIMESTAMP_TYPE_BIT = 0x08;
    private static final int TRANSACTIONAL_BIT = 0x10;
    private static final int CONTROL_BIT = 0x20;

    private BatchHeader() {}

    /** Total bytes of the batch at {@code pos} (framing included), from its length field. */
    static int sizeInBytes(ByteBuffer buf, int pos) {
        return LOG_OVERHEAD + buf.getInt(pos + BATCH_LENGTH);
    }

    static long baseOffset(ByteBuffer buf, int pos) {
        return buf.getLong(pos + BASE_OFFSET);
    }

    static long lastOffset(ByteBuffer buf, int pos) {
        return buf.getLong(pos + BASE_OFFSET) + buf.getInt(pos + LAST_OFFSET_DELTA);
    }

    static long maxTimestamp(ByteBuffer buf, int pos) {
        return buf.getLong(pos + MAX_TIMESTAMP);
    }

    static long producerId(ByteBuffer buf, int pos) {
        return buf.getLong(pos + PRODUCER_ID);
    }

    static short producerEpoch(ByteBuffer buf, int pos) {
        return buf.getShort(pos + PRODUCER_EPOCH);
    }

    static int baseSequence(ByteBuffer buf, int pos) {
        return buf.getInt(pos + BASE_SEQUENCE);
    }

    static boolean isTransactional(ByteBuffer buf, int pos) {
        return (buf.getShort(pos + ATTRIBUTES) & TRANSACTIONAL_BIT) != 0;
    }

    static boolean isControl(ByteBuffer buf, int pos) {
        return (buf.getShort(pos + ATTRIBUTES) & CONTROL_BIT) != 0;
    }

    static int recordCount(ByteBuffer buf, int pos) {
        return buf.getInt(pos + RECORD_COUNT);
    }

    /**
     * Checks the framing of the batch at {@code pos} given {@code available} bytes from there: a full header,
     * a plausible length, magic 2, and the whole batch present. Returns null when fine, else why not.
     */
    static String checkFraming(ByteBuffer buf, int pos, int available) {
        if (available < SIZE) {
            return "only " + available + " bytes left, a batch header needs " + SIZE;
        }
        int length = buf.getInt(pos + BATCH_LENGTH);
        if (length < SIZE - LOG_OVERHEAD) {
            return "batch length " + length + " is smaller than the " + (SIZE - LOG_OVERHEAD) + "-byte header";
        }
        byte magic = buf.get(pos + MAGIC);
        if (magic != 2) {
            return "magic byte is " + magic + ", only 2 (RecordBatch v2) is supported";
        }
        if ((long) length + LOG_OVERHEAD > available) {
            return "batch of " + ((long) length + LOG_OVERHEAD) + " bytes but only " + available + " bytes present";
        }
        return null;
    }

    /** Checks the CRC-32C (attributes to end) of a fully present batch. Returns null when fine, else why not. */
    static String checkCrc(ByteBuffer buf, int pos) {
        int size = sizeInBytes(buf, pos);
        long stored = Integer.toUnsignedLong(buf.getInt(pos + CRC));
        long computed = computeCrc(buf, pos, size);
        return stored == computed
                ? null
                : "CRC-32C mismatch: stored " + Long.toHexString(stored) + ", computed " + Long.toHexString(computed);
    }

    /** Checks that the record count agrees with the last offset delta. Returns null when fine, else why not. */
    static String checkCounts(ByteBuffer buf, int pos) {
        int count = recordCount(buf, pos);
        int delta = buf.getInt(pos + LAST_OFFSET_DELTA);
        if (count <= 0) {
            return "batch has record count " + count;
        }
        if (delta != count - 1) {
            return "batch has " + count + " records but lastOffsetDelta " + delta;
        }
        return null;
    }

    static long computeCrc(ByteBuffer buf, int pos, int size) {
        CRC32C crc = new CRC32C();
        ByteBuffer covered = buf.duplicate();
        covered.limit(pos + size).position(pos + ATTRIBUTES);
        crc.update(covered);
        return crc.getValue();
    }

    /** Marks the batch as LogAppendTime with {@code timestamp} as max timestamp and recomputes the CRC. */
    static void setLogAppendTime(ByteBuffer buf, int pos, long timestamp) {
        short attributes = buf.getShort(pos + ATTRIBUTES);
        buf.putShort(pos + ATTRIBUTES, (short) (attributes | TIMESTAMP_TYPE_BIT));
        buf.putLong(pos + MAX_TIMESTAMP, timestamp);
        buf.putInt(pos + CRC, (int) computeCrc(buf, pos, sizeInBytes(buf, pos)));
    }

    /** The header facts of the batch at {@code pos} (its first {@link #SIZE} bytes must be present). */
    static BatchInfo info(ByteBuffer buf, int pos) {
        short attributes = buf.getShort(pos + ATTRIBUTES);
        return new BatchInfo(
                baseOffset(buf, pos),
                lastOffset(buf, pos),
                buf.getLong(pos + PRODUCER_ID),
                buf.getShort(pos + PRODUCER_EPOCH),
                buf.getInt(pos + BASE_SEQUENCE),
                recordCount(buf, pos),
                (attributes & TRANSACTIONAL_BIT) != 0,
                (attributes & CONTROL_BIT) != 0,
                maxTimestamp(buf, pos),
                sizeInBytes(buf, pos));
    }
}
