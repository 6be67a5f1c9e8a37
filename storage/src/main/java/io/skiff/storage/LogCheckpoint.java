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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The small durable facts of a log, kept in {@value #FILE_NAME} in the partition directory: the log start offset
 * (moved by delete-records) and the recovery point (every segment ending at or below it was forced to disk and has
 * index files, so recovery need not scan it). Written atomically (temp file, force, rename).
 * Immutable value; the static methods are thread-safe for distinct directories.
 */
record LogCheckpoint(long logStartOffset, long recoveryPoint) {
    static final String FILE_NAME = "skiff-log.checkpoint";
    private static final String VERSION = "skiff-log-checkpoint 1";

    /** Reads the checkpoint; a missing or unreadable file gives (0, 0) (nothing trusted). */
    static LogCheckpoint read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        try {
            if (!Files.isRegularFile(file)) {
                return new LogCheckpoint(0, 0);
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() < 3 || !VERSION.equals(lines.get(0))) {
                return new LogCheckpoint(0, 0);
            }
            return new LogCheckpoint(value(lines.get(1), "logStartOffset"), value(lines.get(2), "recoveryPoint"));
        } catch (IOException | RuntimeException e) {
            return new LogCheckpoint(0, 0);
        }
    }

    private static long value(String line, String key) {
        if (!line.startsWith(key + "=")) {
            throw new IllegalArgumentException("expected " + key);
        }
        return Long.parseLong(line.substring(key.length() + 1).trim());
    }

    void write(Path dir) throws IOException {
        String text = VERSION + "\nlogStartOffset=" + logStartOffset + "\nrecoveryPoint=" + recoveryPoint + "\n";
        AtomicFiles.write(dir.resolve(FILE_NAME), text);
    }
}
