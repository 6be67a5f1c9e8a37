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
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The lock-free read side of a {@link Log}, over its {@link LogSegments}: finds byte ranges of whole batches via the
 * sparse indexes and short header scans, answers timestamp lookups and walks batch headers. Copies no batch bytes.
 * <p>Thread-safety: thread-safe; any number of readers run beside the log's single writer. Every channel
 * reference taken is either handed to a {@link FileSlice} or released before returning.
 */
final class LogReader {
    private static final int HEADER_SCAN_BUFFER = 16 * 1024;
    private static final int MAX_LOOKUPS = 8;

    private final Path dir;
    private final LogSegments segments;
    private final LogOffsets log;

    LogReader(Path dir, LogSegments segments, LogOffsets offsets) {
        this.dir = dir;
        this.segments = segments;
        this.log = offsets;
    }

    LogReadResult read(long offset, int maxBytes, boolean minOneBatch, IsolationLevel isolation) {
        long start = log.logStartOffset();
        long end = log.logEndOffset();
        long lso = Math.min(log.lastStableOffset(), end);
        boolean committed = isolation == IsolationLevel.READ_COMMITTED;
        // read_committed stops at the last stable offset, always a batch boundary (a transaction's first batch).
        long maxOffset = committed ? lso : end;
        if (offset < start || offset > end) {
            throw new OffsetOutOfRangeException("offset " + offset + " is outside the log range [" + start + ", " + end
                    + "] of " + dir.getFileName());
        }
        List<FileSlice> slices = new ArrayList<>(2);
        int total = 0;
        if (offset == end || (maxBytes <= 0 && !minOneBatch)) {
            return new LogReadResult(slices, 0, start, end, lso, committed ? List.of() : null);
        }
        if (offset >= maxOffset) {
            return new LogReadResult(slices, 0, start, end, lso, committed ? List.of() : null);
        }
        long upperBound = offset; // offset of the first batch not returned
        try {
            Segment seg = segments.floor(offset);
            if (seg == null) {
                throw new OffsetOutOfRangeException("offset " + offset + " was deleted from " + dir.getFileName()
                        + " meanwhile; the log now starts at " + log.logStartOffset());
            }
            long target = offset;
            boolean needOne = minOneBatch;
            long remaining = Math.max(0, maxBytes);
            int lookups = 0;
            while (seg != null && target < maxOffset) {
                int segEnd = seg.size();
                boolean cut = maxOffset < seg.nextOffset();
                SharedChannel ch = seg.acquireChannel();
                if (ch == null && lookups++ < MAX_LOOKUPS) {
                    // Deleted after we found it: replaced by the cleaner (the new segment is already in place), or
                    // gone to retention (then the next lookup finds the same or no segment).
                    Segment again = segments.floor(target);
                    if (again != null && again != seg) {
                        seg = again;
                        continue;
                    }
                }
                if (ch == null) { // deleted by retention after we found it
                    if (slices.isEmpty()) {
                        throw new OffsetOutOfRangeException("offset " + offset + " was deleted from "
                                + dir.getFileName() + " meanwhile; the log now starts at "
                                + log.logStartOffset());
                    }
                    break;
                }
                boolean handedOut = false;
                try {
                    segments.touched(seg);
                    if (cut) {
                        long lsoPosition = seg.positionOf(ch.channel(), maxOffset, segEnd);
                        // -1: the batch at maxOffset was appended after segEnd was read; all before it is stable.
                        segEnd = lsoPosition >= 0 ? (int) lsoPosition : segEnd;
                    }
                    long from = seg.positionOf(ch.channel(), target, segEnd);
                    if (from >= 0) {
                        long stop = seg.lastBoundaryWithin(ch.channel(), from, from + remaining, segEnd);
                        if (stop == from && needOne) {
                            stop = from + seg.batchSizeAt(ch.channel(), from);
                        }
                        if (stop == from) {
                            break;
                        }
                        slices.add(new FileSlice(ch, from, (int) (stop - from)));
                        handedOut = true;
                        if (committed) {
                            upperBound = stop < segEnd
                                    ? seg.baseOffsetAt(ch.channel(), stop)
                                    : cut ? maxOffset : seg.nextOffset();
                        }
                        total += (int) (stop - from);
                        remaining = Math.max(0, remaining - (stop - from));
                        needOne = false;
                        if (stop < segEnd || remaining == 0) {
                            break;
                        }
                    }
                } finally {
                    if (!handedOut) {
                        ch.release();
                    }
                }
                target = Math.max(target, seg.nextOffset());
                seg = segments.after(seg);
            }
            List<AbortedTxn> aborted = committed ? abortedTransactions(offset, upperBound) : null;
            return new LogReadResult(slices, total, start, end, lso, aborted);
        } catch (IOException e) {
            for (FileSlice s : slices) {
                s.release();
            }
            throw new StorageException("reading " + dir + " at offset " + offset + " failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            for (FileSlice s : slices) {
                s.release();
            }
            throw e;
        }
    }

    /**
     * The aborted transactions overlapping [{@code fetchOffset}, {@code upperBound}): their markers are in the
     * segment holding {@code fetchOffset} or a later one; the search stops at the first entry whose last stable
     * offset reaches {@code upperBound}.
     */
    List<AbortedTxn> abortedTransactions(long fetchOffset, long upperBound) throws IOException {
        List<AbortedTxn> out = new ArrayList<>();
        if (upperBound <= fetchOffset) {
            return out;
        }
        for (Segment seg : segments.from(fetchOffset)) {
            if (seg.txnIndex().collect(fetchOffset, upperBound, out)) {
                break;
            }
        }
        return out;
    }

    /** The largest timestamp in the log and the base offset of the batch holding it (at least the log start). */
    Optional<TimestampOffset> maxTimestampOffset() {
        try {
            TimestampOffset best = null;
            for (Segment s : segments.all()) {
                TimestampOffset m = s.maxTimestamp();
                if (m != null && (best == null || m.timestamp() > best.timestamp())) {
                    best = m;
                }
            }
            long start = log.logStartOffset();
            return best == null
                    ? Optional.empty()
                    : Optional.of(new TimestampOffset(best.timestamp(), Math.max(best.offset(), start)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Optional<TimestampOffset> offsetForTimestamp(long timestamp) {
        long start = log.logStartOffset();
        try {
            for (Segment seg : segments.all()) {
                if (seg.nextOffset() <= start) {
                    continue;
                }
                TimestampOffset max = seg.maxTimestamp();
                if (max == null || max.timestamp() < timestamp) {
                    continue;
                }
                try (SegmentScan held = seg.openScan()) {
                    if (held == null) {
                        continue;
                    }
                    segments.touched(seg);
                    long below = seg.timeIndex().lastOffsetBelow(timestamp);
                    long fromOffset = Math.max(below < 0 ? seg.baseOffset() : below, start);
                    int from = seg.offsetIndex().floorPosition(fromOffset);
                    BatchScanner scan = held.batches(from, HEADER_SCAN_BUFFER, false);
                    while (scan.next()) {
                        RecordBatchView header = scan.header();
                        long ts = header.maxTimestamp();
                        if (ts >= timestamp && header.lastOffset() >= start) {
                            return Optional.of(new TimestampOffset(ts, Math.max(header.baseOffset(), start)));
                        }
                    }
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new StorageException("timestamp lookup in " + dir + " failed: " + e.getMessage(), e);
        }
    }

    void forEachBatch(long fromOffset, BatchListener listener, int bufferSize) {
        long end = log.logEndOffset();
        long start = log.logStartOffset();
        long from = Math.max(fromOffset, start);
        try {
            for (Segment seg : segments.from(from)) {
                if (seg.nextOffset() <= from) {
                    continue;
                }
                try (SegmentScan held = seg.openScan()) {
                    if (held == null) {
                        continue;
                    }
                    segments.touched(seg);
                    int pos = seg.offsetIndex().floorPosition(from);
                    BatchScanner scan = held.batches(pos, bufferSize, false);
                    while (scan.next()) {
                        BatchInfo info = scan.info();
                        if (info.baseOffset() >= end) {
                            return;
                        }
                        if (info.lastOffset() >= from) {
                            listener.onBatch(info);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new StorageException("scanning " + dir + " failed: " + e.getMessage(), e);
        }
    }
}
