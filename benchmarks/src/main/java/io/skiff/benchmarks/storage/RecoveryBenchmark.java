package io.skiff.benchmarks.storage;

import io.skiff.storage.Log;
import io.skiff.storage.LogConfig;
import java.io.IOException;
import java.nio.file.Files;
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
 * Recovery after an unclean stop of a log of {@code segments} x {@code segmentMiB} (1 GiB by default): the
 * clean-shutdown marker and the recovery checkpoint are removed before each open, so every batch of every segment is
 * read and CRC-checked, indexes rebuilt and each segment forced (page cache warm). Time per op = time per GiB.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class RecoveryBenchmark {

    @Param({"100"})
    public int segments;

    @Param({"10"})
    public int segmentMiB;

    Path dir;
    Path logDir;
    LogConfig config;
    Log opened;

    @Setup(Level.Trial)
    public void fill() throws IOException {
        dir = BenchLogs.baseDir();
        logDir = dir.resolve(BenchLogs.LOG_NAME);
        config = BenchLogs.config(segmentMiB << 20);
        BenchLogs.writeAndClose(logDir, config, 64 * 1024, (long) segments * (segmentMiB << 20));
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        BenchLogs.deleteTree(dir);
    }

    @TearDown(Level.Invocation)
    public void closeOpened() {
        if (opened != null) {
            opened.close();
            opened = null;
        }
    }

    @Setup(Level.Invocation)
    public void crash() throws IOException {
        Files.deleteIfExists(logDir.resolve(OpenBenchmark.CLEAN_SHUTDOWN_MARKER));
        Files.deleteIfExists(logDir.resolve(OpenBenchmark.CHECKPOINT));
    }

    @Benchmark
    public long recoverAfterUncleanStop() throws IOException {
        opened = BenchLogs.open(logDir, config);
        return opened.logEndOffset();
    }
}
