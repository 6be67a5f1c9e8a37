package io.skiff.benchmarks.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Recovery after an unclean stop of a log of {@code segments} x {@code segmentMiB} (400 MiB and 1 GiB by default):
 * the clean-shutdown marker and the recovery checkpoint are removed before each open, so every batch of every
 * segment is read and CRC-checked, indexes rebuilt and each segment forced (page cache warm).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
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
