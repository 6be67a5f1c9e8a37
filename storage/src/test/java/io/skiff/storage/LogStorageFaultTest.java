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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** I/O errors while writing (a full disk, a failed fsync or segment delete) take the log offline without losing acknowledged data. */
class LogStorageFaultTest {
    @RegisterExtension
    final LogFixture fixture = new LogFixture("f-0");

    private final MutableClock clock = fixture.clock;
    private final FullDisk disk = new FullDisk();
    private final int batchSize = LogFixture.VALUE_BATCH_SIZE;
    private Log log;

    private static LogConfig config() {
        return LogFixture.fourValuesPerSegment();
    }

    /** Opens the log on the failing disk and appends {@code n} one-record batches; returns the acknowledged values. */
    private List<String> fill(int n) throws IOException {
        log = fixture.open(config(), null, disk);
        return fixture.appendValues(0, n);
    }

    /** Closes the failed log (as a broker stop does) and reopens it on a healthy disk. */
    private void restartOnHealthyDisk() throws IOException {
        log.close();
        log = fixture.open(config());
    }

    private long totalLogFileBytes() throws IOException {
        long total = 0;
        try (var files = Files.list(fixture.dir())) {
            for (Path p : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                total += Files.size(p);
            }
        }
        return total;
    }

    @Test
    void diskFullInTheMiddleOfABatchPublishesNothingAndTakesTheLogOffline() throws IOException {
        List<String> acked = fill(3); // one segment, not yet rolled
        long end = log.logEndOffset();
        long size = log.sizeInBytes();
        disk.fillAfter(batchSize / 2);

        LogOfflineException e = assertThrows(
                LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-xx")));
        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
        assertEquals(end, log.logEndOffset(), "the half-written batch is not published");
        assertEquals(size, log.sizeInBytes());
        assertEquals(size, totalLogFileBytes(), "the torn bytes are cut from the file");
        assertTrue(log.isOffline());
        // Every later call fails the same way, even once space is back, until the log is reopened.
        disk.fillAfter(Long.MAX_VALUE);
        assertThrows(LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-yy")));
        assertThrows(LogOfflineException.class, () -> log.read(0, 1000, true));
        assertThrows(LogOfflineException.class, () -> log.flush());

        restartOnHealthyDisk();
        assertFalse(log.isOffline());
        assertEquals(acked, LogAppendReadTest.readValuesFrom(log, 0, 100_000));
        log.append(TestBatches.batch(clock.millis(), "value-03"));
        assertEquals(4, log.logEndOffset());
    }

    @Test
    void diskFullWhenRollingFailsTheSealAndKeepsEveryAcknowledgedRecord() throws IOException {
        List<String> acked = fill(4); // the active segment is full: the next append rolls
        disk.fillAfter(0);

        assertThrows(LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-xx")));
        assertEquals(4, log.logEndOffset());

        restartOnHealthyDisk();
        assertEquals(acked, LogAppendReadTest.readValuesFrom(log, 0, 100_000));
        log.append(TestBatches.batch(clock.millis(), "value-04"));
        assertEquals(5, log.logEndOffset());
    }

    @Test
    void failureToCreateTheNextSegmentFileKeepsEveryAcknowledgedRecord() throws IOException {
        AtomicBoolean full = new AtomicBoolean();
        FileChannelFactory noNewFiles = (file, options) -> {
            if (full.get() && List.of(options).contains(StandardOpenOption.CREATE_NEW)) {
                throw new IOException("No space left on device");
            }
            return FileChannel.open(file, options);
        };
        log = fixture.open(config(), null, noNewFiles);
        List<String> acked = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String v = String.format("value-%02d", i);
            log.append(TestBatches.batch(clock.millis(), v));
            acked.add(v);
        }
        full.set(true);

        LogOfflineException e = assertThrows(
                LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-xx")));
        assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
        assertEquals(4, log.logEndOffset());
        assertFalse(Files.exists(fixture.dir().resolve(Segment.fileStem(4) + Segment.LOG_SUFFIX)));

        restartOnHealthyDisk();
        assertEquals(acked, LogAppendReadTest.readValuesFrom(log, 0, 100_000));
        log.append(TestBatches.batch(clock.millis(), "value-04"));
        assertEquals(5, log.logEndOffset());
        assertEquals(2, log.segmentCount());
    }

    @Test
    void diskFullWhileWritingTheIndexesOfASealedSegmentKeepsEveryAcknowledgedRecord() throws IOException {
        List<String> acked = fill(4);
        // Enough for nothing but a few index bytes: the roll's index write fails half way.
        disk.fillAfter(3);

        assertThrows(LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-xx")));

        restartOnHealthyDisk();
        assertEquals(acked, LogAppendReadTest.readValuesFrom(log, 0, 100_000));
        assertEquals(4, log.logEndOffset());
    }

    @Test
    void failedFsyncTakesTheLogOfflineAndRecoveryKeepsTheData() throws IOException {
        List<String> acked = fill(2);
        disk.failFsync();

        LogOfflineException e = assertThrows(LogOfflineException.class, () -> log.flush());
        assertTrue(e.getMessage().contains("flushing"), e.getMessage());
        assertThrows(LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-xx")));

        restartOnHealthyDisk();
        assertEquals(acked, LogAppendReadTest.readValuesFrom(log, 0, 100_000));
    }

    @Test
    void failureToDeleteASegmentTakesTheLogOfflineAndARestartKeepsEveryRecordAboveTheLogStart() throws IOException {
        List<String> acked = fill(10); // segments 0, 4 and 8
        // A segment file that cannot be deleted: a non-empty directory in its place (the test runs as any user,
        // so permissions cannot be relied on).
        Path first = fixture.dir().resolve(Segment.fileStem(0) + Segment.LOG_SUFFIX);
        Files.delete(first);
        Path obstacle = Files.createDirectories(first.resolve("in-the-way"));

        LogOfflineException e = assertThrows(LogOfflineException.class, () -> log.deleteRecordsBefore(4));
        assertTrue(e.getMessage().contains("deleting records"), e.getMessage());
        assertTrue(log.isOffline());
        assertThrows(LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-xx")));
        assertThrows(LogOfflineException.class, () -> log.read(4, 1000, true));
        assertThrows(LogOfflineException.class, () -> log.applyRetention());

        // The obstacle goes; a restart brings the log back with every record at or above the new log start.
        Files.delete(obstacle);
        Files.delete(first);
        restartOnHealthyDisk();
        assertFalse(log.isOffline());
        assertEquals(4, log.logStartOffset());
        assertEquals(acked.subList(4, 10), LogAppendReadTest.readValuesFrom(log, 4, 100_000));
        log.append(TestBatches.batch(clock.millis(), "value-10"));
        assertEquals(11, log.logEndOffset());
    }

    @Test
    void failureToDeleteASegmentInRetentionTakesTheLogOfflineAndKeepsTheRest() throws IOException {
        log = fixture.open(config().toBuilder().retentionBytes(batchSize * 4L).build(), null, disk);
        List<String> acked = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String v = String.format("value-%02d", i);
            log.append(TestBatches.batch(clock.millis(), v));
            acked.add(v);
        }
        Path first = fixture.dir().resolve(Segment.fileStem(0) + Segment.LOG_SUFFIX);
        Files.delete(first);
        Path obstacle = Files.createDirectories(first.resolve("in-the-way"));

        assertThrows(LogOfflineException.class, () -> log.applyRetention());
        assertTrue(log.isOffline());

        Files.delete(obstacle);
        Files.delete(first);
        restartOnHealthyDisk();
        assertEquals(4, log.logStartOffset(), "the first segment is gone; the log starts at the next one");
        assertEquals(acked.subList(4, 10), LogAppendReadTest.readValuesFrom(log, 4, 100_000));
    }

    @Test
    void anOfflineLogClosesWithoutTheCleanShutdownMarkerSoTheNextOpenRecovers() throws IOException {
        fill(3);
        disk.fillAfter(batchSize / 2);
        assertThrows(LogOfflineException.class, () -> log.append(TestBatches.batch(clock.millis(), "value-xx")));

        log.close();
        assertFalse(Files.exists(fixture.dir().resolve(Log.CLEAN_SHUTDOWN_FILE)));
        log = null;
    }
}
