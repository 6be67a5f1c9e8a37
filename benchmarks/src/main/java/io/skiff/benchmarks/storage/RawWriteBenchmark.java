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
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The floor for {@link AppendBenchmark}: the same blocks written with bare positional FileChannel writes (one
 * pwrite per block, no validation, no indexes), with the same 256 MiB file rotation. append / raw = how close the
 * append path gets to being bound by the write syscall.
 */
public class RawWriteBenchmark extends ThroughputBenchmark {
    private static final long FILE_BYTES = 256L << 20;

    @Param({"1024", "65536"})
    public int batchBytes;

    private Path dir;
    private FileChannel channel;
    private ByteBuffer block;
    private long position;
    private int files;

    @Setup(Level.Iteration)
    public void open() throws IOException {
        dir = BenchLogs.baseDir();
        block = BenchBatches.ofSize(batchBytes, System.currentTimeMillis());
        newFile();
    }

    private void newFile() throws IOException {
        if (channel != null) {
            channel.force(true);
            channel.close();
        }
        channel = FileChannel.open(
                dir.resolve("raw-" + files++), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        position = 0;
    }

    @TearDown(Level.Iteration)
    public void close() throws IOException {
        channel.close();
        channel = null;
        BenchLogs.deleteTree(dir);
    }

    @Benchmark
    public long write() throws IOException {
        if (position + batchBytes > FILE_BYTES) {
            newFile();
        }
        ByteBuffer src = block.duplicate();
        while (src.hasRemaining()) {
            position += channel.write(src, position);
        }
        return position;
    }
}
