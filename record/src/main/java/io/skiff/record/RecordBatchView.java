/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.record;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * A zero-copy view over one RecordBatch (magic 2) inside a {@link ByteBuffer}. Every read and
 * write uses absolute indexes: the buffer's position and limit are never changed.
 *
 * <p>Layout (big-endian; offsets relative to the batch start):
 * <pre>
 *  offset  size  field
 *   0       8    baseOffset            first offset of the batch (assigned by the broker)
 *   8       4    batchLength           bytes that follow this field (batch size = 12 + batchLength)
 *  12       4    partitionLeaderEpoch  set by the broker
 *  16       1    magic                 2
 *  17       4    crc                   CRC-32C (unsigned) of bytes [21, end of batch)
 *  21       2    attributes            bits 0-2 compression, 3 timestamp type (1 = LogAppendTime),
 *                                      4 transactional, 5 control, 6 delete horizon set
 *  23       4    lastOffsetDelta       offset of the last record minus baseOffset
 *  27       8    baseTimestamp
 *  35       8    maxTimestamp          greatest record timestamp, or the log append time
 *  43       8    producerId            -1 when not idempotent
 *  51       2    producerEpoch         -1 when not idempotent
 *  53       4    baseSequence          -1 when not idempotent
 *  57       4    recordCount
 *  61       ...  records               (compressed as a whole when compression != none)
 * </pre>
 * The CRC covers attributes through the end of the batch, so baseOffset, batchLength and
 * partitionLeaderEpoch can be rewritten by the broker without recomputing it; changing the
 * timestamp type or maxTimestamp ({@link #setLogAppendTime}) requires a new CRC.
 *
 * <p>The constructor only checks that the bytes announced by {@code batchLength} are present;
 * call {@link #isValid()} / {@link #validate()} before trusting the content.
 *
 * <p>Thread-safety: not thread-safe for writers. Concurrent getters are safe while nobody calls
 * a setter (absolute reads do not touch the buffer's position).
 */
public final class RecordBatchView {
    public static final int BASE_OFFSET_OFFSET = 0;
    public static final int LENGTH_OFFSET = 8;
    public static final int PARTITION_LEADER_EPOCH_OFFSET = 12;
    public static final int MAGIC_OFFSET = 16;
    public static final int CRC_OFFSET = 17;
    public static final int ATTRIBUTES_OFFSET = 21;
    public static final int LAST_OFFSET_DELTA_OFFSET = 23;
    public static final int BASE_TIMESTAMP_OFFSET = 27;
    public static final int MAX_TIMESTAMP_OFFSET = 35;
    public static final int PRODUCER_ID_OFFSET = 43;
    public static final int PRODUCER_EPOCH_OFFSET = 51;
    public static final int BASE_SEQUENCE_OFFSET = 53;
    public static final int RECORD_COUNT_OFFSET = 57;
    public static final int RECORDS_OFFSET = 61;

    /** Bytes before the batchLength-counted part: baseOffset + batchLength. */
    public static final int LOG_OVERHEAD = 12;
    /** Size of the fixed batch header; an empty batch is exactly this long. */
    public static final int HEADER_SIZE = RECORDS_OFFSET;

    public static final byte MAGIC_V2 = 2;

    public static final long NO_PRODUCER_ID = -1L;
    public static final short NO_PRODUCER_EPOCH = -1;
    public static final int NO_SEQUENCE = -1;
    public static final int NO_PARTITION_LEADER_EPOCH = -1;
    public static final long NO_TIMESTAMP = -1L;

    static final int COMPRESSION_MASK = 0x07;
    static final int TIMESTAMP_TYPE_MASK = 0x08;
    static final int TRANSACTIONAL_MASK = 0x10;
    static final int CONTROL_MASK = 0x20;
    static final int DELETE_HORIZON_MASK = 0x40;

    private final ByteBuffer buffer;
    private final int start;
    /** False for {@link #headerAt} views, whose records may lie beyond the buffer. */
    private final boolean complete;

    /**
     * A view of the batch header at absolute index {@code start} when the rest of the batch may not be in the buffer
     * (a header-only scan of a segment file). Header getters work; {@link #computeCrc()}, {@link #validate()} and
     * {@link #slice()} need the whole batch and must not be called on such a view.
     *
     * @throws CorruptRecordException if fewer than {@link #HEADER_SIZE} bytes lie between {@code start} and the limit
     */
    public static RecordBatchView headerAt(ByteBuffer buffer, int start) {
        int available = buffer.limit() - start;
        if (available < HEADER_SIZE) {
            throw new CorruptRecordException(
                    "record batch header truncated: " + available + " bytes left, the header needs " + HEADER_SIZE);
        }
        return new RecordBatchView(buffer, start, false);
    }

    /**
     * Checks the framing of the batch at {@code start} given {@code available} bytes from there: a whole header, a
     * length that covers at least the header, magic 2 and the whole batch present. Returns null when fine, else why
     * not (used by scans that stop at the first bad batch instead of throwing).
     */
    public static String framingProblem(ByteBuffer buffer, int start, int available) {
        if (available < HEADER_SIZE) {
            return "only " + available + " bytes left, a batch header needs " + HEADER_SIZE;
        }
        int length = buffer.getInt(start + LENGTH_OFFSET);
        if (length < HEADER_SIZE - LOG_OVERHEAD) {
            return "batch length " + length + " is smaller than the " + (HEADER_SIZE - LOG_OVERHEAD) + "-byte header";
        }
        byte magic = buffer.get(start + MAGIC_OFFSET);
        if (magic != MAGIC_V2) {
            return "magic byte is " + magic + ", only 2 (RecordBatch v2) is supported";
        }
        if ((long) length + LOG_OVERHEAD > available) {
            return "batch of " + ((long) length + LOG_OVERHEAD) + " bytes but only " + available + " bytes present";
        }
        return null;
    }

    /** A view of the batch that starts at the buffer's current position. */
    public RecordBatchView(ByteBuffer buffer) {
        this(buffer, buffer.position());
    }

    /**
     * A view of the batch that starts at absolute index {@code start}.
     *
     * @throws CorruptRecordException if fewer than 12 bytes, or fewer than the batch length
     *                                announces, lie between {@code start} and the buffer's limit
     */
    public RecordBatchView(ByteBuffer buffer, int start) {
        this.buffer = buffer;
        this.start = start;
        this.complete = true;
        int available = buffer.limit() - start;
        if (available < LOG_OVERHEAD) {
            throw new CorruptRecordException(
                    "record batch truncated: " + available + " bytes left, the batch header needs " + LOG_OVERHEAD);
        }
        int batchLength = batchLength();
        if (batchLength < 0 || batchLength > available - LOG_OVERHEAD) {
            throw new CorruptRecordException("record batch at offset " + baseOffset() + " announces " + batchLength
                    + " bytes but " + (available - LOG_OVERHEAD) + " remain");
        }
    }

    private RecordBatchView(ByteBuffer buffer, int start, boolean complete) {
        this.buffer = buffer;
        this.start = start;
        this.complete = complete;
    }

    /** The absolute index of the batch's first byte in {@link #buffer()}. */
    public int start() {
        return start;
    }

    /** The buffer this view reads and writes (shared, not a copy). */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** A new buffer over exactly this batch's bytes (shared content, position 0). */
    public ByteBuffer slice() {
        requireComplete();
        return buffer.slice(start, sizeInBytes());
    }

    public long baseOffset() {
        return buffer.getLong(start + BASE_OFFSET_OFFSET);
    }

    /** Sets the first offset; outside the CRC, so the CRC stays valid. */
    public void setBaseOffset(long baseOffset) {
        buffer.putLong(start + BASE_OFFSET_OFFSET, baseOffset);
    }

    public int batchLength() {
        return buffer.getInt(start + LENGTH_OFFSET);
    }

    /** The batch's full size: {@code 12 + batchLength}. */
    public int sizeInBytes() {
        return LOG_OVERHEAD + batchLength();
    }

    public int partitionLeaderEpoch() {
        return buffer.getInt(start + PARTITION_LEADER_EPOCH_OFFSET);
    }

    /** Sets the leader epoch; outside the CRC, so the CRC stays valid. */
    public void setPartitionLeaderEpoch(int epoch) {
        buffer.putInt(start + PARTITION_LEADER_EPOCH_OFFSET, epoch);
    }

    public byte magic() {
        return buffer.get(start + MAGIC_OFFSET);
    }

    /** The stored CRC-32C as an unsigned 32-bit value. */
    public long crc() {
        return Integer.toUnsignedLong(buffer.getInt(start + CRC_OFFSET));
    }

    /** CRC-32C of the bytes from attributes to the end of the batch, as currently in the buffer. */
    public long computeCrc() {
        requireComplete();
        CRC32C crc = new CRC32C();
        crc.update(buffer.slice(start + ATTRIBUTES_OFFSET, sizeInBytes() - ATTRIBUTES_OFFSET));
        return crc.getValue();
    }

    /** True when the batch is a well-formed v2 batch whose stored CRC matches its content. */
    public boolean isValid() {
        return problem() == null;
    }

    /**
     * Checks magic, header size, record count and CRC.
     *
     * @throws CorruptRecordException naming what is wrong
     */
    public void validate() {
        String problem = problem();
        if (problem != null) {
            throw new CorruptRecordException(problem);
        }
    }

    private String problem() {
        if (sizeInBytes() <= MAGIC_OFFSET) {
            return "record batch too short to hold a magic byte: " + sizeInBytes() + " bytes";
        }
        if (magic() != MAGIC_V2) {
            return "record batch at offset " + baseOffset() + " has magic " + magic()
                    + "; only magic 2 (Kafka 0.11+ record batches) is supported";
        }
        if (sizeInBytes() < HEADER_SIZE) {
            return "record batch at offset " + baseOffset() + " is " + sizeInBytes() + " bytes, shorter than the "
                    + HEADER_SIZE + "-byte v2 header";
        }
        if (recordCount() < 0) {
            return "record batch at offset " + baseOffset() + " has a negative record count " + recordCount();
        }
        long stored = crc();
        long computed = computeCrc();
        if (stored != computed) {
            return "record batch at offset " + baseOffset() + " is corrupt: stored CRC " + stored + " != computed "
                    + computed;
        }
        return null;
    }

    /**
     * Checks that the record count is positive and agrees with the last offset delta (offsets 0..n-1). Returns null
     * when fine, else why not.
     */
    public String countProblem() {
        int count = recordCount();
        int delta = lastOffsetDelta();
        if (count <= 0) {
            return "batch has record count " + count;
        }
        if (delta != count - 1) {
            return "batch has " + count + " records but lastOffsetDelta " + delta;
        }
        return null;
    }

    /**
     * The check {@link #countProblem()} makes, loosened for batches compaction rewrote: they keep their last offset
     * delta while holding fewer records, or none. Returns null when fine, else why not.
     */
    public String storedCountProblem() {
        int count = recordCount();
        int delta = lastOffsetDelta();
        if (count < 0 || delta < 0) {
            return "batch has record count " + count + " and lastOffsetDelta " + delta;
        }
        if ((long) count > (long) delta + 1) {
            return "batch has " + count + " records but lastOffsetDelta " + delta;
        }
        return null;
    }

    /** Checks the stored CRC-32C against the content. Returns null when they match, else both values. */
    public String crcProblem() {
        long stored = crc();
        long computed = computeCrc();
        return stored == computed
                ? null
                : "CRC-32C mismatch: stored " + Long.toHexString(stored) + ", computed " + Long.toHexString(computed);
    }

    private void requireComplete() {
        if (!complete) {
            throw new IllegalStateException("header-only view: the batch's records are not in the buffer");
        }
    }

    public short attributes() {
        return buffer.getShort(start + ATTRIBUTES_OFFSET);
    }

    /** @throws CorruptRecordException when the codec id is not one Kafka defines */
    public CompressionType compressionType() {
        return CompressionType.forId(attributes() & COMPRESSION_MASK);
    }

    public TimestampType timestampType() {
        return (attributes() & TIMESTAMP_TYPE_MASK) == 0 ? TimestampType.CREATE_TIME : TimestampType.LOG_APPEND_TIME;
    }

    public boolean isTransactional() {
        return (attributes() & TRANSACTIONAL_MASK) != 0;
    }

    public boolean isControl() {
        return (attributes() & CONTROL_MASK) != 0;
    }

    /** True when baseTimestamp holds the compaction delete horizon (attribute bit 6). */
    public boolean hasDeleteHorizon() {
        return (attributes() & DELETE_HORIZON_MASK) != 0;
    }

    public int lastOffsetDelta() {
        return buffer.getInt(start + LAST_OFFSET_DELTA_OFFSET);
    }

    public long lastOffset() {
        return baseOffset() + lastOffsetDelta();
    }

    /** The offset after this batch's last offset. */
    public long nextOffset() {
        return lastOffset() + 1;
    }

    public long baseTimestamp() {
        return buffer.getLong(start + BASE_TIMESTAMP_OFFSET);
    }

    public long maxTimestamp() {
        return buffer.getLong(start + MAX_TIMESTAMP_OFFSET);
    }

    /**
     * Marks the batch as LogAppendTime with the given broker time: sets attribute bit 3, writes
     * maxTimestamp and recomputes the CRC (both fields are CRC-covered). Does nothing when the
     * batch already says exactly that, like Kafka's {@code DefaultRecordBatch.setMaxTimestamp}.
     */
    public void setLogAppendTime(long logAppendTime) {
        if (timestampType() == TimestampType.LOG_APPEND_TIME && maxTimestamp() == logAppendTime) {
            return;
        }
        buffer.putShort(start + ATTRIBUTES_OFFSET, (short) (attributes() | TIMESTAMP_TYPE_MASK));
        buffer.putLong(start + MAX_TIMESTAMP_OFFSET, logAppendTime);
        updateCrc();
    }

    /** Recomputes the CRC over the current content and stores it. */
    public void updateCrc() {
        buffer.putInt(start + CRC_OFFSET, (int) computeCrc());
    }

    public long producerId() {
        return buffer.getLong(start + PRODUCER_ID_OFFSET);
    }

    public short producerEpoch() {
        return buffer.getShort(start + PRODUCER_EPOCH_OFFSET);
    }

    public int baseSequence() {
        return buffer.getInt(start + BASE_SEQUENCE_OFFSET);
    }

    /** True when the producer id is set (idempotent or transactional producer). */
    public boolean hasProducerId() {
        return producerId() != NO_PRODUCER_ID;
    }

    /**
     * The sequence of the batch's last record: base sequence plus last offset delta, wrapping past
     * {@link Integer#MAX_VALUE} to 0 as Kafka's producers do; -1 when the batch has no sequence.
     */
    public int lastSequence() {
        int base = baseSequence();
        if (base == NO_SEQUENCE) {
            return NO_SEQUENCE;
        }
        return incrementSequence(base, lastOffsetDelta());
    }

    /** Adds {@code increment} to a sequence number, wrapping from Integer.MAX_VALUE to 0. */
    public static int incrementSequence(int sequence, int increment) {
        if (sequence > Integer.MAX_VALUE - increment) {
            return increment - (Integer.MAX_VALUE - sequence) - 1;
        }
        return sequence + increment;
    }

    public int recordCount() {
        return buffer.getInt(start + RECORD_COUNT_OFFSET);
    }

    @Override
    public String toString() {
        if (sizeInBytes() < HEADER_SIZE || magic() != MAGIC_V2) {
            return "RecordBatchView(start=" + start + ", size=" + sizeInBytes() + ", magic=" + magic() + ")";
        }
        return "RecordBatchView(baseOffset=" + baseOffset() + ", lastOffset=" + lastOffset()
                + ", records=" + recordCount() + ", size=" + sizeInBytes()
                + ", producerId=" + producerId() + ", epoch=" + producerEpoch()
                + ", baseSequence=" + baseSequence() + ", transactional=" + isTransactional()
                + ", control=" + isControl() + ", maxTimestamp=" + maxTimestamp() + ")";
    }
}
