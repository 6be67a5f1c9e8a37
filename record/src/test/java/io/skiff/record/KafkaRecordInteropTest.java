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
package io.skiff.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.DefaultRecordBatch;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.junit.jupiter.api.Test;

/** Our view, reader and builder against kafka-clients' own record classes. */
class KafkaRecordInteropTest {
    private static final long T0 = 1_700_000_000_000L;

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static final org.apache.kafka.common.record.TimestampType KAFKA_CREATE_TIME =
            org.apache.kafka.common.record.TimestampType.CREATE_TIME;
    private static final org.apache.kafka.common.record.TimestampType KAFKA_LOG_APPEND_TIME =
            org.apache.kafka.common.record.TimestampType.LOG_APPEND_TIME;

    /** Kafka's batch of the three sample records at {@code baseOffset}, uncompressed, without a producer id. */
    private static ByteBuffer kafkaBatch(long baseOffset) {
        return kafkaBatchWithoutProducer(KAFKA_CREATE_TIME, Compression.NONE, baseOffset);
    }

    private static ByteBuffer kafkaBatchWithoutProducer(
            org.apache.kafka.common.record.TimestampType type, Compression compression, long baseOffset) {
        return kafkaBatch(type, compression, baseOffset, -1L, (short) -1, -1, false);
    }

    /** The first (or only) batch of {@code buf} as kafka-clients reads it; shares the bytes of {@code buf}. */
    private static DefaultRecordBatch firstKafkaBatch(ByteBuffer buf) {
        return (DefaultRecordBatch)
                MemoryRecords.readableRecords(buf).batches().iterator().next();
    }

    private static ByteBuffer kafkaBatch(
            org.apache.kafka.common.record.TimestampType type,
            Compression compression,
            long baseOffset,
            long producerId,
            short epoch,
            int baseSequence,
            boolean transactional) {
        MemoryRecordsBuilder b = MemoryRecords.builder(
                ByteBuffer.allocate(4096),
                RecordBatch.MAGIC_VALUE_V2,
                compression,
                type,
                baseOffset,
                T0 + 999,
                producerId,
                epoch,
                baseSequence,
                transactional,
                false,
                7);
        b.append(T0, utf8("k1"), utf8("v1"));
        b.append(T0 + 5, null, utf8("no key"), new org.apache.kafka.common.header.Header[] {
            new RecordHeader("h1", utf8("x")), new RecordHeader("h2", (byte[]) null)
        });
        b.append(T0 - 3, utf8("tombstone"), null);
        return b.build().buffer();
    }

    @Test
    void viewReadsEveryHeaderFieldOfAKafkaBuiltBatch() {
        ByteBuffer buf = kafkaBatch(KAFKA_CREATE_TIME, Compression.NONE, 42L, 1234L, (short) 5, 17, true);
        DefaultRecordBatch kafka = firstKafkaBatch(buf.duplicate());

        RecordBatchView view = new RecordBatchView(buf);
        assertEquals(kafka.baseOffset(), view.baseOffset());
        assertEquals(42L, view.baseOffset());
        assertEquals(kafka.sizeInBytes(), view.sizeInBytes());
        assertEquals(kafka.sizeInBytes() - 12, view.batchLength());
        assertEquals(7, view.partitionLeaderEpoch());
        assertEquals(kafka.partitionLeaderEpoch(), view.partitionLeaderEpoch());
        assertEquals(2, view.magic());
        assertEquals(kafka.checksum(), view.crc());
        assertEquals(view.crc(), view.computeCrc());
        assertTrue(view.isValid());
        assertEquals(CompressionType.NONE, view.compressionType());
        assertEquals(TimestampType.CREATE_TIME, view.timestampType());
        assertTrue(view.isTransactional());
        assertFalse(view.isControl());
        assertEquals(2, view.lastOffsetDelta());
        assertEquals(kafka.lastOffset(), view.lastOffset());
        assertEquals(44L, view.lastOffset());
        assertEquals(kafka.baseTimestamp(), view.baseTimestamp());
        assertEquals(T0, view.baseTimestamp());
        assertEquals(kafka.maxTimestamp(), view.maxTimestamp());
        assertEquals(T0 + 5, view.maxTimestamp());
        assertEquals(1234L, view.producerId());
        assertEquals((short) 5, view.producerEpoch());
        assertEquals(17, view.baseSequence());
        assertEquals(kafka.lastSequence(), view.lastSequence());
        assertEquals(19, view.lastSequence());
        assertEquals(3, view.recordCount());
        assertEquals(kafka.countOrNull(), view.recordCount());
        assertEquals(0, buf.position(), "the view must not move the buffer's position");
    }

    @Test
    void readerDecodesKafkaRecordsIncludingNullsAndHeaders() {
        ByteBuffer buf = kafkaBatch(100L);
        List<org.apache.kafka.common.record.internal.Record> expected = new ArrayList<>();
        MemoryRecords.readableRecords(buf.duplicate()).records().forEach(expected::add);

        List<Record> actual = RecordReader.readAll(new RecordBatchView(buf));
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            org.apache.kafka.common.record.internal.Record k = expected.get(i);
            Record r = actual.get(i);
            assertEquals(k.offset(), r.offset());
            assertEquals(k.timestamp(), r.timestamp());
            assertArrayEquals(k.hasKey() ? bytes(k.key()) : null, r.keyBytes());
            assertArrayEquals(k.hasValue() ? bytes(k.value()) : null, r.valueBytes());
            assertEquals(k.headers().length, r.headers().size());
            for (int h = 0; h < k.headers().length; h++) {
                assertEquals(k.headers()[h].key(), r.headers().get(h).key());
                assertArrayEquals(k.headers()[h].value(), r.headers().get(h).valueBytes());
            }
        }
        assertEquals(
                List.of(100L, 101L, 102L), actual.stream().map(Record::offset).toList());
        assertEquals(
                List.of(T0, T0 + 5, T0 - 3),
                actual.stream().map(Record::timestamp).toList());
        assertNull(actual.get(1).key());
        assertNull(actual.get(2).value());
        assertEquals("h1", actual.get(1).headers().get(0).key());
        assertArrayEquals(utf8("x"), actual.get(1).headers().get(0).valueBytes());
        assertNull(actual.get(1).headers().get(1).value());
    }

    @Test
    void logAppendTimeBatchReportsTheAppendTimeForEveryRecordLikeKafka() {
        ByteBuffer buf = kafkaBatchWithoutProducer(KAFKA_LOG_APPEND_TIME, Compression.NONE, 0L);
        RecordBatchView view = new RecordBatchView(buf);
        assertEquals(TimestampType.LOG_APPEND_TIME, view.timestampType());
        assertEquals(T0 + 999, view.maxTimestamp());
        List<Long> kafkaTimestamps = new ArrayList<>();
        MemoryRecords.readableRecords(buf.duplicate()).records().forEach(r -> kafkaTimestamps.add(r.timestamp()));
        assertEquals(
                kafkaTimestamps,
                RecordReader.readAll(view).stream().map(Record::timestamp).toList());
        assertEquals(List.of(T0 + 999, T0 + 999, T0 + 999), kafkaTimestamps);
    }

    @Test
    void compressedKafkaBatchIsDescribedButNotDecompressed() {
        ByteBuffer buf =
                kafkaBatchWithoutProducer(KAFKA_CREATE_TIME, Compression.gzip().build(), 0L);
        RecordBatchView view = new RecordBatchView(buf);
        assertEquals(CompressionType.GZIP, view.compressionType());
        assertTrue(view.isValid());
        assertEquals(3, view.recordCount());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RecordReader(view));
        assertTrue(e.getMessage().contains("gzip"), e.getMessage());
    }

    @Test
    void endTransactionMarkerIsAControlBatch() {
        ByteBuffer buf = MemoryRecords.withEndTransactionMarker(
                        55L, T0, 3, 999L, (short) 2, new EndTransactionMarker(ControlRecordType.COMMIT, 9))
                .buffer();
        RecordBatchView view = new RecordBatchView(buf);
        assertTrue(view.isControl());
        assertTrue(view.isTransactional());
        assertEquals(999L, view.producerId());
        assertEquals(55L, view.baseOffset());
        List<Record> records = RecordReader.readAll(view);
        assertEquals(1, records.size());
        ByteBuffer key = records.get(0).key();
        assertEquals(0, key.getShort(key.position()), "control record key version");
        assertEquals(ControlRecordType.COMMIT.type(), key.getShort(key.position() + 2));
    }

    @Test
    void iterateWalksSeveralKafkaBatchesBackToBack() {
        ByteBuffer a = kafkaBatch(0L);
        ByteBuffer b = kafkaBatch(3L);
        ByteBuffer both = ByteBuffer.allocate(a.remaining() + b.remaining() + 8);
        both.position(8); // a non-zero start: views must honour the position
        both.put(a.duplicate()).put(b.duplicate()).flip().position(8);
        List<Long> bases = new ArrayList<>();
        for (RecordBatchView v : RecordBatches.iterate(both)) {
            assertTrue(v.isValid());
            bases.add(v.baseOffset());
        }
        assertEquals(List.of(0L, 3L), bases);
        assertEquals(2, RecordBatches.count(both));
        assertEquals(8, both.position());
    }

    @Test
    void ourBatchParsesWithKafkaAndPassesItsCrcCheck() {
        ByteBuffer ours = new RecordBatchBuilder(1000L, T0)
                .producer(77L, (short) 3, 40)
                .transactional(true)
                .partitionLeaderEpoch(4)
                .add(T0, utf8("a"), utf8("1"), List.of(Header.of("trace", "abc")))
                .add(T0 + 10, null, utf8("2"), List.of())
                .add(T0 + 2, utf8("c"), null, List.of(Header.of("n", (byte[]) null)))
                .build();
        Iterator<MutableRecordBatch> batches =
                MemoryRecords.readableRecords(ours.duplicate()).batches().iterator();
        MutableRecordBatch kafka = batches.next();
        assertFalse(batches.hasNext());
        kafka.ensureValid();
        assertTrue(kafka.isValid());
        assertEquals(1000L, kafka.baseOffset());
        assertEquals(1002L, kafka.lastOffset());
        assertEquals(77L, kafka.producerId());
        assertEquals((short) 3, kafka.producerEpoch());
        assertEquals(40, kafka.baseSequence());
        assertEquals(42, kafka.lastSequence());
        assertTrue(kafka.isTransactional());
        assertFalse(kafka.isControlBatch());
        assertEquals(4, kafka.partitionLeaderEpoch());
        assertEquals(T0 + 10, kafka.maxTimestamp());
        assertEquals(KAFKA_CREATE_TIME, kafka.timestampType());
        List<org.apache.kafka.common.record.internal.Record> records = new ArrayList<>();
        kafka.forEach(records::add);
        assertEquals(3, records.size());
        assertEquals(1001L, records.get(1).offset());
        assertEquals(T0 + 2, records.get(2).timestamp());
        assertArrayEquals(utf8("a"), bytes(records.get(0).key()));
        assertEquals("trace", records.get(0).headers()[0].key());
        assertArrayEquals(utf8("abc"), records.get(0).headers()[0].value());
        assertFalse(records.get(1).hasKey());
        assertFalse(records.get(2).hasValue());
        assertNull(records.get(2).headers()[0].value());
    }

    @Test
    void ourBatchIsByteIdenticalToKafkasForTheSameInput() {
        ByteBuffer ours = new RecordBatchBuilder(5L, T0)
                .producer(9L, (short) 1, 0)
                .add(T0, utf8("k"), utf8("v"), List.of(Header.of("h", "1")))
                .add(T0 + 300, null, utf8("w"), List.of())
                .build();
        MemoryRecordsBuilder b = MemoryRecords.builder(
                ByteBuffer.allocate(1024),
                RecordBatch.MAGIC_VALUE_V2,
                Compression.NONE,
                KAFKA_CREATE_TIME,
                5L,
                RecordBatch.NO_TIMESTAMP,
                9L,
                (short) 1,
                0,
                false,
                false,
                RecordBatch.NO_PARTITION_LEADER_EPOCH);
        b.append(T0, utf8("k"), utf8("v"), new org.apache.kafka.common.header.Header[] {new RecordHeader("h", utf8("1"))
        });
        b.append(T0 + 300, null, utf8("w"));
        assertEquals(b.build().buffer(), ours);
    }

    @Test
    void controlAndLogAppendTimeFlagsOfOurBuilderAreReadByKafka() {
        ByteBuffer ours = new RecordBatchBuilder(0L, T0)
                .producer(5L, (short) 0, -1)
                .transactional(true)
                .control(true)
                .logAppendTime(T0 + 50)
                .add(T0, new byte[] {0, 0, 0, 1}, new byte[] {0, 0, 0, 0, 0, 3}, List.of())
                .build();
        MutableRecordBatch kafka = firstKafkaBatch(ours);
        kafka.ensureValid();
        assertTrue(kafka.isControlBatch());
        assertEquals(KAFKA_LOG_APPEND_TIME, kafka.timestampType());
        assertEquals(T0 + 50, kafka.maxTimestamp());
    }

    @Test
    void setLogAppendTimeYieldsTheBytesOfKafkasSetMaxTimestamp() {
        ByteBuffer original = kafkaBatch(KAFKA_CREATE_TIME, Compression.NONE, 10L, 3L, (short) 0, 0, false);
        ByteBuffer viaKafka = copy(original);
        ByteBuffer viaUs = copy(original);
        DefaultRecordBatch kafka = firstKafkaBatch(viaKafka);
        kafka.setMaxTimestamp(KAFKA_LOG_APPEND_TIME, T0 + 12345);
        RecordBatchView view = new RecordBatchView(viaUs);
        view.setLogAppendTime(T0 + 12345);
        assertEquals(viaKafka, viaUs);
        assertTrue(view.isValid());
        assertEquals(TimestampType.LOG_APPEND_TIME, view.timestampType());
        assertEquals(T0 + 12345, view.maxTimestamp());
        assertTrue(!original.equals(viaUs), "the batch must have changed");
    }

    @Test
    void baseOffsetAndLeaderEpochRewritesMatchKafkaAndKeepTheCrc() {
        ByteBuffer original = kafkaBatch(0L);
        ByteBuffer viaKafka = copy(original);
        ByteBuffer viaUs = copy(original);
        DefaultRecordBatch kafka = firstKafkaBatch(viaKafka);
        kafka.setLastOffset(1_000_002L);
        kafka.setPartitionLeaderEpoch(12);
        RecordBatchView view = new RecordBatchView(viaUs);
        view.setBaseOffset(1_000_000L);
        view.setPartitionLeaderEpoch(12);
        assertEquals(viaKafka, viaUs);
        assertTrue(view.isValid());
        firstKafkaBatch(viaUs).ensureValid();
    }

    private static ByteBuffer copy(ByteBuffer b) {
        ByteBuffer c = ByteBuffer.allocate(b.remaining());
        c.put(b.duplicate()).flip();
        return c;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
