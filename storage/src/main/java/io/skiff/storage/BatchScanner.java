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
package io.skiff.storage;

import io.skiff.record.RecordBatchView;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Walks the batches of a segment file sequentially between two positions with large positional reads, checking
 * each batch's framing (and, in full mode, its CRC-32C and counts). Stops at the end or at the first batch that
 * fails a check, which {@link #invalidReason()} then describes.
 * <p>Not thread-safe: one scanner per scan. The channel is only read with positional reads, so scanners may run
 * beside a writer as long as {@code end} is a published size.
 */
final class BatchScanner {
    private final FileChannel channel;
    private final long end;
    private final boolean fullBatches;
    private ByteBuffer buf;
    private long bufFileStart;
    private long position = -1;
    private long nextPosition;
    private int size;
    private String invalidReason;

    /**
     * @param fullBatches read every byte and verify CRC-32C and counts (recovery); false reads headers only
     */
    BatchScanner(FileChannel channel, long start, long end, int bufferSize, boolean fullBatches) {
        this.channel = channel;
        this.end = end;
        this.fullBatches = fullBatches;
        this.buf = fullBatches ? ByteBuffer.allocateDirect(bufferSize) : ByteBuffer.allocate(bufferSize);
        this.buf.limit(0);
        this.bufFileStart = start;
        this.nextPosition = start;
    }

    /** Moves to the next batch; false at the end or at an invalid/torn batch (see {@link #invalidReason()}). */
    boolean next() throws IOException {
        position = nextPosition;
        long available = end - position;
        if (available <= 0) {
            return false;
        }
        int headerBytes = (int) Math.min(RecordBatchView.HEADER_SIZE, available);
        ensure(position, headerBytes);
        String problem =
                RecordBatchView.framingProblem(buf, offsetInBuffer(), (int) Math.min(Integer.MAX_VALUE, available));
        if (problem == null) {
            size = RecordBatchView.headerAt(buf, offsetInBuffer()).sizeInBytes();
            if (fullBatches) {
                ensure(position, size);
                problem = new RecordBatchView(buf, offsetInBuffer()).crcProblem();
            }
            if (problem == null) {
                problem = header().storedCountProblem();
            }
        }
        if (problem != null) {
            invalidReason = problem;
            return false;
        }
        nextPosition = position + size;
        return true;
    }

    /** File position of the current batch. */
    long position() {
        return position;
    }

    /** Size of the current batch, framing included. */
    int size() {
        return size;
    }

    /** Buffer holding at least the current batch's header at {@link #offsetInBuffer()} (absolute indexes). */
    ByteBuffer buffer() {
        return buf;
    }

    int offsetInBuffer() {
        return (int) (position - bufFileStart);
    }

    /** A view of the current batch's header (in full mode the whole batch is in the buffer too). */
    RecordBatchView header() {
        return RecordBatchView.headerAt(buf, offsetInBuffer());
    }

    /** Makes the whole current batch available in {@link #buffer()} (header-only scans read just the header). */
    void loadWholeBatch() throws IOException {
        ensure(position, size);
    }

    BatchInfo info() {
        return BatchInfo.of(header());
    }

    /** Why scanning stopped early, or null if it reached the end (or has not stopped). */
    String invalidReason() {
        return invalidReason;
    }

    /** Makes file bytes [from, from + n) available in the buffer, reading ahead as far as the buffer allows. */
    private void ensure(long from, int n) throws IOException {
        if (from >= bufFileStart && from + n <= bufFileStart + buf.limit()) {
            return;
        }
        if (buf.capacity() < n) {
            buf = fullBatches ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
        }
        buf.clear();
        long want = Math.min(buf.capacity(), end - from);
        buf.limit((int) want);
        bufFileStart = from;
        while (buf.position() < n) {
            int r = channel.read(buf, from + buf.position());
            if (r < 0) {
                break;
            }
        }
        buf.flip();
        if (buf.limit() < n) {
            throw new IOException(
                    "segment file shorter than expected: wanted " + n + " bytes at " + from + ", got " + buf.limit());
        }
    }
}
