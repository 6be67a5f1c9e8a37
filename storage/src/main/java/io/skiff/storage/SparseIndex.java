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
import java.util.Arrays;

/**
 * What a segment's two sparse indexes share (the idea of Kafka's {@code AbstractIndex}): entries of a growing key
 * and an int value in two arrays, searched by binary search in memory, and stored as Kafka lays the files out,
 * big-endian, key then value. {@link OffsetIndex} keys relative offsets (4 bytes on disk), {@link TimeIndex}
 * timestamps (8 bytes).
 * <p>Thread-safety: one writer (appends, truncation during recovery) and any number of concurrent readers; an entry
 * becomes visible to readers only after it is fully written (the volatile count is published last, and the arrays
 * only ever grow into copies).
 */
abstract class SparseIndex {
    /** The parallel arrays; replaced by a larger copy when full. */
    static final class Entries {
        final long[] keys;
        final int[] values;

        Entries(int capacity) {
            keys = new long[capacity];
            values = new int[capacity];
        }
    }

    /** Checks one entry read from a file, given the entry before it (undefined for the first, {@code i == 0}). */
    interface EntryCheck {
        boolean accept(int i, long key, int value, long previousKey, int previousValue);
    }

    protected final long baseOffset;
    private final boolean longKeys;
    private volatile Entries entries;
    private volatile int count;

    SparseIndex(long baseOffset, boolean longKeys, Loaded loaded) {
        this.baseOffset = baseOffset;
        this.longKeys = longKeys;
        this.entries = loaded.entries();
        this.count = loaded.count();
    }

    final int entryCount() {
        return count;
    }

    /** Adds an entry after the last one (the caller checked that it grows). */
    final void add(long key, int value) {
        int n = count;
        Entries e = entries;
        if (n == e.keys.length) {
            Entries grown = new Entries(n * 2);
            System.arraycopy(e.keys, 0, grown.keys, 0, n);
            System.arraycopy(e.values, 0, grown.values, 0, n);
            entries = grown;
            e = grown;
        }
        e.keys[n] = key;
        e.values[n] = value;
        count = n + 1;
    }

    /** The key of the last entry; the writer's check before {@link #add}. Undefined when empty. */
    final long lastKey() {
        return entries.keys[count - 1];
    }

    /** The value of the last entry; the writer's check before {@link #add}. Undefined when empty. */
    final int lastValue() {
        return entries.values[count - 1];
    }

    /**
     * The value of the last entry whose key is at most {@code key} ({@code inclusive}) or below it, or
     * {@code none} when there is no such entry.
     */
    final int floorValue(long key, boolean inclusive, int none) {
        int n = count;
        Entries e = entries;
        int lo = 0;
        int hi = n - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (inclusive ? e.keys[mid] <= key : e.keys[mid] < key) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? none : e.values[found];
    }

    /** The largest value at most {@code value} (values grow too), or 0 when there is none. */
    final int floorOfValues(int value) {
        int n = count;
        Entries e = entries;
        int i = Arrays.binarySearch(e.values, 0, n, value);
        if (i >= 0) {
            return e.values[i];
        }
        int insertion = -i - 1;
        return insertion == 0 ? 0 : e.values[insertion - 1];
    }

    /** The last entry as {@code last.of(key, value)}, or null when empty; both from the same entry. */
    final <T> T last(EntryView<T> last) {
        int n = count;
        if (n == 0) {
            return null;
        }
        Entries e = entries;
        return last.of(e.keys[n - 1], e.values[n - 1]);
    }

    /** Builds a result from one entry. */
    interface EntryView<T> {
        T of(long key, int value);
    }

    /** Writes the entries in Kafka's layout (unchanged files are not rewritten). */
    final void writeTo(Path file, FileChannelFactory files) throws IOException {
        int n = count;
        Entries e = entries;
        ByteBuffer buf = ByteBuffer.allocate(n * entrySize(longKeys));
        for (int i = 0; i < n; i++) {
            if (longKeys) {
                buf.putLong(e.keys[i]);
            } else {
                buf.putInt((int) e.keys[i]);
            }
            buf.putInt(e.values[i]);
        }
        IndexFiles.writeIfChanged(file, buf.flip(), files);
    }

    static int entrySize(boolean longKeys) {
        return (longKeys ? Long.BYTES : Integer.BYTES) + Integer.BYTES;
    }

    /**
     * Reads an index file's entries into arrays of at least {@code minCapacity}; null if the file is missing, torn,
     * or an entry fails {@code check}.
     */
    static Loaded read(Path file, boolean longKeys, int minCapacity, EntryCheck check) throws IOException {
        ByteBuffer buf = IndexFiles.readEntries(file, entrySize(longKeys));
        if (buf == null) {
            return null;
        }
        int n = buf.remaining() / entrySize(longKeys);
        Entries e = new Entries(Math.max(minCapacity, n));
        for (int i = 0; i < n; i++) {
            long key = longKeys ? buf.getLong() : buf.getInt();
            int value = buf.getInt();
            if (!check.accept(i, key, value, i == 0 ? 0 : e.keys[i - 1], i == 0 ? 0 : e.values[i - 1])) {
                return null;
            }
            e.keys[i] = key;
            e.values[i] = value;
        }
        return new Loaded(e, n);
    }

    /** The entries of a file and how many there are. */
    record Loaded(Entries entries, int count) {
        /** No entries yet, room for {@code capacity}: a new index. */
        static Loaded empty(int capacity) {
            return new Loaded(new Entries(capacity), 0);
        }
    }
}
