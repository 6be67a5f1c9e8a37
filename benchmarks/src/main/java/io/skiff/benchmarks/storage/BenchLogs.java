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
package io.skiff.benchmarks.storage;

import io.skiff.storage.Log;
import io.skiff.storage.LogConfig;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Setup shared by the storage benchmarks: a fresh data directory (under {@code -Dskiff.bench.dir} or the system temp
 * dir), a log in it with a given segment size, filled with {@link BenchBatches} of one size, and deleting it all
 * afterwards. Stateless; thread-safe.
 */
final class BenchLogs {
    /** The log's directory name inside the data directory (topic "bench", partition 0). */
    static final String LOG_NAME = "bench-0";

    private BenchLogs() {}

    /** Where benchmark data goes: a new directory under -Dskiff.bench.dir or the system temp dir. */
    static Path baseDir() throws IOException {
        String configured = System.getProperty("skiff.bench.dir");
        Path base = configured != null ? Path.of(configured) : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(base);
        return Files.createTempDirectory(base, "skiff-bench");
    }

    static void deleteTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Default log config but for the segment size. */
    static LogConfig config(int segmentBytes) {
        return LogConfig.builder().segmentBytes(segmentBytes).build();
    }

    /** Opens (creating or recovering) the log in {@code logDir} on the system clock. */
    static Log open(Path logDir, LogConfig config) throws IOException {
        return Log.open(logDir, config, Clock.systemUTC(), null);
    }

    /** Appends identical batches of {@code batchBytes} until {@code totalBytes} are written (rounded up). */
    static void fill(Log log, int batchBytes, long totalBytes) {
        ByteBuffer batch = BenchBatches.ofSize(batchBytes, System.currentTimeMillis());
        for (long written = 0; written < totalBytes; written += batchBytes) {
            log.append(BenchBatches.resent(batch));
        }
    }

    /** Writes a log of {@code totalBytes} in {@code logDir} and closes it cleanly. */
    static void writeAndClose(Path logDir, LogConfig config, int batchBytes, long totalBytes) throws IOException {
        Log log = open(logDir, config);
        fill(log, batchBytes, totalBytes);
        log.close();
    }
}
