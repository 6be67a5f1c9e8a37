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

import io.skiff.record.RecordValidator;
import io.skiff.record.TimestampType;
import io.skiff.record.ValidatedBatches;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.storage.producer.BatchMetadata;
import io.skiff.storage.producer.ProducerAppendInfo;
import io.skiff.storage.producer.ProducerStateEntry;
import io.skiff.storage.producer.ProducerStateManager;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of one partition: a directory of segments named by base offset, each a {@code .log} of RecordBatch v2
 * entries exactly as produced (base offset rewritten) with a sparse {@code .index} and {@code .timeindex}.
 * <p>Thread-safety: thread-safe. Appends, rolls, retention, flushes and close are serialized by one write lock;
 * reads and lookups take no lock and see only whole batches (a segment's size is published after its bytes are
 * written, the log end offset after that).
 */
public final class Log implements Closeable, LogOffsets {
    private static final Logger LOG = LoggerFactory.getLogger(Log.class);
    static final String CLEAN_SHUTDOWN_FILE = ".skiff-clean-shutdown";
    /**
     * The partition leader epoch stamped on every batch appended (Kafka's leader stamps its own): a single node leads
     * every partition from the start and forever, so it is always 0.
     */
    public static final int LEADER_EPOCH = 0;

    private static final int SCAN_BUFFER = 256 * 1024;

    private final Path dir;
    private volatile LogConfig config;
    private final Clock clock;
    private final LogSegments segments;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final LogReader reader;
    private volatile long logEndOffset;
    private volatile long logStartOffset;
    private volatile boolean closed;
    private volatile long flushedOffset;
    private volatile long lastStableOffset;
    private volatile boolean swapIncomplete;
    private volatile String offlineReason; // set once by the first write-path I/O error
    private final FileChannelFactory files;
    private final ProducerStateManager producers; // guarded by writeLock
    private final ProducerSnapshots snapshots;
    private LogCheckpoint checkpoint; // last written (or read) checkpoint, guarded by writeLock
    // Guarded by writeLock.
    private long recoveryPoint;
    private long unflushedRecords;
    private long lastFlushMs;

    private Log(
            Path dir,
            LogConfig config,
            Clock clock,
            LogSegments segments,
            ProducerStateManager producers,
            ProducerSnapshots snapshots,
            FileChannelFactory files) {
        this.dir = dir;
        this.files = files;
        this.config = config;
        this.clock = clock;
        this.segments = segments;
        this.reader = new LogReader(dir, segments, this);
        this.producers = producers;
        this.snapshots = snapshots;
    }

    /**
     * Opens (creating if missing) the log in {@code dir}, recovering it if it was not closed cleanly, and loads its
     * producer state (from the newest usable snapshot, replaying only what the snapshot does not cover).
     *
     * @param recoveryListener may be null; called for every batch read while opening to rebuild state (recovery of
     *                         unflushed segments, producer-state replay); none after a clean shutdown
     */
    public static Log open(Path dir, LogConfig config, Clock clock, BatchListener recoveryListener) throws IOException {
        return open(dir, config, clock, recoveryListener, FileChannelFactory.DEFAULT);
    }

    /**
     * As {@link #open(Path, LogConfig, Clock, BatchListener)}, appending through channels from {@code files}.
     */
    public static Log open(
            Path dir, LogConfig config, Clock clock, BatchListener recoveryListener, FileChannelFactory files)
            throws IOException {
        Files.createDirectories(dir);
        LogCheckpoint checkpoint = LogCheckpoint.read(dir);
        Path marker = dir.resolve(CLEAN_SHUTDOWN_FILE);
        boolean clean = Files.exists(marker);
        ProducerSnapshots snapshots = ProducerSnapshots.list(dir);
        ProducerStateManager producers = new ProducerStateManager(String.valueOf(dir.getFileName()));
        ProducerStateRecovery producerRecovery = new ProducerStateRecovery(producers, snapshots, recoveryListener);
        List<Segment> loaded =
                SegmentLoader.load(dir, config, clock.millis(), producerRecovery, checkpoint, clean, files);
        Files.deleteIfExists(marker);
        Log log = new Log(dir, config, clock, new LogSegments(loaded), producers, snapshots, files);
        Segment active = log.segments.active();
        log.logEndOffset = active.nextOffset();
        producerRecovery.catchUp(log.logEndOffset, loaded.get(0).baseOffset(), loaded);
        snapshots.deleteAbove(log.logEndOffset);
        long start = Math.max(checkpoint.logStartOffset(), loaded.get(0).baseOffset());
        log.logStartOffset = Math.min(start, log.logEndOffset);
        log.updateLastStableOffset();
        // Segments recovered now are not forced yet: keep them above the recovery point until a roll or close.
        log.recoveryPoint = Math.min(checkpoint.recoveryPoint(), active.baseOffset());
        log.lastFlushMs = clock.millis();
        // After a crash the active segment's bytes may only be in the page cache.
        log.flushedOffset = clean ? log.logEndOffset : active.baseOffset();
        log.checkpoint = checkpoint;
        log.writeCheckpoint();
        return log;
    }

    // ------------------------------------------------------------------ append

    /** Appends batches from a client; see {@link #append(ByteBuffer, AppendOrigin, int)}. */
    public AppendResult append(ByteBuffer batches) {
        return append(batches, AppendOrigin.CLIENT, ProducerAppendInfo.LEGACY_TRANSACTION_VERSION);
    }

    /** Appends batches; see {@link #append(ByteBuffer, AppendOrigin, int)}. */
    public AppendResult append(ByteBuffer batches, AppendOrigin origin) {
        return append(batches, origin, ProducerAppendInfo.LEGACY_TRANSACTION_VERSION);
    }

    /**
     * Appends one or more RecordBatch v2 batches: all are validated (every record, see {@link RecordValidator})
     * before any is written; base offsets and the {@link #LEADER_EPOCH} are assigned (rewritten in {@code batches},
     * or in the rebuilt copy when the topic's codec differs) and, for LogAppendTime, the append time stamped. Batches
     * with a producer id are checked against the producer state under the log's lock (epoch; for clients also
     * sequence and duplicates; transactions and markers), and the state is updated with the write. A client retry of
     * one of its producer's last five batches is not written again: the result then carries the original offsets and
     * a batch count of 0.
     *
     * @param transactionVersion for markers from the transaction coordinator: the transaction protocol version
     *                           (2 requires a bumped epoch); ignored otherwise
     * @throws io.skiff.storage.producer.ProducerStateException if a batch breaks its producer's rules (nothing written)
     * @throws io.skiff.record.CorruptRecordException bad framing, magic or CRC
     * @throws io.skiff.record.RecordTooLargeException a batch above {@code max.message.bytes}
     * @throws io.skiff.record.InvalidRecordException a batch or record that breaks the format
     * @throws io.skiff.record.RecordValidationException records that break the topic's rules
     * @throws io.skiff.record.UndecodableRecordsException compressed data its codec does not decode
     */
    public AppendResult append(ByteBuffer batches, AppendOrigin origin, int transactionVersion) {
        return append(batches, origin, transactionVersion, LEADER_EPOCH);
    }

    /**
     * As {@link #append(ByteBuffer, AppendOrigin, int)}, stamping {@code leaderEpoch} in the batches instead of
     * {@link #LEADER_EPOCH} (a simulated cluster's partition whose leader moved).
     */
    public AppendResult append(ByteBuffer batches, AppendOrigin origin, int transactionVersion, int leaderEpoch) {
        // Validation (decompression included) runs before the write lock: readers and rolls do not wait for it.
        ValidatedBatches v = RecordValidator.validate(
                batches,
                config.validationRules(),
                origin == AppendOrigin.CLIENT,
                dir.getFileName().toString(),
                clock.millis());
        writeLock.lock();
        try {
            ensureOpen();
            long now = clock.millis();
            long first = logEndOffset;
            long appendTime = config.timestampType() == TimestampType.LOG_APPEND_TIME ? now : -1;
            long incomingTs = appendTime >= 0 ? now : v.maxTimestamp();
            long last = v.assignOffsets(first, appendTime, leaderEpoch);
            ProducerAppends producerAppends =
                    ProducerAppends.analyze(v, producers, origin, transactionVersion, appendTime);
            if (producerAppends.duplicate() != null) {
                BatchMetadata original = producerAppends.duplicate();
                return new AppendResult(
                        original.firstOffset(),
                        original.lastOffset(),
                        appendTime >= 0 ? original.timestamp() : -1,
                        logStartOffset,
                        logEndOffset,
                        0);
            }
            if (needsRoll(v.totalBytes(), last, incomingTs, now)) {
                roll(now);
            }
            Segment active = segments.active();
            active.append(v, now);
            logEndOffset = last + 1;
            producerAppends.apply(producers, active.txnIndex());
            producers.updateMapEndOffset(last + 1);
            updateLastStableOffset();
            unflushedRecords += v.recordCount();
            if (unflushedRecords >= config.flushMessages() || now - lastFlushMs >= config.flushMs()) {
                flushActive(now);
            }
            return new AppendResult(first, last, appendTime, logStartOffset, last + 1, v.count());
        } catch (IOException e) {
            throw goOffline("appending to", e);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Publishes the last stable offset after the log end offset (so readers never see it ahead of the data); as
     * Kafka, never below the log start offset (a transaction may have begun in deleted records).
     */
    private void updateLastStableOffset() {
        long end = logEndOffset;
        long firstUnstable = Math.min(producers.firstUndecidedOffset().orElse(end), end);
        lastStableOffset = Math.max(firstUnstable, Math.min(logStartOffset, end));
    }

    private boolean needsRoll(int incomingBytes, long lastOffset, long incomingMaxTimestamp, long now) {
        Segment a = segments.active();
        if (a.isEmpty()) {
            return false;
        }
        return (long) a.size() + incomingBytes > config.segmentBytes()
                || a.timeWaitedForRoll(now, incomingMaxTimestamp) >= config.segmentMs()
                || a.offsetIndexFull(config.segmentIndexBytes() / TimeIndex.ENTRY_SIZE)
                || lastOffset - a.baseOffset() > Integer.MAX_VALUE;
    }

    /** Seals the active segment (forced, indexes written) and starts a new one at the log end offset. */
    private void roll(long now) throws IOException {
        Segment old = segments.active();
        old.seal(true);
        forceSegmentsAboveRecoveryPoint(old);
        Segment fresh = Segment.createNew(dir, logEndOffset, config.indexIntervalBytes(), files);
        // The state below the new segment, so that a restart after a crash rebuilds it from here.
        snapshots.write(producers);
        segments.roll(fresh);
        recoveryPoint = fresh.baseOffset();
        writeCheckpoint();
        unflushedRecords = 0;
        lastFlushMs = now;
        flushedOffset = fresh.baseOffset();
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

    private void flushActive(long now) throws IOException {
        segments.active().flush();
        unflushedRecords = 0;
        lastFlushMs = now;
        flushedOffset = logEndOffset;
    }

    /** Rolls the active segment if it is older than {@code segmentMs}, and flushes if {@code flushMs} has passed. */
    public void maybeRoll() {
        writeLock.lock();
        try {
            ensureOpen();
            long now = clock.millis();
            Segment a = segments.active();
            if (!a.isEmpty() && a.timeWaitedForRoll(now, -1) >= config.segmentMs()) {
                roll(now);
            } else if (unflushedRecords > 0 && now - lastFlushMs >= config.flushMs()) {
                flushActive(now);
            }
        } catch (IOException e) {
            throw goOffline("rolling", e);
        } finally {
            writeLock.unlock();
        }
    }

    /** Forces everything appended so far to disk. */
    public void flush() {
        writeLock.lock();
        try {
            ensureOpen();
            flushActive(clock.millis());
        } catch (IOException e) {
            throw goOffline("flushing", e);
        } finally {
            writeLock.unlock();
        }
    }

    // ------------------------------------------------------------------ reads

    /**
     * Byte ranges of whole batches from the batch holding {@code offset}, up to {@code maxBytes} (at least one whole
     * batch if {@code minOneBatch}). {@code offset == logEndOffset} gives an empty result.
     *
     * @throws OffsetOutOfRangeException if {@code offset} is outside [logStartOffset, logEndOffset]
     */
    public LogReadResult read(long offset, int maxBytes, boolean minOneBatch) {
        return read(offset, maxBytes, minOneBatch, IsolationLevel.READ_UNCOMMITTED);
    }

    /**
     * As {@link #read(long, int, boolean)}, with an isolation level: READ_COMMITTED returns nothing at or after the
     * {@link #lastStableOffset()} and lists the aborted transactions overlapping what it returns.
     */
    public LogReadResult read(long offset, int maxBytes, boolean minOneBatch, IsolationLevel isolation) {
        ensureOpen();
        return reader.read(offset, maxBytes, minOneBatch, isolation);
    }

    /**
     * The aborted transactions overlapping [{@code fromOffset}, {@code upToOffset}), from the transaction indexes: for
     * views that show each record's fate (a read_committed fetch gets them from {@link #read} instead).
     */
    public List<AbortedTxn> abortedTransactions(long fromOffset, long upToOffset) {
        ensureOpen();
        try {
            return reader.abortedTransactions(fromOffset, upToOffset);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first batch whose max timestamp is >= {@code timestamp} (its max timestamp and base offset). */
    public Optional<TimestampOffset> offsetForTimestamp(long timestamp) {
        ensureOpen();
        return reader.offsetForTimestamp(timestamp);
    }

    /** The largest timestamp in the log and the base offset of the batch holding it. */
    public Optional<TimestampOffset> maxTimestampOffset() {
        ensureOpen();
        try {
            TimestampOffset best = null;
            for (Segment s : segments.all()) {
                TimestampOffset m = s.maxTimestamp();
                if (m != null && (best == null || m.timestamp() > best.timestamp())) {
                    best = m;
                }
            }
            long start = logStartOffset;
            return best == null
                    ? Optional.empty()
                    : Optional.of(new TimestampOffset(best.timestamp(), Math.max(best.offset(), start)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Calls {@code listener} for every batch whose last offset is >= {@code fromOffset}, in order. */
    public void forEachBatch(long fromOffset, BatchListener listener) {
        ensureOpen();
        reader.forEachBatch(fromOffset, listener, SCAN_BUFFER);
    }

    @Override
    public long logStartOffset() {
        return logStartOffset;
    }

    /**
     * The last stable offset: the first offset of the earliest open transaction, or the log end offset when none
     * is open (this single-replica log's high watermark is its end). read_committed readers stop here.
     */
    @Override
    public long lastStableOffset() {
        return lastStableOffset;
    }

    /**
     * Forgets producers that have not written for {@code expirationMs} and have no open transaction (Kafka's
     * {@code producer.id.expiration.ms}). Returns how many.
     */
    public int removeExpiredProducers(long expirationMs) {
        writeLock.lock();
        try {
            return producers.removeExpired(clock.millis(), expirationMs);
        } finally {
            writeLock.unlock();
        }
    }

    /** A copy of one producer's state on this log, if it is known. */
    public Optional<ProducerStateEntry> producerState(long producerId) {
        writeLock.lock();
        try {
            return producers.entry(producerId).map(ProducerStateEntry::copy);
        } finally {
            writeLock.unlock();
        }
    }

    /** Copies of the state of every producer this log knows (DescribeProducers). */
    public List<ProducerStateEntry> producerStates() {
        writeLock.lock();
        try {
            return producers.entries().stream().map(ProducerStateEntry::copy).toList();
        } finally {
            writeLock.unlock();
        }
    }

    /** How many producers this log knows. */
    public int producerCount() {
        writeLock.lock();
        try {
            return producers.producerCount();
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public long logEndOffset() {
        return logEndOffset;
    }

    public long sizeInBytes() {
        return segments.sizeInBytes();
    }

    /** Offset below which everything has been forced to disk (by a flush, roll, close or open). */
    long flushedOffset() {
        return flushedOffset;
    }

    public int segmentCount() {
        return segments.count();
    }

    public Path dir() {
        return dir;
    }

    public LogConfig config() {
        return config;
    }

    /**
     * Replaces the settings; they apply from the next append, roll, retention or flush check (index settings
     * from the next segment). Existing data is not rewritten.
     */
    public void updateConfig(LogConfig newConfig) {
        if (newConfig == null) {
            throw new IllegalArgumentException("config must not be null");
        }
        writeLock.lock();
        try {
            config = newConfig;
        } finally {
            writeLock.unlock();
        }
    }

    // ------------------------------------------------------------------ retention

    /**
     * Moves the log start offset to {@code offset} (kept across restarts) and deletes closed segments wholly below.
     *
     * @throws OffsetOutOfRangeException if {@code offset} is beyond the log end offset
     */
    public void deleteRecordsBefore(long offset) {
        writeLock.lock();
        try {
            ensureOpen();
            if (offset > logEndOffset) {
                throw new OffsetOutOfRangeException(
                        "cannot delete records before offset " + offset + ": the log end offset is " + logEndOffset);
            }
            if (offset <= logStartOffset) {
                return;
            }
            logStartOffset = offset;
            updateLastStableOffset();
            writeCheckpoint();
            deleteSegmentsBelowStart();
        } catch (IOException e) {
            throw goOffline("deleting records of", e);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Deletes closed segments that are below the log start offset and, when the cleanup policy includes
     * {@code delete}, those older than {@code retentionMs} (by their max timestamp) or beyond {@code retentionBytes},
     * oldest first (as Kafka, a compact-only log keeps them). Returns how many were deleted.
     */
    public int applyRetention() {
        writeLock.lock();
        try {
            ensureOpen();
            int deleted = deleteSegmentsBelowStart();
            if (!config.deleteRetention()) {
                return deleted;
            }
            long now = clock.millis();
            long size = sizeInBytes();
            while (segments.count() > 1) {
                Segment oldest = segments.first();
                boolean expired = config.retentionMs() >= 0 && now - newestTimestamp(oldest) > config.retentionMs();
                boolean tooBig = config.retentionBytes() >= 0 && size - oldest.size() >= config.retentionBytes();
                if (!expired && !tooBig) {
                    break;
                }
                size -= oldest.size();
                deleteOldest(oldest);
                deleted++;
            }
            return deleted;
        } catch (IOException e) {
            throw goOffline("applying retention to", e);
        } finally {
            writeLock.unlock();
        }
    }

    private long newestTimestamp(Segment s) throws IOException {
        TimestampOffset max = s.maxTimestamp();
        return max != null
                ? max.timestamp()
                : Files.getLastModifiedTime(s.logFile()).toMillis();
    }

    private int deleteSegmentsBelowStart() throws IOException {
        int deleted = 0;
        while (segments.count() > 1) {
            Segment oldest = segments.first();
            if (segments.after(oldest).baseOffset() > logStartOffset) {
                break;
            }
            deleteOldest(oldest);
            deleted++;
        }
        return deleted;
    }

    private void deleteOldest(Segment oldest) throws IOException {
        segments.remove(oldest);
        oldest.delete();
        long newStart = segments.firstBaseOffset();
        snapshots.deleteBelow(newStart);
        if (newStart > logStartOffset) {
            logStartOffset = newStart;
            updateLastStableOffset();
            writeCheckpoint();
        }
    }

    // ------------------------------------------------------------------ for the cleaner

    /** The segments, for the cleaner's lookups (it changes them only through {@link #replaceSegments}). */
    LogSegments segments() {
        return segments;
    }

    boolean isClosed() {
        return closed;
    }

    /** True after a swap failed between its commit and its end: the log is not cleaned again until reopened. */
    boolean swapIncomplete() {
        return swapIncomplete;
    }

    /** Base offset of the active segment: the cleaner never goes past it. */
    long activeSegmentBase() {
        return segments.active().baseOffset();
    }

    /** Each known producer's last sequence number: the batch holding it survives cleaning (as an empty batch). */
    Map<Long, Integer> lastSequences() {
        writeLock.lock();
        try {
            Map<Long, Integer> out = new HashMap<>();
            for (ProducerStateEntry e : producers.entries()) {
                out.put(e.producerId(), e.lastSequence());
            }
            return out;
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Swaps {@code cleaned} in for {@code group} (consecutive closed segments, the cleaned one written from them),
     * see {@link SegmentSwap}. Returns false, changing nothing, when the group is no longer what it was (retention
     * or a truncation ran meanwhile) or the log was closed; the caller then discards the cleaned files.
     */
    boolean replaceSegments(List<Segment> group, CleanedSegment cleaned, SegmentSwap.StepListener steps)
            throws IOException {
        writeLock.lock();
        try {
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
        } finally {
            writeLock.unlock();
        }
    }

    // ------------------------------------------------------------------ lifecycle

    /** Flushes, writes the indexes and the clean-shutdown marker, and releases the files. Idempotent. */
    @Override
    public void close() {
        writeLock.lock();
        try {
            if (closed) {
                return;
            }
            if (offlineReason != null) {
                // No seal and no clean-shutdown marker: the next open recovers the log from what is on disk.
                closeHandles();
                return;
            }
            // An idle log (nothing appended since the last flush) closes without any fsync.
            Segment active = segments.active();
            active.seal(flushedOffset < logEndOffset);
            snapshots.write(producers);
            forceSegmentsAboveRecoveryPoint(active);
            recoveryPoint = active.baseOffset();
            writeCheckpoint();
            // Not forced: if the marker is lost the next open merely recovers; the data it vouches for is forced.
            IndexFiles.write(dir.resolve(CLEAN_SHUTDOWN_FILE), ByteBuffer.allocate(0), false);
            closeHandles();
        } catch (IOException e) {
            closeHandles();
            throw goOffline("closing", e);
        } finally {
            writeLock.unlock();
        }
    }

    /** Closes the log and deletes its directory with everything in it. */
    public void closeAndDelete() {
        writeLock.lock();
        try {
            if (!closed) {
                closeHandles();
            }
            segments.deleteAll();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            throw new StorageException("deleting " + dir + " failed: " + e.getMessage(), e);
        } finally {
            writeLock.unlock();
        }
    }

    /** Test hook: drops every handle as a crash would — no flush, no index files, no marker. */
    void closeUncleanly() {
        writeLock.lock();
        try {
            if (!closed) {
                closeHandles();
            }
        } finally {
            writeLock.unlock();
        }
    }

    private void closeHandles() {
        closed = true;
        segments.closeHandles();
    }

    /** Writes the checkpoint if it changed (each write costs an fsync; idle logs should cost none). */
    private void writeCheckpoint() throws IOException {
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

    private void ensureOpen() {
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
    private LogOfflineException goOffline(String operation, IOException e) {
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

    /** True once an I/O error while writing took the log offline (see {@link #goOffline}). */
    public boolean isOffline() {
        return offlineReason != null;
    }
}
