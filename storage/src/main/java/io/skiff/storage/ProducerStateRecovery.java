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
import io.skiff.storage.producer.CompletedTxn;
import io.skiff.storage.producer.ProducerBatch;
import io.skiff.storage.producer.ProducerStateManager;
import io.skiff.storage.producer.TxnMarker;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.Collection;

/**
 * Rebuilds a log's producer state while it opens, as Kafka's loader does: the newest readable snapshot at or below
 * the first offset that is needed is loaded, then the batches between the snapshot and that offset are replayed
 * from the trusted segments (headers only), and the segments that recovery scans feed every batch they validate
 * (which also rebuilds their transaction indexes). After a clean shutdown the snapshot taken at close covers the
 * whole log, so nothing is read.
 * <p>Not thread-safe: used by {@link Log#open} before the log is shared.
 */
final class ProducerStateRecovery {
    private static final int SCAN_BUFFER = 256 * 1024;

    private final ProducerStateManager state;
    private final ProducerSnapshots snapshots;
    private final BatchListener listener;
    private boolean started;
    private long snapshotOffset = -1;

    ProducerStateRecovery(ProducerStateManager state, ProducerSnapshots snapshots, BatchListener listener) {
        this.state = state;
        this.snapshots = snapshots;
        this.listener = listener;
    }

    /** Offset of the snapshot that was loaded, or -1 if none could be. */
    long snapshotOffset() {
        return snapshotOffset;
    }

    /**
     * Makes the state cover the log up to {@code target}: on the first call loads the newest snapshot at or below
     * it (or starts empty at {@code logStart}), then replays the batches of {@code segments} below {@code target}
     * that the state does not cover yet.
     */
    void catchUp(long target, long logStart, Collection<Segment> segments) throws IOException {
        if (!started) {
            started = true;
            snapshotOffset = snapshots.loadLatest(state, target);
            if (snapshotOffset < 0) {
                state.truncateFullyAndStartAt(logStart);
            }
        }
        long from = state.mapEndOffset();
        if (from >= target) {
            return;
        }
        for (Segment seg : segments) {
            if (seg.nextOffset() <= from || seg.size() == 0) {
                continue;
            }
            if (seg.baseOffset() >= target) {
                break;
            }
            try (FileChannel ch = FileChannel.open(seg.logFile(), StandardOpenOption.READ)) {
                int start = seg.baseOffset() >= from ? 0 : seg.offsetIndex().floorPosition(from);
                BatchScanner scan = new BatchScanner(ch, start, seg.size(), SCAN_BUFFER, false);
                while (scan.next()) {
                    BatchInfo info = scan.info();
                    if (info.baseOffset() >= target) {
                        break;
                    }
                    if (info.lastOffset() >= from) {
                        replay(info, scan, null);
                    }
                }
            }
        }
        state.updateMapEndOffset(Math.max(state.mapEndOffset(), target));
    }

    /** A batch that recovery of {@code seg} validated, in log order; aborted transactions go to its txn index. */
    void onRecoveredBatch(BatchInfo info, BatchScanner scan, Segment seg) throws IOException {
        replay(info, scan, seg.txnIndex());
    }

    private void replay(BatchInfo info, BatchScanner scan, TransactionIndex rebuilding) throws IOException {
        if (listener != null) {
            listener.onBatch(info);
        }
        if (info.producerId() >= 0) {
            TxnMarker marker = null;
            if (info.control()) {
                scan.loadWholeBatch();
                marker = TxnMarkers.read(new RecordBatchView(scan.buffer(), scan.offsetInBuffer()));
            }
            ProducerBatch batch = new ProducerBatch(
                    info.producerId(),
                    info.producerEpoch(),
                    info.baseSequence(),
                    ProducerBatch.lastSequence(info.baseSequence(), (int) (info.lastOffset() - info.baseOffset())),
                    info.baseOffset(),
                    info.lastOffset(),
                    info.maxTimestamp(),
                    info.transactional(),
                    info.control(),
                    marker);
            CompletedTxn done = state.replay(batch);
            if (done != null) {
                if (done.aborted() && rebuilding != null) {
                    rebuilding.append(new AbortedTxn(
                            done.producerId(), done.firstOffset(), done.lastOffset(), state.lastStableOffset(done)));
                }
                state.completeTxn(done);
            }
        }
        state.updateMapEndOffset(info.lastOffset() + 1);
    }
}
