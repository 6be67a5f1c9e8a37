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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class LogRecoveryTest {
    @RegisterExtension
    final LogFixture fixture = new LogFixture("r-0");

    private final MutableClock clock = fixture.clock;
    private final List<BatchInfo> recovered = new ArrayList<>();
    private Log log;
    private final int batchSize = LogFixture.VALUE_BATCH_SIZE;

    private static LogConfig config() {
        return LogFixture.fourValuesPerSegment();
    }

    /** Appends {@code n} one-record batches "value-NN" and returns the expected values. */
    private List<String> fill(int n) throws IOException {
        log = fixture.open(config());
        return fixture.appendValues(0, n);
    }

    private Log reopen() throws IOException {
        recovered.clear();
        log = fixture.open(config(), recovered::add);
        return log;
    }

    @Test
    void simulatedCrashKeepsWrittenDataAndReplaysActiveSegment() throws IOException {
        List<String> values = fill(10);
        log.closeUncleanly();
        reopen();
        assertEquals(10, log.logEndOffset());
        assertEquals(values, LogAppendReadTest.readValuesFrom(log, 0, 1000));
        assertEquals(
                List.of(8L, 9L),
                recovered.stream().map(BatchInfo::baseOffset).toList(),
                "closed segments below the recovery point are trusted; the active one is scanned");
        assertEquals(
                10, log.append(TestBatches.batch(clock.millis(), "value-10")).firstOffset());
    }

    @Test
    void logCutMidBatchIsTruncatedToTheLastWholeBatch() throws IOException {
        List<String> values = fill(11);
        log.closeUncleanly();
        Path active = fixture.segmentFile(8, ".log");
        try (FileChannel ch = FileChannel.open(active, StandardOpenOption.WRITE)) {
            ch.truncate(batchSize * 2L + 17); // batch 10 torn
        }
        reopen();
        assertEquals(10, log.logEndOffset());
        assertEquals(batchSize * 2L, Files.size(active));
        assertEquals(values.subList(0, 10), LogAppendReadTest.readValuesFrom(log, 0, 1000));
        assertEquals(
                10, log.append(TestBatches.batch(clock.millis(), "value-xx")).firstOffset());
        assertEquals("value-xx", LogAppendReadTest.readValuesFrom(log, 10, 1000).get(0));
    }

    @Test
    void flippedByteTruncatesAtTheCorruptBatch() throws IOException {
        List<String> values = fill(11);
        log.closeUncleanly();
        flipByte(fixture.segmentFile(8, ".log"), batchSize + 70); // inside batch 9's records
        reopen();
        assertEquals(9, log.logEndOffset());
        assertEquals(values.subList(0, 9), LogAppendReadTest.readValuesFrom(log, 0, 1000));
    }

    @Test
    void withoutRecoveryPointEverySegmentIsCheckedAndLaterSegmentsDropped() throws IOException {
        List<String> values = fill(12);
        log.closeUncleanly();
        Files.delete(fixture.dir().resolve(LogCheckpoint.FILE_NAME));
        flipByte(fixture.segmentFile(4, ".log"), batchSize * 2 + 65); // batch 6
        reopen();
        assertEquals(6, log.logEndOffset());
        assertEquals(2, log.segmentCount());
        assertTrue(Files.notExists(fixture.segmentFile(8, ".log")));
        assertEquals(values.subList(0, 6), LogAppendReadTest.readValuesFrom(log, 0, 1000));
        assertEquals(6, recovered.size(), "listener saw every batch recovery scanned");
        assertEquals(
                6, log.append(TestBatches.batch(clock.millis(), "value-zz")).firstOffset());
    }

    @Test
    void recoveredSegmentsStayAboveTheRecoveryPointUntilARollForcesThem() throws IOException {
        fill(10); // segments 0, 4, 8
        log.closeUncleanly();
        Files.delete(fixture.dir().resolve(LogCheckpoint.FILE_NAME));
        reopen();
        assertEquals(10, recovered.size(), "no checkpoint: every segment scanned");
        log.closeUncleanly();
        reopen();
        assertEquals(10, recovered.size(), "recovered segments were not forced, so they are scanned again");
        log.append(TestBatches.batch(clock.millis(), "value-10"));
        log.append(TestBatches.batch(clock.millis(), "value-11"));
        log.append(TestBatches.batch(clock.millis(), "value-12")); // rolls: forces segments 0..8, recovery point 12
        log.closeUncleanly();
        reopen();
        assertEquals(List.of(12L), recovered.stream().map(BatchInfo::baseOffset).toList());
        assertEquals(13, log.logEndOffset());
    }

    @Test
    void cleanOpenScansNothingAndAppendsContinue() throws IOException {
        List<String> values = fill(30);
        log.close();
        reopen();
        assertTrue(
                recovered.size() <= 2 && recovered.stream().allMatch(b -> b.baseOffset() >= 28),
                "clean shutdown: only the active segment's tail after its last index entry is checked: " + recovered);
        assertEquals(30, log.logEndOffset());
        assertEquals(values, LogAppendReadTest.readValuesFrom(log, 0, 100));
        log.append(TestBatches.batch(clock.millis(), "value-30"));
        log.close();
        reopen();
        assertEquals(31, log.logEndOffset());
        assertEquals("value-30", LogAppendReadTest.readValuesFrom(log, 30, 100).get(0));
    }

    @Test
    void deletedOrGarbageIndexesAreRebuilt() throws IOException {
        List<String> values = fill(30);
        log.close();
        Files.delete(fixture.segmentFile(0, ".index"));
        Files.delete(fixture.segmentFile(4, ".timeindex"));
        byte[] garbage = new byte[96];
        new Random(7).nextBytes(garbage);
        Files.write(fixture.segmentFile(8, ".index"), garbage);
        Files.write(fixture.segmentFile(28, ".index"), garbage); // the active segment's
        Files.write(fixture.segmentFile(28, ".timeindex"), garbage);
        reopen();
        assertEquals(30, log.logEndOffset());
        assertEquals(values, LogAppendReadTest.readValuesFrom(log, 0, 1));
        for (long o = 0; o < 30; o++) {
            assertEquals(
                    values.get((int) o),
                    LogAppendReadTest.readValuesFrom(log, o, 1).get(0));
        }
        assertTrue(Files.exists(fixture.segmentFile(0, ".index")), "rebuilt index written back");
        assertNotEquals(96, Files.size(fixture.segmentFile(8, ".index")));
        assertEquals(
                new TimestampOffset(clock.millis(), 0),
                log.offsetForTimestamp(0).orElseThrow());
    }

    @Test
    void tornTailAfterCleanShutdownIsStillCaught() throws IOException {
        List<String> values = fill(29);
        log.close();
        // Bytes appended after a clean close (e.g. a later crash that resurrected the marker): half a batch.
        ByteBuffer half = TestBatches.batch(clock.millis(), "value-29");
        half.limit(half.limit() / 2);
        try (FileChannel ch = FileChannel.open(
                fixture.segmentFile(28, ".log"), StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(half);
        }
        reopen();
        assertEquals(29, log.logEndOffset());
        assertEquals(values, LogAppendReadTest.readValuesFrom(log, 0, 1000));
    }

    @Test
    void emptyLogOpensCheaply() throws IOException {
        log = fixture.open(config());
        log.close();
        reopen();
        assertEquals(0, log.logEndOffset());
        try (var files = Files.list(fixture.dir())) {
            long bytes = files.mapToLong(p -> {
                        try {
                            return Files.size(p);
                        } catch (IOException e) {
                            throw new RuntimeException(e);
                        }
                    })
                    .sum();
            assertTrue(bytes < 200, "an empty log takes almost no disk: " + bytes);
        }
    }

    static void flipByte(Path file, long position) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, position);
            b.put(0, (byte) (b.get(0) ^ 0x40));
            b.rewind();
            ch.write(b, position);
        }
    }
}
