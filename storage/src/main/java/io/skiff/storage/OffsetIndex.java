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
import java.nio.file.Path;

/**
 * Sparse in-memory index of one segment: relative offset of a batch's base offset → byte position of the batch.
 * On disk ({@code .index}) as Kafka lays it out: 8-byte big-endian entries (int relative offset, int position).
 * Lookups are binary searches over arrays, no syscall per probe.
 * <p>Thread-safety: one writer and any number of concurrent readers (see {@link SparseIndex}).
 */
final class OffsetIndex extends SparseIndex {
    static final int ENTRY_SIZE = 8;

    /** Entries a new or loaded index has room for before it grows. */
    private static final int INITIAL_CAPACITY = 16;

    OffsetIndex(long baseOffset) {
        this(baseOffset, Loaded.empty(INITIAL_CAPACITY));
    }

    private OffsetIndex(long baseOffset, Loaded loaded) {
        super(baseOffset, false, loaded);
    }

    /** Adds an entry; offsets and positions must grow. */
    void append(long offset, int position) {
        if (entryCount() > 0 && (offset - baseOffset <= lastKey() || position <= lastValue())) {
            throw new IllegalStateException("index entries must grow: " + offset + "@" + position + " after "
                    + (baseOffset + lastKey()) + "@" + lastValue());
        }
        add(offset - baseOffset, position);
    }

    /** Byte position of the last indexed batch whose base offset is <= {@code offset}; 0 if none. */
    int floorPosition(long offset) {
        return floorValue(offset - baseOffset, true, 0);
    }

    /** The largest indexed position <= {@code position}; 0 if none. */
    int floorPositionByPosition(int position) {
        return floorOfValues(position);
    }

    /** Base offset of the last entry, or -1 if empty. */
    long lastOffset() {
        Long last = last((relOffset, position) -> baseOffset + relOffset);
        return last == null ? -1 : last;
    }

    /** Position of the last entry, or 0 if empty. */
    int lastPosition() {
        Integer last = last((relOffset, position) -> position);
        return last == null ? 0 : last;
    }

    /**
     * Loads an index file, or returns null if it is missing or fails the sanity checks (entries growing,
     * positions inside a log of {@code logSize} bytes, offsets below {@code nextOffset} when that is known, i.e. >= 0).
     */
    static OffsetIndex load(Path file, long baseOffset, long logSize, long nextOffset) throws IOException {
        Loaded loaded = read(file, false, INITIAL_CAPACITY, (i, rel, pos, prevRel, prevPos) -> {
            boolean grows = i == 0 ? rel >= 0 && pos >= 0 : rel > prevRel && pos > prevPos;
            return grows && pos < logSize && (nextOffset < 0 || baseOffset + rel < nextOffset);
        });
        return loaded == null ? null : new OffsetIndex(baseOffset, loaded);
    }
}
