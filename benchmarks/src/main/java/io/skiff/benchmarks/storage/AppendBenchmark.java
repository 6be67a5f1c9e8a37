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

import io.skiff.storage.AppendResult;
import io.skiff.storage.Log;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Append throughput of one log (one writer, default flush policy: no fsync per append; segment rolls do fsync).
 * Bytes/s = ops/s x batchBytes. A fresh log per iteration bounds the disk used.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class AppendBenchmark {
    @Param({"1024", "65536"})
    public int batchBytes;

    private Path dir;
    private Log log;
    private ByteBuffer batch;

    @Setup(Level.Iteration)
    public void open() throws IOException {
        dir = BenchLogs.baseDir();
        log = BenchLogs.open(dir.resolve(BenchLogs.LOG_NAME), BenchLogs.config(256 << 20));
        batch = BenchBatches.ofSize(batchBytes, System.currentTimeMillis());
    }

    @TearDown(Level.Iteration)
    public void close() throws IOException {
        log.closeAndDelete();
        BenchLogs.deleteTree(dir);
    }

    @Benchmark
    public AppendResult append() {
        return log.append(batch.duplicate());
    }
}
