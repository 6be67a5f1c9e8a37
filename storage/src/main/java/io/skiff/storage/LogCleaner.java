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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compacts the logs whose {@code cleanup.policy} includes {@code compact}, as Kafka's {@code LogCleaner} and
 * {@code LogCleanerManager} do: {@code log.cleaner.threads} threads each take the dirtiest cleanable log (dirty
 * bytes over total bytes at least {@code min.cleanable.dirty.ratio}, or a dirty record older than
 * {@code max.compaction.lag.ms}, or a delete horizon that has passed), clean it with a {@link Cleaner}, and pause
 * {@code log.cleaner.backoff.ms} when none is. The dirty section starts at the log's first dirty offset, kept in
 * {@code cleaner-offset-checkpoint} in the data directory (Kafka's file and format), and ends at the first
 * uncleanable offset: the active segment, the segment holding the last stable offset, or the first segment with a
 * record younger than {@code min.compaction.lag.ms}. {@link #compactNow} cleans one log at once by the same rules.
 * Each cleaner's offset map starts at 1 MiB and grows fourfold, up to its share of
 * {@code log.cleaner.dedupe.buffer.size}, when a cleaning needs more; it is kept for the next cleaning.
 *
 * <p>Thread-safe. A log is cleaned by one thread at a time; the bookkeeping is guarded by this object's monitor.
 */
public final class LogCleaner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LogCleaner.class);
    public static final String CHECKPOINT_FILE = "cleaner-offset-checkpoint";

    private final CleanerConfig config;
    private final Path dataDir;
    private final Clock clock;
    private final Supplier<? extends Collection<Log>> logs;
    private final IoThrottler throttler;
    private final Deque<Cleaner> idle = new ArrayDeque<>(); // guarded by this
    private final List<Cleaner> all = new ArrayList<>(); // guarded by this
    private final Map<String, Long> firstDirty = new TreeMap<>(); // guarded by this
    private final Map<String, Long> deleteHorizons = new HashMap<>(); // guarded by this
    private final Map<String, Long> failedUntil = new HashMap<>(); // guarded by this
    private final Set<Log> inProgress = new HashSet<>(); // guarded by this
    private final List<Thread> threads = new ArrayList<>();
    private volatile SegmentSwap.StepListener steps = SegmentSwap.StepListener.NONE;
    private volatile boolean closed;

    private LogCleaner(CleanerConfig config, Path dataDir, Clock clock, Supplier<? extends Collection<Log>> logs) {
        this.config = config;
        this.dataDir = dataDir;
        this.clock = clock;
        this.logs = logs;
        this.throttler = new IoThrottler(config.maxIoBytesPerSecond());
        readCheckpoint();
    }

    /**
     * A cleaner over the logs {@code logs} returns (asked again on every pass), with its threads started when
     * {@code config.enabled()} and {@code config.threads() > 0}.
     *
     * @param dataDir where {@code cleaner-offset-checkpoint} lives
     */
    public static LogCleaner start(
            CleanerConfig config, Path dataDir, Clock clock, Supplier<? extends Collection<Log>> logs) {
        LogCleaner cleaner = new LogCleaner(config, dataDir, clock, logs);
        if (config.enabled()) {
            for (int i = 0; i < config.threads(); i++) {
                Thread t = new Thread(cleaner::runThread, "skiff-log-cleaner-" + i);
                t.setDaemon(true);
                cleaner.threads.add(t);
                t.start();
            }
        }
        return cleaner;
    }

    /** Test hook: called after every step of every swap. */
    void stepListener(SegmentSwap.StepListener listener) {
        this.steps = listener;
    }

    /**
     * Cleans {@code log} now, whatever its dirty ratio, by the cleaner's rules otherwise (the active segment, open
     * transactions and {@code min.compaction.lag.ms} are respected; tombstones stay until their delete horizon).
     * Waits while a cleaner thread works on the same log.
     */
    public CompactionResult compactNow(Log log) {
        if (!log.config().compact()) {
            throw new IllegalArgumentException(
                    log.dir().getFileName() + " is not compacted: its cleanup.policy does not include compact");
        }
        if (log.swapIncomplete()) {
            throw new StorageException(
                    log.dir() + " has an unfinished segment swap; it is finished when the log is" + " opened again");
        }
        claim(log);
        try {
            long now = clock.millis();
            CleanableOffsets o = offsetsToClean(log, now);
            CompactionResult total = CompactionResult.NONE;
            long from = o.firstDirty;
            do {
                Cleaner.CleanResult r = cleanWithCleaner(log, from, o.uncleanable, true);
                total = total.plus(r);
                if (r.aborted || r.endOffset <= from) {
                    break;
                }
                from = r.endOffset;
            } while (from < o.uncleanable);
            return total;
        } finally {
            release(log);
        }
    }

    /** Where the next cleaning of {@code log} starts. */
    public synchronized long firstDirtyOffset(Log log) {
        return validFirstDirty(log, firstDirty.get(name(log)));
    }

    private void runThread() {
        while (!closed) {
            Candidate c = grabFilthiest();
            if (c == null) {
                synchronized (this) {
                    if (!closed) {
                        try {
                            wait(Math.max(1, config.backoffMs()));
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
                continue;
            }
            try {
                Cleaner.CleanResult r =
                        cleanWithCleaner(c.log, c.offsets.firstDirty, c.offsets.uncleanable, c.horizonDue);
                LOG.info("Compacted {}: {}", c.log.dir().getFileName(), r);
            } catch (RuntimeException e) {
                if (closed || c.log.isClosed()) {
                    LOG.debug("Compaction of {} stopped: {}", c.log.dir().getFileName(), e.toString());
                } else {
                    LOG.warn(
                            "Compaction of {} failed; retrying after {} ms",
                            c.log.dir().getFileName(),
                            config.backoffMs(),
                            e);
                    synchronized (this) {
                        failedUntil.put(name(c.log), clock.millis() + config.backoffMs());
                    }
                }
            } catch (OutOfMemoryError e) {
                LOG.error(
                        "Compaction of {} ran out of memory; lower log.cleaner.dedupe.buffer.size",
                        c.log.dir().getFileName());
                synchronized (this) {
                    failedUntil.put(name(c.log), clock.millis() + config.backoffMs());
                }
            } finally {
                release(c.log);
            }
        }
    }

    private Cleaner.CleanResult cleanWithCleaner(Log log, long from, long uncleanable, boolean rewriteClean) {
        Cleaner cleaner = borrow();
        try {
            cleaner.stepListener(steps);
            Cleaner.CleanResult r = cleaner.clean(log, from, uncleanable, rewriteClean);
            if (!r.aborted) {
                recordCleaned(log, r);
            }
            return r;
        } catch (IOException e) {
            throw new StorageException("compacting " + log.dir() + " failed: " + e.getMessage(), e);
        } finally {
            giveBack(cleaner);
        }
    }

    // ---------------------------------------------------------------- choosing

    record Candidate(Log log, CleanableOffsets offsets, double ratio, boolean horizonDue) {}

    /** The cleanable offsets of a log and the byte counts its dirty ratio is computed from. */
    record CleanableOffsets(long firstDirty, long uncleanable, long cleanBytes, long dirtyBytes, boolean maxLagDue) {
        double dirtyRatio() {
            long total = cleanBytes + dirtyBytes;
            return total == 0 ? 0 : (double) dirtyBytes / total;
        }
    }

    /**
     * The compacted log most worth cleaning now, marked in progress (until {@link #release}): the highest dirty
     * ratio at or above its {@code min.cleanable.dirty.ratio}, a log whose max compaction lag or delete horizon is due
     * before any other; null when none qualifies. Package-private for tests.
     */
    synchronized Candidate grabFilthiest() {
        if (closed) {
            return null;
        }
        long now = clock.millis();
        Candidate best = null;
        for (Log log : logs.get()) {
            if (!log.config().compact() || log.isClosed() || log.swapIncomplete() || inProgress.contains(log)) {
                continue;
            }
            String name = name(log);
            Long failed = failedUntil.get(name);
            if (failed != null && failed > now) {
                continue;
            }
            try {
                CleanableOffsets o = offsetsToClean(log, now);
                Long horizon = deleteHorizons.get(name);
                boolean horizonDue = horizon != null && horizon <= now;
                double ratio = o.dirtyRatio();
                boolean cleanable =
                        o.uncleanable > o.firstDirty && (ratio >= log.config().minCleanableDirtyRatio() || o.maxLagDue);
                if (!cleanable && !horizonDue) {
                    continue;
                }
                double rank = o.maxLagDue || horizonDue ? Double.MAX_VALUE : ratio;
                if (best == null || rank > best.ratio) {
                    best = new Candidate(log, o, rank, horizonDue);
                }
            } catch (RuntimeException e) {
                LOG.debug("Skipping {} this round: {}", name, e.toString());
            }
        }
        if (best != null) {
            inProgress.add(best.log);
        }
        return best;
    }

    /** Kafka's {@code cleanableOffsets}, segment-granular. */
    CleanableOffsets offsetsToClean(Log log, long now) {
        long first;
        synchronized (this) {
            first = validFirstDirty(log, firstDirty.get(name(log)));
        }
        long uncleanable = log.activeSegmentBase();
        Segment lsoSegment = log.segments().floor(log.lastStableOffset());
        if (lsoSegment != null) {
            uncleanable = Math.min(uncleanable, lsoSegment.baseOffset());
        }
        long minLag = log.config().minCompactionLagMs();
        List<Segment> dirty = log.segments().closed(first, uncleanable);
        long dirtyBytes = 0;
        boolean maxLagDue = false;
        boolean firstSegment = true;
        for (Segment s : dirty) {
            long maxTs = maxTimestamp(s);
            if (minLag > 0 && maxTs > now - minLag) {
                uncleanable = Math.min(uncleanable, s.baseOffset());
                break;
            }
            if (firstSegment && maxTs >= 0 && now - maxTs > log.config().maxCompactionLagMs()) {
                maxLagDue = true;
            }
            firstSegment = false;
            dirtyBytes += s.size();
        }
        uncleanable = Math.max(first, uncleanable);
        long cleanBytes = 0;
        for (Segment s : log.segments().closed(0, first)) {
            if (s.nextOffset() <= first) {
                cleanBytes += s.size();
            }
        }
        return new CleanableOffsets(first, uncleanable, cleanBytes, dirtyBytes, maxLagDue);
    }

    private static long maxTimestamp(Segment s) {
        try {
            TimestampOffset t = s.maxTimestamp();
            return t == null ? -1 : t.timestamp();
        } catch (IOException e) {
            throw new StorageException("reading the time index of " + s.logFile() + " failed: " + e.getMessage(), e);
        }
    }

    private static long validFirstDirty(Log log, Long checkpointed) {
        long start = log.logStartOffset();
        if (checkpointed == null || checkpointed < start || checkpointed > log.logEndOffset()) {
            return start;
        }
        return checkpointed;
    }

    private synchronized void claim(Log log) {
        while (inProgress.contains(log)) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StorageException("interrupted while waiting to compact " + log.dir());
            }
        }
        inProgress.add(log);
    }

    private synchronized void release(Log log) {
        inProgress.remove(log);
        notifyAll();
    }

    // ---------------------------------------------------------------- offset maps

    /** An idle cleaner, or a new one while fewer than {@code log.cleaner.threads} exist (at least one). */
    private synchronized Cleaner borrow() {
        while (idle.isEmpty() && all.size() >= Math.max(1, config.threads())) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StorageException("interrupted while waiting for a cleaner");
            }
        }
        Cleaner c = idle.pollFirst();
        if (c == null) {
            c = new Cleaner(config.mapBytesPerThread(), config.loadFactor(), throttler, clock);
            all.add(c);
        }
        return c;
    }

    private synchronized void giveBack(Cleaner c) {
        idle.addFirst(c);
        notifyAll();
    }

    /** Bytes held by offset maps right now (for reports). */
    public synchronized long offsetMapBytes() {
        long total = 0;
        for (Cleaner c : all) {
            total += c.mapMemoryBytes();
        }
        return total;
    }

    // ---------------------------------------------------------------- checkpoint

    private synchronized void recordCleaned(Log log, Cleaner.CleanResult r) {
        String name = name(log);
        firstDirty.put(name, Math.max(r.endOffset, r.firstDirtyOffset));
        failedUntil.remove(name);
        if (r.earliestDeleteHorizon == Long.MAX_VALUE) {
            deleteHorizons.remove(name);
        } else {
            deleteHorizons.put(name, r.earliestDeleteHorizon);
        }
        writeCheckpoint();
    }

    /** Kafka's layout: version 0, the entry count, then one {@code topic partition offset} line per log. */
    private void writeCheckpoint() {
        firstDirty.keySet().removeIf(n -> !Files.isDirectory(dataDir.resolve(n)));
        StringBuilder lines = new StringBuilder();
        int n = 0;
        for (Map.Entry<String, Long> e : firstDirty.entrySet()) {
            int dash = e.getKey().lastIndexOf('-');
            if (dash > 0) {
                lines.append(e.getKey(), 0, dash)
                        .append(' ')
                        .append(e.getKey().substring(dash + 1))
                        .append(' ')
                        .append(e.getValue())
                        .append('\n');
                n++;
            }
        }
        try {
            AtomicFiles.write(dataDir.resolve(CHECKPOINT_FILE), "0\n" + n + "\n" + lines);
        } catch (IOException e) {
            LOG.warn("Writing {} failed: {}", dataDir.resolve(CHECKPOINT_FILE), e.toString());
        }
    }

    private void readCheckpoint() {
        Path file = dataDir.resolve(CHECKPOINT_FILE);
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() < 2 || !lines.get(0).trim().equals("0")) {
                LOG.warn("Ignoring {}: not a version 0 checkpoint", file);
                return;
            }
            int n = Integer.parseInt(lines.get(1).trim());
            for (int i = 0; i < n && i + 2 < lines.size(); i++) {
                String[] parts = lines.get(i + 2).trim().split(" ");
                if (parts.length == 3) {
                    firstDirty.put(parts[0] + "-" + parts[1], Long.parseLong(parts[2]));
                }
            }
        } catch (NoSuchFileException e) {
            // No cleaning has happened yet.
        } catch (IOException | RuntimeException e) {
            LOG.warn("Ignoring {}: {}; compacted logs will be cleaned from their start", file, e.toString());
            firstDirty.clear();
        }
    }

    private static String name(Log log) {
        return log.dir().getFileName().toString();
    }

    /** Stops the threads after the cleanings in progress; a stopped cleaner's files are finished or discarded. */
    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            for (Cleaner c : all) {
                c.stop();
            }
            notifyAll();
        }
        for (Thread t : threads) {
            try {
                t.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * What {@link #compactNow} did.
     *
     * @param segmentsCleaned how many old segments were rewritten
     * @param bytesRead       log bytes read while rewriting
     * @param bytesWritten    bytes the rewritten segments hold
     * @param recordsRemoved  records compaction removed
     * @param endOffset       where the next cleaning starts
     */
    public record CompactionResult(
            int segmentsCleaned, long bytesRead, long bytesWritten, long recordsRemoved, long endOffset) {
        static final CompactionResult NONE = new CompactionResult(0, 0, 0, 0, -1);

        CompactionResult plus(Cleaner.CleanResult r) {
            return new CompactionResult(
                    segmentsCleaned + r.segmentsCleaned,
                    bytesRead + r.bytesRead,
                    bytesWritten + r.bytesWritten,
                    recordsRemoved + r.recordsRemoved,
                    Math.max(endOffset, r.endOffset));
        }
    }
}
