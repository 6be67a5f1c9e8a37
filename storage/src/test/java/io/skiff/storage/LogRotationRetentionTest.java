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

import io.skiff.record.RecordTooLargeException;
import io.skiff.record.TimestampType;
import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class LogRotationRetentionTest {
    @RegisterExtension
    final LogFixture fixture = new LogFixture("t-0");

    private final MutableClock clock = fixture.clock;
    private Log log;

    @Test
    void rollsBySizeWithoutSplittingBatches() throws IOException {
        int batchSize = TestBatches.batch(0, "0123456789").remaining();
        log = fixture.open(LogConfig.builder().segmentBytes(batchSize * 3 + 5).build());
        for (int i = 0; i < 10; i++) {
            log.append(TestBatches.batch(clock.millis(), "0123456789"));
        }
        assertEquals(4, log.segmentCount());
        assertEquals(
                List.of(
                        "00000000000000000000.log",
                        "00000000000000000003.log",
                        "00000000000000000006.log",
                        "00000000000000000009.log"),
                logFiles());
        assertEquals(batchSize * 3L, Files.size(fixture.dir().resolve("00000000000000000000.log")));
        assertTrue(Files.exists(fixture.dir().resolve("00000000000000000000.index")), "sealed segment has its index");
        assertTrue(Files.exists(fixture.dir().resolve("00000000000000000000.timeindex")));
    }

    @Test
    void rollsByAgeWithInjectedClock() throws IOException {
        log = fixture.open(LogConfig.builder().segmentMs(60_000).build());
        log.append(TestBatches.batch(clock.millis(), "a"));
        clock.advance(59_999);
        log.maybeRoll();
        log.append(TestBatches.batch(clock.millis(), "b"));
        assertEquals(1, log.segmentCount());
        clock.advance(1);
        log.maybeRoll();
        assertEquals(2, log.segmentCount());
        log.maybeRoll();
        assertEquals(2, log.segmentCount(), "an empty active segment is not rolled");
        clock.advance(60_000);
        log.append(TestBatches.batch(clock.millis(), "c"));
        clock.advance(60_000);
        log.append(TestBatches.batch(clock.millis(), "d"));
        assertEquals(3, log.segmentCount(), "append rolls an aged segment too");
        assertEquals(List.of("a", "b", "c", "d"), LogAppendReadTest.readValuesFrom(log, 0, 100));
    }

    @Test
    void ageIsMeasuredInBatchTimestampsLikeKafka() throws IOException {
        log = fixture.open(LogConfig.builder().segmentMs(60_000).build());
        log.append(TestBatches.batch(1_000, "old"));
        log.append(TestBatches.batch(2_000, "old too"));
        assertEquals(1, log.segmentCount(), "old producer timestamps alone do not roll every append");
        log.append(TestBatches.batch(61_000, "a minute later by the producer's clock"));
        assertEquals(2, log.segmentCount());
    }

    @Test
    void retentionByTimeDeletesWholeExpiredClosedSegments() throws IOException {
        int batchSize = TestBatches.batch(0, "x").remaining();
        log = fixture.open(LogConfig.builder()
                .segmentBytes(batchSize * 2)
                .retentionMs(10_000)
                .build());
        long t0 = clock.millis();
        for (int i = 0; i < 6; i++) {
            log.append(TestBatches.batch(t0 + i * 1000L, "x"));
        }
        assertEquals(3, log.segmentCount());
        clock.advance(10_500); // segment 0 max ts = t0+1000 -> age 9500: kept
        assertEquals(0, log.applyRetention());
        clock.advance(1000); // age 10500 > 10000
        assertEquals(1, log.applyRetention());
        assertEquals(2, log.logStartOffset());
        assertThrows(OffsetOutOfRangeException.class, () -> log.read(1, 100, true));
        clock.advance(100_000);
        assertEquals(1, log.applyRetention(), "the active segment is never deleted");
        assertEquals(1, log.segmentCount());
        assertEquals(4, log.logStartOffset());
        assertEquals(6, log.logEndOffset());
    }

    @Test
    void compactOnlyLogsKeepTheirSegmentsAndCompactDeleteLogsDoNot() throws IOException {
        int batchSize = TestBatches.batch(0, "x").remaining();
        LogConfig compactOnly = LogConfig.builder()
                .segmentBytes(batchSize * 2)
                .retentionMs(10_000)
                .retentionBytes(batchSize)
                .deleteRetention(false)
                .build();
        log = fixture.open(compactOnly);
        for (int i = 0; i < 6; i++) {
            log.append(TestBatches.batch(clock.millis(), "x"));
        }
        clock.advance(100_000);
        assertEquals(0, log.applyRetention(), "cleanup.policy=compact: neither time nor size retention");
        assertEquals(3, log.segmentCount());
        log.deleteRecordsBefore(2);
        assertEquals(2, log.segmentCount(), "segments below the log start offset still go");

        log.updateConfig(compactOnly.toBuilder().deleteRetention(true).build());
        assertEquals(1, log.applyRetention(), "cleanup.policy=compact,delete applies retention");
        assertEquals(1, log.segmentCount());
    }

    @Test
    void retentionBySize() throws IOException {
        int batchSize = TestBatches.batch(0, "x").remaining();
        log = fixture.open(LogConfig.builder()
                .segmentBytes(batchSize * 2)
                .retentionMs(-1)
                .retentionBytes(batchSize * 3L)
                .build());
        for (int i = 0; i < 9; i++) {
            log.append(TestBatches.batch(clock.millis(), "x"));
        }
        assertEquals(5, log.segmentCount());
        assertEquals(3, log.applyRetention());
        assertEquals(2, log.segmentCount());
        assertEquals(batchSize * 3L, log.sizeInBytes());
        assertEquals(6, log.logStartOffset());
    }

    @Test
    void deleteRecordsPersistsAcrossReopen() throws IOException {
        int batchSize = TestBatches.batch(0, "vv").remaining();
        LogConfig config = LogConfig.builder().segmentBytes(batchSize * 2).build();
        log = fixture.open(config);
        for (int i = 0; i < 7; i++) {
            log.append(TestBatches.batch(clock.millis(), "v" + i));
        }
        log.deleteRecordsBefore(3);
        assertEquals(3, log.logStartOffset());
        assertEquals(3, log.segmentCount(), "segment [0,1] deleted, [2,3] keeps offset 3");
        assertThrows(OffsetOutOfRangeException.class, () -> log.read(2, 100, true));
        assertThrows(OffsetOutOfRangeException.class, () -> log.deleteRecordsBefore(8));
        log.close();
        log = fixture.open(config);
        assertEquals(3, log.logStartOffset());
        assertEquals(7, log.logEndOffset());
        assertEquals(List.of("v3", "v4", "v5", "v6"), LogAppendReadTest.readValuesFrom(log, 3, 100));
        log.closeUncleanly();
        log = fixture.open(config);
        assertEquals(3, log.logStartOffset(), "also after a crash");
    }

    @Test
    void sliceKeepsChannelOpenWhileSegmentIsDeleted() throws IOException {
        int batchSize = TestBatches.batch(0, "x").remaining();
        log = fixture.open(LogConfig.builder().segmentBytes(batchSize).build());
        for (int i = 0; i < 3; i++) {
            log.append(TestBatches.batch(0, "s" + i));
        }
        LogReadResult inFlight = log.read(0, 10, true);
        log.deleteRecordsBefore(2);
        assertFalse(Files.exists(fixture.dir().resolve("00000000000000000000.log")));
        FileSlice slice = inFlight.slices().get(0);
        assertTrue(slice.channel().isOpen());
        assertEquals(List.of("s0"), TestBatches.values(slice.readFully()));
        slice.release();
        assertFalse(slice.channel().isOpen(), "last reference closes the channel");
    }

    @Test
    void closedSegmentsReleaseHandlesAndReopenOnDemand() throws IOException {
        int batchSize = TestBatches.batch(0, "x").remaining();
        log = fixture.open(LogConfig.builder().segmentBytes(batchSize).build());
        for (int i = 0; i < 10; i++) {
            log.append(TestBatches.batch(0, "h" + i));
        }
        LogReadResult first = log.read(0, 10, true);
        FileSlice held = first.slices().get(0);
        for (long o = 1; o < 9; o++) {
            LogFixture.readAll(log.read(o, 10, true));
        }
        assertTrue(held.channel().isOpen(), "held by the slice even though the segment released it");
        held.release();
        assertFalse(held.channel().isOpen());
        assertEquals(List.of("h0"), TestBatches.values(LogFixture.readAll(log.read(0, 10, true))));
    }

    @Test
    void flushesByMessageCount() throws IOException {
        log = fixture.open(LogConfig.builder().flushMessages(3).build());
        log.append(TestBatches.batch(clock.millis(), "a"));
        log.append(TestBatches.batch(clock.millis(), "b"));
        assertEquals(0, log.flushedOffset(), "no flush per append below flush.messages");
        log.append(TestBatches.batch(clock.millis(), "c", "d"));
        assertEquals(4, log.flushedOffset());
    }

    @Test
    void flushesByInterval() throws IOException {
        log = fixture.open(LogConfig.builder().flushMs(1000).build());
        log.append(TestBatches.batch(clock.millis(), "a"));
        assertEquals(0, log.flushedOffset());
        clock.advance(1000);
        log.maybeRoll();
        assertEquals(1, log.flushedOffset(), "the periodic check flushes");
        log.append(TestBatches.batch(clock.millis(), "b"));
        assertEquals(1, log.flushedOffset());
        clock.advance(1000);
        log.append(TestBatches.batch(clock.millis(), "c"));
        assertEquals(3, log.flushedOffset(), "an append after the interval flushes");
    }

    @Test
    void noFlushByDefaultButOnRoll() throws IOException {
        int batchSize = TestBatches.batch(0, "x").remaining();
        log = fixture.open(LogConfig.builder().segmentBytes(batchSize * 2).build());
        log.append(TestBatches.batch(clock.millis(), "x"));
        log.append(TestBatches.batch(clock.millis(), "x"));
        assertEquals(0, log.flushedOffset());
        log.append(TestBatches.batch(clock.millis(), "x"));
        assertEquals(2, log.flushedOffset(), "rolling forced the old segment");
    }

    @Test
    void updatedConfigAppliesToTheNextAppend() throws IOException {
        log = fixture.open(LogConfig.defaults());
        log.append(TestBatches.batch(5, "a"));
        log.append(TestBatches.batch(6, "b"));
        assertEquals(1, log.segmentCount());
        int batchSize = TestBatches.batch(0, "x").remaining();
        log.updateConfig(log.config().toBuilder()
                .segmentBytes(batchSize)
                .maxBatchBytes(batchSize)
                .timestampType(TimestampType.LOG_APPEND_TIME)
                .build());
        assertThrows(RecordTooLargeException.class, () -> log.append(TestBatches.batch(7, "too big")));
        AppendResult r = log.append(TestBatches.batch(7, "c"));
        assertEquals(clock.millis(), r.logAppendTime());
        assertEquals(2, log.segmentCount(), "the smaller segment.bytes rolled the segment");
    }

    @Test
    void closeAndDeleteRemovesDirectory() throws IOException {
        log = fixture.open(LogConfig.defaults());
        log.append(TestBatches.batch(0, "a"));
        log.closeAndDelete();
        log = null;
        assertFalse(Files.exists(fixture.dir()));
    }

    private List<String> logFiles() throws IOException {
        try (Stream<Path> files = Files.list(fixture.dir())) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".log"))
                    .sorted()
                    .toList();
        }
    }
}
