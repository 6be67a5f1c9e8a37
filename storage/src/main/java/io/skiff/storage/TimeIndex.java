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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Sparse in-memory time index of one segment: the segment's max timestamp so far → relative base offset of the
 * batch carrying it. Timestamps strictly grow, so it is binary-searchable. On disk ({@code .timeindex}) as Kafka
 * lays it out: 12-byte big-endian entries (long timestamp, int relative offset).
 * <p>Thread-safety: one writer and any number of concurrent readers, as {@link OffsetIndex}.
 */
final class TimeIndex {
    static final int ENTRY_SIZE = 12;

    private static final class Entries {
        final long[] timestamps;
        final int[] relOffsets;

        Entries(int capacity) {
            timestamps = new long[capacity];
            relOffsets = new int[capacity];
        }
    }

    private final long baseOffset;
    private volatile Entries entries;
    private volatile int count;

    TimeIndex(long baseOffset) {
        this(baseOffset, new Entries(8), 0);
    }

    private TimeIndex(long baseOffset, Entries entries, int count) {
        this.baseOffset = baseOffset;
        this.entries = entries;
        this.count = count;
    }

    int entryCount() {
        return count;
    }

    /** Adds an entry if {@code timestamp} is above the last one. */
    void maybeAppend(long timestamp, long offset) {
        int n = count;
        Entries e = entries;
        if (n > 0 && timestamp <= e.timestamps[n - 1]) {
            return;
        }
        if (n == e.timestamps.length) {
            Entries grown = new Entries(n * 2);
            System.arraycopy(e.timestamps, 0, grown.timestamps, 0, n);
            System.arraycopy(e.relOffsets, 0, grown.relOffsets, 0, n);
            entries = grown;
            e = grown;
        }
        e.timestamps[n] = timestamp;
        e.relOffsets[n] = (int) (offset - baseOffset);
        count = n + 1;
    }

    /** The last entry, or null if empty. */
    TimestampOffset last() {
        int n = count;
        if (n == 0) {
            return null;
        }
        Entries e = entries;
        return new TimestampOffset(e.timestamps[n - 1], baseOffset + e.relOffsets[n - 1]);
    }

    /**
     * Offset of the batch of the last entry whose timestamp is below {@code timestamp}: every batch up to and
     * including it has a smaller max timestamp, so a search for the first batch reaching {@code timestamp} starts
     * after it. Returns -1 if there is no such entry (search from the segment start).
     */
    long lastOffsetBelow(long timestamp) {
        int n = count;
        Entries e = entries;
        int lo = 0;
        int hi = n - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (e.timestamps[mid] < timestamp) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? -1 : baseOffset + e.relOffsets[found];
    }

    void writeTo(Path file, FileChannelFactory files) throws IOException {
        int n = count;
        Entries e = entries;
        ByteBuffer buf = ByteBuffer.allocate(n * ENTRY_SIZE);
        for (int i = 0; i < n; i++) {
            buf.putLong(e.timestamps[i]).putInt(e.relOffsets[i]);
        }
        IndexFiles.writeIfChanged(file, buf.flip(), files);
    }

    /** Loads a time index file, or null if missing or failing the sanity checks (see {@link OffsetIndex#load}). */
    static TimeIndex load(Path file, long baseOffset, long nextOffset) throws IOException {
        ByteBuffer buf = IndexFiles.readEntries(file, ENTRY_SIZE);
        if (buf == null) {
            return null;
        }
        int n = buf.remaining() / ENTRY_SIZE;
        Entries e = new Entries(Math.max(8, n));
        for (int i = 0; i < n; i++) {
            long ts = buf.getLong();
            int rel = buf.getInt();
            boolean grows = i == 0 ? rel >= 0 : ts > e.timestamps[i - 1] && rel >= e.relOffsets[i - 1];
            if (!grows || (nextOffset >= 0 && baseOffset + rel >= nextOffset)) {
                return null;
            }
            e.timestamps[i] = ts;
            e.relOffsets[i] = rel;
        }
        return new TimeIndex(baseOffset, e, n);
    }
}
