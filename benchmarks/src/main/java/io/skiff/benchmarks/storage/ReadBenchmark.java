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
import io.skiff.storage.FileSlice;
import io.skiff.storage.Log;
import io.skiff.storage.LogReadResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Sequential read throughput (page cache warm): a consumer fetching {@code fetchBytes} at a time from the start,
 * wrapping around, copying the slices into a direct buffer (what a non-sendfile reader pays). One op = one fetch.
 * Bytes/s = ops/s x fetchBytes.
 */
public class ReadBenchmark extends ThroughputBenchmark {
    private static final long LOG_BYTES = 512L << 20;

    @Param({"1024", "16384"})
    public int batchBytes;

    @Param({"1048576"})
    public int fetchBytes;

    private FreshLog fresh;
    private long next;
    private ByteBuffer sink;

    @Setup(Level.Trial)
    public void fill() throws IOException {
        fresh = FreshLog.open(128 << 20);
        BenchLogs.fill(fresh.log(), batchBytes, LOG_BYTES);
        sink = ByteBuffer.allocateDirect(fetchBytes + batchBytes);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        fresh.delete();
    }

    @Benchmark
    public int fetch() throws IOException {
        Log log = fresh.log();
        if (next >= log.logEndOffset()) {
            next = 0;
        }
        LogReadResult r = log.read(next, fetchBytes, true);
        sink.clear();
        for (FileSlice s : r.slices()) {
            ByteBuffer view = sink.slice(sink.position(), s.length());
            while (view.hasRemaining()) {
                s.channel().read(view, s.position() + view.position());
            }
            sink.position(sink.position() + s.length());
            s.release();
        }
        // The next offset follows the last batch: its base offset + record count (1 record per batch here).
        int lastBatchStart = sink.position() - batchBytes;
        next = sink.getLong(lastBatchStart) + 1;
        return r.totalBytes();
    }
}
