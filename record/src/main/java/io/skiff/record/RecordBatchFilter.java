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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Compaction's view of a stored batch (any codec): walks its records' keys, and writes a batch holding only the
 * records a {@link Retention} keeps. The new batch keeps the source's base offset, last offset delta (so the
 * producer's last sequence stays where it was), producer id, epoch, base sequence, partition leader epoch,
 * attributes and codec; each kept record keeps its offset delta, timestamp, key, value and headers. Like Kafka's
 * {@code MemoryRecords.filterTo}, a batch that keeps a tombstone gets a delete horizon (attribute bit 6, carried in
 * the base timestamp) the first time it is rewritten.
 *
 * <p>Stateless; thread-safe. The key buffer handed to a {@link Retention} is valid only during the call.
 */
public final class RecordBatchFilter {
    private RecordBatchFilter() {}

    /** Decides, record by record, what a rewritten batch keeps. */
    @FunctionalInterface
    public interface Retention {
        /**
         * @param offset   the record's offset
         * @param key      the key's bytes (position to limit), or null for a record without a key
         * @param hasValue false for a tombstone
         */
        boolean retain(long offset, ByteBuffer key, boolean hasValue);
    }

    /**
     * What {@link #filter} produced.
     *
     * @param batch              the rewritten batch (base offset as the source), or null when nothing was kept
     * @param retained           how many records were kept
     * @param unchanged          every record was kept and the header needs no change: store the source as it is
     * @param retainedTombstones whether a kept record has no value
     */
    public record Result(ByteBuffer batch, int retained, boolean unchanged, boolean retainedTombstones) {}

    /** Calls {@code visitor} for every record of {@code batch} (whole batch in the buffer); its answer is ignored. */
    public static void forEachRecord(RecordBatchView batch, Retention visitor) {
        walk(batch, visitor, null);
    }

    /**
     * The batch holding what {@code retention} keeps.
     *
     * @param deleteHorizonMs   the horizon to set when the source has none and a kept record is a tombstone or
     *                          {@code forceHorizon}; -1 never sets one
     * @param forceHorizon      set the horizon even without a kept tombstone (a transaction marker that may go once
     *                          the horizon passes)
     * @throws InvalidRecordException      when a record is malformed
     * @throws UndecodableRecordsException when the codec fails
     */
    public static Result filter(
            RecordBatchView batch, Retention retention, long deleteHorizonMs, boolean forceHorizon) {
        Kept kept = new Kept();
        walk(batch, retention, kept);
        int count = batch.recordCount();
        boolean setHorizon =
                deleteHorizonMs >= 0 && !batch.hasDeleteHorizon() && (kept.tombstones || forceHorizon) && kept.n > 0;
        if (kept.n == count && !setHorizon) {
            return new Result(null, count, true, kept.tombstones);
        }
        if (kept.n == 0) {
            return new Result(null, 0, false, false);
        }
        long horizon = setHorizon ? deleteHorizonMs : batch.hasDeleteHorizon() ? batch.baseTimestamp() : -1;
        return new Result(kept.write(batch, horizon), kept.n, false, kept.tombstones);
    }

    /**
     * A batch with {@code batch}'s header and no records (uncompressed): what compaction leaves where a producer's
     * last batch was, so that its sequence numbers still continue from it.
     */
    public static ByteBuffer emptyBatch(RecordBatchView batch) {
        ByteBuffer out = ByteBuffer.allocate(RecordBatchView.HEADER_SIZE);
        int attributes = batch.attributes() & ~RecordBatchView.COMPRESSION_MASK & ~RecordBatchView.DELETE_HORIZON_MASK;
        long ts = batch.maxTimestamp();
        BatchHeaders.write(out, batch, batch.baseOffset(), attributes, batch.lastOffsetDelta(), ts, ts, 0);
        return out;
    }

    private static void walk(RecordBatchView batch, Retention retention, Kept kept) {
        CompressionType codec = batch.compressionType();
        RecordBody body = new RecordBody();
        int count = batch.recordCount();
        try (RecordSource records = RecordSource.of(batch, codec)) {
            for (int i = 0; i < count; i++) {
                records.next(i);
                ByteBuffer buf = records.buffer();
                int start = records.bodyStart();
                int end = records.bodyEnd();
                body.parse(buf, start, end, i);
                long offset = batch.baseOffset() + body.offsetDelta;
                ByteBuffer key = null;
                if (body.hasKey) {
                    Varints.Read keyLength = Varints.readVarint(buf, body.keyLengthIndex, end);
                    key = buf.duplicate();
                    key.limit(keyLength.next() + body.keyLength).position(keyLength.next());
                }
                boolean hasValue = body.valueLength >= 0;
                if (retention.retain(offset, key, hasValue) && kept != null) {
                    kept.add(body, batch.baseTimestamp() + body.timestampDelta, buf, end, hasValue);
                }
            }
        }
    }

    /**
     * The kept records: their header fields (timestamps as written, base plus delta, which for LogAppendTime batches
     * readers ignore in favour of the header's), and their key-to-end bytes in one growing array. */
    private static final class Kept {
        private final ByteArrayOutputStream tails = new ByteArrayOutputStream();
        private byte[] attributes = new byte[16];
        private long[] timestamps = new long[16];
        private int[] offsetDeltas = new int[16];
        private int[] tailEnds = new int[16];
        int n;
        boolean tombstones;

        void add(RecordBody body, long timestamp, ByteBuffer buf, int end, boolean hasValue) {
            if (n == timestamps.length) {
                int size = n * 2;
                attributes = Arrays.copyOf(attributes, size);
                timestamps = Arrays.copyOf(timestamps, size);
                offsetDeltas = Arrays.copyOf(offsetDeltas, size);
                tailEnds = Arrays.copyOf(tailEnds, size);
            }
            attributes[n] = body.attributes;
            timestamps[n] = timestamp;
            offsetDeltas[n] = body.offsetDelta;
            int length = end - body.keyLengthIndex;
            if (buf.hasArray()) {
                tails.write(buf.array(), buf.arrayOffset() + body.keyLengthIndex, length);
            } else {
                byte[] copy = new byte[length];
                buf.get(body.keyLengthIndex, copy);
                tails.writeBytes(copy);
            }
            tailEnds[n] = tails.size();
            tombstones |= !hasValue;
            n++;
        }

        /** The batch of the kept records; {@code horizon} >= 0 becomes the base timestamp and sets bit 6. */
        ByteBuffer write(RecordBatchView source, long horizon) {
            boolean logAppendTime = source.timestampType() == TimestampType.LOG_APPEND_TIME;
            long baseTimestamp = horizon >= 0 ? horizon : timestamps[0];
            long maxTimestamp = RecordBatchView.NO_TIMESTAMP;
            for (int i = 0; i < n; i++) {
                maxTimestamp = Math.max(maxTimestamp, timestamps[i]);
            }
            if (logAppendTime) {
                maxTimestamp = source.maxTimestamp();
            }
            CompressionType codec = source.compressionType();
            BatchHeaders.Output bytes = new BatchHeaders.Output(RecordBatchView.HEADER_SIZE + tails.size() + n * 16);
            bytes.write(new byte[RecordBatchView.HEADER_SIZE], 0, RecordBatchView.HEADER_SIZE);
            byte[] tailBytes = tails.toByteArray();
            ByteBuffer scratch = ByteBuffer.allocate(5 + 1 + 10 + 5);
            try (OutputStream records = codec == CompressionType.NONE ? bytes : Codecs.compress(codec, bytes)) {
                int tailStart = 0;
                for (int i = 0; i < n; i++) {
                    int tail = tailEnds[i] - tailStart;
                    long delta = timestamps[i] - baseTimestamp;
                    int bodySize = 1 + Varints.sizeOfVarlong(delta) + Varints.sizeOfVarint(offsetDeltas[i]) + tail;
                    scratch.clear();
                    Varints.writeVarint(scratch, bodySize);
                    scratch.put(attributes[i]);
                    Varints.writeVarlong(scratch, delta);
                    Varints.writeVarint(scratch, offsetDeltas[i]);
                    records.write(scratch.array(), 0, scratch.position());
                    records.write(tailBytes, tailStart, tail);
                    tailStart = tailEnds[i];
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ByteBuffer batch = ByteBuffer.wrap(bytes.array(), 0, bytes.size()).slice();
            int attrs = source.attributes();
            if (horizon >= 0) {
                attrs |= RecordBatchView.DELETE_HORIZON_MASK;
            }
            BatchHeaders.write(
                    batch,
                    source,
                    source.baseOffset(),
                    attrs,
                    source.lastOffsetDelta(),
                    baseTimestamp,
                    maxTimestamp,
                    n);
            return batch;
        }
    }
}
