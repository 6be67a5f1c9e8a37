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
package io.skiff.broker.topic;

import io.skiff.storage.AppendResult;
import io.skiff.storage.IsolationLevel;
import io.skiff.storage.Log;
import io.skiff.storage.LogConfig;
import io.skiff.storage.LogReadResult;
import io.skiff.storage.StorageException;
import io.skiff.storage.TimestampOffset;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.storage.producer.ProducerAppendInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One partition of a topic: its log (which owns the partition's producer state) and the fetches waiting for its
 * data. This broker is the only replica, so the partition is always led here with leader epoch 0 and the high
 * watermark is the log end offset.
 *
 * <p>The partitions of a large new topic, and those of a large data directory at start, are published before their
 * logs are open (see {@link TopicRegistry}): such a partition opens its log on first use, or when the registry's
 * background opening reaches it, whichever comes first. Opening creates the partition's directory and first segment
 * (new partition), as a segment roll does on the append path, or recovers the log (start).
 *
 * <p>Thread-safe. Appends are serialized by the log, which checks producer state under its own lock; reads take
 * no lock (storage reads are thread-safe). Both run under the topic's lifecycle read lock, so a deletion waits for
 * them. Opening the log and closing the partition are serialized by the partition's monitor.
 */
public final class Partition {
    private volatile int leaderEpoch; // 0 unless a simulated cluster moved the leader
    // The first offset of each later epoch (in memory: a simulated cluster starts at epoch 0 again). Guarded by this.
    private final java.util.TreeMap<Integer, Long> epochStarts = new java.util.TreeMap<>();

    /** Creates a partition's log; called at most once, on first use of a partition published before its log. */
    interface LogOpener {
        Log open() throws IOException;
    }

    private final Topic topic;
    private final int index;
    private volatile Log log; // null until a late-opened partition's log is open
    private LogOpener opener; // guarded by this; null once the log is open
    private boolean closed; // guarded by this
    private final Set<AppendListener> listeners = ConcurrentHashMap.newKeySet();

    Partition(Topic topic, int index, Log log) {
        this.topic = topic;
        this.index = index;
        this.log = log;
    }

    /** A partition whose log is created on first use (or by the registry's background opening). */
    Partition(Topic topic, int index, LogOpener opener) {
        this.topic = topic;
        this.index = index;
        this.opener = opener;
    }

    public Topic topic() {
        return topic;
    }

    public int index() {
        return index;
    }

    /**
     * The partition's log, opened now if it is not yet.
     *
     * @throws UnknownTopicException if the partition was closed before its log was opened
     * @throws io.skiff.storage.StorageException if the log cannot be created
     */
    public Log log() {
        Log l = log;
        return l != null ? l : openLog();
    }

    private synchronized Log openLog() {
        if (log == null) {
            if (closed) {
                throw new UnknownTopicException("Partition " + name() + " has been deleted");
            }
            try {
                log = opener.open();
            } catch (IOException e) {
                throw new StorageException("Cannot open the log of " + name() + ": " + e.getMessage(), e);
            }
            opener = null;
        }
        return log;
    }

    /** {@code topic-index}, as Kafka names partitions in messages. */
    public String name() {
        return topic.name() + "-" + index;
    }

    /**
     * Appends one or more record batches.
     *
     * <p>The log stamps each batch with its partition leader epoch, 0 (this broker's). For client appends, the
     * batches of idempotent producers are validated against the producer state; a retry of one of the last five
     * batches of its producer is not written again but answered with the original offsets. Fetches waiting on this
     * partition are woken after a successful append.
     *
     * @throws UnknownTopicException if the topic was deleted
     * @throws io.skiff.storage.producer.ProducerStateException if a batch breaks its producer's epoch, sequence or
     *     transaction rules
     * @throws io.skiff.storage.StorageException (and subclasses) if storage rejects the batches
     */
    public AppendResult appendRecords(ByteBuffer batches, AppendOrigin origin) {
        return appendRecords(batches, origin, ProducerAppendInfo.LEGACY_TRANSACTION_VERSION);
    }

    /**
     * As {@link #appendRecords(ByteBuffer, AppendOrigin)}, for transaction markers written by the coordinator of a
     * client with {@code transactionVersion} (2: the marker's epoch was bumped, so it must be above the producer's
     * current epoch, or equal to it for a marker retried after it was written).
     */
    public AppendResult appendRecords(ByteBuffer batches, AppendOrigin origin, int transactionVersion) {
        int bytes = batches.remaining();
        AppendResult result = topic.whileOpen(() -> appendLocked(batches, origin, transactionVersion));
        if (result.batchCount() > 0 && result.lastOffset() >= result.firstOffset() && !isDuplicate(result)) {
            for (AppendListener l : listeners) {
                l.onAppend(this, bytes);
            }
        }
        return result;
    }

    private AppendResult appendLocked(ByteBuffer batches, AppendOrigin origin, int transactionVersion) {
        topic.gate().checkWrite(topic.name(), index);
        return log().append(batches, origin, transactionVersion, leaderEpoch);
    }

    private static boolean isDuplicate(AppendResult result) {
        return result.batchCount() == 0;
    }

    /**
     * Reads from {@code offset}, at most {@code maxBytes} unless {@code minOneBatch} lets a first oversized batch
     * through. The caller must release the returned slices.
     *
     * @throws UnknownTopicException if the topic was deleted
     * @throws io.skiff.storage.OffsetOutOfRangeException if {@code offset} is outside the log
     */
    public LogReadResult read(long offset, int maxBytes, boolean minOneBatch) {
        return read(offset, maxBytes, minOneBatch, IsolationLevel.READ_UNCOMMITTED);
    }

    /**
     * As {@link #read(long, int, boolean)}; READ_COMMITTED stops at the last stable offset and lists the aborted
     * transactions overlapping what it returns.
     */
    public LogReadResult read(long offset, int maxBytes, boolean minOneBatch, IsolationLevel isolation) {
        return topic.whileOpen(() -> {
            topic.gate().checkRead(topic.name(), index);
            return log().read(offset, maxBytes, minOneBatch, isolation);
        });
    }

    /**
     * The first record whose timestamp is at or after {@code timestamp} (ListOffsets by time), or empty.
     *
     * @throws UnknownTopicException if the topic was deleted
     */
    public Optional<TimestampOffset> offsetForTimestamp(long timestamp) {
        return topic.whileOpen(() -> TimestampLookup.offsetForTimestamp(log(), timestamp));
    }

    /**
     * The first record carrying the log's largest timestamp (ListOffsets MAX_TIMESTAMP), or empty for an empty log.
     *
     * @throws UnknownTopicException if the topic was deleted
     */
    public Optional<TimestampOffset> maxTimestampOffset() {
        return topic.whileOpen(() -> TimestampLookup.maxTimestamp(log()));
    }

    /**
     * Deletes the records before {@code offset} (DeleteRecords): moves the log start offset there, persisted.
     * An offset at or below the current log start offset changes nothing.
     *
     * @return the log start offset afterwards (Kafka's low watermark)
     * @throws UnknownTopicException if the topic was deleted
     * @throws io.skiff.storage.OffsetOutOfRangeException if {@code offset} is beyond the high watermark
     */
    public long deleteRecordsBefore(long offset) {
        return topic.whileOpen(() -> {
            log().deleteRecordsBefore(offset);
            return log().logStartOffset();
        });
    }

    /** Applies a changed topic configuration to the live log (AlterConfigs). Called by the registry. */
    void applyLogConfig(LogConfig config) {
        log().updateConfig(config);
    }

    /** The offset up to which records are readable: the log end offset (single replica, no transactions). */
    public long highWatermark() {
        return log().logEndOffset();
    }

    public long logStartOffset() {
        return log().logStartOffset();
    }

    /** The first offset of the earliest open transaction, or the high watermark when none is open. */
    public long lastStableOffset() {
        return log().lastStableOffset();
    }

    public int leaderEpoch() {
        return leaderEpoch;
    }

    /** Set by a simulated cluster when the partition's leader changes (each change bumps Kafka's leader epoch). */
    public void setLeaderEpoch(int epoch) {
        synchronized (this) {
            if (epoch > leaderEpoch) {
                epochStarts.put(epoch, highWatermark());
            }
            this.leaderEpoch = epoch;
        }
    }

    /**
     * The end offset of an earlier leader epoch (where the next known epoch began), as Kafka's leader-epoch cache
     * answers OffsetForLeaderEpoch; the log end offset for the current epoch.
     */
    public synchronized long endOffsetOfEpoch(int epoch) {
        Integer next = epochStarts.higherKey(epoch);
        return next == null ? highWatermark() : epochStarts.get(next);
    }

    public void addListener(AppendListener listener) {
        listeners.add(listener);
    }

    public void removeListener(AppendListener listener) {
        listeners.remove(listener);
    }

    /** Forgets producers that have not written for {@code expirationMs}. */
    int expireProducers(long expirationMs) {
        return log().removeExpiredProducers(expirationMs);
    }

    /** Called with the topic's lifecycle write lock held. */
    void close(boolean delete) throws IOException {
        Log open;
        synchronized (this) {
            closed = true;
            open = log;
        }
        try {
            if (open == null) {
                return; // never opened: nothing to close (a deletion removes whatever directory there is)
            } else if (delete) {
                open.closeAndDelete();
            } else {
                open.close();
            }
        } finally {
            for (AppendListener l : listeners) {
                l.onClosed(this);
            }
            listeners.clear();
        }
    }

    @Override
    public String toString() {
        return "Partition(" + name() + ")";
    }
}
