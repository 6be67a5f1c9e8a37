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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Truncated, missing and foreign files in a partition directory: each is recovered from or refused with a message
 * naming the file. Segments hold four one-record batches: 10 records make segments 0, 4 and 8.
 */
class LogDirectoryDamageTest {
    @RegisterExtension
    final LogFixture fixture = new LogFixture("d-0");

    private final MutableClock clock = fixture.clock;
    private final int batchSize = LogFixture.VALUE_BATCH_SIZE;
    private Log log;

    private static LogConfig config() {
        return LogFixture.fourValuesPerSegment();
    }

    /** Writes 10 one-record batches "value-NN" and closes the log cleanly; returns the values. */
    private List<String> writeAndClose() throws IOException {
        log = fixture.open(config());
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String v = String.format("value-%02d", i);
            log.append(TestBatches.batch(clock.millis() + i, v));
            values.add(v);
        }
        log.close();
        log = null;
        return values;
    }

    private Log reopen() throws IOException {
        log = fixture.open(config());
        return log;
    }

    private List<String> all() {
        return LogAppendReadTest.readValuesFrom(log, log.logStartOffset(), 1_000_000);
    }

    @Test
    void missingIndexesOfClosedSegmentsAreRebuiltFromTheLog() throws IOException {
        List<String> values = writeAndClose();
        Files.delete(fixture.segmentFile(0, ".index"));
        Files.delete(fixture.segmentFile(0, ".timeindex"));
        Files.delete(fixture.segmentFile(4, ".index"));

        reopen();
        assertEquals(values, all());
        assertEquals(5, log.offsetForTimestamp(clock.millis() + 5).orElseThrow().offset());
        assertTrue(Files.size(fixture.segmentFile(0, ".index")) > 0, "rebuilt and written");
        assertTrue(Files.exists(fixture.segmentFile(0, ".timeindex")));
    }

    @Test
    void missingIndexesOfTheLastSegmentAreRebuiltByRecoveringIt() throws IOException {
        List<String> values = writeAndClose();
        Files.delete(fixture.segmentFile(8, ".index"));
        Files.delete(fixture.segmentFile(8, ".timeindex"));

        reopen();
        assertEquals(values, all());
        log.append(TestBatches.batch(clock.millis() + 10, "value-10"));
        assertEquals(11, log.logEndOffset());
    }

    @Test
    void truncatedIndexIsRebuilt() throws IOException {
        List<String> values = writeAndClose();
        try (FileChannel ch = FileChannel.open(fixture.segmentFile(0, ".index"), StandardOpenOption.WRITE)) {
            ch.truncate(5); // not a whole entry
        }
        reopen();
        assertEquals(values, all());
        assertEquals(0, Files.size(fixture.segmentFile(0, ".index")) % 8);
    }

    @Test
    void missingTransactionIndexOfASegmentWithoutAbortsIsNormal() throws IOException {
        List<String> values = writeAndClose();
        assertFalse(
                Files.exists(fixture.segmentFile(0, TransactionIndex.SUFFIX)),
                "only written once a segment holds an abort");
        reopen();
        assertEquals(values, all());
    }

    @Test
    void strayTempAndCleanedFilesAreDeleted() throws IOException {
        List<String> values = writeAndClose();
        Path tmpFile = fixture.dir().resolve(LogCheckpoint.FILE_NAME + ".tmp");
        Path cleanedLog = fixture.segmentFile(0, ".log" + CleanedSegment.CLEANED_SUFFIX);
        Path cleanedIndex = fixture.segmentFile(0, ".index" + CleanedSegment.CLEANED_SUFFIX);
        Files.writeString(tmpFile, "half a checkpoint");
        Files.writeString(cleanedLog, "half a cleaning");
        Files.writeString(cleanedIndex, "x");

        reopen();
        assertEquals(values, all());
        assertFalse(Files.exists(tmpFile));
        assertFalse(Files.exists(cleanedLog));
        assertFalse(Files.exists(cleanedIndex));
    }

    @Test
    void aSwapFileWithoutItsCleanedSegmentLeavesTheSegmentsAlone() throws IOException {
        List<String> values = writeAndClose();
        Path swap = SegmentSwap.swapFile(fixture.dir(), 0);
        Files.writeString(swap, "8");

        reopen();
        assertEquals(values, all());
        assertFalse(Files.exists(swap));
    }

    @Test
    void aDamagedSwapFileIsRefusedNamingIt() throws IOException {
        writeAndClose();
        Path swap = SegmentSwap.swapFile(fixture.dir(), 0);
        Files.writeString(swap, "garbage");

        IOException e = assertThrows(IOException.class, this::reopen);
        assertTrue(e.getMessage().contains(swap.toString()), e.getMessage());
    }

    @Test
    void aZeroLengthLastSegmentIsAnEmptySegment() throws IOException {
        log = fixture.open(config());
        for (int i = 0; i < 4; i++) {
            log.append(TestBatches.batch(clock.millis(), "v" + i));
        }
        log.closeUncleanly();
        Files.createFile(fixture.segmentFile(4, ".log")); // a roll that crashed right after creating the file
        reopen();
        assertEquals(4, log.logEndOffset());
        log.append(TestBatches.batch(clock.millis(), "v4"));
        assertEquals(List.of("v0", "v1", "v2", "v3", "v4"), all());
    }

    /** Writes the log, cuts its middle segment (base offset 4) to {@code size} bytes: reopening names that file. */
    private void assertReopenRefusedNamingTheMiddleSegmentTruncatedTo(long size) throws IOException {
        writeAndClose();
        Path middle = fixture.segmentFile(4, ".log");
        try (FileChannel ch = FileChannel.open(middle, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
        IOException e = assertThrows(IOException.class, this::reopen);
        assertTrue(e.getMessage().contains(middle.getFileName().toString()), e.getMessage());
    }

    @Test
    void aZeroLengthSegmentInTheMiddleIsRefusedNamingIt() throws IOException {
        assertReopenRefusedNamingTheMiddleSegmentTruncatedTo(0);
    }

    @Test
    void aTruncatedSegmentInTheMiddleIsRefusedNamingIt() throws IOException {
        assertReopenRefusedNamingTheMiddleSegmentTruncatedTo(batchSize * 2L + 7);
    }

    @Test
    void aMissingSegmentLeavesAGapThatReadsSkip() throws IOException {
        List<String> values = writeAndClose();
        Files.delete(fixture.segmentFile(4, ".log"));

        reopen();
        List<String> expected = new ArrayList<>(values.subList(0, 4));
        expected.addAll(values.subList(8, 10));
        assertEquals(expected, all());
        assertFalse(Files.exists(fixture.segmentFile(4, ".index")), "the orphaned index files are removed");
        assertEquals(10, log.logEndOffset());
    }

    @Test
    void aGapInsideTheLastSegmentIsCutThere() throws IOException {
        log = fixture.open(config());
        log.append(TestBatches.batch(clock.millis(), "value-00"));
        log.append(TestBatches.batch(clock.millis(), "value-01"));
        log.closeUncleanly();
        // Rewrite the second batch's base offset to 5: offsets 1..4 are missing.
        try (FileChannel ch =
                FileChannel.open(fixture.segmentFile(0, ".log"), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.allocate(8).putLong(0, 5), batchSize);
        }
        reopen();
        assertEquals(1, log.logEndOffset(), "the batch after the gap is cut");
        assertEquals(List.of("value-00"), all());
    }

    @Test
    void anUnknownFileIsLeftAloneAndTheLogOpens() throws IOException {
        List<String> values = writeAndClose();
        Path unknown = fixture.dir().resolve("notes.txt");
        Files.writeString(unknown, "mine");
        reopen();
        assertEquals(values, all());
        assertTrue(Files.exists(unknown), "a file Skiff does not know is not deleted");
    }
}
