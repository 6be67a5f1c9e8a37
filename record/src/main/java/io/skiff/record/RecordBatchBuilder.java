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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds one uncompressed RecordBatch v2 (layout in {@link RecordBatchView}): for the broker's
 * internal topics (group offsets, transaction markers) and for tests. Records get consecutive
 * offset deltas 0, 1, 2, ...; timestamps are stored as deltas from the batch's base timestamp.
 *
 * <pre>{@code
 * ByteBuffer batch = new RecordBatchBuilder(0L, now)
 *         .producer(producerId, epoch, 0)
 *         .add(now, key, value, List.of(Header.of("h", "v")))
 *         .build();
 * }</pre>
 *
 * <p>Thread-safety: not thread-safe; build on one thread.
 */
public final class RecordBatchBuilder {
    private final long baseOffset;
    private final long baseTimestamp;
    private final List<PendingRecord> records = new ArrayList<>();
    private long producerId = RecordBatchView.NO_PRODUCER_ID;
    private short producerEpoch = RecordBatchView.NO_PRODUCER_EPOCH;
    private int baseSequence = RecordBatchView.NO_SEQUENCE;
    private int partitionLeaderEpoch = RecordBatchView.NO_PARTITION_LEADER_EPOCH;
    private boolean transactional;
    private boolean control;
    private Long logAppendTime;

    /**
     * @param baseOffset    offset of the first record
     * @param baseTimestamp the batch's base timestamp; record timestamps are stored relative to it
     *                      (Kafka's producer uses the first record's timestamp)
     */
    public RecordBatchBuilder(long baseOffset, long baseTimestamp) {
        this.baseOffset = baseOffset;
        this.baseTimestamp = baseTimestamp;
    }

    /** Idempotent/transactional producer fields; without this call they are -1. */
    public RecordBatchBuilder producer(long producerId, short producerEpoch, int baseSequence) {
        this.producerId = producerId;
        this.producerEpoch = producerEpoch;
        this.baseSequence = baseSequence;
        return this;
    }

    public RecordBatchBuilder transactional(boolean transactional) {
        this.transactional = transactional;
        return this;
    }

    /** Marks the batch as a control batch (transaction markers); its records are control records. */
    public RecordBatchBuilder control(boolean control) {
        this.control = control;
        return this;
    }

    public RecordBatchBuilder partitionLeaderEpoch(int epoch) {
        this.partitionLeaderEpoch = epoch;
        return this;
    }

    /** Builds a LogAppendTime batch whose max timestamp is {@code logAppendTime}. */
    public RecordBatchBuilder logAppendTime(long logAppendTime) {
        this.logAppendTime = logAppendTime;
        return this;
    }

    /** Adds a record; key, value and header values may be null; the arrays are not copied. */
    public RecordBatchBuilder add(long timestamp, byte[] key, byte[] value, List<Header> headers) {
        return add(
                timestamp,
                key == null ? null : ByteBuffer.wrap(key),
                value == null ? null : ByteBuffer.wrap(value),
                headers);
    }

    /** Adds a record without headers. */
    public RecordBatchBuilder add(long timestamp, byte[] key, byte[] value) {
        return add(timestamp, key, value, List.of());
    }

    /** Adds a record from the buffers' remaining bytes (positions are not moved); null allowed. */
    public RecordBatchBuilder add(long timestamp, ByteBuffer key, ByteBuffer value, List<Header> headers) {
        if (records.size() == Integer.MAX_VALUE) {
            throw new IllegalStateException("batch is full");
        }
        records.add(new PendingRecord(timestamp, records.size(), key, value, headers == null ? List.of() : headers));
        return this;
    }

    /** Number of records added so far. */
    public int recordCount() {
        return records.size();
    }

    /**
     * The batch: a new heap buffer, position 0, limit = batch size, CRC set.
     *
     * @throws IllegalStateException when no record was added (Kafka never writes empty batches
     *                               outside compaction)
     */
    public ByteBuffer build() {
        if (records.isEmpty()) {
            throw new IllegalStateException("a record batch needs at least one record");
        }
        int size = RecordBatchView.HEADER_SIZE;
        long maxTimestamp = RecordBatchView.NO_TIMESTAMP;
        for (PendingRecord r : records) {
            size += r.sizeWithLength(baseTimestamp);
            maxTimestamp = Math.max(maxTimestamp, r.timestamp);
        }
        int attributes = CompressionType.NONE.id();
        if (logAppendTime != null) {
            attributes |= RecordBatchView.TIMESTAMP_TYPE_MASK;
            maxTimestamp = logAppendTime;
        }
        if (transactional) {
            attributes |= RecordBatchView.TRANSACTIONAL_MASK;
        }
        if (control) {
            attributes |= RecordBatchView.CONTROL_MASK;
        }

        ByteBuffer buf = ByteBuffer.allocate(size);
        buf.putLong(baseOffset);
        buf.putInt(size - RecordBatchView.LOG_OVERHEAD);
        buf.putInt(partitionLeaderEpoch);
        buf.put(RecordBatchView.MAGIC_V2);
        buf.putInt(0); // CRC, filled in below
        buf.putShort((short) attributes);
        buf.putInt(records.size() - 1);
        buf.putLong(baseTimestamp);
        buf.putLong(maxTimestamp);
        buf.putLong(producerId);
        buf.putShort(producerEpoch);
        buf.putInt(baseSequence);
        buf.putInt(records.size());
        for (PendingRecord r : records) {
            r.writeTo(buf, baseTimestamp);
        }
        buf.flip();
        new RecordBatchView(buf, 0).updateCrc();
        return buf;
    }

    /** A record waiting to be written; sizes are computed from the same fields that are written. */
    private record PendingRecord(
            long timestamp, int offsetDelta, ByteBuffer key, ByteBuffer value, List<Header> headers) {

        int sizeWithLength(long baseTimestamp) {
            int body = bodySize(baseTimestamp);
            return Varints.sizeOfVarint(body) + body;
        }

        private int bodySize(long baseTimestamp) {
            int size = 1 // attributes
                    + Varints.sizeOfVarlong(timestamp - baseTimestamp)
                    + Varints.sizeOfVarint(offsetDelta)
                    + sizeOfNullable(key)
                    + sizeOfNullable(value)
                    + Varints.sizeOfVarint(headers.size());
            for (Header h : headers) {
                int keyLength = utf8(h.key()).length;
                size += Varints.sizeOfVarint(keyLength) + keyLength + sizeOfNullable(h.value());
            }
            return size;
        }

        void writeTo(ByteBuffer buf, long baseTimestamp) {
            Varints.writeVarint(buf, bodySize(baseTimestamp));
            buf.put((byte) 0);
            Varints.writeVarlong(buf, timestamp - baseTimestamp);
            Varints.writeVarint(buf, offsetDelta);
            writeNullable(buf, key);
            writeNullable(buf, value);
            Varints.writeVarint(buf, headers.size());
            for (Header h : headers) {
                byte[] headerKey = utf8(h.key());
                Varints.writeVarint(buf, headerKey.length);
                buf.put(headerKey);
                writeNullable(buf, h.value());
            }
        }

        private static byte[] utf8(String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }

        private static int sizeOfNullable(ByteBuffer b) {
            return b == null ? Varints.sizeOfVarint(-1) : Varints.sizeOfVarint(b.remaining()) + b.remaining();
        }

        private static void writeNullable(ByteBuffer buf, ByteBuffer b) {
            if (b == null) {
                Varints.writeVarint(buf, -1);
            } else {
                Varints.writeVarint(buf, b.remaining());
                buf.put(b.duplicate());
            }
        }
    }
}
