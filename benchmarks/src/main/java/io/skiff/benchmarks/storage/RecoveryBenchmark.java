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

import java.io.IOException;
import java.nio.file.Files;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Recovery after an unclean stop of a log of {@code segments} x {@code segmentMiB} (400 MiB and 1 GiB by default):
 * the clean-shutdown marker and the recovery checkpoint are removed before each open, so every batch of every
 * segment is read and CRC-checked, indexes rebuilt and each segment forced (page cache warm).
 */
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class RecoveryBenchmark extends ReopenedLogState {

    @Setup(Level.Invocation)
    public void crash() throws IOException {
        Files.deleteIfExists(logDir.resolve(OpenBenchmark.CLEAN_SHUTDOWN_MARKER));
        Files.deleteIfExists(logDir.resolve(OpenBenchmark.CHECKPOINT));
    }

    @Benchmark
    public long recoverAfterUncleanStop() throws IOException {
        return open();
    }
}
