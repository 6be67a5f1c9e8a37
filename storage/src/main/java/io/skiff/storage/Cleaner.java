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

import io.skiff.record.ControlRecords;
import io.skiff.record.RecordBatchFilter;
import io.skiff.record.RecordBatchView;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compacts one log, by Kafka's rules ({@code Cleaner} in Kafka 4.1):
 * <ol>
 *   <li>Map the dirty section [first dirty offset, first uncleanable offset) of closed segments: every key's latest
 *       offset goes into the {@link OffsetMap}; data of aborted transactions and markers are not mapped. Mapping
 *       stops early, at a batch boundary, when the map is full; the cleaned range then ends there.</li>
 *   <li>Rewrite every closed segment below the end of the mapped range, in groups of consecutive segments that fit
 *       one segment ({@code segment.bytes}), each group into one cleaned segment named by the group's first base
 *       offset, swapped in by {@link SegmentSwap}. A record survives when it is past the mapped range, or it is the
 *       latest of its key and has a value, or it is a tombstone whose batch's delete horizon has not passed. Data of
 *       aborted transactions goes; a marker goes once no data of its transaction is left and its delete horizon has
 *       passed. A batch that keeps nothing is dropped, except the batch holding its producer's last sequence, which
 *       stays as an empty batch so the producer's next sequence still follows.</li>
 * </ol>
 * Offsets never change, so gaps appear; the log start offset does not move.
 *
 * <p>Not thread-safe: one cleaner per cleaner thread (it owns the offset map). Logs may be appended to, read and
 * retained concurrently; the swap itself runs under the log's lock and gives up if the segments changed.
 */
final class Cleaner {
    private static final int SCAN_BUFFER = 1 << 20;

    private static final long INITIAL_MAP_BYTES = 1 << 20;
    private static final int MAP_GROWTH = 4;

    private final long maxMapBytes;
    private final double loadFactor;
    private OffsetMap map;
    private boolean mapFull; // the last buildMap stopped because the map was full
    private final IoThrottler throttler;
    private final Clock clock;
    private volatile SegmentSwap.StepListener steps = SegmentSwap.StepListener.NONE;
    private volatile boolean stopped;

    /**
     * @param maxMapBytes the most memory its offset map may take; the map starts at 1 MiB and grows (fourfold, up
     *                    to this) when a cleaning finds it too small, so small logs cost little memory
     */
    Cleaner(long maxMapBytes, double loadFactor, IoThrottler throttler, Clock clock) {
        this.maxMapBytes = maxMapBytes;
        this.loadFactor = loadFactor;
        this.map = new OffsetMap(Math.min(maxMapBytes, INITIAL_MAP_BYTES), loadFactor);
        this.throttler = throttler;
        this.clock = clock;
    }

    /** Test hook: called after each step of every swap. */
    void stepListener(SegmentSwap.StepListener listener) {
        this.steps = listener;
    }

    /** Makes cleanings in progress give up at their next batch (their cleaned files are discarded). */
    void stop() {
        stopped = true;
    }

    private void checkStopped(Log log) {
        if (stopped || log.isClosed()) {
            throw new StorageException("cleaning of " + log.dir() + " stopped: the cleaner or the log was closed");
        }
    }

    /** The offset map's memory, for reports. */
    long mapMemoryBytes() {
        return map.memoryBytes();
    }

    /**
     * Cleans {@code log} with dirty section [{@code firstDirty}, {@code uncleanable}).
     *
     * @param rewriteClean rewrite the clean section even when nothing is dirty (tombstones whose delete horizon
     *                     has passed go then)
     * @return what it did; its {@code endOffset} is the next first dirty offset
     */
    CleanResult clean(Log log, long firstDirty, long uncleanable, boolean rewriteClean) throws IOException {
        long now = clock.millis();
        map.clear();
        long end = buildMap(log, firstDirty, uncleanable);
        while (mapFull && map.memoryBytes() < maxMapBytes) {
            // Mapping again with a bigger map costs less than cleaning the whole log once more for the rest.
            long bigger = Math.min(maxMapBytes, map.memoryBytes() * MAP_GROWTH);
            map = null; // the old table can go before the new one is allocated
            map = new OffsetMap(bigger, loadFactor);
            end = buildMap(log, firstDirty, uncleanable);
        }
        if (mapFull && end <= firstDirty) {
            throw new IllegalStateException("the cleaner's offset map (" + map.memoryBytes() + " bytes) cannot hold"
                    + " the keys of the first batch at offset " + firstDirty + " of "
                    + log.dir().getFileName()
                    + ": raise log.cleaner.dedupe.buffer.size");
        }
        CleanResult result = new CleanResult(firstDirty, end);
        if (end <= firstDirty && !rewriteClean) {
            return result;
        }
        result.mappedKeys = map.size();
        long horizon = now + log.config().deleteRetentionMs();
        Map<Long, Integer> lastSequences = log.lastSequences();
        List<Segment> segments = log.segments().closed(0, end);
        if (segments.isEmpty()) {
            return result;
        }
        CleanedTransactions txns = new CleanedTransactions(
                log.segments().abortedTransactions(segments.get(0).baseOffset(), end));
        for (List<Segment> group : groups(segments, log.config().segmentBytes())) {
            if (!cleanGroup(log, group, end, now, horizon, lastSequences, txns, result)) {
                result.aborted = true;
                break;
            }
        }
        return result;
    }

    // ---------------------------------------------------------------- step 1: the offset map

    private long buildMap(Log log, long firstDirty, long uncleanable) throws IOException {
        mapFull = false;
        CleanedTransactions txns = new CleanedTransactions(log.segments().abortedTransactions(firstDirty, uncleanable));
        long mappedTo = firstDirty;
        for (Segment seg : log.segments().closed(firstDirty, uncleanable)) {
            try (SegmentScan held = seg.openScan()) {
                if (held == null) {
                    break; // deleted by retention meanwhile: clean what is mapped
                }
                BatchScanner scan = held.batches(0, SCAN_BUFFER, true);
                RecordBatchView batch;
                while ((batch = nextBatch(log, scan)) != null) {
                    if (batch.lastOffset() < firstDirty) {
                        continue;
                    }
                    if (batch.baseOffset() >= uncleanable) {
                        return mappedTo;
                    }
                    BatchInfo info = scan.info();
                    if (batch.isControl()) {
                        txns.onMarker(info, isAbort(batch));
                    } else if (!txns.onDataBatch(info)) {
                        if (batch.recordCount() > map.remaining()) {
                            mapFull = true;
                            return mappedTo == firstDirty ? firstDirty : batch.baseOffset();
                        }
                        RecordBatchFilter.forEachRecord(batch, (offset, key, hasValue) -> {
                            if (key != null && offset >= firstDirty) {
                                map.put(key, offset);
                            }
                            return true;
                        });
                    }
                    mappedTo = Math.min(uncleanable, batch.nextOffset());
                }
                requireScannedToEnd(log, seg, scan);
                mappedTo = Math.max(mappedTo, Math.min(uncleanable, seg.nextOffset()));
            }
        }
        return mappedTo;
    }

    /**
     * The next batch of a segment that a cleaning pass reads whole (mapping, rewriting), once the throttler lets its
     * bytes through; null at the end or at an invalid batch. Stops the pass if the cleaner or the log was closed.
     */
    private RecordBatchView nextBatch(Log log, BatchScanner scan) throws IOException {
        if (!scan.next()) {
            return null;
        }
        RecordBatchView batch = new RecordBatchView(scan.buffer(), scan.offsetInBuffer());
        throttler.acquire(scan.size());
        checkStopped(log);
        return batch;
    }

    /** Fails the cleaning if a pass stopped at an invalid batch before the end of {@code seg}. */
    private static void requireScannedToEnd(Log log, Segment seg, BatchScanner scan) {
        if (scan.invalidReason() != null) {
            throw new StorageException(
                    "cannot clean " + log.dir() + ": " + seg.logFile().getFileName() + ": " + scan.invalidReason());
        }
    }

    // ---------------------------------------------------------------- step 2: rewriting

    /** Consecutive segments whose total size fits one segment (and whose offsets fit its relative index). */
    static List<List<Segment>> groups(List<Segment> segments, int maxBytes) {
        List<List<Segment>> groups = new ArrayList<>();
        List<Segment> current = new ArrayList<>();
        long bytes = 0;
        for (Segment s : segments) {
            boolean fits = current.isEmpty()
                    || (bytes + s.size() <= maxBytes
                            && s.nextOffset() - current.get(0).baseOffset() <= Integer.MAX_VALUE);
            if (!fits) {
                groups.add(current);
                current = new ArrayList<>();
                bytes = 0;
            }
            current.add(s);
            bytes += s.size();
        }
        if (!current.isEmpty()) {
            groups.add(current);
        }
        return groups;
    }

    private boolean cleanGroup(
            Log log,
            List<Segment> group,
            long end,
            long now,
            long horizon,
            Map<Long, Integer> lastSequences,
            CleanedTransactions txns,
            CleanResult result)
            throws IOException {
        Map<Long, AbortedTxn> abortedByMarker = new HashMap<>();
        for (Segment s : group) {
            for (AbortedTxn t : s.txnIndex().all()) {
                abortedByMarker.put(t.lastOffset(), t);
            }
        }
        CleanedSegment out = new CleanedSegment(
                log.dir(), group.get(0).baseOffset(), log.config().indexIntervalBytes());
        boolean swapped = false;
        try {
            for (Segment seg : group) {
                if (!cleanSegment(log, seg, out, end, now, horizon, lastSequences, txns, abortedByMarker, result)) {
                    return false;
                }
            }
            out.finish();
            swapped = log.replaceSegments(group, out, steps);
            if (swapped) {
                result.segmentsCleaned += group.size();
                result.bytesWritten += out.size();
            }
            return swapped;
        } finally {
            if (!swapped) {
                out.discard();
            }
        }
    }

    private boolean cleanSegment(
            Log log,
            Segment seg,
            CleanedSegment out,
            long end,
            long now,
            long horizon,
            Map<Long, Integer> lastSequences,
            CleanedTransactions txns,
            Map<Long, AbortedTxn> abortedByMarker,
            CleanResult result)
            throws IOException {
        try (SegmentScan held = seg.openScan()) {
            if (held == null) {
                return false;
            }
            BatchScanner scan = held.batches(0, SCAN_BUFFER, true);
            RecordBatchView batch;
            while ((batch = nextBatch(log, scan)) != null) {
                result.bytesRead += scan.size();
                result.batchesRead++;
                ByteBuffer kept = cleanBatch(batch, scan.info(), end, now, horizon, lastSequences, txns, result);
                if (kept == null) {
                    continue;
                }
                RecordBatchView written = new RecordBatchView(kept, kept.position());
                out.append(kept, written.baseOffset(), written.maxTimestamp());
                throttler.acquire(kept.remaining());
                if (written.isControl() && written.recordCount() > 0) {
                    AbortedTxn aborted = abortedByMarker.get(written.baseOffset());
                    if (aborted != null) {
                        out.addAbortedTxn(aborted);
                    }
                }
                if (written.hasDeleteHorizon()) {
                    result.noteDeleteHorizon(written.baseTimestamp());
                }
            }
            requireScannedToEnd(log, seg, scan);
            return true;
        }
    }

    /** The bytes to keep for {@code batch} (the original bytes, a rewritten or an empty batch), or null. */
    private ByteBuffer cleanBatch(
            RecordBatchView batch,
            BatchInfo info,
            long end,
            long now,
            long horizon,
            Map<Long, Integer> lastSequences,
            CleanedTransactions txns,
            CleanResult result) {
        boolean control = batch.isControl();
        boolean canDiscard = control ? txns.onMarker(info, isAbort(batch)) : txns.onDataBatch(info);
        boolean discardRecords =
                control ? canDiscard && batch.hasDeleteHorizon() && batch.baseTimestamp() <= now : canDiscard;
        Integer lastSequence = batch.hasProducerId() ? lastSequences.get(batch.producerId()) : null;
        boolean retainEmpty = lastSequence != null && lastSequence == batch.lastSequence();
        if (discardRecords && !retainEmpty) {
            result.recordsRemoved += batch.recordCount();
            return null;
        }
        boolean retainDeletes = !batch.hasDeleteHorizon() || now < batch.baseTimestamp();
        RecordBatchFilter.Result r = RecordBatchFilter.filter(
                batch,
                (offset, key, hasValue) -> {
                    if (discardRecords) {
                        return false;
                    }
                    if (control || offset >= end) {
                        return true;
                    }
                    if (key == null) {
                        return false;
                    }
                    return offset >= map.get(key) && (hasValue || retainDeletes);
                },
                horizon,
                control && canDiscard);
        result.recordsRemoved += batch.recordCount() - r.retained();
        if (r.unchanged()) {
            return batch.buffer().slice(batch.start(), batch.sizeInBytes());
        }
        if (r.batch() != null) {
            return r.batch();
        }
        return retainEmpty ? RecordBatchFilter.emptyBatch(batch) : null;
    }

    /** Whether a control batch is an ABORT marker (its one record's key: version int16, type int16). */
    private static boolean isAbort(RecordBatchView batch) {
        boolean[] abort = new boolean[1];
        RecordBatchFilter.forEachRecord(batch, (offset, key, hasValue) -> {
            if (key != null && key.remaining() >= 4) {
                abort[0] = key.getShort(key.position() + 2) == ControlRecords.ABORT;
            }
            return true;
        });
        return abort[0];
    }

    /**
     * What one cleaning did.
     * <p>Not thread-safe: filled by the cleaning thread, read after it returns.
     */
    static final class CleanResult {
        final long firstDirtyOffset;
        final long endOffset;
        int mappedKeys;
        int segmentsCleaned;
        long batchesRead;
        long bytesRead;
        long bytesWritten;
        long recordsRemoved;
        boolean aborted;
        /** The earliest delete horizon a kept batch carries, or Long.MAX_VALUE. */
        long earliestDeleteHorizon = Long.MAX_VALUE;

        CleanResult(long firstDirtyOffset, long endOffset) {
            this.firstDirtyOffset = firstDirtyOffset;
            this.endOffset = endOffset;
        }

        void noteDeleteHorizon(long horizonMs) {
            earliestDeleteHorizon = Math.min(earliestDeleteHorizon, horizonMs);
        }

        @Override
        public String toString() {
            return "cleaned offsets [" + firstDirtyOffset + ", " + endOffset + "): " + mappedKeys + " keys mapped, "
                    + segmentsCleaned + " segments rewritten, " + bytesRead + " bytes read, " + bytesWritten
                    + " bytes written, " + recordsRemoved + " records removed" + (aborted ? " (gave up)" : "");
        }
    }
}
