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

import io.skiff.benchmarks.ThroughputBenchmark;
import io.skiff.storage.AppendResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Append throughput of one log (one writer, default flush policy: no fsync per append; segment rolls do fsync).
 * Bytes/s = ops/s x batchBytes. A fresh log per iteration bounds the disk used.
 */
public class AppendBenchmark extends ThroughputBenchmark {
    @Param({"1024", "65536"})
    public int batchBytes;

    private FreshLog fresh;
    private ByteBuffer batch;

    @Setup(Level.Iteration)
    public void open() throws IOException {
        fresh = FreshLog.open(256 << 20);
        batch = BenchBatches.ofSize(batchBytes, System.currentTimeMillis());
    }

    @TearDown(Level.Iteration)
    public void close() throws IOException {
        fresh.delete();
    }

    @Benchmark
    public AppendResult append() {
        return fresh.log().append(BenchBatches.resent(batch));
    }
}
