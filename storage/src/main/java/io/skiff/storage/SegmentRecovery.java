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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loading half of a {@link Segment} found on disk: trusting it below the recovery point
 * ({@link #loadTrusted}), checking only its tail after a clean shutdown ({@link #loadAfterCleanShutdown}), or
 * recovering it ({@link #recover}). Each walks the batches it reads: validates each batch (framing, magic, CRC-32C,
 * counts, base offsets following each other, staying below the next segment), feeds it to the index builder (and
 * to the producer state, when given), and cuts the file after the last valid batch, logging what was cut at WARN.
 * <p>Not thread-safe: one walk per instance, by the thread that opens the log.
 */
final class SegmentRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentRecovery.class);
    private static final int RECOVERY_BUFFER = 1 << 20;

    // ------------------------------------------------------------ loading a segment found on disk

    /** What {@link #loadAfterCleanShutdown} found. */
    enum TailCheck {
        INTACT,
        TRUNCATED,
        /** The index files cannot be trusted: the segment must be {@link SegmentRecovery#recover recovered} instead. */
        NEEDS_RECOVERY
    }

    /**
     * Trusts a closed segment below the recovery point (forced, with index files) without recovering it: its size
     * is its file's and it ends where the next segment begins; only its tail is checked ({@link #checkTrustedTail}).
     * Its indexes load on demand. Returns the offset after its last batch.
     */
    static long loadTrusted(Segment seg, long nextSegmentBase) throws IOException {
        long fileSize = Files.size(seg.logFile());
        if (fileSize > Integer.MAX_VALUE) {
            throw new IOException("segment " + seg.logFile() + " is larger than 2 GiB");
        }
        long end = checkTrustedTail(seg, fileSize);
        seg.loaded((int) fileSize, nextSegmentBase);
        return end;
    }

    /**
     * Checks that a trusted segment still ends with whole batches, reading only the headers after its last
     * offset-index entry (all of them if the index is missing or torn): a segment cut short outside Skiff is
     * refused, naming the file, rather than served with batches missing. Returns the offset after its last batch
     * (its base offset if it is empty).
     */
    private static long checkTrustedTail(Segment seg, long fileSize) throws IOException {
        Path logFile = seg.logFile();
        long baseOffset = seg.baseOffset();
        long indexed = lastIndexedPosition(seg.indexFile());
        if (indexed >= fileSize && OffsetIndex.load(seg.indexFile(), baseOffset, Integer.MAX_VALUE, -1) == null) {
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
            BatchScanner scan = new BatchScanner(ch, from, fileSize, Segment.HEADER_SCAN_BUFFER, false);
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
     * Recovers {@code seg} in the shape of Kafka's {@code LogSegment.recover()}: reads every batch, validating it
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
    static boolean recover(Segment seg, long upperBound, boolean forAppend, ProducerStateRecovery producers, long now)
            throws IOException {
        seg.txnIndex().reset();
        try (FileChannel ch = FileChannel.open(seg.logFile(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long fileSize = ch.size();
            IndexBuilder b = new IndexBuilder(seg.baseOffset(), seg.indexIntervalBytes());
            SegmentRecovery r = walk(ch, seg, 0, fileSize, upperBound, b, -1, producers, now);
            boolean truncated = r.truncateInvalidTail(ch, seg, fileSize);
            seg.loaded(r.validEnd, r.lastOffset >= 0 ? r.lastOffset + 1 : seg.baseOffset());
            if (forAppend || truncated) {
                seg.install(b);
            } else {
                seg.installRebuiltIndexes(b);
            }
            return truncated;
        }
    }

    /**
     * Loads the last segment of a cleanly closed log: trusts its index files and validates only the batches from
     * the last offset-index entry on (cutting an invalid tail), so the cost does not grow with the segment's size.
     * The producer state is not fed: the snapshot taken at close covers the segment.
     */
    static TailCheck loadAfterCleanShutdown(Segment seg, long now) throws IOException {
        long fileSize = Files.size(seg.logFile());
        OffsetIndex offsets = OffsetIndex.load(seg.indexFile(), seg.baseOffset(), fileSize, -1);
        TimeIndex times = TimeIndex.load(seg.timeIndexFile(), seg.baseOffset(), -1);
        if (offsets == null || times == null) {
            return TailCheck.NEEDS_RECOVERY;
        }
        IndexBuilder b = new IndexBuilder(offsets, times, times.last(), seg.indexIntervalBytes());
        try (FileChannel ch = FileChannel.open(seg.logFile(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (fileSize >= RecordBatchView.HEADER_SIZE) {
                ByteBuffer first = ByteBuffer.allocate(RecordBatchView.HEADER_SIZE);
                ch.read(first, 0);
                long ts = RecordBatchView.headerAt(first, 0).maxTimestamp();
                b.rollBaseTimestamp(ts >= 0 ? ts : now, ts >= 0);
            }
            long expectedFirst = offsets.entryCount() > 0 ? offsets.lastOffset() : -1;
            SegmentRecovery r = walk(ch, seg, offsets.lastPosition(), fileSize, -1, b, expectedFirst, null, now);
            long next = r.lastOffset >= 0 ? r.lastOffset + 1 : offsets.entryCount() > 0 ? -1 : seg.baseOffset();
            if (r.mismatch || next < 0) {
                return TailCheck.NEEDS_RECOVERY;
            }
            boolean truncated = r.truncateInvalidTail(ch, seg, fileSize);
            seg.install(b);
            seg.loaded(r.validEnd, next);
            return truncated ? TailCheck.TRUNCATED : TailCheck.INTACT;
        }
    }

    /** Position in the last entry of the {@code .index} file; -1 if the file is missing, empty or torn. */
    private static long lastIndexedPosition(Path indexFile) throws IOException {
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

    // ------------------------------------------------------------ the walk

    /** Where the walk ended: the end of the last valid batch, its last offset, and why it stopped early. */
    int validEnd;

    long lastOffset = -1;
    int batches;
    String reason;
    /** The first batch did not start at {@code expectedFirst}: the trusted index does not match the log. */
    boolean mismatch;

    private SegmentRecovery(int start) {
        this.validEnd = start;
    }

    /**
     * Walks the batches of {@code seg} in [{@code start}, {@code fileSize}).
     *
     * @param upperBound    base offset of the next segment (batches must end below it), or -1
     * @param expectedFirst base offset the first batch must have (a trusted index entry), or -1
     * @param producers     fed every valid batch (aborted transactions go to {@code seg}'s index), or null
     */
    static SegmentRecovery walk(
            FileChannel ch,
            Segment seg,
            int start,
            long fileSize,
            long upperBound,
            IndexBuilder builder,
            long expectedFirst,
            ProducerStateRecovery producers,
            long now)
            throws IOException {
        SegmentRecovery r = new SegmentRecovery(start);
        long prevLast = seg.baseOffset() - 1;
        BatchScanner scan = new BatchScanner(ch, start, fileSize, RECOVERY_BUFFER, true);
        while (scan.next()) {
            BatchInfo info = scan.info();
            if (r.batches == 0 && expectedFirst >= 0 && info.baseOffset() != expectedFirst) {
                r.mismatch = true;
                return r;
            }
            // Offsets are outside the CRC, so continuity is what catches a damaged base offset. Compaction leaves gaps
            // between batches of the segments it rewrites, which are never the last one (the active segment is not
            // cleaned): there offsets need only grow, and stay below the next segment.
            boolean gapsAllowed = upperBound >= 0 || (r.batches == 0 && start > 0);
            boolean follows = gapsAllowed ? info.baseOffset() > prevLast : info.baseOffset() == prevLast + 1;
            if (!follows) {
                r.reason = "batch base offset " + info.baseOffset() + " does not follow offset " + prevLast;
                break;
            }
            if (upperBound >= 0 && info.lastOffset() >= upperBound) {
                r.reason = "batch last offset " + info.lastOffset() + " reaches into the next segment at " + upperBound;
                break;
            }
            if (scan.position() + scan.size() > Integer.MAX_VALUE) {
                r.reason = "segment larger than 2 GiB";
                break;
            }
            if (producers != null) {
                producers.onRecoveredBatch(info, scan, seg);
            }
            builder.onBatch(info.baseOffset(), info.maxTimestamp(), (int) scan.position(), scan.size(), now);
            prevLast = info.lastOffset();
            r.lastOffset = prevLast;
            r.validEnd = (int) (scan.position() + scan.size());
            r.batches++;
        }
        if (r.reason == null) {
            r.reason = scan.invalidReason();
        }
        return r;
    }

    /** Cuts the file after the last valid batch if anything follows it. Returns whether it cut. */
    boolean truncateInvalidTail(FileChannel ch, Segment seg, long fileSize) throws IOException {
        if (validEnd >= fileSize) {
            return false;
        }
        long cut = fileSize - validEnd;
        int frames = countFrames(ch, validEnd, fileSize);
        ch.truncate(validEnd);
        ch.force(true);
        LOG.warn(
                "{}: truncated segment {} at position {}: removed {} bytes ({} batch{}) because {}",
                seg.logFile().getParent().getFileName(),
                seg.logFile().getFileName(),
                validEnd,
                cut,
                frames,
                frames == 1 ? "" : "es",
                reason);
        return true;
    }

    /** Best-effort count of batch frames in [from, end), for truncation warnings (at least 1). */
    static int countFrames(FileChannel ch, long from, long end) throws IOException {
        int frames = 0;
        long pos = from;
        ByteBuffer framing = ByteBuffer.allocate(RecordBatchView.LOG_OVERHEAD);
        while (pos < end && frames < 1_000_000) {
            frames++;
            framing.clear();
            if (end - pos < RecordBatchView.LOG_OVERHEAD || ch.read(framing, pos) < RecordBatchView.LOG_OVERHEAD) {
                break;
            }
            int length = framing.getInt(RecordBatchView.LENGTH_OFFSET);
            if (length < RecordBatchView.HEADER_SIZE - RecordBatchView.LOG_OVERHEAD) {
                break;
            }
            pos += RecordBatchView.LOG_OVERHEAD + (long) length;
        }
        return Math.max(1, frames);
    }
}
