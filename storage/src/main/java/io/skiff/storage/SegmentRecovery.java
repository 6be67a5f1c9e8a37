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
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The batch walk of a segment's recovery, used by {@link Segment#recover} and
 * {@link Segment#loadAfterCleanShutdown}: validates each batch (framing, magic, CRC-32C, counts, base offsets
 * following each other, staying below the next segment), feeds it to the index builder (and to the producer state,
 * when given), and cuts the file after the last valid batch, logging what was cut at WARN.
 * <p>Not thread-safe: one walk per instance, by the thread that opens the log.
 */
final class SegmentRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentRecovery.class);
    private static final int RECOVERY_BUFFER = 1 << 20;

    /** Where the walk ended: the end of the last valid batch, its last offset, and why it stopped early. */
    int validEnd;

    long lastOffset = -1;
    int batches;
    String reason;
    /** The first batch did not start at {@code expectedFirst}: the trusted index does not match the log. */
    boolean mismatch;

    private SegmentRecovery(int start) {
        this.validEnd = start;
    }

    /**
     * Walks the batches of {@code seg} in [{@code start}, {@code fileSize}).
     *
     * @param upperBound    base offset of the next segment (batches must end below it), or -1
     * @param expectedFirst base offset the first batch must have (a trusted index entry), or -1
     * @param producers     fed every valid batch (aborted transactions go to {@code seg}'s index), or null
     */
    static SegmentRecovery walk(
            FileChannel ch,
            Segment seg,
            int start,
            long fileSize,
            long upperBound,
            IndexBuilder builder,
            long expectedFirst,
            ProducerStateRecovery producers,
            long now)
            throws IOException {
        SegmentRecovery r = new SegmentRecovery(start);
        long prevLast = seg.baseOffset() - 1;
        BatchScanner scan = new BatchScanner(ch, start, fileSize, RECOVERY_BUFFER, true);
        while (scan.next()) {
            BatchInfo info = scan.info();
            if (r.batches == 0 && expectedFirst >= 0 && info.baseOffset() != expectedFirst) {
                r.mismatch = true;
                return r;
            }
            // Offsets are outside the CRC, so continuity is what catches a damaged base offset. Compaction leaves gaps
            // between batches of the segments it rewrites, which are never the last one (the active segment is not
            // cleaned): there offsets need only grow, and stay below the next segment.
            boolean gapsAllowed = upperBound >= 0 || (r.batches == 0 && start > 0);
            boolean follows = gapsAllowed ? info.baseOffset() > prevLast : info.baseOffset() == prevLast + 1;
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
            if (producers != null) {
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
    boolean truncateInvalidTail(FileChannel ch, Segment seg, long fileSize) throws IOException {
        if (validEnd >= fileSize) {
            return false;
        }
        long cut = fileSize - validEnd;
        int frames = countFrames(ch, validEnd, fileSize);
        ch.truncate(validEnd);
        ch.force(true);
        LOG.warn(
                "{}: truncated segment {} at position {}: removed {} bytes ({} batch{}) because {}",
                seg.logFile().getParent().getFileName(),
                seg.logFile().getFileName(),
                validEnd,
                cut,
                frames,
                frames == 1 ? "" : "es",
                reason);
        return true;
    }

    /** Best-effort count of batch frames in [from, end), for truncation warnings (at least 1). */
    static int countFrames(FileChannel ch, long from, long end) throws IOException {
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
}
