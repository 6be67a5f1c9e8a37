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
import io.skiff.record.ValidatedBatch;
import io.skiff.record.ValidatedBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One segment: a {@code .log} file of whole RecordBatch v2 entries plus its {@code .index}, {@code .timeindex} and
 * {@code .txnindex} (aborted transactions, see {@link TransactionIndex}),
 * named by the 20-digit base offset. The active segment is writable and keeps its indexes in memory (written out
 * when it is sealed); a closed segment opens its file and loads its indexes on demand and can release them again.
 * <p>Thread-safety: mutations (append, seal, truncate) come from the owning {@link Log}'s single writer; readers
 * may run concurrently and only ever see bytes up to the published {@link #size()}. Opening and releasing handles
 * is synchronized on the segment.
 */
final class Segment {
    private static final Logger LOG = LoggerFactory.getLogger(Segment.class);
    static final String LOG_SUFFIX = ".log";
    static final String INDEX_SUFFIX = ".index";
    static final String TIME_INDEX_SUFFIX = ".timeindex";
    static final int HEADER_SCAN_BUFFER = 16 * 1024;

    private final long baseOffset;
    private final Path logFile;
    private final Path indexFile;
    private final Path timeIndexFile;
    private final TransactionIndex txnIndex;
    private final int indexIntervalBytes;
    private final FileChannelFactory files;

    private volatile int size;
    private volatile long nextOffset;
    private volatile TimestampOffset maxTimestamp;
    private volatile boolean maxTimestampKnown;
    private volatile OffsetIndex offsetIndex;
    private volatile TimeIndex timeIndex;
    private volatile SharedChannel channel;
    private volatile boolean writable;
    private volatile boolean deleted;
    private IndexBuilder builder; // writer-only; null unless writable

    private Segment(Path dir, long baseOffset, int indexIntervalBytes, FileChannelFactory files) {
        this.baseOffset = baseOffset;
        this.files = files;
        String name = fileStem(baseOffset);
        this.logFile = dir.resolve(name + LOG_SUFFIX);
        this.indexFile = dir.resolve(name + INDEX_SUFFIX);
        this.timeIndexFile = dir.resolve(name + TIME_INDEX_SUFFIX);
        this.txnIndex = new TransactionIndex(dir.resolve(name + TransactionIndex.SUFFIX));
        this.indexIntervalBytes = indexIntervalBytes;
        this.nextOffset = baseOffset;
    }

    static String fileStem(long baseOffset) {
        String digits = Long.toString(baseOffset);
        return "0".repeat(20 - digits.length()) + digits;
    }

    /** Creates a new, empty, writable segment (the {@code .log} file must not exist yet). */
    static Segment createNew(Path dir, long baseOffset, int indexIntervalBytes, FileChannelFactory files)
            throws IOException {
        Segment s = new Segment(dir, baseOffset, indexIntervalBytes, files);
        Files.deleteIfExists(s.indexFile);
        Files.deleteIfExists(s.timeIndexFile);
        s.txnIndex.delete();
        FileChannel ch =
                files.open(s.logFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
        s.channel = new SharedChannel(ch);
        s.install(new IndexBuilder(baseOffset, indexIntervalBytes));
        s.writable = true;
        return s;
    }

    /**
     * A segment found on disk, not read yet: {@link SegmentRecovery} loads it ({@code loadTrusted},
     * {@code loadAfterCleanShutdown}) or recovers it.
     */
    static Segment existing(Path dir, long baseOffset, int indexIntervalBytes, FileChannelFactory files) {
        return new Segment(dir, baseOffset, indexIntervalBytes, files);
    }

    /**
     * A closed segment the cleaner just swapped in: its files are in place, its indexes are {@code b}'s, and it
     * covers offsets up to {@code nextOffset} (the next segment's base, whatever gap compaction left at its end).
     */
    static Segment swappedIn(
            Path dir,
            long baseOffset,
            int indexIntervalBytes,
            int size,
            long nextOffset,
            IndexBuilder b,
            List<AbortedTxn> aborted,
            Path openFrom)
            throws IOException {
        Segment s = new Segment(dir, baseOffset, indexIntervalBytes, FileChannelFactory.DEFAULT);
        // Opened before the files take their final names; the open file survives the rename.
        s.channel = new SharedChannel(FileChannel.open(openFrom, StandardOpenOption.READ));
        s.txnIndex.preload(aborted);
        s.maxTimestamp = b.max();
        s.maxTimestampKnown = true;
        s.timeIndex = b.times();
        s.offsetIndex = b.offsets();
        s.nextOffset = nextOffset;
        s.size = size;
        return s;
    }

    /** Publishes what loading or recovering the segment's file found: its size and the offset after it. */
    void loaded(int size, long nextOffset) {
        this.nextOffset = nextOffset;
        this.size = size;
    }

    int indexIntervalBytes() {
        return indexIntervalBytes;
    }

    long baseOffset() {
        return baseOffset;
    }

    /** Published size in bytes: every byte below it belongs to a complete batch. */
    int size() {
        return size;
    }

    /** Offset after the last batch of this segment. */
    long nextOffset() {
        return nextOffset;
    }

    boolean isEmpty() {
        return size == 0;
    }

    boolean isWritable() {
        return writable;
    }

    Path logFile() {
        return logFile;
    }

    Path indexFile() {
        return indexFile;
    }

    Path timeIndexFile() {
        return timeIndexFile;
    }

    /** The aborted transactions whose markers are in this segment. */
    TransactionIndex txnIndex() {
        return txnIndex;
    }

    /** See {@link IndexBuilder#timeWaitedForRoll}; -1 if empty or not writable. */
    long timeWaitedForRoll(long now, long incomingMaxTimestamp) {
        IndexBuilder b = builder;
        return b == null ? -1 : b.timeWaitedForRoll(now, incomingMaxTimestamp);
    }

    // ---------------------------------------------------------------- writer side

    /**
     * Writes already-validated batches at the end and indexes them, then publishes the new size. A failed write
     * publishes nothing; the bytes it may have left beyond the published size are cut (best effort: recovery cuts
     * them otherwise).
     */
    void append(ValidatedBatches v, long now) throws IOException {
        int start = size;
        FileChannel ch = channel.channel();
        ByteBuffer src = v.buffer().duplicate();
        long pos = start;
        try {
            while (src.hasRemaining()) {
                pos += ch.write(src, pos);
            }
        } catch (IOException e) {
            try {
                ch.truncate(start);
            } catch (IOException truncateFailed) {
                e.addSuppressed(truncateFailed);
            }
            throw e;
        }
        for (int i = 0; i < v.count(); i++) {
            ValidatedBatch b = v.batch(i);
            builder.onBatch(v.baseOffset(i), v.view(i).maxTimestamp(), start + b.position(), b.sizeInBytes(), now);
        }
        maxTimestamp = builder.max();
        nextOffset = v.lastOffset(v.count() - 1) + 1;
        size = (int) pos;
    }

    /** Makes {@code b}'s indexes this segment's and routes further batches through it. */
    void install(IndexBuilder b) {
        this.builder = b;
        this.maxTimestamp = b.max();
        this.maxTimestampKnown = true;
        this.timeIndex = b.times();
        this.offsetIndex = b.offsets();
    }

    /** Opens the writable channel of the (recovered) last segment and fresh in-memory indexes for appends. */
    void openForAppend() throws IOException {
        synchronized (this) {
            if (channel != null) {
                channel.release();
            }
            channel = new SharedChannel(files.open(logFile, StandardOpenOption.READ, StandardOpenOption.WRITE));
        }
        writable = true;
    }

    /** Forces written data (and the transaction index) to disk. */
    void flush() throws IOException {
        SharedChannel c = channel;
        if (c != null && writable) {
            c.channel().force(true);
        }
        txnIndex.flush();
    }

    /** Forces the log file of a closed segment (opening it if released). */
    void forceFile() throws IOException {
        SharedChannel c = acquireChannel();
        if (c != null) {
            try {
                c.channel().force(true);
            } finally {
                c.release();
            }
        }
    }

    /** Seals the segment: final time index entry, data forced if asked, index files written. It stays readable. */
    void seal(boolean force) throws IOException {
        builder.finish();
        if (force) {
            flush();
        }
        builder.offsets().writeTo(indexFile, files);
        builder.times().writeTo(timeIndexFile, files);
        writable = false;
        builder = null;
    }

    boolean offsetIndexFull(int maxEntries) {
        OffsetIndex idx = offsetIndex;
        return idx != null && idx.entryCount() >= maxEntries;
    }

    // ---------------------------------------------------------------- reader side

    /** Max timestamp of the segment and the base offset of its batch, or null if none (loads the time index). */
    TimestampOffset maxTimestamp() throws IOException {
        if (!maxTimestampKnown) {
            synchronized (this) {
                if (!maxTimestampKnown) {
                    // Read the file's last entry without keeping the index in memory (retention and
                    // max-timestamp lookups touch every segment once).
                    TimeIndex loaded =
                            timeIndex != null ? timeIndex : TimeIndex.load(timeIndexFile, baseOffset, nextOffset);
                    maxTimestamp = loaded != null ? loaded.last() : timeIndex().last();
                    maxTimestampKnown = true;
                }
            }
        }
        return maxTimestamp;
    }

    /** Acquires a reference on the channel, opening the file if the segment released it; null if deleted. */
    SharedChannel acquireChannel() throws IOException {
        SharedChannel c = channel;
        if (c != null && c.tryAcquire()) {
            return c;
        }
        synchronized (this) {
            if (deleted) {
                return null;
            }
            c = channel;
            if (c == null || !c.tryAcquire()) {
                c = new SharedChannel(FileChannel.open(logFile, StandardOpenOption.READ));
                channel = c;
                c.tryAcquire();
            }
            return c;
        }
    }

    /**
     * Takes a reference on the channel for a scan of this segment's batches (opening the file if the segment released
     * it); null if the segment was deleted. Closing the scan releases the reference.
     */
    SegmentScan openScan() throws IOException {
        SharedChannel c = acquireChannel();
        return c == null ? null : new SegmentScan(c, this::size);
    }

    OffsetIndex offsetIndex() throws IOException {
        OffsetIndex idx = offsetIndex;
        if (idx == null) {
            synchronized (this) {
                loadIndexes();
                idx = offsetIndex;
            }
        }
        return idx;
    }

    TimeIndex timeIndex() throws IOException {
        TimeIndex idx = timeIndex;
        if (idx == null) {
            synchronized (this) {
                loadIndexes();
                idx = timeIndex;
            }
        }
        return idx;
    }

    /** Loads the index files of a closed segment, rebuilding them from the log if missing or corrupt. */
    private void loadIndexes() throws IOException {
        if (offsetIndex != null && timeIndex != null) {
            return;
        }
        OffsetIndex offsets = OffsetIndex.load(indexFile, baseOffset, size, nextOffset);
        TimeIndex times = TimeIndex.load(timeIndexFile, baseOffset, nextOffset);
        if (offsets == null || times == null) {
            rebuildIndexes();
            return;
        }
        timeIndex = times;
        offsetIndex = offsets;
    }

    /** Rebuilds the indexes of a closed segment from its log (headers only) and writes them. */
    private void rebuildIndexes() throws IOException {
        LOG.warn("index files of segment {} are missing or corrupt; rebuilding them from the log", logFile);
        IndexBuilder b = new IndexBuilder(baseOffset, indexIntervalBytes);
        try (FileChannel ch = FileChannel.open(logFile, StandardOpenOption.READ)) {
            BatchScanner scan = new BatchScanner(ch, 0, size, 64 * 1024, false);
            while (scan.next()) {
                RecordBatchView header = scan.header();
                b.onBatch(header.baseOffset(), header.maxTimestamp(), (int) scan.position(), scan.size(), 0);
            }
        }
        installRebuiltIndexes(b);
    }

    /** Installs rebuilt indexes of a closed segment and writes them to disk. */
    void installRebuiltIndexes(IndexBuilder b) throws IOException {
        b.finish();
        b.offsets().writeTo(indexFile, files);
        b.times().writeTo(timeIndexFile, files);
        maxTimestamp = b.max();
        maxTimestampKnown = true;
        timeIndex = b.times();
        offsetIndex = b.offsets();
    }

    /**
     * File position of the batch holding {@code offset}, found via the index and a forward header scan, or -1
     * if no batch below {@code end} holds it.
     */
    long positionOf(FileChannel ch, long offset, int end) throws IOException {
        int from = offsetIndex().floorPosition(offset);
        BatchScanner scan = new BatchScanner(ch, from, end, HEADER_SCAN_BUFFER, false);
        while (scan.next()) {
            if (scan.header().lastOffset() >= offset) {
                return scan.position();
            }
        }
        return -1;
    }

    /**
     * End of the last whole batch that starts at or after {@code start} and ends at or before {@code limit}
     * (start itself if the first batch does not fit). Uses the index to skip most of the range.
     */
    long lastBoundaryWithin(FileChannel ch, long start, long limit, int end) throws IOException {
        if (limit >= end) {
            return end;
        }
        long from = Math.max(start, offsetIndex().floorPositionByPosition((int) limit));
        BatchScanner scan = new BatchScanner(ch, from, end, HEADER_SCAN_BUFFER, false);
        long boundary = from;
        while (scan.next() && scan.position() + scan.size() <= limit) {
            boundary = scan.position() + scan.size();
        }
        return boundary;
    }

    /** Base offset of the batch at {@code position} (below the published size). */
    long baseOffsetAt(FileChannel ch, long position) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(8);
        while (header.hasRemaining()) {
            if (ch.read(header, position + header.position()) < 0) {
                throw new StorageException("no batch at position " + position + " of " + logFile.getFileName());
            }
        }
        return header.getLong(0);
    }

    /** Size of the batch at {@code position} (below the published size). */
    int batchSizeAt(FileChannel ch, long position) throws IOException {
        BatchScanner scan = new BatchScanner(ch, position, size, RecordBatchView.HEADER_SIZE, false);
        if (!scan.next()) {
            throw new StorageException("no valid batch at position " + position + " of " + logFile.getFileName() + ": "
                    + scan.invalidReason());
        }
        return scan.size();
    }

    // ---------------------------------------------------------------- lifecycle

    /** Releases the file handle and index memory of a closed segment; in-flight slices keep the channel open. */
    synchronized void releaseHandles() {
        if (writable) {
            return;
        }
        SharedChannel c = channel;
        channel = null;
        offsetIndex = null;
        timeIndex = null;
        txnIndex.release();
        if (c != null) {
            c.release();
        }
    }

    /** Drops the handles regardless of state (log close). */
    synchronized void closeHandles() {
        writable = false;
        releaseHandles();
    }

    /** Releases the handles and deletes the three files. */
    void delete() throws IOException {
        synchronized (this) {
            deleted = true;
            writable = false;
            releaseHandles();
        }
        Files.deleteIfExists(logFile);
        Files.deleteIfExists(indexFile);
        Files.deleteIfExists(timeIndexFile);
        txnIndex.delete();
    }

    @Override
    public String toString() {
        return "Segment{" + fileStem(baseOffset) + ", size=" + size + ", nextOffset=" + nextOffset + '}';
    }
}
