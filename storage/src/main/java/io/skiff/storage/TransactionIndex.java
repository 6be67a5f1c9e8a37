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
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A segment's {@code .txnindex}: the transactions aborted by markers in that segment, in marker order, in Kafka's
 * on-disk format: 34-byte big-endian entries of (int16 version 0, int64 producerId, int64 firstOffset,
 * int64 lastOffset, int64 lastStableOffset). The file exists only once an entry was written. Entries are kept in
 * memory once read; a closed segment can {@link #release()} them.
 * <p>Thread-safety: thread-safe (synchronized); appends come from the log's single writer, lookups from readers.
 */
final class TransactionIndex {
    static final String SUFFIX = ".txnindex";
    static final int ENTRY_SIZE = 34;
    private static final short VERSION = 0;

    private final Path file;
    private List<AbortedTxn> entries; // null until loaded
    private boolean dirty; // appended since the last force

    TransactionIndex(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /** Adds an aborted transaction; its marker must follow the last entry's. Not forced (see {@link #flush}). */
    synchronized void append(AbortedTxn txn) throws IOException {
        List<AbortedTxn> all = load();
        if (!all.isEmpty() && all.get(all.size() - 1).lastOffset() >= txn.lastOffset()) {
            throw new IllegalStateException("aborted transaction " + txn + " does not follow " + all.get(all.size() - 1)
                    + " in " + file.getFileName());
        }
        ByteBuffer entry = encode(txn);
        try (FileChannel ch = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            while (entry.hasRemaining()) {
                ch.write(entry);
            }
        }
        all.add(txn);
        dirty = true;
    }

    /** Forces appended entries to disk. */
    synchronized void flush() throws IOException {
        if (dirty && Files.exists(file)) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
        }
        dirty = false;
    }

    /**
     * Adds to {@code out} the entries whose range overlaps [{@code fetchOffset}, {@code upperBoundOffset}).
     * Returns true when an entry's last stable offset reaches {@code upperBoundOffset}: later segments cannot add
     * anything then.
     */
    synchronized boolean collect(long fetchOffset, long upperBoundOffset, List<AbortedTxn> out) throws IOException {
        for (AbortedTxn t : load()) {
            if (t.lastOffset() >= fetchOffset && t.firstOffset() < upperBoundOffset) {
                out.add(t);
            }
            if (t.lastStableOffset() >= upperBoundOffset) {
                return true;
            }
        }
        return false;
    }

    /** All entries, in marker order. */
    synchronized List<AbortedTxn> all() throws IOException {
        return List.copyOf(load());
    }

    /** Removes every entry whose marker is at or after {@code offset}. */
    synchronized void truncateTo(long offset) throws IOException {
        List<AbortedTxn> kept = new ArrayList<>();
        for (AbortedTxn t : load()) {
            if (t.lastOffset() < offset) {
                kept.add(t);
            }
        }
        if (kept.size() == entries.size()) {
            return;
        }
        entries = kept;
        rewrite();
    }

    /** Removes every entry (recovery rebuilds the index). */
    synchronized void reset() throws IOException {
        entries = new ArrayList<>();
        Files.deleteIfExists(file);
        dirty = false;
    }

    /** Sets the entries its file will hold once it takes its final name (a segment swapped in by the cleaner). */
    synchronized void preload(List<AbortedTxn> all) {
        entries = new ArrayList<>(all);
        dirty = false;
    }

    /** Drops the in-memory entries (they are read again on demand). */
    synchronized void release() {
        if (!dirty) {
            entries = null;
        }
    }

    synchronized void delete() throws IOException {
        entries = new ArrayList<>();
        dirty = false;
        Files.deleteIfExists(file);
    }

    private void rewrite() throws IOException {
        if (entries.isEmpty()) {
            Files.deleteIfExists(file);
            return;
        }
        ByteBuffer all = ByteBuffer.allocate(entries.size() * ENTRY_SIZE);
        for (AbortedTxn t : entries) {
            all.put(encode(t));
        }
        all.flip();
        IndexFiles.write(file, all, true);
        dirty = false;
    }

    private List<AbortedTxn> load() throws IOException {
        if (entries == null) {
            List<AbortedTxn> read = new ArrayList<>();
            if (Files.isRegularFile(file)) {
                ByteBuffer buf = ByteBuffer.wrap(Files.readAllBytes(file));
                // A torn last entry (crash during its write) is ignored; recovery rewrites the index anyway.
                while (buf.remaining() >= ENTRY_SIZE) {
                    short version = buf.getShort();
                    AbortedTxn t = new AbortedTxn(buf.getLong(), buf.getLong(), buf.getLong(), buf.getLong());
                    if (version != VERSION) {
                        throw new StorageException(
                                "unknown transaction index entry version " + version + " in " + file);
                    }
                    read.add(t);
                }
            }
            entries = read;
        }
        return entries;
    }

    private static ByteBuffer encode(AbortedTxn t) {
        ByteBuffer b = ByteBuffer.allocate(ENTRY_SIZE);
        b.putShort(VERSION)
                .putLong(t.producerId())
                .putLong(t.firstOffset())
                .putLong(t.lastOffset())
                .putLong(t.lastStableOffset());
        return b.flip();
    }
}
