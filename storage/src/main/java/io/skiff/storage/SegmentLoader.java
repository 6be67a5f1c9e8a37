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

import java.io.IOException;
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
 * Opens the segments of a partition directory and decides how each loads ({@link SegmentRecovery}): segments
 * covered by the recovery point are trusted as they are ({@code loadTrusted}, indexes load lazily), the last segment
 * after a clean shutdown checks only its tail ({@code loadAfterCleanShutdown}), and every other segment is recovered
 * ({@code recover}) once the producer state has been brought up to it. When a segment was cut at an
 * invalid or torn batch, the segments after it are dropped, logged at WARN in bytes and batches.
 * <p>Not thread-safe: used by {@link Log#open} before the log is shared.
 */
final class SegmentLoader {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentLoader.class);
    private static final Pattern SEGMENT_FILE = Pattern.compile("(\\d{20})\\.(log|index|timeindex|txnindex)");
    // Producer snapshots, the log checkpoint, the clean-shutdown marker, and the broker's partition.metadata.
    private static final Pattern KNOWN_FILE =
            Pattern.compile("\\d{20}\\.snapshot|" + Pattern.quote(LogCheckpoint.FILE_NAME) + "|"
                    + Pattern.quote(Log.CLEAN_SHUTDOWN_FILE) + "|partition\\.metadata");

    private final Path dir;
    private final LogConfig config;
    private final long now;
    private final ProducerStateRecovery producers;
    private final FileChannelFactory files;

    private SegmentLoader(
            Path dir, LogConfig config, long now, ProducerStateRecovery producers, FileChannelFactory files) {
        this.dir = dir;
        this.files = files;
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
            boolean cleanShutdown,
            FileChannelFactory files)
            throws IOException {
        return new SegmentLoader(dir, config, now, producers, files).load(checkpoint, cleanShutdown);
    }

    private List<Segment> load(LogCheckpoint checkpoint, boolean cleanShutdown) throws IOException {
        SegmentSwap.recover(dir);
        List<Long> bases = segmentBases();
        List<Segment> segments = new ArrayList<>();
        if (bases.isEmpty()) {
            segments.add(Segment.createNew(
                    dir, Math.max(0, checkpoint.logStartOffset()), config.indexIntervalBytes(), files));
            return segments;
        }
        for (int i = 0; i < bases.size(); i++) {
            Segment seg = Segment.existing(dir, bases.get(i), config.indexIntervalBytes(), files);
            segments.add(seg);
            boolean last = i == bases.size() - 1;
            long upperBound = last ? -1 : bases.get(i + 1);
            boolean truncated;
            if (!last && upperBound <= checkpoint.recoveryPoint()) {
                long end = SegmentRecovery.loadTrusted(seg, upperBound);
                checkContiguous(seg, end, bases.get(i + 1));
                truncated = false;
            } else if (last && cleanShutdown) {
                SegmentRecovery.TailCheck tail = SegmentRecovery.loadAfterCleanShutdown(seg, now);
                if (tail == SegmentRecovery.TailCheck.NEEDS_RECOVERY) {
                    LOG.warn(
                            "{}: index files of segment {} are missing, corrupt or do not match the log after a"
                                    + " clean shutdown; recovering it",
                            dir,
                            seg.logFile().getFileName());
                    truncated = recover(seg, upperBound, true, segments);
                } else {
                    truncated = tail == SegmentRecovery.TailCheck.TRUNCATED;
                }
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

    /**
     * A trusted segment must end at or before the next one's base; a gap before it is normal after compaction and
     * otherwise means segment files were lost outside Skiff: logged, and reads skip the missing offsets.
     */
    private void checkContiguous(Segment seg, long end, long nextBase) throws IOException {
        String next = Segment.fileStem(nextBase) + Segment.LOG_SUFFIX;
        if (end > nextBase) {
            throw new IOException("segment " + seg.logFile() + " holds offsets up to " + (end - 1)
                    + ", beyond the start of the next segment " + next);
        }
        if (end < nextBase && !config.compact()) {
            LOG.warn(
                    "{}: offsets {} to {} are missing: segment {} ends before the next segment {} begins (files"
                            + " lost outside Skiff?); reads skip them",
                    dir,
                    end,
                    nextBase - 1,
                    seg.logFile().getFileName(),
                    next);
        }
    }

    /** Base offsets of the {@code .log} files; removes temp files and index files without a log. */
    private List<Long> segmentBases() throws IOException {
        TreeSet<Long> logs = new TreeSet<>();
        List<Path> indexes = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path f : entries) {
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
                } else if (!KNOWN_FILE.matcher(name).matches()) {
                    LOG.warn("{}: ignoring unknown file {} in the partition directory", dir, name);
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

    /** Brings the producer state up to {@code seg} (from the segments before it), then lets {@code seg} recover. */
    private boolean recover(Segment seg, long upperBound, boolean last, List<Segment> loaded) throws IOException {
        producers.catchUp(seg.baseOffset(), loaded.get(0).baseOffset(), loaded.subList(0, loaded.size() - 1));
        return SegmentRecovery.recover(seg, upperBound, last, producers, now);
    }

    private void dropSegments(List<Long> bases, Segment survivor) throws IOException {
        for (long base : bases) {
            Segment s = Segment.existing(dir, base, config.indexIntervalBytes(), files);
            long bytes = Files.exists(s.logFile()) ? Files.size(s.logFile()) : 0;
            int frames = 0;
            if (bytes > 0) {
                try (FileChannel ch = FileChannel.open(s.logFile(), StandardOpenOption.READ)) {
                    frames = SegmentRecovery.countFrames(ch, 0, bytes);
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
}
