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
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the open and recovery benchmarks share: a log of {@code segments} segments of {@code segmentMiB} MiB
 * (400 MiB and 1 GiB by default), written and closed once per trial, and the log each invocation opens, closed
 * (not measured) after it.
 *
 * <p>Not thread-safe: a JMH thread-scoped state.
 */
public abstract class ReopenedLogState extends ReopenBenchmark<Log> {
    @Param({"100"})
    public int segments;

    @Param({"4", "10"})
    public int segmentMiB;

    Path logDir;
    LogConfig config;

    @Setup(Level.Trial)
    public void fill() throws IOException {
        dir = BenchLogs.baseDir();
        logDir = dir.resolve(BenchLogs.LOG_NAME);
        config = BenchLogs.config(segmentMiB << 20);
        BenchLogs.writeAndClose(logDir, config, 64 * 1024, (long) segments * (segmentMiB << 20));
    }

    /** Opens the log (the measured part), keeping it for the teardown to close. */
    long open() throws IOException {
        opened = BenchLogs.open(logDir, config);
        return opened.logEndOffset();
    }
}
