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

import io.skiff.storage.producer.ProducerStateManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files of one partition's log, as Kafka's LocalLog keeps them: the segments in their directory, the log start
 * offset and recovery point with their checkpoint, what is forced to disk, rolls, flushes, retention's deletion of
 * the oldest segments, the cleaner's swap, and the handles. {@link Log} keeps what is above the files: validation,
 * offsets and producer state, and the one write lock.
 *
 * <p>Not thread-safe: every method that changes something runs under {@link Log}'s write lock. Readers see the
 * volatile fields without it.
 */
final class LocalLog {
    private static final Logger LOG = LoggerFactory.getLogger(LocalLog.class);
    private final Path dir;
    private final FileChannelFactory files;
    private final LogSegments segments;
    private volatile long logStartOffset;
    private volatile long flushedOffset;
    private volatile boolean closed;
    private volatile boolean swapIncomplete;
    private volatile String offlineReason; // set once by the first write-path I/O error
    private LogCheckpoint checkpoint; // last written (or read)
    private long recoveryPoint;
    private long unflushedRecords;
    private long lastFlushMs;

    LocalLog(
            Path dir,
            FileChannelFactory files,
            LogSegments segments,
            LogCheckpoint checkpoint,
            long logStartOffset,
            long recoveryPoint,
            long flushedOffset,
            long now) {
        this.dir = dir;
        this.files = files;
        this.segments = segments;
        this.checkpoint = checkpoint;
        this.logStartOffset = logStartOffset;
        this.recoveryPoint = recoveryPoint;
        this.flushedOffset = flushedOffset;
        this.lastFlushMs = now;
    }

    LogSegments segments() {
        return segments;
    }

    long logStartOffset() {
        return logStartOffset;
    }

    /** Offset below which everything has been forced to disk (by a flush, roll, close or open). */
    long flushedOffset() {
        return flushedOffset;
    }

    boolean isClosed() {
        return closed;
    }

    /** True after a swap failed between its commit and its end: the log is not cleaned again until reopened. */
    boolean swapIncomplete() {
        return swapIncomplete;
    }

    /** Throws if the log is offline or closed. */
    void ensureOpen() {
        String reason = offlineReason;
        if (reason != null) {
            throw new LogOfflineException("log " + dir + " is offline since " + reason + "; restart to recover it");
        }
        if (closed) {
            throw new StorageException("log " + dir + " is closed");
        }
    }

    /**
     * Takes the log offline after an I/O error while writing (a full disk, a failed fsync or delete): what is on
     * disk may no longer match what the log has published, so every later call fails until the log is reopened,
     * whose recovery cuts any torn tail. Kafka takes the whole log directory offline in this case (and, with one
     * directory, halts the broker); here only this partition stops. Logged once, at ERROR.
     */
    LogOfflineException goOffline(String operation, IOException e) {
        if (offlineReason == null) {
            offlineReason = operation + " it failed: " + e;
            LOG.error(
                    "Taking log {} offline: {} it failed ({}); it answers with a storage error until the broker"
                            + " restarts and recovers it",
                    dir,
                    operation,
                    e.toString());
        }
        return new LogOfflineException("log " + dir + " is offline: " + operation + " it failed: " + e.getMessage(), e);
    }

    /** True once an I/O error while writing took the log offline. */
    boolean isOffline() {
        return offlineReason != null;
    }

    // ------------------------------------------------------------------ rolls and flushes

    boolean needsRoll(LogConfig config, int incomingBytes, long lastOffset, long incomingMaxTimestamp, long now) {
        Segment a = segments.active();
        if (a.isEmpty()) {
            return false;
        }
        return (long) a.size() + incomingBytes > config.segmentBytes()
                || a.timeWaitedForRoll(now, incomingMaxTimestamp) >= config.segmentMs()
                || a.offsetIndexFull(config.segmentIndexBytes() / TimeIndex.ENTRY_SIZE)
                || lastOffset - a.baseOffset() > Integer.MAX_VALUE;
    }

    /**
     * Seals the active segment (forced, indexes written) and starts a new one at {@code logEndOffset}, with the
     * producer state below it snapshotted, so that a restart after a crash rebuilds it from there.
     */
    void roll(
            LogConfig config, long logEndOffset, long now, ProducerSnapshots snapshots, ProducerStateManager producers)
            throws IOException {
        Segment old = segments.active();
        old.seal(true);
        forceSegmentsAboveRecoveryPoint(old);
        Segment fresh = Segment.createNew(dir, logEndOffset, config.indexIntervalBytes(), files);
        snapshots.write(producers);
        segments.roll(fresh);
        recoveryPoint = fresh.baseOffset();
        writeCheckpoint();
        unflushedRecords = 0;
        lastFlushMs = now;
        flushedOffset = fresh.baseOffset();
    }

    /** Counts appended records and flushes when {@code flush.messages} or {@code flush.ms} says so. */
    void appended(LogConfig config, long records, long logEndOffset, long now) throws IOException {
        unflushedRecords += records;
        if (unflushedRecords >= config.flushMessages() || now - lastFlushMs >= config.flushMs()) {
            flush(logEndOffset, now);
        }
    }

    /** Rolls the active segment if it is older than {@code segment.ms}, else flushes if {@code flush.ms} passed. */
    void rollOrFlushIfDue(
            LogConfig config, long logEndOffset, long now, ProducerSnapshots snapshots, ProducerStateManager producers)
            throws IOException {
        Segment a = segments.active();
        if (!a.isEmpty() && a.timeWaitedForRoll(now, -1) >= config.segmentMs()) {
            roll(config, logEndOffset, now, snapshots, producers);
        } else if (unflushedRecords > 0 && now - lastFlushMs >= config.flushMs()) {
            flush(logEndOffset, now);
        }
    }

    void flush(long logEndOffset, long now) throws IOException {
        segments.active().flush();
        unflushedRecords = 0;
        lastFlushMs = now;
        flushedOffset = logEndOffset;
    }

    /**
     * Forces closed segments between the recovery point and {@code sealed} (already forced) before the recovery
     * point moves past them: normally none; after an unclean open, the segments recovery scanned.
     */
    private void forceSegmentsAboveRecoveryPoint(Segment sealed) throws IOException {
        for (Segment s : segments.between(recoveryPoint, sealed)) {
            s.forceFile();
        }
    }

    // ------------------------------------------------------------------ the start and retention

    /** Moves the log start offset up to {@code offset} (kept across restarts). */
    void advanceLogStartOffset(long offset) throws IOException {
        logStartOffset = offset;
        writeCheckpoint();
    }

    /**
     * Deletes closed segments that are below the log start offset and, when {@code byRetention}, those older than
     * {@code retention.ms} (by their max timestamp) or beyond {@code retention.bytes}, oldest first. Returns how many
     * were deleted.
     */
    int deleteOldSegments(LogConfig config, boolean byRetention, long now, ProducerSnapshots snapshots)
            throws IOException {
        int deleted = 0;
        while (segments.count() > 1 && segments.after(segments.first()).baseOffset() <= logStartOffset) {
            deleteOldest(snapshots);
            deleted++;
        }
        if (!byRetention) {
            return deleted;
        }
        long size = segments.sizeInBytes();
        while (segments.count() > 1) {
            Segment oldest = segments.first();
            boolean expired = config.retentionMs() >= 0 && now - newestTimestamp(oldest) > config.retentionMs();
            boolean tooBig = config.retentionBytes() >= 0 && size - oldest.size() >= config.retentionBytes();
            if (!expired && !tooBig) {
                break;
            }
            size -= oldest.size();
            deleteOldest(snapshots);
            deleted++;
        }
        return deleted;
    }

    private static long newestTimestamp(Segment s) throws IOException {
        TimestampOffset max = s.maxTimestamp();
        return max != null
                ? max.timestamp()
                : Files.getLastModifiedTime(s.logFile()).toMillis();
    }

    private void deleteOldest(ProducerSnapshots snapshots) throws IOException {
        Segment oldest = segments.first();
        segments.remove(oldest);
        oldest.delete();
        long newStart = segments.firstBaseOffset();
        snapshots.deleteBelow(newStart);
        if (newStart > logStartOffset) {
            advanceLogStartOffset(newStart);
        }
    }

    // ------------------------------------------------------------------ the cleaner's swap

    /** See {@link Log#replaceSegments}. */
    boolean replaceSegments(List<Segment> group, CleanedSegment cleaned, SegmentSwap.StepListener steps)
            throws IOException {
        if (closed) {
            return false;
        }
        for (Segment s : group) {
            if (!segments.holdsClosed(s)) {
                return false;
            }
        }
        Segment last = group.get(group.size() - 1);
        Segment after = segments.after(last);
        long end = after == null ? last.nextOffset() : after.baseOffset();
        try {
            SegmentSwap.commit(dir, cleaned, end, steps);
            Segment fresh = cleaned.toSegment(end);
            cleaned.close();
            segments.replace(group, fresh);
            for (Segment s : group) {
                s.delete();
                steps.after(SegmentSwap.Step.OLD_SEGMENT_DELETED);
            }
            SegmentSwap.finish(dir, fresh.baseOffset(), steps);
        } catch (IOException | RuntimeException e) {
            // Committed but not finished: the next open finishes it. Until then no cleaning may touch the
            // files (a new cleaning of this group would overwrite the committed .cleaned files).
            swapIncomplete = cleaned.isCommitted();
            throw e;
        }
        return true;
    }

    // ------------------------------------------------------------------ closing

    /**
     * Seals the active segment (forced only if {@code logEndOffset} is not flushed yet: an idle log closes without
     * an fsync), snapshots the producer state, writes the checkpoint and the clean-shutdown marker, and closes.
     */
    void closeCleanly(long logEndOffset, ProducerSnapshots snapshots, ProducerStateManager producers)
            throws IOException {
        Segment active = segments.active();
        active.seal(flushedOffset < logEndOffset);
        snapshots.write(producers);
        forceSegmentsAboveRecoveryPoint(active);
        recoveryPoint = active.baseOffset();
        writeCheckpoint();
        // Not forced: if the marker is lost the next open merely recovers; the data it vouches for is forced.
        IndexFiles.write(dir.resolve(Log.CLEAN_SHUTDOWN_FILE), ByteBuffer.allocate(0), false);
        closeHandles();
    }

    /** Drops every handle: no flush, no index files, no marker (as a crash, or after an I/O error). */
    void closeHandles() {
        closed = true;
        segments.closeHandles();
    }

    /** Closes the handles if open and deletes the directory with everything in it. */
    void closeAndDelete() throws IOException {
        if (!closed) {
            closeHandles();
        }
        segments.deleteAll();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Writes the checkpoint if it changed (each write costs an fsync; idle logs should cost none). */
    void writeCheckpoint() throws IOException {
        // Fields compared by hand: a record's equals is bootstrapped through invokedynamic on first use, which
        // cost ~10% of a cold broker start (the first Log.open).
        if (checkpoint == null
                || checkpoint.logStartOffset() != logStartOffset
                || checkpoint.recoveryPoint() != recoveryPoint) {
            LogCheckpoint now = new LogCheckpoint(logStartOffset, recoveryPoint);
            now.write(dir);
            checkpoint = now;
        }
    }
}
