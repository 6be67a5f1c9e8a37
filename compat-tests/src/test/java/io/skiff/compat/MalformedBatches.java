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
package io.skiff.compat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;

/**
 * Produce payloads that a fuzzing client might send: a valid RecordBatch v2 built by kafka-clients, damaged in one
 * precise way inside its records, with the CRC-32C recomputed so that only the content is wrong. Positions are those
 * of the v2 header (records from byte 61; attributes 21; lastOffsetDelta 23; maxTimestamp 35; recordCount 57).
 *
 * <p>Stateless; thread-safe.
 */
final class MalformedBatches {
    static final int ATTRIBUTES = 21;
    static final int LAST_OFFSET_DELTA = 23;
    static final int RECORD_COUNT = 57;
    static final int RECORDS = 61;

    private MalformedBatches() {}

    /** {@code n} records "k<i>" → "<prefix><i>" (null keys when {@code keyless}), compressed with {@code compression}. */
    static byte[] records(Compression compression, String prefix, int n, long timestamp, boolean keyless) {
        SimpleRecord[] records = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            records[i] = new SimpleRecord(
                    timestamp, keyless ? null : utf8("k" + i), utf8(prefix + i + " " + "x".repeat(i % 50)));
        }
        return bytes(MemoryRecords.withRecords(compression, records).buffer());
    }

    static byte[] valid(String prefix, int n) {
        return records(Compression.NONE, prefix, n, System.currentTimeMillis(), false);
    }

    /** One small record whose length varint says 63 bytes, more than the batch holds. */
    static byte[] recordLengthBeyondTheBatch() {
        byte[] b = valid("long", 1);
        b[RECORDS] = 0x7e;
        return withFixedCrc(b);
    }

    /** The first record's key length (after length, attributes, timestamp and offset delta) says 32 bytes. */
    static byte[] keyLengthBeyondTheRecord() {
        byte[] b = valid("key", 2);
        b[RECORDS + 4] = 0x40;
        return withFixedCrc(b);
    }

    /** One byte flipped in the middle of the compressed data of a {@code codec} batch. */
    static byte[] flippedCompressedByte(Compression codec) {
        byte[] b = records(codec, "flip", 50, System.currentTimeMillis(), false);
        int middle = RECORDS + (b.length - RECORDS) / 2;
        b[middle] ^= 0x5a;
        return withFixedCrc(b);
    }

    /** lz4 batch whose frame descriptor checksum byte (7th byte of the frame) is wrong. */
    static byte[] lz4DescriptorChecksumWrong() {
        byte[] b = records(Compression.lz4().build(), "lz4", 3, System.currentTimeMillis(), false);
        b[RECORDS + 6] ^= 0x01;
        return withFixedCrc(b);
    }

    /** An uncompressed batch whose attributes name codec {@code id} (4 = zstd; 5-7 are no codec at all). */
    static byte[] uncompressedButAttributesSay(int id) {
        byte[] b = valid("codec", 3);
        ByteBuffer buf = ByteBuffer.wrap(b);
        buf.putShort(ATTRIBUTES, (short) (buf.getShort(ATTRIBUTES) | id));
        return withFixedCrc(b);
    }

    /** Three records whose second offset delta is 5 instead of 1 (same varint width). */
    static byte[] offsetDeltasOutOfOrder() {
        byte[] b = valid("delta", 3);
        int second = RECORDS + 1 + (b[RECORDS] >> 1);
        b[second + 3] = 0x0a;
        return withFixedCrc(b);
    }

    /** Three records, header says {@code count} records and last offset delta {@code lastOffsetDelta}. */
    static byte[] countAndDelta(int count, int lastOffsetDelta) {
        byte[] b = valid("count", 3);
        ByteBuffer.wrap(b).putInt(RECORD_COUNT, count).putInt(LAST_OFFSET_DELTA, lastOffsetDelta);
        return withFixedCrc(b);
    }

    static byte[] timestampAhead(long millis) {
        return records(Compression.NONE, "future", 2, System.currentTimeMillis() + millis, false);
    }

    /** A keyed record then a keyless one. */
    static byte[] secondRecordKeyless() {
        MemoryRecordsBuilder builder =
                MemoryRecords.builder(ByteBuffer.allocate(1024), Compression.NONE, TimestampType.CREATE_TIME, 0L);
        builder.append(new SimpleRecord(System.currentTimeMillis(), utf8("k"), utf8("keyed")));
        builder.append(new SimpleRecord(System.currentTimeMillis(), null, utf8("keyless")));
        return bytes(builder.build().buffer());
    }

    /** A legacy magic 1 message set, as clients before Kafka 0.11 wrote it. */
    static byte[] magicOne() {
        MemoryRecordsBuilder builder = MemoryRecords.builder(
                ByteBuffer.allocate(1024), RecordBatch.MAGIC_VALUE_V1, Compression.NONE, TimestampType.CREATE_TIME, 0L);
        builder.append(new SimpleRecord(System.currentTimeMillis(), utf8("k"), utf8("v1")));
        return bytes(builder.build().buffer());
    }

    /**
     * A transaction marker, which only the transaction coordinator may write, with its transactional bit cleared (a
     * transactional batch without a transactional id fails the whole request before validation).
     */
    static byte[] controlBatch() {
        byte[] b = bytes(MemoryRecords.withEndTransactionMarker(
                        0L,
                        System.currentTimeMillis(),
                        0,
                        4711L,
                        (short) 0,
                        new EndTransactionMarker(ControlRecordType.COMMIT, 0))
                .buffer());
        ByteBuffer buf = ByteBuffer.wrap(b);
        buf.putShort(ATTRIBUTES, (short) (buf.getShort(ATTRIBUTES) & ~0x10));
        return withFixedCrc(b);
    }

    /** A valid batch whose base offset is 5 (outside the CRC). */
    static byte[] baseOffsetFive() {
        byte[] b = valid("base", 1);
        ByteBuffer.wrap(b).putLong(0, 5L);
        return b;
    }

    static byte[] withFixedCrc(byte[] b) {
        CRC32C crc = new CRC32C();
        crc.update(b, ATTRIBUTES, b.length - ATTRIBUTES);
        ByteBuffer.wrap(b).putInt(17, (int) crc.getValue());
        return b;
    }

    static Compression compression(CompressionType type) {
        return Compression.of(type).build();
    }

    private static byte[] bytes(ByteBuffer buf) {
        byte[] out = new byte[buf.remaining()];
        buf.duplicate().get(out);
        return out;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
