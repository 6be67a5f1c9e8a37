package io.skiff.storage;

import io.skiff.record.RecordBatchView;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the segments of a partition directory: segments covered by the recovery point are trusted as they are
 * (their indexes load lazily), the last segment after a clean shutdown is trusted up to its last index entry and
 * only its tail is checked, and everything else is scanned batch by batch (framing, magic, CRC-32C, offsets
 * growing) with the indexes rebuilt. The log is cut at the first invalid or torn batch and later segments are
 * dropped, logged at WARN in bytes and batches.
 * <p>Not thread-safe: used by {@link Log#open} before the log is shared.
 */
final class SegmentLoader {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentLoader.class);
    private static final Pattern SEGMENT_FILE = Pattern.compile("(\\d{20})\\.(log|index|timeindex|txnindex)");
    private static final int RECOVERY_BUFFER = 1 << 20;

    private final Path dir;
    private final LogConfig config;
    private final long now;
    private final ProducerStateRecovery producers;

    private SegmentLoader(Path dir, LogConfig config, long now, ProducerStateRecovery producers) {
        this.dir = dir;
        this.config = config;
        this.now = now;
        this.producers = producers;
    }

    /**
     * Loads the segments of {@code dir} in offset order; the last one is open for appends. Creates a first
     * segment at {@code checkpoint.logStartOffset()} when there is none. Before the first segment that must be
     * scanned, the producer state is brought up to that segment's base offset; scanned segments then feed it.
     */
    static List<Segment> load(
            Path dir,
            LogConfig config,
            long now,
            ProducerStateRecovery producers,
            LogCheckpoint checkpoint,
            boolean cleanShutdown)
            throws IOException {
        return new SegmentLoader(dir, config, now, producers).load(checkpoint, cleanShutdown);
    }

    private List<Segment> load(LogCheckpoint checkpoint, boolean cleanShutdown) throws IOException {
        List<Long> bases = segmentBases();
        List<Segment> segments = new ArrayList<>();
        if (bases.isEmpty()) {
            segments.add(Segment.createNew(dir, Math.max(0, checkpoint.logStartOffset()), config.indexIntervalBytes()));
            return segments;
        }
        for (int i = 0; i < bases.size(); i++) {
            Segment seg = Segment.existing(dir, bases.get(i), config.indexIntervalBytes());
            segments.add(seg);
            boolean last = i == bases.size() - 1;
            long upperBound = last ? -1 : bases.get(i + 1);
            boolean truncated;
            if (!last && upperBound <= checkpoint.recoveryPoint()) {
                seg.setClosedState(intSize(seg.logFile()), upperBound);
                truncated = false;
            } else if (last && cleanShutdown) {
                truncated = loadCleanTail(seg, segments);
            } else {
                truncated = recover(seg, upperBound, last, segments);
            }
            if (truncated && !last) {
                dropSegments(bases.subList(i + 1, bases.size()), seg);
                seg.openForAppend();
                return segments;
            }
        }
        segments.get(segments.size() - 1).openForAppend();
        return segments;
    }

    /** Base offsets of the {@code .log} files; removes temp files and index files without a log. */
    private List<Long> segmentBases() throws IOException {
        TreeSet<Long> logs = new TreeSet<>();
        List<Path> indexes = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                Matcher m = SEGMENT_FILE.matcher(name);
                if (m.matches()) {
                    if (m.group(2).equals("log")) {
                        logs.add(Long.parseLong(m.group(1)));
                    } else {
                        indexes.add(f);
                    }
                } else if (name.endsWith(".tmp")) {
                    Files.deleteIfExists(f);
                }
            }
        }
        for (Path idx : indexes) {
            String name = idx.getFileName().toString();
            long base = Long.parseLong(name.substring(0, 20));
            if (!logs.contains(base)) {
                Files.deleteIfExists(idx);
            }
        }
        return new ArrayList<>(logs);
    }

    /**
     * Trusts the last segment of a cleanly closed log: loads its indexes and validates only the batches from the
     * last index entry on. Falls back to a full scan if the indexes are unusable. Returns whether it truncated.
     */
    private boolean loadCleanTail(Segment seg, List<Segment> loaded) throws IOException {
        long fileSize = Files.size(seg.logFile());
        OffsetIndex offsets = OffsetIndex.load(seg.indexFile(), seg.baseOffset(), fileSize, -1);
        TimeIndex times = TimeIndex.load(seg.timeIndexFile(), seg.baseOffset(), -1);
        if (offsets == null || times == null) {
            LOG.warn(
                    "{}: index files of segment {} are missing or corrupt after a clean shutdown; rebuilding",
                    dir,
                    seg.logFile().getFileName());
            return recover(seg, -1, true, loaded);
        }
        IndexBuilder builder = new IndexBuilder(offsets, times, times.last(), config.indexIntervalBytes());
        try (FileChannel ch = FileChannel.open(seg.logFile(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            if (fileSize >= RecordBatchView.HEADER_SIZE) {
                ByteBuffer first = ByteBuffer.allocate(RecordBatchView.HEADER_SIZE);
                ch.read(first, 0);
                long ts = RecordBatchView.headerAt(first, 0).maxTimestamp();
                builder.rollBaseTimestamp(ts >= 0 ? ts : now, ts >= 0);
            }
            int start = offsets.lastPosition();
            long expectedFirst = offsets.entryCount() > 0 ? offsets.lastOffset() : -1;
            ScanResult r = scan(ch, seg, start, fileSize, -1, builder, expectedFirst, false);
            if (r.mismatch) {
                LOG.warn(
                        "{}: offset index of segment {} does not match the log; rebuilding",
                        dir,
                        seg.logFile().getFileName());
                return recover(seg, -1, true, loaded);
            }
            long next = r.lastOffset >= 0 ? r.lastOffset + 1 : offsets.entryCount() > 0 ? -1 : seg.baseOffset();
            if (next < 0) {
                return recover(seg, -1, true, loaded);
            }
            boolean truncated = finishScan(ch, seg, r, fileSize);
            seg.setRecovered(r.validEnd, next, builder);
            return truncated;
        }
    }

    /** Scans a whole segment, rebuilding its indexes; truncates at the first bad batch. Returns whether it cut. */
    private boolean recover(Segment seg, long upperBound, boolean last, List<Segment> loaded) throws IOException {
        // The segments before this one are trusted: the producer state is rebuilt up to here from a snapshot
        // and them, then this segment feeds it (rebuilding its transaction index on the way).
        producers.catchUp(seg.baseOffset(), loaded.get(0).baseOffset(), loaded.subList(0, loaded.size() - 1));
        seg.txnIndex().reset();
        try (FileChannel ch = FileChannel.open(seg.logFile(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long fileSize = ch.size();
            IndexBuilder builder = new IndexBuilder(seg.baseOffset(), config.indexIntervalBytes());
            ScanResult r = scan(ch, seg, 0, fileSize, upperBound, builder, -1, true);
            boolean truncated = finishScan(ch, seg, r, fileSize);
            long next = r.lastOffset >= 0 ? r.lastOffset + 1 : seg.baseOffset();
            if (last || truncated) {
                seg.setRecovered(r.validEnd, next, builder);
            } else {
                // Not forced here: it stays above the recovery point until the next roll or close forces it.
                seg.setClosedState(r.validEnd, next);
                seg.installRebuiltIndexes(builder);
            }
            return truncated;
        }
    }

    private static final class ScanResult {
        int validEnd;
        long lastOffset = -1;
        int batches;
        String reason;
        boolean mismatch;
    }

    private ScanResult scan(
            FileChannel ch,
            Segment seg,
            int start,
            long fileSize,
            long upperBound,
            IndexBuilder builder,
            long expectedFirst,
            boolean feedProducers)
            throws IOException {
        ScanResult r = new ScanResult();
        r.validEnd = start;
        long prevLast = seg.baseOffset() - 1;
        BatchScanner scan = new BatchScanner(ch, start, fileSize, RECOVERY_BUFFER, true);
        while (scan.next()) {
            BatchInfo info = scan.info();
            if (r.batches == 0 && expectedFirst >= 0 && info.baseOffset() != expectedFirst) {
                r.mismatch = true;
                return r;
            }
            // Offsets are outside the CRC, so continuity is what catches a damaged base offset. (Compaction, when it
            // comes, leaves gaps between batches and will relax this to "greater than".)
            boolean follows =
                    r.batches == 0 && start > 0 ? info.baseOffset() > prevLast : info.baseOffset() == prevLast + 1;
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
            if (feedProducers) {
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
    private boolean finishScan(FileChannel ch, Segment seg, ScanResult r, long fileSize) throws IOException {
        if (r.validEnd >= fileSize) {
            return false;
        }
        long cut = fileSize - r.validEnd;
        int frames = countFrames(ch, r.validEnd, fileSize);
        ch.truncate(r.validEnd);
        ch.force(true);
        LOG.warn(
                "{}: truncated segment {} at position {}: removed {} bytes ({} batch{}) because {}",
                dir,
                seg.logFile().getFileName(),
                r.validEnd,
                cut,
                frames,
                frames == 1 ? "" : "es",
                r.reason);
        return true;
    }

    /** Best-effort count of batch frames in [from, end), for the truncation warning (at least 1). */
    private static int countFrames(FileChannel ch, long from, long end) throws IOException {
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

    private void dropSegments(List<Long> bases, Segment survivor) throws IOException {
        for (long base : bases) {
            Segment s = Segment.existing(dir, base, config.indexIntervalBytes());
            long bytes = Files.exists(s.logFile()) ? Files.size(s.logFile()) : 0;
            int frames = 0;
            if (bytes > 0) {
                try (FileChannel ch = FileChannel.open(s.logFile(), StandardOpenOption.READ)) {
                    frames = countFrames(ch, 0, bytes);
                }
            }
            s.delete();
            LOG.warn(
                    "{}: deleted segment {} ({} bytes, about {} batches) that followed the truncated segment {}",
                    dir,
                    s.logFile().getFileName(),
                    bytes,
                    frames,
                    survivor.logFile().getFileName());
        }
    }

    /** Rebuilds the indexes of a closed segment from its log (headers only) and writes them. */
    static void rebuildIndexes(Segment seg, int indexIntervalBytes) throws IOException {
        LOG.warn("index files of segment {} are missing or corrupt; rebuilding them from the log", seg.logFile());
        IndexBuilder builder = new IndexBuilder(seg.baseOffset(), indexIntervalBytes);
        try (FileChannel ch = FileChannel.open(seg.logFile(), StandardOpenOption.READ)) {
            BatchScanner scan = new BatchScanner(ch, 0, seg.size(), 64 * 1024, false);
            while (scan.next()) {
                RecordBatchView header = scan.header();
                builder.onBatch(header.baseOffset(), header.maxTimestamp(), (int) scan.position(), scan.size(), 0);
            }
        }
        seg.installRebuiltIndexes(builder);
    }

    private static int intSize(Path file) throws IOException {
        long size = Files.size(file);
        if (size > Integer.MAX_VALUE) {
            throw new IOException("segment " + file + " is larger than 2 GiB");
        }
        return (int) size;
    }
}
