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
            rollBaseTimestamp = maxTimestamp >= 0 ? maxTimestamp : now;
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
    void rollBaseTimestamp(long ts) {
        rollBaseTimestamp = ts;
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

    long rollBaseTimestamp() {
        return rollBaseTimestamp;
    }
}
