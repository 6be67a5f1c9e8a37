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
package io.skiff.broker.share;

import io.skiff.broker.topic.Partition;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import io.skiff.storage.AbortedTxn;
import io.skiff.storage.FileSlice;
import io.skiff.storage.IsolationLevel;
import io.skiff.storage.LogReadResult;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * One partition as one share group consumes it (KIP-932): the records between the share-partition start offset
 * and its end offset are in flight ({@link InFlightRecords}); each is acquired by one member at a time under a lock
 * that expires, counted each time it is delivered, and finally acknowledged or archived. Records before the start
 * offset are done; records from the end offset on have not been delivered yet.
 *
 * <p>Acquisition gives back released and expired records first (from the lowest offset), and only when none are
 * available reads new records from the end offset, whole batches at a time, until {@code maxRecords} are acquired or
 * the in-flight limit is reached. Control records, offsets missing from the log (compaction) and, for
 * read_committed, records of aborted transactions are archived without being delivered. The start offset moves past
 * done records as they are acknowledged, and up to the log start offset when the log's head was deleted.
 *
 * <p>Thread-safe: every method holds the instance's monitor; a log read happens under it, which serializes the
 * members of one group on one partition (never other groups or partitions).
 */
public final class SharePartition {
    /** The most bytes one acquisition reads (a first batch larger than this is still read whole). */
    static final int MAX_READ_BYTES = 1 << 20;

    private final String groupId;
    private final TopicIdPartition id;
    private final Partition partition;
    private final ShareStateWriter writer;
    private final InFlightRecords inFlight;
    /** The start offset the last state write carried (-1: none yet). */
    private long writtenStart = -1;
    /** The start offset the write before the last one carried: what Kafka describes ({@link #describedStartOffset}). */
    private long describedStart = -1;

    private long timerDeadline = Long.MAX_VALUE;

    /** An in-memory share-partition (no durable state), for tests. */
    public SharePartition(String groupId, Partition partition, long startOffset) {
        this(groupId, null, partition, startOffset, ShareStateWriter.NONE);
    }

    /** A new share-partition starting at {@code startOffset}; its state is written through {@code writer}. */
    public SharePartition(
            String groupId, TopicIdPartition id, Partition partition, long startOffset, ShareStateWriter writer) {
        this.groupId = groupId;
        this.id = id;
        this.partition = partition;
        this.writer = writer;
        this.inFlight = new InFlightRecords(startOffset);
    }

    /** A share-partition as a snapshot left it: its ranges in flight again, acquired ones available. */
    public SharePartition(
            String groupId,
            TopicIdPartition id,
            Partition partition,
            ShareStateSnapshot snapshot,
            ShareStateWriter writer) {
        this(groupId, id, partition, snapshot.startOffset(), writer);
        for (StateRange r : snapshot.ranges()) {
            while (inFlight.endOffset() < r.firstOffset()) {
                inFlight.append(RecordState.AVAILABLE, (short) 0);
            }
            RecordState state = r.state() == RecordState.ACQUIRED ? RecordState.AVAILABLE : r.state();
            for (long o = r.firstOffset(); o <= r.lastOffset(); o++) {
                inFlight.append(state, r.deliveryCount());
            }
        }
        inFlight.advanceStart();
        writtenStart = inFlight.startOffset();
        describedStart = writtenStart;
    }

    /**
     * The start offset as Kafka 4.4 describes it (DescribeShareGroupOffsets, {@code kafka-share-groups --describe
     * --offsets}): the one its share coordinator holds, which each state write sets to the start offset as it was
     * before the change it writes (Kafka moves its start offset after the write). So it is -1 until the
     * share-partition's state was first written after its creation, and after records are acknowledged it is where
     * the start was before them, until the next write. The start offset that governs delivery is {@link #startOffset}.
     */
    public synchronized long describedStartOffset() {
        return describedStart;
    }

    /**
     * The durable state: the start offset and the in-flight records, merged into ranges. Taken under the monitor, so
     * a caller that writes it while still holding the monitor writes snapshots in the order of the changes.
     */
    public synchronized ShareStateSnapshot snapshot() {
        List<StateRange> ranges = new ArrayList<>();
        long first = -1;
        RecordState state = null;
        short count = 0;
        for (long o = inFlight.startOffset(); o < inFlight.endOffset(); o++) {
            RecordState s = inFlight.state(o) == RecordState.ACQUIRED ? RecordState.AVAILABLE : inFlight.state(o);
            short c = inFlight.deliveryCount(o);
            if (first >= 0 && s == state && c == count) {
                continue;
            }
            if (first >= 0) {
                ranges.add(new StateRange(first, o - 1, state, count));
            }
            first = o;
            state = s;
            count = c;
        }
        if (first >= 0) {
            ranges.add(new StateRange(first, inFlight.endOffset() - 1, state, count));
        }
        return new ShareStateSnapshot(inFlight.startOffset(), ranges);
    }

    public String groupId() {
        return groupId;
    }

    public Partition partition() {
        return partition;
    }

    public synchronized long startOffset() {
        return inFlight.startOffset();
    }

    public synchronized long endOffset() {
        return inFlight.endOffset();
    }

    /**
     * Acquires up to about {@code maxRecords} records for {@code memberId} (whole batches of new records may exceed
     * it, as Kafka's batch alignment does), locked until {@code now + recordLockDurationMs}.
     */
    public synchronized AcquiredRecords acquire(
            String memberId, int maxRecords, int maxBytes, ShareSettings settings, long now) {
        followLogStart();
        long firstAvailable = firstAvailable();
        if (firstAvailable >= 0) {
            return reacquire(memberId, firstAvailable, maxRecords, maxBytes, settings, now);
        }
        if (inFlight.size() >= settings.maxInFlightRecords()) {
            return AcquiredRecords.NONE;
        }
        long fetchOffset = inFlight.endOffset();
        long readable = settings.isolation() == IsolationLevel.READ_COMMITTED
                ? partition.lastStableOffset()
                : partition.highWatermark();
        if (fetchOffset >= readable) {
            return AcquiredRecords.NONE;
        }
        return acquireNew(memberId, fetchOffset, maxRecords, maxBytes, settings, now);
    }

    /** True when some in-flight record can be acquired now (a released or expired one), or new records exist. */
    public synchronized boolean hasAcquirable(ShareSettings settings) {
        if (firstAvailable() >= 0) {
            return true;
        }
        long readable = settings.isolation() == IsolationLevel.READ_COMMITTED
                ? partition.lastStableOffset()
                : partition.highWatermark();
        return inFlight.size() < settings.maxInFlightRecords() && inFlight.endOffset() < readable;
    }

    private AcquiredRecords reacquire(
            String memberId, long from, int maxRecords, int maxBytes, ShareSettings settings, long now) {
        ByteBuffer data = read(from, maxBytes, settings.isolation());
        if (data == null) {
            return AcquiredRecords.NONE;
        }
        long deadline = now + settings.recordLockDurationMs();
        AcquiredRecordsBuilder out = new AcquiredRecordsBuilder();
        int acquired = 0;
        for (RecordBatchView batch : RecordBatches.iterate(data)) {
            if (batch.baseOffset() >= inFlight.endOffset() || acquired >= maxRecords) {
                break;
            }
            boolean any = false;
            long last = Math.min(batch.lastOffset(), inFlight.endOffset() - 1);
            for (long o = Math.max(batch.baseOffset(), inFlight.startOffset());
                    o <= last && acquired < maxRecords;
                    o++) {
                if (inFlight.state(o) == RecordState.AVAILABLE) {
                    short count = (short) (inFlight.deliveryCount(o) + 1);
                    inFlight.set(o, RecordState.ACQUIRED, count, memberId, deadline);
                    out.acquired(o, count);
                    acquired++;
                    any = true;
                }
            }
            if (any) {
                out.deliver(batch.slice());
            }
        }
        return out.build();
    }

    private AcquiredRecords acquireNew(
            String memberId, long fetchOffset, int maxRecords, int maxBytes, ShareSettings settings, long now) {
        LogReadResult result = readResult(fetchOffset, maxBytes, settings.isolation());
        if (result == null) {
            return AcquiredRecords.NONE;
        }
        ByteBuffer data = concat(result);
        List<AbortedTxn> aborted = result.abortedTransactions();
        long deadline = now + settings.recordLockDurationMs();
        AcquiredRecordsBuilder out = new AcquiredRecordsBuilder();
        int acquired = 0;
        for (RecordBatchView batch : RecordBatches.iterate(data)) {
            if (batch.lastOffset() < inFlight.endOffset()) {
                continue; // starts before the end offset (the log start moved into it): already handled
            }
            if (acquired >= maxRecords || inFlight.size() >= settings.maxInFlightRecords()) {
                break;
            }
            while (inFlight.endOffset() < batch.baseOffset()) {
                inFlight.append(RecordState.ARCHIVED, (short) 0); // offsets the log no longer has
            }
            boolean skip = batch.isControl() || isAborted(batch, aborted);
            for (long o = inFlight.endOffset(); o <= batch.lastOffset(); o++) {
                if (skip) {
                    inFlight.append(RecordState.ARCHIVED, (short) 0);
                } else {
                    inFlight.append(RecordState.ACQUIRED, (short) 1);
                    inFlight.set(o, RecordState.ACQUIRED, (short) 1, memberId, deadline);
                    out.acquired(o, (short) 1);
                    acquired++;
                }
            }
            if (!skip) {
                out.deliver(batch.slice());
            }
        }
        inFlight.advanceStart();
        return out.build();
    }

    private static boolean isAborted(RecordBatchView batch, List<AbortedTxn> aborted) {
        if (aborted == null || !batch.isTransactional()) {
            return false;
        }
        for (AbortedTxn t : aborted) {
            if (t.producerId() == batch.producerId()
                    && t.firstOffset() <= batch.baseOffset()
                    && batch.baseOffset() <= t.lastOffset()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Applies {@code batches} of {@code memberId}: all of them, or none when one names a record that is not in flight,
     * not acquired, or acquired by another member (INVALID_RECORD_STATE, as Kafka answers).
     *
     * @return true when applied
     */
    public synchronized boolean acknowledge(
            String memberId, List<AcknowledgementBatch> batches, ShareSettings settings, long now) {
        for (AcknowledgementBatch b : batches) {
            for (long o = b.firstOffset(); o <= b.lastOffset(); o++) {
                if (!inFlight.contains(o)
                        || inFlight.state(o) != RecordState.ACQUIRED
                        || !memberId.equals(inFlight.owner(o))) {
                    return false;
                }
            }
        }
        boolean durable = false;
        for (AcknowledgementBatch b : batches) {
            for (long o = b.firstOffset(); o <= b.lastOffset(); o++) {
                AcknowledgeType type = b.typeOf(o);
                apply(o, type, settings, now);
                durable |= type != AcknowledgeType.RENEW;
            }
        }
        inFlight.advanceStart();
        if (durable) {
            persist();
        }
        return true;
    }

    private void apply(long offset, AcknowledgeType type, ShareSettings settings, long now) {
        short count = inFlight.deliveryCount(offset);
        switch (type) {
            case ACCEPT -> inFlight.set(offset, RecordState.ACKNOWLEDGED, count, null, 0);
            case GAP, REJECT -> inFlight.set(offset, RecordState.ARCHIVED, count, null, 0);
            case RELEASE -> release(offset, settings);
            case RENEW -> inFlight.setDeadline(offset, now + settings.recordLockDurationMs());
        }
    }

    /** Makes an acquired record available again, or archives it once it was delivered the limit's number of times. */
    private void release(long offset, ShareSettings settings) {
        short count = inFlight.deliveryCount(offset);
        RecordState next = count >= settings.deliveryCountLimit() ? RecordState.ARCHIVED : RecordState.AVAILABLE;
        inFlight.set(offset, next, count, null, 0);
    }

    /** Releases every record {@code memberId} holds (its share session closed or it left the group). */
    public synchronized int releaseMember(String memberId, ShareSettings settings) {
        return releaseAcquired(o -> memberId.equals(inFlight.owner(o)), settings);
    }

    /** Releases the records whose lock expired by {@code now}; returns how many. */
    public synchronized int expireLocks(ShareSettings settings, long now) {
        return releaseAcquired(o -> inFlight.lockDeadline(o) <= now, settings);
    }

    /** Releases the acquired records {@code which} selects, persisting the state if any; returns how many. */
    private int releaseAcquired(LongPredicate which, ShareSettings settings) {
        int released = 0;
        for (long o = inFlight.startOffset(); o < inFlight.endOffset(); o++) {
            if (inFlight.state(o) == RecordState.ACQUIRED && which.test(o)) {
                release(o, settings);
                released++;
            }
        }
        inFlight.advanceStart();
        if (released > 0) {
            persist();
        }
        return released;
    }

    /** The earliest lock deadline of an acquired record, or Long.MAX_VALUE when none is acquired. */
    public synchronized long nextLockDeadline() {
        long next = Long.MAX_VALUE;
        for (long o = inFlight.startOffset(); o < inFlight.endOffset(); o++) {
            if (inFlight.state(o) == RecordState.ACQUIRED) {
                next = Math.min(next, inFlight.lockDeadline(o));
            }
        }
        return next;
    }

    /**
     * Claims the expiry timer for {@code deadline}: true when no timer is set at or before it (the caller then sets
     * one), false when an earlier timer will look at it anyway.
     */
    synchronized boolean claimTimer(long deadline) {
        if (deadline >= timerDeadline) {
            return false;
        }
        timerDeadline = deadline;
        return true;
    }

    /** The timer set for {@code deadline} fired. */
    synchronized void timerFired(long deadline) {
        if (timerDeadline == deadline) {
            timerDeadline = Long.MAX_VALUE;
        }
    }

    /** Records between the start offset and the high watermark not yet acknowledged or archived (Kafka's lag). */
    public synchronized long lag() {
        long hw = partition.highWatermark();
        long lag = Math.max(0, hw - inFlight.endOffset());
        for (long o = inFlight.startOffset(); o < inFlight.endOffset(); o++) {
            if (!inFlight.state(o).isFinal()) {
                lag++;
            }
        }
        return lag;
    }

    /** Moves the start offset to {@code offset}, forgetting every in-flight record (AlterShareGroupOffsets). */
    public synchronized void resetStart(long offset) {
        inFlight.clear(offset);
        persist();
        describedStart = offset; // Kafka's AlterShareGroupOffsets writes the new start offset itself
    }

    /** Writes the current state (a new share-partition writes its start offset this way). */
    public synchronized void persist() {
        if (id != null) {
            writer.write(groupId, id, snapshot());
        }
        describedStart = writtenStart;
        writtenStart = inFlight.startOffset();
    }

    /** The state of {@code offset} if it is in flight, else null (before the start offset: done; after: new). */
    public synchronized RecordState stateOf(long offset) {
        return inFlight.contains(offset) ? inFlight.state(offset) : null;
    }

    /** The delivery count of in-flight {@code offset}. */
    public synchronized short deliveryCountOf(long offset) {
        return inFlight.deliveryCount(offset);
    }

    /** The log's head was deleted (retention, DeleteRecords) past the start offset: start at the log start. */
    private void followLogStart() {
        long logStart = partition.logStartOffset();
        if (inFlight.startOffset() < logStart) {
            inFlight.resetStart(logStart);
        }
    }

    private long firstAvailable() {
        for (long o = inFlight.startOffset(); o < inFlight.endOffset(); o++) {
            if (inFlight.state(o) == RecordState.AVAILABLE) {
                return o;
            }
        }
        return -1;
    }

    private ByteBuffer read(long offset, int maxBytes, IsolationLevel isolation) {
        LogReadResult result = readResult(offset, maxBytes, isolation);
        return result == null ? null : concat(result);
    }

    private LogReadResult readResult(long offset, int maxBytes, IsolationLevel isolation) {
        try {
            return partition.read(offset, Math.max(1, Math.min(maxBytes, MAX_READ_BYTES)), true, isolation);
        } catch (io.skiff.storage.OffsetOutOfRangeException e) {
            return null;
        }
    }

    /** The read's bytes in one heap buffer, its slices released. */
    private static ByteBuffer concat(LogReadResult result) {
        try {
            ByteBuffer all = ByteBuffer.allocate(result.totalBytes());
            for (FileSlice s : result.slices()) {
                all.put(s.readFully());
            }
            return all.flip();
        } finally {
            result.releaseAll();
        }
    }

    @Override
    public String toString() {
        return "SharePartition(" + groupId + ", " + partition.name() + ")";
    }
}
