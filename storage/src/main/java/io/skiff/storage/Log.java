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
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The log of one partition: a directory of segments named by base offset, each a {@code .log} of RecordBatch v2
 * entries exactly as produced (base offset rewritten) with a sparse {@code .index} and {@code .timeindex}.
 * <p>Thread-safety: thread-safe. Appends, rolls, retention, flushes and close are serialized by one write lock;
 * reads and lookups take no lock and see only whole batches (a segment's size is published after its bytes are
 * written, the log end offset after that).
 */
public final class Log implements Closeable, LogOffsets {
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
    private final LocalLog local; // the files; changed under writeLock
    private final LogWriteLock writeLock;
    private final LogReader reader;
    private volatile long logEndOffset;
    private volatile long lastStableOffset;
    private final ProducerStateManager producers; // guarded by writeLock
    private final ProducerSnapshots snapshots;

    Log(
            Path dir,
            LogConfig config,
            Clock clock,
            LocalLog local,
            long logEndOffset,
            ProducerStateManager producers,
            ProducerSnapshots snapshots) {
        this.dir = dir;
        this.config = config;
        this.clock = clock;
        this.local = local;
        this.writeLock = new LogWriteLock(local);
        this.logEndOffset = logEndOffset;
        this.reader = new LogReader(dir, local.segments(), this);
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
        return LogLoader.load(dir, config, clock, recoveryListener, files);
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
        return writeLock.change("appending to", () -> {
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
                        local.logStartOffset(),
                        logEndOffset,
                        0);
            }
            if (local.needsRoll(config, v.totalBytes(), last, incomingTs, now)) {
                local.roll(config, logEndOffset, now, snapshots, producers);
            }
            Segment active = local.segments().active();
            active.append(v, now);
            logEndOffset = last + 1;
            producerAppends.apply(producers, active.txnIndex());
            producers.updateMapEndOffset(last + 1);
            updateLastStableOffset();
            local.appended(config, v.recordCount(), logEndOffset, now);
            return new AppendResult(first, last, appendTime, local.logStartOffset(), last + 1, v.count());
        });
    }

    /**
     * Publishes the last stable offset after the log end offset (so readers never see it ahead of the data); as
     * Kafka, never below the log start offset (a transaction may have begun in deleted records).
     */
    void updateLastStableOffset() {
        long end = logEndOffset;
        long firstUnstable = Math.min(producers.firstUndecidedOffset().orElse(end), end);
        lastStableOffset = Math.max(firstUnstable, Math.min(local.logStartOffset(), end));
    }

    /** Rolls the active segment if it is older than {@code segmentMs}, and flushes if {@code flushMs} has passed. */
    public void maybeRoll() {
        writeLock.run(
                "rolling", () -> local.rollOrFlushIfDue(config, logEndOffset, clock.millis(), snapshots, producers));
    }

    /** Forces everything appended so far to disk. */
    public void flush() {
        writeLock.run("flushing", () -> local.flush(logEndOffset, clock.millis()));
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
        local.ensureOpen();
        return reader.read(offset, maxBytes, minOneBatch, isolation);
    }

    /**
     * The aborted transactions overlapping [{@code fromOffset}, {@code upToOffset}), from the transaction indexes: for
     * views that show each record's fate (a read_committed fetch gets them from {@link #read} instead).
     */
    public List<AbortedTxn> abortedTransactions(long fromOffset, long upToOffset) {
        local.ensureOpen();
        try {
            return reader.abortedTransactions(fromOffset, upToOffset);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first batch whose max timestamp is >= {@code timestamp} (its max timestamp and base offset). */
    public Optional<TimestampOffset> offsetForTimestamp(long timestamp) {
        local.ensureOpen();
        return reader.offsetForTimestamp(timestamp);
    }

    /** The largest timestamp in the log and the base offset of the batch holding it. */
    public Optional<TimestampOffset> maxTimestampOffset() {
        local.ensureOpen();
        return reader.maxTimestampOffset();
    }

    /** Calls {@code listener} for every batch whose last offset is >= {@code fromOffset}, in order. */
    public void forEachBatch(long fromOffset, BatchListener listener) {
        local.ensureOpen();
        reader.forEachBatch(fromOffset, listener, SCAN_BUFFER);
    }

    @Override
    public long logStartOffset() {
        return local.logStartOffset();
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
        return writeLock.call(() -> producers.removeExpired(clock.millis(), expirationMs));
    }

    /** A copy of one producer's state on this log, if it is known. */
    public Optional<ProducerStateEntry> producerState(long producerId) {
        return writeLock.call(() -> producers.entry(producerId).map(ProducerStateEntry::copy));
    }

    /** Copies of the state of every producer this log knows (DescribeProducers). */
    public List<ProducerStateEntry> producerStates() {
        return writeLock.call(
                () -> producers.entries().stream().map(ProducerStateEntry::copy).toList());
    }

    /** How many producers this log knows. */
    public int producerCount() {
        return writeLock.call(() -> producers.producerCount());
    }

    @Override
    public long logEndOffset() {
        return logEndOffset;
    }

    public long sizeInBytes() {
        return local.segments().sizeInBytes();
    }

    /** Offset below which everything has been forced to disk (by a flush, roll, close or open). */
    long flushedOffset() {
        return local.flushedOffset();
    }

    public int segmentCount() {
        return local.segments().count();
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
        writeLock.call(() -> config = newConfig);
    }

    // ------------------------------------------------------------------ retention

    /**
     * Moves the log start offset to {@code offset} (kept across restarts) and deletes closed segments wholly below.
     *
     * @throws OffsetOutOfRangeException if {@code offset} is beyond the log end offset
     */
    public void deleteRecordsBefore(long offset) {
        writeLock.run("deleting records of", () -> {
            if (offset > logEndOffset) {
                throw new OffsetOutOfRangeException(
                        "cannot delete records before offset " + offset + ": the log end offset is " + logEndOffset);
            }
            if (offset > local.logStartOffset()) {
                local.advanceLogStartOffset(offset);
                updateLastStableOffset();
                local.deleteOldSegments(config, false, clock.millis(), snapshots);
                updateLastStableOffset();
            }
        });
    }

    /**
     * Deletes closed segments that are below the log start offset and, when the cleanup policy includes
     * {@code delete}, those older than {@code retentionMs} (by their max timestamp) or beyond {@code retentionBytes},
     * oldest first (as Kafka, a compact-only log keeps them). Returns how many were deleted.
     */
    public int applyRetention() {
        return writeLock.change("applying retention to", () -> {
            int deleted = local.deleteOldSegments(config, config.deleteRetention(), clock.millis(), snapshots);
            updateLastStableOffset();
            return deleted;
        });
    }

    // ------------------------------------------------------------------ for the cleaner

    /** The segments, for the cleaner's lookups (it changes them only through {@link #replaceSegments}). */
    LogSegments segments() {
        return local.segments();
    }

    boolean isClosed() {
        return local.isClosed();
    }

    /** True after a swap failed between its commit and its end: the log is not cleaned again until reopened. */
    boolean swapIncomplete() {
        return local.swapIncomplete();
    }

    /** Base offset of the active segment: the cleaner never goes past it. */
    long activeSegmentBase() {
        return local.segments().active().baseOffset();
    }

    /** Each known producer's last sequence number: the batch holding it survives cleaning (as an empty batch). */
    Map<Long, Integer> lastSequences() {
        return writeLock.call(producers::lastSequences);
    }

    /**
     * Swaps {@code cleaned} in for {@code group} (consecutive closed segments, the cleaned one written from them),
     * see {@link SegmentSwap}. Returns false, changing nothing, when the group is no longer what it was (retention
     * or a truncation ran meanwhile) or the log was closed; the caller then discards the cleaned files.
     */
    boolean replaceSegments(List<Segment> group, CleanedSegment cleaned, SegmentSwap.StepListener steps)
            throws IOException {
        return writeLock.get(() -> local.replaceSegments(group, cleaned, steps));
    }

    // ------------------------------------------------------------------ lifecycle

    /** Flushes, writes the indexes and the clean-shutdown marker, and releases the files. Idempotent. */
    @Override
    public void close() {
        writeLock.call(() -> {
            if (local.isClosed()) {
                return null;
            }
            if (local.isOffline()) {
                // No seal and no clean-shutdown marker: the next open recovers the log from what is on disk.
                local.closeHandles();
                return null;
            }
            try {
                local.closeCleanly(logEndOffset, snapshots, producers);
            } catch (IOException e) {
                local.closeHandles();
                throw local.goOffline("closing", e);
            }
            return null;
        });
    }

    /** Closes the log and deletes its directory with everything in it. */
    public void closeAndDelete() {
        try {
            writeLock.get(() -> {
                local.closeAndDelete();
                return null;
            });
        } catch (IOException e) {
            throw new StorageException("deleting " + dir + " failed: " + e.getMessage(), e);
        }
    }

    /** Test hook: drops every handle as a crash would — no flush, no index files, no marker. */
    void closeUncleanly() {
        writeLock.call(() -> {
            if (!local.isClosed()) {
                local.closeHandles();
            }
            return null;
        });
    }

    /** True once an I/O error while writing took the log offline (see {@link LocalLog#goOffline}). */
    public boolean isOffline() {
        return local.isOffline();
    }
}
