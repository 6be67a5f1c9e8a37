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
 * Sparse in-memory time index of one segment: the segment's max timestamp so far → relative base offset of the
 * batch carrying it. Timestamps strictly grow, so it is binary-searchable. On disk ({@code .timeindex}) as Kafka
 * lays it out: 12-byte big-endian entries (long timestamp, int relative offset).
 * <p>Thread-safety: one writer and any number of concurrent readers (see {@link SparseIndex}).
 */
final class TimeIndex extends SparseIndex {
    static final int ENTRY_SIZE = 12;

    /** Entries a new or loaded index has room for before it grows. */
    private static final int INITIAL_CAPACITY = 8;

    TimeIndex(long baseOffset) {
        this(baseOffset, Loaded.empty(INITIAL_CAPACITY));
    }

    private TimeIndex(long baseOffset, Loaded loaded) {
        super(baseOffset, true, loaded);
    }

    /** Adds an entry if {@code timestamp} is above the last one. */
    void maybeAppend(long timestamp, long offset) {
        if (entryCount() > 0 && timestamp <= lastKey()) {
            return;
        }
        add(timestamp, (int) (offset - baseOffset));
    }

    /** The last entry, or null if empty. */
    TimestampOffset last() {
        return last((timestamp, relOffset) -> new TimestampOffset(timestamp, baseOffset + relOffset));
    }

    /**
     * Offset of the batch of the last entry whose timestamp is below {@code timestamp}: every batch up to and
     * including it has a smaller max timestamp, so a search for the first batch reaching {@code timestamp} starts
     * after it. Returns -1 if there is no such entry (search from the segment start).
     */
    long lastOffsetBelow(long timestamp) {
        int rel = floorValue(timestamp, false, -1);
        return rel < 0 ? -1 : baseOffset + rel;
    }

    /** Loads a time index file, or null if missing or failing the sanity checks (see {@link OffsetIndex#load}). */
    static TimeIndex load(Path file, long baseOffset, long nextOffset) throws IOException {
        Loaded loaded = read(file, true, INITIAL_CAPACITY, (i, ts, rel, prevTs, prevRel) -> {
            boolean grows = i == 0 ? rel >= 0 : ts > prevTs && rel >= prevRel;
            return grows && (nextOffset < 0 || baseOffset + rel < nextOffset);
        });
        return loaded == null ? null : new TimeIndex(baseOffset, loaded);
    }
}
