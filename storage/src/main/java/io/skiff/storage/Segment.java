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

import io.skiff.record.BatchMetadata;
import io.skiff.record.RecordBatchView;
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
    private static final int HEADER_SCAN_BUFFER = 16 * 1024;

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
     * A segment found on disk, not read yet: it loads itself with {@link #loadTrusted}, {@link #recover} or
     * {@link #loadAfterCleanShutdown}.
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

    /** What {@link #loadAfterCleanShutdown} found. */
    enum TailCheck {
        INTACT,
        TRUNCATED,
        /** The index files cannot be trusted: the segment must be {@link #recover recovered} instead. */
        NEEDS_RECOVERY
    }

    /**
     * Trusts a closed segment below the recovery point (forced, with index files) without recovering it: its size
     * is its file's and it ends where the next segment begins; only its tail is checked ({@link #checkTrustedTail}).
     * Its indexes load on demand. Returns the offset after its last batch.
     */
    long loadTrusted(long nextSegmentBase) throws IOException {
        long fileSize = Files.size(logFile);
        if (fileSize > Integer.MAX_VALUE) {
            throw new IOException("segment " + logFile + " is larger than 2 GiB");
        }
        long end = checkTrustedTail(fileSize);
        this.nextOffset = nextSegmentBase;
        this.size = (int) fileSize;
        return end;
    }

    /**
     * Checks that a trusted segment still ends with whole batches, reading only the headers after its last
     * offset-index entry (all of them if the index is missing or torn): a segment cut short outside Skiff is
     * refused, naming the file, rather than served with batches missing. Returns the offset after its last batch
     * (its base offset if it is empty).
     */
    private long checkTrustedTail(long fileSize) throws IOException {
        long indexed = lastIndexedPosition();
        if (indexed >= fileSize && OffsetIndex.load(indexFile, baseOffset, Integer.MAX_VALUE, -1) == null) {
            indexed = -1; // the index itself is garbage (it is rebuilt when loaded), not a sign of a short log
        }
        if (indexed >= fileSize) {
            throw new IOException("segment " + logFile + " was truncated: it has " + fileSize
                    + " bytes but its index has a batch at position " + indexed
                    + "; restore the file, or delete it and the segments after it to accept losing them");
        }
        long from = Math.max(indexed, 0);
        long next = baseOffset;
        try (FileChannel ch = FileChannel.open(logFile, StandardOpenOption.READ)) {
            BatchScanner scan = new BatchScanner(ch, from, fileSize, HEADER_SCAN_BUFFER, false);
            while (scan.next()) {
                next = scan.header().lastOffset() + 1;
            }
            if (scan.invalidReason() != null) {
                throw new IOException("segment " + logFile + " is damaged after position " + from + " ("
                        + scan.invalidReason()
                        + "); restore the file, or delete it and the segments after it to accept losing them");
            }
        }
        return next;
    }

    /**
     * Recovers this segment in the shape of Kafka's {@code LogSegment.recover()}: reads every batch, validating it
     * (framing, magic, CRC-32C, counts, offsets following each other and ending below {@code upperBound}), rebuilds
     * the offset and time indexes and the transaction index, feeds each batch to the producer state, and truncates
     * the file at the first invalid batch. The caller has brought the producer state up to this segment's base
     * offset.
     *
     * @param upperBound base offset of the next segment, or -1 for the last one
     * @param forAppend  the segment becomes the active one (its indexes stay in memory) rather than a closed one
     *                   (its index files are written; not forced: it stays above the recovery point until the next
     *                   roll or close forces it)
     * @return whether the file was truncated
     */
    boolean recover(long upperBound, boolean forAppend, ProducerStateRecovery producers, long now) throws IOException {
        txnIndex.reset();
        try (FileChannel ch = FileChannel.open(logFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long fileSize = ch.size();
            IndexBuilder b = new IndexBuilder(baseOffset, indexIntervalBytes);
            SegmentRecovery r = SegmentRecovery.walk(ch, this, 0, fileSize, upperBound, b, -1, producers, now);
            boolean truncated = r.truncateInvalidTail(ch, this, fileSize);
            this.nextOffset = r.lastOffset >= 0 ? r.lastOffset + 1 : baseOffset;
            this.size = r.validEnd;
            if (forAppend || truncated) {
                install(b);
            } else {
                installRebuiltIndexes(b);
            }
            return truncated;
        }
    }

    /**
     * Loads the last segment of a cleanly closed log: trusts its index files and validates only the batches from
     * the last offset-index entry on (cutting an invalid tail), so the cost does not grow with the segment's size.
     * The producer state is not fed: the snapshot taken at close covers the segment.
     */
    TailCheck loadAfterCleanShutdown(long now) throws IOException {
        long fileSize = Files.size(logFile);
        OffsetIndex offsets = OffsetIndex.load(indexFile, baseOffset, fileSize, -1);
        TimeIndex times = TimeIndex.load(timeIndexFile, baseOffset, -1);
        if (offsets == null || times == null) {
            return TailCheck.NEEDS_RECOVERY;
        }
        IndexBuilder b = new IndexBuilder(offsets, times, times.last(), indexIntervalBytes);
        try (FileChannel ch = FileChannel.open(logFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (fileSize >= RecordBatchView.HEADER_SIZE) {
                ByteBuffer first = ByteBuffer.allocate(RecordBatchView.HEADER_SIZE);
                ch.read(first, 0);
                long ts = RecordBatchView.headerAt(first, 0).maxTimestamp();
                b.rollBaseTimestamp(ts >= 0 ? ts : now, ts >= 0);
            }
            long expectedFirst = offsets.entryCount() > 0 ? offsets.lastOffset() : -1;
            SegmentRecovery r =
                    SegmentRecovery.walk(ch, this, offsets.lastPosition(), fileSize, -1, b, expectedFirst, null, now);
            long next = r.lastOffset >= 0 ? r.lastOffset + 1 : offsets.entryCount() > 0 ? -1 : baseOffset;
            if (r.mismatch || next < 0) {
                return TailCheck.NEEDS_RECOVERY;
            }
            boolean truncated = r.truncateInvalidTail(ch, this, fileSize);
            install(b);
            this.nextOffset = next;
            this.size = r.validEnd;
            return truncated ? TailCheck.TRUNCATED : TailCheck.INTACT;
        }
    }

    /** Position in the last entry of the {@code .index} file; -1 if the file is missing, empty or torn. */
    private long lastIndexedPosition() throws IOException {
        if (!Files.isRegularFile(indexFile)) {
            return -1;
        }
        try (FileChannel ch = FileChannel.open(indexFile, StandardOpenOption.READ)) {
            long n = ch.size();
            if (n == 0 || n % OffsetIndex.ENTRY_SIZE != 0) {
                return -1;
            }
            ByteBuffer position = ByteBuffer.allocate(Integer.BYTES);
            while (position.hasRemaining()) {
                if (ch.read(position, n - Integer.BYTES + position.position()) < 0) {
                    return -1;
                }
            }
            return Integer.toUnsignedLong(position.getInt(0));
        }
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
            BatchMetadata b = v.batch(i);
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
    private void installRebuiltIndexes(IndexBuilder b) throws IOException {
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
