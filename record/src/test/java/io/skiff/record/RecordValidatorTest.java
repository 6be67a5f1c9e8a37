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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of Kafka's produce validation, one malformed batch at a time. */
class RecordValidatorTest {
    private static final long NOW = 1_700_000_000_000L;
    private static final ValidationRules RULES =
            new ValidationRules(1_048_588, TimestampType.CREATE_TIME, Long.MAX_VALUE, 3_600_000L, false, null);

    private static ValidatedBatches validate(ByteBuffer batch) {
        return RecordValidator.validate(batch, RULES, true, "t-0", NOW);
    }

    @Test
    void validBatchesAreKeptAsSentWithTheirMetadata() {
        ByteBuffer batch = KafkaBatches.batch(CompressionType.NONE, 3, NOW);
        ValidatedBatches v = validate(batch);
        assertSame(batch, v.buffer());
        assertEquals(1, v.count());
        ValidatedBatch m = v.batch(0);
        assertEquals(0, m.position());
        assertEquals(batch.remaining(), m.sizeInBytes());
        assertEquals(2, m.lastOffsetDelta());
        assertEquals(3, m.recordCount());
        assertEquals(NOW + 2, m.maxTimestamp());
        assertEquals(-1L, m.producerId());
        assertEquals(3, v.offsetCount());
    }

    @Test
    void recordLengthBeyondTheBatchIsInvalid() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 1, NOW);
        batch.put(RecordBatchView.RECORDS_OFFSET, (byte) 0x7e); // zig-zag 63: more than the batch holds
        KafkaBatches.fixCrc(batch);
        InvalidRecordException e = assertThrows(InvalidRecordException.class, () -> validate(batch));
        assertTrue(e.getMessage().contains("announces 63 bytes"), e.getMessage());
    }

    @Test
    void keyLengthBeyondTheRecordIsInvalid() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 2, NOW);
        // length(1) attributes(1) timestampDelta(1) offsetDelta(1), then the key length.
        batch.put(RecordBatchView.RECORDS_OFFSET + 4, (byte) 0x40); // zig-zag 32
        KafkaBatches.fixCrc(batch);
        InvalidRecordException e = assertThrows(InvalidRecordException.class, () -> validate(batch));
        assertTrue(e.getMessage().contains("invalid key length 32"), e.getMessage());
    }

    @Test
    void aFlippedByteInsideGzipDataIsRefused() {
        ByteBuffer batch = KafkaBatches.batch(CompressionType.GZIP, 200, NOW);
        int middle = RecordBatchView.RECORDS_OFFSET + (batch.remaining() - RecordBatchView.RECORDS_OFFSET) / 2;
        batch.put(middle, (byte) (batch.get(middle) ^ 0x5a));
        KafkaBatches.fixCrc(batch);
        RuntimeException e = assertThrows(RuntimeException.class, () -> validate(batch));
        assertTrue(
                e instanceof UndecodableRecordsException || e instanceof InvalidRecordException,
                "refused as undecodable or invalid, not " + e);
    }

    @Test
    void anUncompressedBatchWhoseAttributesSayZstdIsUndecodable() {
        ByteBuffer batch = KafkaBatches.batch(CompressionType.NONE, 3, NOW);
        short attributes = batch.getShort(RecordBatchView.ATTRIBUTES_OFFSET);
        batch.putShort(RecordBatchView.ATTRIBUTES_OFFSET, (short) (attributes | CompressionType.ZSTD.id()));
        KafkaBatches.fixCrc(batch);
        assertThrows(UndecodableRecordsException.class, () -> validate(batch));
    }

    @Test
    void anUnknownCodecIdIsUndecodable() {
        ByteBuffer batch = KafkaBatches.batch(CompressionType.NONE, 3, NOW);
        short attributes = batch.getShort(RecordBatchView.ATTRIBUTES_OFFSET);
        batch.putShort(RecordBatchView.ATTRIBUTES_OFFSET, (short) (attributes | 6));
        KafkaBatches.fixCrc(batch);
        assertThrows(UndecodableRecordsException.class, () -> validate(batch));
    }

    @Test
    void offsetDeltasOutOfOrderAreRewrittenToZeroToNMinusOne() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 3, NOW);
        List<String> expected = KafkaBatches.decode(batch);
        // Second record: its offset delta (zig-zag 1 = 0x02) becomes 5 (0x0a); same width, so nothing moves.
        int second = RecordBatchView.RECORDS_OFFSET + 1 + (batch.get(RecordBatchView.RECORDS_OFFSET) >> 1);
        assertEquals(0x02, batch.get(second + 3));
        batch.put(second + 3, (byte) 0x0a);
        KafkaBatches.fixCrc(batch);

        ValidatedBatches v = validate(batch);
        assertEquals(expected, KafkaBatches.decode(v.buffer()), "stored with deltas 0, 1, 2");
    }

    @Test
    void offsetDeltasOutOfOrderInACompressedBatchAreRewrittenToo() {
        ByteBuffer plain = KafkaBatches.keyed(CompressionType.NONE, 3, NOW);
        List<String> expected = KafkaBatches.decode(plain);
        int second = RecordBatchView.RECORDS_OFFSET + 1 + (plain.get(RecordBatchView.RECORDS_OFFSET) >> 1);
        plain.put(second + 3, (byte) 0x0a);
        KafkaBatches.fixCrc(plain);
        ValidationRules toLz4 = new ValidationRules(
                Integer.MAX_VALUE,
                TimestampType.CREATE_TIME,
                Long.MAX_VALUE,
                Long.MAX_VALUE,
                false,
                CompressionType.LZ4);
        ByteBuffer lz4WithBadDeltas =
                RecordValidator.validate(plain, toLz4, true, "t-0", NOW).buffer();
        // Our rebuild already fixed the deltas; the lz4 batch must stay exactly as it is when stored again.
        ValidatedBatches v = validate(lz4WithBadDeltas.duplicate());
        assertEquals(expected, KafkaBatches.decode(v.buffer()));
    }

    @Test
    void offsetDeltasOutOfOrderDeepInsideAnLz4BatchAreRewritten() throws Exception {
        // 3000 records (several 64 KiB lz4 blocks); record 2000's delta is wrong, so the walk starts over mid-stream.
        ByteBuffer plain = KafkaBatches.keyed(CompressionType.NONE, 3000, NOW);
        List<String> expected = KafkaBatches.decode(plain);
        RecordBatchView view = new RecordBatchView(plain, 0);
        int at = RecordBatchView.RECORDS_OFFSET;
        for (int i = 0; i < 2000; i++) {
            Varints.Read length = Varints.readVarint(plain, at, plain.limit());
            at = length.next() + (int) length.value();
        }
        Varints.Read length = Varints.readVarint(plain, at, plain.limit());
        // attributes, timestamp delta 0 (1 byte), then the offset delta 2000 (2 bytes): make it 2001.
        int deltaAt = length.next() + 2;
        assertEquals(2000, Varints.readVarint(plain, deltaAt, plain.limit()).value());
        ByteBuffer two = ByteBuffer.allocate(2);
        Varints.writeVarint(two, 2001);
        plain.put(deltaAt, two.array());

        java.io.ByteArrayOutputStream compressed = new java.io.ByteArrayOutputStream();
        try (java.io.OutputStream out = Codecs.compress(CompressionType.LZ4, compressed)) {
            out.write(plain.array(), RecordBatchView.RECORDS_OFFSET, plain.limit() - RecordBatchView.RECORDS_OFFSET);
        }
        ByteBuffer lz4 = ByteBuffer.allocate(RecordBatchView.RECORDS_OFFSET + compressed.size());
        lz4.put(plain.array(), 0, RecordBatchView.RECORDS_OFFSET)
                .put(compressed.toByteArray())
                .flip();
        lz4.putInt(RecordBatchView.LENGTH_OFFSET, lz4.limit() - RecordBatchView.LOG_OVERHEAD);
        lz4.putShort(RecordBatchView.ATTRIBUTES_OFFSET, (short) (view.attributes() | CompressionType.LZ4.id()));
        KafkaBatches.fixCrc(lz4);

        ValidatedBatches v = validate(lz4);
        assertEquals(CompressionType.LZ4, v.view(0).compressionType());
        assertEquals(expected, KafkaBatches.decode(v.buffer()));
    }

    @Test
    void aRecordCountAboveTheRecordsIsInvalid() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 3, NOW);
        batch.putInt(RecordBatchView.RECORD_COUNT_OFFSET, 4);
        batch.putInt(RecordBatchView.LAST_OFFSET_DELTA_OFFSET, 3);
        KafkaBatches.fixCrc(batch);
        InvalidRecordException e = assertThrows(InvalidRecordException.class, () -> validate(batch));
        assertTrue(e.getMessage().contains("before record 3"), e.getMessage());
    }

    @Test
    void aRecordCountBelowTheRecordsIsInvalid() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.SNAPPY, 3, NOW);
        batch.putInt(RecordBatchView.RECORD_COUNT_OFFSET, 2);
        batch.putInt(RecordBatchView.LAST_OFFSET_DELTA_OFFSET, 1);
        KafkaBatches.fixCrc(batch);
        InvalidRecordException e = assertThrows(InvalidRecordException.class, () -> validate(batch));
        assertTrue(e.getMessage().contains("records still remaining"), e.getMessage());
    }

    @Test
    void aCountThatDisagreesWithTheOffsetRangeIsInvalid() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 3, NOW);
        batch.putInt(RecordBatchView.RECORD_COUNT_OFFSET, 2);
        KafkaBatches.fixCrc(batch);
        assertThrows(InvalidRecordException.class, () -> validate(batch));
    }

    @Test
    void aFutureTimestampIsAnInvalidTimestampNamingTheRecord() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.ZSTD, 3, NOW + 7_200_000L);
        RecordValidationException e = assertThrows(RecordValidationException.class, () -> validate(batch));
        assertTrue(e.invalidTimestamp());
        assertEquals("One or more records have been rejected due to invalid timestamp", e.getMessage());
        assertEquals(
                List.of(0, 1, 2),
                e.recordErrors().stream().map(r -> r.batchIndex()).toList());
        assertEquals(
                "Timestamp " + (NOW + 7_200_000L) + " of message with offset 0 is out of range. The timestamp should be"
                        + " within [" + (NOW - Long.MAX_VALUE) + ", " + (NOW + 3_600_000L) + "]",
                e.recordErrors().get(0).message());
    }

    @Test
    void anOldTimestampIsRefusedWhenBeforeMaxIsSet() {
        ValidationRules rules =
                new ValidationRules(1_048_588, TimestampType.CREATE_TIME, 60_000L, 3_600_000L, false, null);
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 1, NOW - 61_000L);
        RecordValidationException e = assertThrows(
                RecordValidationException.class, () -> RecordValidator.validate(batch, rules, true, "t-0", NOW));
        assertTrue(e.invalidTimestamp());
        // LogAppendTime topics do not check the producer's timestamps.
        ValidationRules logAppendTime =
                new ValidationRules(1_048_588, TimestampType.LOG_APPEND_TIME, 60_000L, 3_600_000L, false, null);
        RecordValidator.validate(
                KafkaBatches.keyed(CompressionType.NONE, 1, NOW - 61_000L), logAppendTime, true, "t-0", NOW);
    }

    @Test
    void aCompactedTopicRefusesKeylessRecords() {
        ValidationRules compacted =
                new ValidationRules(1_048_588, TimestampType.CREATE_TIME, Long.MAX_VALUE, 3_600_000L, true, null);
        ByteBuffer batch = KafkaBatches.batch(CompressionType.LZ4, 3, NOW); // record 2 has no key
        RecordValidationException e = assertThrows(
                RecordValidationException.class, () -> RecordValidator.validate(batch, compacted, true, "t-0", NOW));
        assertEquals(false, e.invalidTimestamp());
        assertEquals(1, e.recordErrors().size());
        assertEquals(2, e.recordErrors().get(0).batchIndex());
        assertEquals(
                "Compacted topic cannot accept message without key in topic partition t-0",
                e.recordErrors().get(0).message());
        assertEquals(
                "One or more records have been rejected due to 1 record errors in total, and only showing the first"
                        + " three errors at most: [RecordError(batchIndex=2, message='Compacted topic cannot accept"
                        + " message without key in topic partition t-0')]",
                e.getMessage());
    }

    @Test
    void clientsMayNotWriteControlBatches() {
        ByteBuffer batch = ControlRecords.endTransactionMarker(0L, NOW, 7L, (short) 0, true, 0);
        assertThrows(InvalidRecordException.class, () -> validate(batch));
    }

    @Test
    void aBaseOffsetOtherThanZeroIsInvalid() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 1, NOW);
        batch.putLong(RecordBatchView.BASE_OFFSET_OFFSET, 5L);
        InvalidRecordException e = assertThrows(InvalidRecordException.class, () -> validate(batch));
        assertEquals(
                "The baseOffset of the record batch in the append to t-0 should be 0, but it is 5", e.getMessage());
    }

    @Test
    void aMaxTimestampThatDisagreesWithTheRecordsIsCorrected() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 2, NOW);
        batch.putLong(RecordBatchView.MAX_TIMESTAMP_OFFSET, NOW + 999_999L);
        KafkaBatches.fixCrc(batch);
        ValidatedBatches v = validate(batch);
        assertEquals(NOW, v.view(0).maxTimestamp());
        assertEquals(NOW, v.batch(0).maxTimestamp(), "the metadata the log indexes with");
        assertEquals(NOW, v.maxTimestamp());
        v.view(0).validate();
    }

    @Test
    void magicOneIsCorrupt() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 1, NOW);
        batch.put(RecordBatchView.MAGIC_OFFSET, (byte) 1);
        assertInstanceOf(CorruptRecordException.class, assertThrows(RuntimeException.class, () -> validate(batch)));
    }

    @Test
    void aBatchAboveTheLimitIsTooLarge() {
        ByteBuffer batch = KafkaBatches.keyed(CompressionType.NONE, 50, NOW);
        ValidationRules small =
                new ValidationRules(100, TimestampType.CREATE_TIME, Long.MAX_VALUE, Long.MAX_VALUE, false, null);
        assertThrows(RecordTooLargeException.class, () -> RecordValidator.validate(batch, small, true, "t-0", NOW));
    }
}
