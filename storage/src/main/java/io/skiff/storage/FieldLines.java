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
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

/**
 * The broker's small state files of one entry a line, its fields separated by single spaces (client quotas, group
 * and client-metrics configs, finalized features): read line by line with the file named in every error, and written
 * whole with {@link AtomicFiles}, their directory created (and made durable) at the first write.
 *
 * <p>Stateless; thread-safe as long as two threads do not write the same file at once.
 */
public final class FieldLines {
    private FieldLines() {}

    /**
     * Hands the fields of each non-blank line of {@code file} to {@code entry}; nothing when the file does not exist.
     *
     * @param what names an entry in the error of a line whose number of fields {@code fieldCounts} refuses
     * @throws UncheckedIOException {@code cannot read <file>: ...} when the file cannot be read, a line has a number of
     *     fields {@code fieldCounts} refuses, or {@code entry} throws an IllegalArgumentException (a malformed number
     *     or Base64 field)
     */
    public static void read(Path file, IntPredicate fieldCounts, String what, Consumer<String[]> entry) {
        if (!Files.exists(file)) {
            return;
        }
        try {
            int lineNo = 0;
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] fields = line.trim().split(" ");
                if (!fieldCounts.test(fields.length)) {
                    throw new IOException("line " + lineNo + " is not " + what);
                }
                entry.accept(fields);
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new UncheckedIOException(new IOException("cannot read " + file + ": " + e.getMessage(), e));
        }
    }

    /**
     * Replaces {@code file} with one line a entry (its fields joined by spaces), creating its directory when missing.
     *
     * @throws UncheckedIOException {@code cannot write <file>: ...}; the old content stays then
     */
    public static void write(Path file, List<String[]> entries) {
        StringBuilder content = new StringBuilder();
        for (String[] fields : entries) {
            content.append(String.join(" ", fields)).append('\n');
        }
        try {
            if (!Files.isDirectory(file.getParent())) {
                Files.createDirectories(file.getParent());
                AtomicFiles.fsyncDirectory(file.getParent().toAbsolutePath().getParent());
            }
            AtomicFiles.write(file, content.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
