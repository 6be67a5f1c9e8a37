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

import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * The cleaner's key → latest offset map in a fixed amount of memory, as Kafka's {@code SkimpyOffsetMap}: a key is
 * stored as its 16-byte MD5 digest next to an 8-byte offset, in an open-addressing table probed linearly. Two keys
 * with the same digest would be taken for one (the same trade Kafka makes; MD5 collisions do not occur by chance).
 * The table is filled only to its load factor so probes stay short; {@link #isFull()} tells the cleaner to stop
 * mapping there and clean what it has.
 *
 * <p>Not thread-safe: each cleaner thread owns one map and reuses it for every log it cleans.
 */
final class OffsetMap {
    static final int HASH_SIZE = 16;
    static final int ENTRY_SIZE = HASH_SIZE + 8;

    private final byte[] table;
    private final int slots;
    private final int maxEntries;
    private final MessageDigest md5;
    private final byte[] hash = new byte[HASH_SIZE];
    private int size;
    private long latestOffset = -1;

    /**
     * @param memoryBytes the table's size in bytes (at most 2 GiB is used)
     * @param loadFactor  how full the table may get, in (0, 1]
     */
    OffsetMap(long memoryBytes, double loadFactor) {
        long usable = Math.min(memoryBytes, Integer.MAX_VALUE - 8) / ENTRY_SIZE;
        if (usable < 2) {
            throw new IllegalArgumentException("an offset map needs at least " + 2 * ENTRY_SIZE + " bytes");
        }
        this.slots = (int) usable;
        // One slot always stays empty, so a probe for a missing key ends.
        this.maxEntries = Math.max(1, Math.min(slots - 1, (int) (slots * loadFactor)));
        this.table = new byte[slots * ENTRY_SIZE];
        try {
            this.md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }

    /** Records {@code offset} as the latest of {@code key} (the key buffer's position to limit; not moved). */
    void put(ByteBuffer key, long offset) {
        digest(key);
        int slot = find();
        int at = slot * ENTRY_SIZE;
        if (storedOffset(at) == 0) {
            if (size >= maxEntries) {
                throw new IllegalStateException("offset map is full (" + size + " keys)");
            }
            System.arraycopy(hash, 0, table, at, HASH_SIZE);
            size++;
        }
        putStored(at, offset + 1);
        latestOffset = Math.max(latestOffset, offset);
    }

    /** The latest offset recorded for {@code key}, or -1. */
    long get(ByteBuffer key) {
        digest(key);
        long stored = storedOffset(find() * ENTRY_SIZE);
        return stored - 1;
    }

    /** True when no further new key may be put. */
    boolean isFull() {
        return size >= maxEntries;
    }

    /** How many more distinct keys fit. */
    int remaining() {
        return maxEntries - size;
    }

    int size() {
        return size;
    }

    /** The largest offset put since the last clear, or -1. */
    long latestOffset() {
        return latestOffset;
    }

    /** Bytes the table occupies. */
    long memoryBytes() {
        return table.length;
    }

    void clear() {
        if (size > 0) {
            Arrays.fill(table, (byte) 0);
        }
        size = 0;
        latestOffset = -1;
    }

    private void digest(ByteBuffer key) {
        md5.reset();
        md5.update(key.duplicate());
        try {
            md5.digest(hash, 0, HASH_SIZE);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The slot holding the current digest, or the empty slot where it would go. */
    private int find() {
        int h = ((hash[0] & 0xFF) << 24) | ((hash[1] & 0xFF) << 16) | ((hash[2] & 0xFF) << 8) | (hash[3] & 0xFF);
        int slot = Math.floorMod(h, slots);
        while (true) {
            int at = slot * ENTRY_SIZE;
            if (storedOffset(at) == 0 || Arrays.equals(table, at, at + HASH_SIZE, hash, 0, HASH_SIZE)) {
                return slot;
            }
            slot = slot + 1 == slots ? 0 : slot + 1;
        }
    }

    private long storedOffset(int at) {
        long v = 0;
        for (int i = HASH_SIZE; i < ENTRY_SIZE; i++) {
            v = (v << 8) | (table[at + i] & 0xFF);
        }
        return v;
    }

    private void putStored(int at, long v) {
        for (int i = ENTRY_SIZE - 1; i >= HASH_SIZE; i--) {
            table[at + i] = (byte) v;
            v >>>= 8;
        }
    }
}
