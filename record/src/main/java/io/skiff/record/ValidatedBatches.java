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
import java.util.ArrayList;
import java.util.List;

/**
 * The batches of one append after validation, with each batch's {@link ValidatedBatch}: what the log needs to assign
 * offsets, stamp LogAppendTime, index the batches and update producer state, without another walk. {@link #buffer()}
 * is what gets written: the producer's bytes, or new bytes when validation had to rebuild the batches.
 *
 * <p>Not thread-safe: built by one thread, then handed to the log's append (which runs under the log's lock).
 */
public final class ValidatedBatches {
    private final ByteBuffer buffer;
    private final List<ValidatedBatch> batches;
    private final long recordCount;

    ValidatedBatches(ByteBuffer buffer, List<ValidatedBatch> batches) {
        this.buffer = buffer;
        this.batches = List.copyOf(batches);
        long records = 0;
        for (ValidatedBatch b : batches) {
            records += b.recordCount();
        }
        this.recordCount = records;
    }

    /**
     * Checks the framing (whole batches, magic 2), CRC-32C, size limit and record count of every batch between the
     * buffer's position and limit, without changing anything.
     *
     * @throws CorruptRecordException  bad framing, magic or CRC-32C
     * @throws RecordTooLargeException a batch above {@code maxBatchBytes}
     * @throws InvalidRecordException  record count not matching the offset delta, or no batch at all
     */
    public static ValidatedBatches checkHeaders(ByteBuffer batches, int maxBatchBytes) {
        int start = batches.position();
        int end = batches.limit();
        if (end == start) {
            throw new InvalidRecordException("no record batches to append");
        }
        List<ValidatedBatch> found = new ArrayList<>(1);
        int pos = start;
        while (pos < end) {
            int n = found.size();
            int available = end - pos;
            if (available >= RecordBatchView.HEADER_SIZE && batches.get(pos + RecordBatchView.MAGIC_OFFSET) == 2) {
                long size = RecordBatchView.LOG_OVERHEAD + (long) batches.getInt(pos + RecordBatchView.LENGTH_OFFSET);
                if (size > maxBatchBytes) {
                    throw new RecordTooLargeException("record batch of " + size
                            + " bytes is larger than the maximum of " + maxBatchBytes + " bytes");
                }
            }
            String problem = RecordBatchView.framingProblem(batches, pos, available);
            if (problem != null) {
                throw new CorruptRecordException("record batch " + n + " is corrupt: " + problem);
            }
            RecordBatchView view = new RecordBatchView(batches, pos);
            problem = view.crcProblem();
            if (problem != null) {
                throw new CorruptRecordException("record batch " + n + " is corrupt: " + problem);
            }
            problem = view.countProblem();
            if (problem != null) {
                throw new InvalidRecordException("record batch " + n + " is invalid: " + problem);
            }
            found.add(ValidatedBatch.of(view, pos - start));
            pos += view.sizeInBytes();
        }
        return new ValidatedBatches(batches, found);
    }

    /** The same batches with their metadata read again from the headers (after in-place corrections). */
    ValidatedBatches reread() {
        List<ValidatedBatch> fresh = new ArrayList<>(batches.size());
        for (ValidatedBatch b : batches) {
            fresh.add(ValidatedBatch.of(view(b), b.position()));
        }
        return new ValidatedBatches(buffer, fresh);
    }

    /** The bytes to write: from position to limit, the batches back to back. */
    public ByteBuffer buffer() {
        return buffer;
    }

    public int count() {
        return batches.size();
    }

    /** The metadata of the {@code i}-th batch. */
    public ValidatedBatch batch(int i) {
        return batches.get(i);
    }

    /** All batches' metadata, in order. */
    public List<ValidatedBatch> batches() {
        return batches;
    }

    public int totalBytes() {
        return buffer.remaining();
    }

    public long recordCount() {
        return recordCount;
    }

    /** How many offsets the batches take: the sum of each batch's {@code lastOffsetDelta + 1}. */
    public long offsetCount() {
        long n = 0;
        for (ValidatedBatch b : batches) {
            n += b.lastOffsetDelta() + 1L;
        }
        return n;
    }

    /** Largest max timestamp among the batches as sent (before any LogAppendTime stamping); -1 if none. */
    public long maxTimestamp() {
        long max = RecordBatchView.NO_TIMESTAMP;
        for (ValidatedBatch b : batches) {
            max = Math.max(max, b.maxTimestamp());
        }
        return max;
    }

    /**
     * Rewrites the base offsets in the buffer, batch after batch, starting at {@code firstOffset}, and the partition
     * leader epoch (outside the CRC); when {@code logAppendTime >= 0} also stamps LogAppendTime (timestamp type and max
     * timestamp, new CRC). Returns the last offset assigned.
     */
    public long assignOffsets(long firstOffset, long logAppendTime, int partitionLeaderEpoch) {
        long next = firstOffset;
        for (ValidatedBatch b : batches) {
            RecordBatchView view = view(b);
            view.setBaseOffset(next);
            view.setPartitionLeaderEpoch(partitionLeaderEpoch);
            if (logAppendTime >= 0) {
                view.setLogAppendTime(logAppendTime);
            }
            next += b.lastOffsetDelta() + 1L;
        }
        return next - 1;
    }

    /** The base offset of batch {@code i} as the buffer holds it (the assigned one after {@link #assignOffsets}). */
    public long baseOffset(int i) {
        return buffer.getLong(buffer.position() + batches.get(i).position() + RecordBatchView.BASE_OFFSET_OFFSET);
    }

    /** The last offset of batch {@code i} as the buffer holds it. */
    public long lastOffset(int i) {
        return baseOffset(i) + batches.get(i).lastOffsetDelta();
    }

    /** A view of batch {@code i} in {@link #buffer()}. */
    public RecordBatchView view(int i) {
        return view(batches.get(i));
    }

    private RecordBatchView view(ValidatedBatch b) {
        return new RecordBatchView(buffer, buffer.position() + b.position());
    }
}
