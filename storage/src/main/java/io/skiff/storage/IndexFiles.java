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

/**
 * Reads and writes index files completely, without a force: they are derived data, checked when loaded and rebuilt
 * from the log if missing or torn (durable side files go through {@link AtomicFiles}). Stateless; thread-safe.
 */
final class IndexFiles {
    private IndexFiles() {}

    /** Writes an index file unless it already holds exactly {@code content} (recovery rebuilds usually match). */
    static void writeIfChanged(Path file, ByteBuffer content, FileChannelFactory files) throws IOException {
        if (Files.isRegularFile(file)
                && Files.size(file) == content.remaining()
                && ByteBuffer.wrap(Files.readAllBytes(file)).equals(content)) {
            return;
        }
        write(file, content, false, files);
    }

    /**
     * The content of an index file of fixed-size entries, positioned at the first entry; null if the file is
     * missing or torn (its size is not a whole number of entries). The caller checks the entries themselves.
     */
    static ByteBuffer readEntries(Path file, int entrySize) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.wrap(Files.readAllBytes(file));
        return buf.remaining() % entrySize == 0 ? buf : null;
    }

    static void write(Path file, ByteBuffer content, boolean force) throws IOException {
        write(file, content, force, FileChannelFactory.DEFAULT);
    }

    static void write(Path file, ByteBuffer content, boolean force, FileChannelFactory files) throws IOException {
        try (FileChannel ch = files.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            long pos = 0;
            while (content.hasRemaining()) {
                pos += ch.write(content, pos);
            }
            if (force) {
                ch.force(true);
            }
        }
    }
}
