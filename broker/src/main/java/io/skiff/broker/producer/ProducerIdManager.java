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
package io.skiff.broker.producer;

import io.skiff.broker.concurrent.NetworkThreads;
import io.skiff.storage.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Hands out producer ids that are unique across restarts of the broker.
 *
 * <p>Ids are reserved in blocks of {@link #BLOCK_SIZE}: before the first id of a block is handed out, the end of
 * the block is written to {@value #FILE_NAME} in the data directory (temp file, fsync, atomic rename). After a
 * restart, allocation continues at the persisted end, so an id handed out before a crash is never handed out again
 * (at most one block of ids is skipped).
 *
 * <p>File format: one line, the decimal number of the next id not yet reserved.
 *
 * <p>Thread-safe: {@link #nextProducerId()} is synchronized.
 */
public final class ProducerIdManager {
    public static final String FILE_NAME = "producer-id-block";
    static final int BLOCK_SIZE = 1000;

    private final Path file;
    private long next;
    private long blockEnd;

    private ProducerIdManager(Path file, long next) {
        this.file = file;
        this.next = next;
        this.blockEnd = next;
    }

    /** Opens (or starts) the id sequence stored in {@code dataDir}. */
    public static ProducerIdManager open(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE_NAME);
        long next = 0;
        if (Files.exists(file)) {
            String text = Files.readString(file, StandardCharsets.UTF_8).trim();
            try {
                next = Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IOException("Corrupt producer id file " + file + ": '" + text + "' is not a number", e);
            }
            if (next < 0) {
                throw new IOException("Corrupt producer id file " + file + ": negative value " + next);
            }
        }
        return new ProducerIdManager(file, next);
    }

    /**
     * Returns a producer id never returned before by this data directory.
     *
     * @throws UncheckedIOException if the next block cannot be persisted (no id is handed out then)
     */
    public synchronized long nextProducerId() {
        NetworkThreads.checkMayBlock("Allocating a producer id");
        if (next == blockEnd) {
            long newEnd = blockEnd + BLOCK_SIZE;
            try {
                AtomicFiles.write(file, Long.toString(newEnd) + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot persist producer id block to " + file, e);
            }
            blockEnd = newEnd;
        }
        return next++;
    }
}
