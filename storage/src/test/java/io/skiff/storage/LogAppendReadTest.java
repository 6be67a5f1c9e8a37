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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.record.CorruptRecordException;
import io.skiff.record.InvalidRecordException;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordTooLargeException;
import io.skiff.record.TimestampType;
import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class LogAppendReadTest {
    @RegisterExtension
    final LogFixture fixture = new LogFixture("topic-0");

    private final MutableClock clock = fixture.clock;
    private Log log;

    private Log open(LogConfig config) throws IOException {
        log = fixture.open(config);
        return log;
    }

    @Test
    void roundTripAcrossManySegments() throws IOException {
        open(LogConfig.builder().segmentBytes(2048).indexIntervalBytes(200).build());
        List<String> expected = new ArrayList<>();
        long next = 0;
        for (int i = 0; i < 300; i++) {
            int n = 1 + i % 5;
            String[] values = new String[n];
            for (int j = 0; j < n; j++) {
                values[j] = "v" + i + "-" + j;
                expected.add(values[j]);
            }
            AppendResult r = log.append(TestBatches.batch(clock.millis() + i, values));
            assertEquals(next, r.firstOffset());
            assertEquals(next + n - 1, r.lastOffset());
            assertEquals(next + n, r.logEndOffset());
            assertEquals(-1, r.logAppendTime());
            assertEquals(1, r.batchCount());
            next += n;
        }
        assertTrue(log.segmentCount() > 10, "segments: " + log.segmentCount());
        assertEquals(next, log.logEndOffset());
        assertEquals(expected, readValuesFrom(log, 0, 700));
        // Reading from every offset starts with the batch that contains it.
        for (long offset = 0; offset < next; offset += 7) {
            LogReadResult r = log.read(offset, 1, true);
            ByteBuffer batch = LogFixture.readAll(r);
            long base = TestBatches.baseOffset(batch);
            int count = TestBatches.recordCount(batch);
            assertTrue(base <= offset && offset < base + count, "offset " + offset + " in batch at " + base);
            assertEquals(expected.subList((int) base, (int) base + count), TestBatches.values(batch));
        }
    }

    /** Reads everything from {@code offset} in steps of {@code maxBytes} and returns the record values. */
    static List<String> readValuesFrom(Log log, long offset, int maxBytes) {
        List<String> values = new ArrayList<>();
        long next = offset;
        while (next < log.logEndOffset()) {
            LogReadResult r = log.read(next, maxBytes, true);
            assertTrue(r.totalBytes() > 0);
            for (ByteBuffer b : TestBatches.split(LogFixture.readAll(r))) {
                List<String> v = TestBatches.values(b);
                long base = TestBatches.baseOffset(b);
                for (int i = 0; i < v.size(); i++) {
                    if (base + i >= next) {
                        values.add(v.get(i));
                    }
                }
                next = base + v.size();
            }
        }
        return values;
    }

    @Test
    void multiBatchAppendAssignsConsecutiveOffsets() throws IOException {
        open(LogConfig.defaults());
        AppendResult r = log.append(TestBatches.concat(
                TestBatches.batch(1, "a", "b"), TestBatches.batch(2, "c"), TestBatches.batch(3, "d", "e", "f")));
        assertEquals(0, r.firstOffset());
        assertEquals(5, r.lastOffset());
        assertEquals(3, r.batchCount());
        List<ByteBuffer> batches = TestBatches.split(LogFixture.readAll(log.read(0, 10_000, false)));
        assertEquals(3, batches.size());
        assertEquals(
                List.of(0L, 2L, 3L),
                batches.stream().map(TestBatches::baseOffset).toList());
        for (ByteBuffer b : batches) {
            assertCrcValid(b);
        }
    }

    @Test
    void everyBatchIsStampedWithTheLogsLeaderEpoch() throws IOException {
        open(LogConfig.defaults());
        ByteBuffer sent = TestBatches.concat(TestBatches.batch(1, "a"), TestBatches.batch(2, "b"));
        new RecordBatchView(sent).setPartitionLeaderEpoch(42); // the first as a client may send it; the second -1
        log.append(sent);
        List<ByteBuffer> stored = TestBatches.split(LogFixture.readAll(log.read(0, 10_000, false)));
        assertEquals(2, stored.size());
        for (ByteBuffer b : stored) {
            assertEquals(Log.LEADER_EPOCH, new RecordBatchView(b).partitionLeaderEpoch());
            assertCrcValid(b); // the epoch is outside the CRC
        }
    }

    @Test
    void invalidBatchesAreRejectedAndNothingIsWritten() throws IOException {
        open(LogConfig.builder().maxBatchBytes(500).build());
        log.append(TestBatches.batch(1, "keep"));
        ByteBuffer badCrc = TestBatches.batch(2, "x", "y");
        badCrc.put(badCrc.limit() - 1, (byte) (badCrc.get(badCrc.limit() - 1) ^ 1));
        assertThrows(
                CorruptRecordException.class, () -> log.append(TestBatches.concat(TestBatches.batch(2, "ok"), badCrc)));
        ByteBuffer badMagic = TestBatches.batch(2, "x");
        badMagic.put(16, (byte) 1);
        assertThrows(CorruptRecordException.class, () -> log.append(badMagic));
        ByteBuffer torn = TestBatches.batch(2, "x");
        torn.limit(torn.limit() - 3);
        assertThrows(CorruptRecordException.class, () -> log.append(torn));
        assertThrows(RecordTooLargeException.class, () -> log.append(TestBatches.sized(2, 3, 300)));
        ByteBuffer badDelta = TestBatches.batch(2, "x", "y");
        badDelta.putInt(23, 5);
        fixCrc(badDelta);
        assertThrows(InvalidRecordException.class, () -> log.append(badDelta));
        assertThrows(InvalidRecordException.class, () -> log.append(ByteBuffer.allocate(0)));
        assertEquals(1, log.logEndOffset());
        assertEquals(List.of("keep"), readValuesFrom(log, 0, 1000));
        assertEquals(TestBatches.batch(1, "keep").remaining(), log.sizeInBytes());
    }

    @Test
    void logAppendTimeStampsBatchAndKeepsCrcValid() throws IOException {
        open(LogConfig.builder().timestampType(TimestampType.LOG_APPEND_TIME).build());
        AppendResult r = log.append(TestBatches.batch(5, "a", "b"));
        assertEquals(clock.millis(), r.logAppendTime());
        ByteBuffer stored = LogFixture.readAll(log.read(0, 1000, true));
        assertEquals(0x08, stored.getShort(21) & 0x08);
        assertEquals(clock.millis(), stored.getLong(35));
        assertEquals(5, stored.getLong(27), "base timestamp stays");
        assertCrcValid(stored);
        assertEquals(Optional.of(new TimestampOffset(clock.millis(), 0)), log.maxTimestampOffset());
    }

    @Test
    void readHonoursMaxBytesAndMinOneBatch() throws IOException {
        open(LogConfig.defaults());
        int size = TestBatches.batch(1, "aaaa").remaining();
        for (int i = 0; i < 10; i++) {
            log.append(TestBatches.batch(i, "aaaa"));
        }
        assertEquals(0, log.read(0, size - 1, false).totalBytes());
        LogReadResult one = log.read(0, size - 1, true);
        assertEquals(size, one.totalBytes());
        one.releaseAll();
        LogReadResult three = log.read(2, size * 3 + size / 2, false);
        assertEquals(size * 3, three.totalBytes());
        assertEquals(2, TestBatches.baseOffset(LogFixture.readAll(three)));
        LogReadResult atEnd = log.read(10, 1000, true);
        assertEquals(0, atEnd.totalBytes());
        assertEquals(10, atEnd.logEndOffset());
        assertThrows(OffsetOutOfRangeException.class, () -> log.read(11, 1000, true));
        assertThrows(OffsetOutOfRangeException.class, () -> log.read(-1, 1000, true));
    }

    @Test
    void timestampLookups() throws IOException {
        open(LogConfig.builder().segmentBytes(150).indexIntervalBytes(0).build());
        long[] stamps = {100, 200, 150, 400, 300, 500, 500, 900};
        for (long ts : stamps) {
            log.append(TestBatches.batch(ts, "r"));
        }
        assertTrue(log.segmentCount() > 2);
        assertEquals(Optional.of(new TimestampOffset(100, 0)), log.offsetForTimestamp(0));
        assertEquals(Optional.of(new TimestampOffset(200, 1)), log.offsetForTimestamp(101));
        assertEquals(Optional.of(new TimestampOffset(400, 3)), log.offsetForTimestamp(201));
        assertEquals(Optional.of(new TimestampOffset(500, 5)), log.offsetForTimestamp(450));
        assertEquals(Optional.of(new TimestampOffset(900, 7)), log.offsetForTimestamp(900));
        assertEquals(Optional.empty(), log.offsetForTimestamp(901));
        assertEquals(Optional.of(new TimestampOffset(900, 7)), log.maxTimestampOffset());
        log.deleteRecordsBefore(4);
        assertEquals(Optional.of(new TimestampOffset(300, 4)), log.offsetForTimestamp(0));
    }

    @Test
    void forEachBatchReportsHeaders() throws IOException {
        open(LogConfig.builder().segmentBytes(300).build());
        for (int i = 0; i < 10; i++) {
            log.append(
                    TestBatches.batch(10L + 1, 42L, (short) 3, i * 2, true, List.of(new byte[] {1}, new byte[] {2})));
        }
        List<BatchInfo> seen = new ArrayList<>();
        log.forEachBatch(5, seen::add);
        assertEquals(8, seen.size());
        BatchInfo first = seen.get(0);
        assertEquals(4, first.baseOffset());
        assertEquals(5, first.lastOffset());
        assertEquals(42L, first.producerId());
        assertEquals(3, first.producerEpoch());
        assertEquals(4, first.baseSequence());
        assertEquals(2, first.recordCount());
        assertTrue(first.transactional());
        assertEquals(19, seen.get(7).lastOffset());
    }

    @Test
    void oversizedBatchGetsItsOwnSegment() throws IOException {
        open(LogConfig.builder().segmentBytes(1000).build());
        log.append(TestBatches.batch(1, "small"));
        log.append(TestBatches.sized(2, 3, 600));
        log.append(TestBatches.batch(3, "after"));
        assertEquals(3, log.segmentCount());
        assertEquals(List.of("small"), TestBatches.values(LogFixture.readAll(log.read(0, 10, true))));
        assertEquals(
                3, TestBatches.values(LogFixture.readAll(log.read(1, 10, true))).size());
        assertEquals(List.of("after"), TestBatches.values(LogFixture.readAll(log.read(4, 10, true))));
    }

    static void fixCrc(ByteBuffer b) {
        CRC32C crc = new CRC32C();
        ByteBuffer covered = b.duplicate();
        covered.position(b.position() + 21);
        crc.update(covered);
        b.putInt(b.position() + 17, (int) crc.getValue());
    }

    static void assertCrcValid(ByteBuffer b) {
        CRC32C crc = new CRC32C();
        ByteBuffer covered = b.duplicate();
        covered.position(b.position() + 21).limit(b.position() + 12 + b.getInt(b.position() + 8));
        crc.update(covered);
        assertEquals((int) crc.getValue(), b.getInt(b.position() + 17));
    }
}
