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
 * Sparse in-memory index of one segment: relative offset of a batch's base offset → byte position of the batch.
 * On disk ({@code .index}) as Kafka lays it out: 8-byte big-endian entries (int relative offset, int position).
 * Lookups are binary searches over arrays, no syscall per probe.
 * <p>Thread-safety: one writer (appends, truncation during recovery) and any number of concurrent readers;
 * an entry becomes visible to readers only after it is fully written (volatile count published last).
 */
final class OffsetIndex {
    static final int ENTRY_SIZE = 8;

    private static final class Entries {
        final int[] relOffsets;
        final int[] positions;

        Entries(int capacity) {
            relOffsets = new int[capacity];
            positions = new int[capacity];
        }
    }

    private final long baseOffset;
    private volatile Entries entries;
    private volatile int count;

    OffsetIndex(long baseOffset) {
        this(baseOffset, new Entries(16), 0);
    }

    private OffsetIndex(long baseOffset, Entries entries, int count) {
        this.baseOffset = baseOffset;
        this.entries = entries;
        this.count = count;
    }

    int entryCount() {
        return count;
    }

    /** Adds an entry; offsets and positions must grow. */
    void append(long offset, int position) {
        int n = count;
        Entries e = entries;
        if (n > 0 && (offset - baseOffset <= e.relOffsets[n - 1] || position <= e.positions[n - 1])) {
            throw new IllegalStateException("index entries must grow: " + offset + "@" + position + " after "
                    + (baseOffset + e.relOffsets[n - 1]) + "@" + e.positions[n - 1]);
        }
        if (n == e.relOffsets.length) {
            Entries grown = new Entries(n * 2);
            System.arraycopy(e.relOffsets, 0, grown.relOffsets, 0, n);
            System.arraycopy(e.positions, 0, grown.positions, 0, n);
            entries = grown;
            e = grown;
        }
        e.relOffsets[n] = (int) (offset - baseOffset);
        e.positions[n] = position;
        count = n + 1;
    }

    /** Byte position of the last indexed batch whose base offset is <= {@code offset}; 0 if none. */
    int floorPosition(long offset) {
        int n = count;
        Entries e = entries;
        long rel = offset - baseOffset;
        int lo = 0;
        int hi = n - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (e.relOffsets[mid] <= rel) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? 0 : e.positions[found];
    }

    /** The largest indexed position <= {@code position}; 0 if none. */
    int floorPositionByPosition(int position) {
        int n = count;
        Entries e = entries;
        int i = Arrays.binarySearch(e.positions, 0, n, position);
        if (i >= 0) {
            return e.positions[i];
        }
        int insertion = -i - 1;
        return insertion == 0 ? 0 : e.positions[insertion - 1];
    }

    /** Base offset of the last entry, or -1 if empty. */
    long lastOffset() {
        int n = count;
        return n == 0 ? -1 : baseOffset + entries.relOffsets[n - 1];
    }

    /** Position of the last entry, or 0 if empty. */
    int lastPosition() {
        int n = count;
        return n == 0 ? 0 : entries.positions[n - 1];
    }

    void writeTo(Path file, FileChannelFactory files) throws IOException {
        int n = count;
        Entries e = entries;
        ByteBuffer buf = ByteBuffer.allocate(n * ENTRY_SIZE);
        for (int i = 0; i < n; i++) {
            buf.putInt(e.relOffsets[i]).putInt(e.positions[i]);
        }
        IndexFiles.writeIfChanged(file, buf.flip(), files);
    }

    /**
     * Loads an index file, or returns null if it is missing or fails the sanity checks (entries growing,
     * positions inside a log of {@code logSize} bytes, offsets below {@code nextOffset} when that is known, i.e. >= 0).
     */
    static OffsetIndex load(Path file, long baseOffset, long logSize, long nextOffset) throws IOException {
        ByteBuffer buf = IndexFiles.readEntries(file, ENTRY_SIZE);
        if (buf == null) {
            return null;
        }
        int n = buf.remaining() / ENTRY_SIZE;
        Entries e = new Entries(Math.max(16, n));
        for (int i = 0; i < n; i++) {
            int rel = buf.getInt();
            int pos = buf.getInt();
            boolean grows = i == 0 ? rel >= 0 && pos >= 0 : rel > e.relOffsets[i - 1] && pos > e.positions[i - 1];
            if (!grows || pos >= logSize || (nextOffset >= 0 && baseOffset + rel >= nextOffset)) {
                return null;
            }
            e.relOffsets[i] = rel;
            e.positions[i] = pos;
        }
        return new OffsetIndex(baseOffset, e, n);
    }
}
