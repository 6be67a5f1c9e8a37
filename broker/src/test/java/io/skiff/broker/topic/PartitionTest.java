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
package io.skiff.broker.topic;

import static io.skiff.broker.topic.TopicTestSupport.batch;
import static io.skiff.broker.topic.TopicTestSupport.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordTooLargeException;
import io.skiff.storage.AppendResult;
import io.skiff.storage.LogReadResult;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.storage.producer.InvalidProducerEpochException;
import io.skiff.storage.producer.OutOfOrderSequenceException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartitionTest {
    @TempDir
    Path dir;

    @Test
    void appendsAssignOffsetsAndSetLeaderEpochZero() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
            ByteBuffer first = batch(3);
            new RecordBatchView(first).setPartitionLeaderEpoch(42);
            AppendResult a = p.appendRecords(first, AppendOrigin.CLIENT);
            AppendResult b = p.appendRecords(batch(2), AppendOrigin.CLIENT);
            assertEquals(0, a.firstOffset());
            assertEquals(3, b.firstOffset());
            assertEquals(-1, a.logAppendTime());
            assertEquals(5, p.highWatermark());
            assertEquals(5, p.lastStableOffset());
            LogReadResult read = p.read(0, Integer.MAX_VALUE, true);
            try {
                RecordBatchView stored =
                        new RecordBatchView(read.slices().get(0).readFully());
                assertEquals(0, stored.partitionLeaderEpoch());
                assertEquals(0, stored.baseOffset());
                assertTrue(stored.isValid());
            } finally {
                read.releaseAll();
            }
        }
    }

    @Test
    void duplicateBatchIsAnsweredWithItsOriginalOffsetsAndNotWrittenTwice() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
            p.appendRecords(batch(3), AppendOrigin.CLIENT);
            AppendResult original = p.appendRecords(batch(7L, (short) 0, 0, 2), AppendOrigin.CLIENT);
            p.appendRecords(batch(7L, (short) 0, 2, 2), AppendOrigin.CLIENT);
            AppendResult retry = p.appendRecords(batch(7L, (short) 0, 0, 2), AppendOrigin.CLIENT);
            assertEquals(3, original.firstOffset());
            assertEquals(3, retry.firstOffset());
            assertEquals(4, retry.lastOffset());
            assertEquals(7, p.highWatermark(), "the retry was not appended");
            assertThrows(
                    OutOfOrderSequenceException.class,
                    () -> p.appendRecords(batch(7L, (short) 0, 9, 1), AppendOrigin.CLIENT));
            p.appendRecords(batch(7L, (short) 1, 0, 1), AppendOrigin.CLIENT);
            assertThrows(
                    InvalidProducerEpochException.class,
                    () -> p.appendRecords(batch(7L, (short) 0, 4, 1), AppendOrigin.CLIENT));
            assertEquals(8, p.highWatermark());
        }
    }

    @Test
    void producerStateIsRebuiltFromTheLogAfterRestart() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
            p.appendRecords(batch(5L, (short) 2, 0, 3), AppendOrigin.CLIENT);
            p.appendRecords(batch(5L, (short) 2, 3, 3), AppendOrigin.CLIENT);
        }
        try (TopicRegistry registry = open(dir)) {
            Partition p = registry.topic("t").orElseThrow().partition(0);
            AppendResult retry = p.appendRecords(batch(5L, (short) 2, 3, 3), AppendOrigin.CLIENT);
            assertEquals(3, retry.firstOffset(), "duplicate detected from the rebuilt state");
            assertEquals(6, p.highWatermark());
            assertThrows(
                    OutOfOrderSequenceException.class,
                    () -> p.appendRecords(batch(5L, (short) 2, 7, 1), AppendOrigin.CLIENT));
            assertEquals(
                    6,
                    p.appendRecords(batch(5L, (short) 2, 6, 1), AppendOrigin.CLIENT)
                            .firstOffset());
        }
    }

    @Test
    void logAppendTimeTopicsStampTheBrokerTime() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Partition p = registry.createTopic("t", 1, Map.of("message.timestamp.type", "LogAppendTime"))
                    .partition(0);
            long before = System.currentTimeMillis();
            AppendResult r = p.appendRecords(batch(1), AppendOrigin.CLIENT);
            assertTrue(r.logAppendTime() >= before, "log append time " + r.logAppendTime());
            AppendResult dup = p.appendRecords(batch(3L, (short) 0, 0, 1), AppendOrigin.CLIENT);
            AppendResult again = p.appendRecords(batch(3L, (short) 0, 0, 1), AppendOrigin.CLIENT);
            assertEquals(dup.firstOffset(), again.firstOffset());
            assertEquals(dup.logAppendTime(), again.logAppendTime());
        }
    }

    @Test
    void oversizedBatchIsRejected() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Partition p = registry.createTopic("t", 1, Map.of("max.message.bytes", "100"))
                    .partition(0);
            assertThrows(RecordTooLargeException.class, () -> p.appendRecords(batch(20), AppendOrigin.CLIENT));
            assertEquals(0, p.highWatermark());
        }
    }

    @Test
    void timestampLookupFindsTheExactRecordInsideABatch() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
            io.skiff.record.RecordBatchBuilder b = new io.skiff.record.RecordBatchBuilder(0, 1000);
            b.add(1000, null, new byte[] {1});
            b.add(2000, null, new byte[] {2});
            b.add(3000, null, new byte[] {3});
            p.appendRecords(b.build(), AppendOrigin.CLIENT);
            assertEquals(1, p.offsetForTimestamp(1500).orElseThrow().offset());
            assertEquals(2000, p.offsetForTimestamp(1500).orElseThrow().timestamp());
            assertTrue(p.offsetForTimestamp(3001).isEmpty());
            assertEquals(2, p.maxTimestampOffset().orElseThrow().offset());
            assertEquals(3000, p.maxTimestampOffset().orElseThrow().timestamp());
        }
    }
}
