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

/**
 * Feeds batches, in log order, into a segment's offset and time indexes: an offset-index entry every
 * {@code indexIntervalBytes}, a time-index entry (max timestamp so far) alongside, and the segment's max
 * timestamp and age base. Used by appends, recovery and index rebuilds.
 * <p>Not thread-safe: one writer. The indexes it fills may be read concurrently (see {@link OffsetIndex}).
 */
final class IndexBuilder {
    private final OffsetIndex offsets;
    private final TimeIndex times;
    private final int indexIntervalBytes;
    private TimestampOffset max;
    private long rollBaseTimestamp = -1;
    private boolean rollBaseFromBatch;
    private int bytesSinceIndexEntry;

    IndexBuilder(long baseOffset, int indexIntervalBytes) {
        this(new OffsetIndex(baseOffset), new TimeIndex(baseOffset), null, indexIntervalBytes);
    }

    /** Continues existing indexes (the last offset-index entry counts as just written). */
    IndexBuilder(OffsetIndex offsets, TimeIndex times, TimestampOffset max, int indexIntervalBytes) {
        this.offsets = offsets;
        this.times = times;
        this.max = max;
        this.indexIntervalBytes = indexIntervalBytes;
    }

    void onBatch(long baseOffset, long maxTimestamp, int position, int size, long now) {
        if (rollBaseTimestamp < 0) {
            rollBaseFromBatch = maxTimestamp >= 0;
            rollBaseTimestamp = rollBaseFromBatch ? maxTimestamp : now;
        }
        if (maxTimestamp >= 0 && (max == null || maxTimestamp > max.timestamp())) {
            max = new TimestampOffset(maxTimestamp, baseOffset);
        }
        if (position > 0 && bytesSinceIndexEntry >= indexIntervalBytes && baseOffset > offsets.lastOffset()) {
            offsets.append(baseOffset, position);
            if (max != null) {
                times.maybeAppend(max.timestamp(), max.offset());
            }
            bytesSinceIndexEntry = 0;
        }
        bytesSinceIndexEntry += size;
    }

    /** Sets the age base when it is known from elsewhere (e.g. the first batch of a loaded segment). */
    void rollBaseTimestamp(long ts, boolean fromBatch) {
        rollBaseTimestamp = ts;
        rollBaseFromBatch = fromBatch;
    }

    /**
     * How long the segment has waited for a roll, as Kafka measures it: the incoming batch's timestamp minus the
     * first batch's timestamp when both exist (so producer clocks are compared with producer clocks), else wall time
     * since the first append. -1 if the segment is empty.
     */
    long timeWaitedForRoll(long now, long incomingMaxTimestamp) {
        if (rollBaseTimestamp < 0) {
            return -1;
        }
        if (rollBaseFromBatch && incomingMaxTimestamp >= 0) {
            return incomingMaxTimestamp - rollBaseTimestamp;
        }
        return now - rollBaseTimestamp;
    }

    /** Adds the final time-index entry so the last entry holds the segment's max timestamp. */
    void finish() {
        if (max != null) {
            times.maybeAppend(max.timestamp(), max.offset());
        }
    }

    OffsetIndex offsets() {
        return offsets;
    }

    TimeIndex times() {
        return times;
    }

    TimestampOffset max() {
        return max;
    }
}
