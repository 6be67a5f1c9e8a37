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
package io.skiff.compat.robustness;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;

/**
 * Valid RecordBatch v2 bytes built by kafka-clients, and copies of them damaged in one precise way each.
 * Field positions are those of the v2 batch header (baseOffset 0, batchLength 8, magic 16, crc 17, attributes 21,
 * lastOffsetDelta 23); the CRC-32C covers everything from the attributes on.
 *
 * <p>Stateless; thread-safe.
 */
final class CorruptBatches {
    static final int BATCH_LENGTH = 8;
    static final int MAGIC = 16;
    static final int CRC = 17;
    static final int ATTRIBUTES = 21;
    static final int LAST_OFFSET_DELTA = 23;

    private CorruptBatches() {}

    /** An uncompressed batch of two records. */
    static byte[] valid() {
        ByteBuffer buf = MemoryRecords.withRecords(
                        Compression.NONE,
                        new SimpleRecord(System.currentTimeMillis(), "k1".getBytes(), "v1".getBytes()),
                        new SimpleRecord(System.currentTimeMillis(), "k2".getBytes(), "v2".getBytes()))
                .buffer();
        byte[] bytes = new byte[buf.remaining()];
        buf.get(bytes);
        return bytes;
    }

    static byte[] flippedCrcByte() {
        byte[] b = valid();
        b[CRC + 2] ^= 0x5a;
        return b;
    }

    static byte[] wrongMagic() {
        byte[] b = valid();
        b[MAGIC] = 3;
        return b;
    }

    /** lastOffsetDelta says 8 records while there are 2; the CRC is recomputed so only the count is wrong. */
    static byte[] lastOffsetDeltaMismatch() {
        byte[] b = valid();
        ByteBuffer.wrap(b).putInt(LAST_OFFSET_DELTA, 7);
        return withFixedCrc(b);
    }

    /** batchLength claims 100 bytes more than the buffer holds. */
    static byte[] lengthBeyondBuffer() {
        byte[] b = valid();
        ByteBuffer buf = ByteBuffer.wrap(b);
        buf.putInt(BATCH_LENGTH, buf.getInt(BATCH_LENGTH) + 100);
        return b;
    }

    /** batchLength too small to hold even the header. */
    static byte[] lengthTooSmall() {
        byte[] b = valid();
        ByteBuffer.wrap(b).putInt(BATCH_LENGTH, 20);
        return b;
    }

    /** A valid batch followed by a damaged one: nothing of the request may be appended. */
    static byte[] validThenCorrupt() {
        byte[] first = valid();
        byte[] second = flippedCrcByte();
        return ByteBuffer.allocate(first.length + second.length)
                .put(first)
                .put(second)
                .array();
    }

    /** The valid batch with byte {@code position} xor-ed with {@code mask}. */
    static byte[] flippedAt(int position, int mask) {
        byte[] b = valid();
        b[position] ^= (byte) mask;
        return b;
    }

    static byte[] withFixedCrc(byte[] b) {
        CRC32C crc = new CRC32C();
        crc.update(b, ATTRIBUTES, b.length - ATTRIBUTES);
        ByteBuffer.wrap(b).putInt(CRC, (int) crc.getValue());
        return b;
    }
}
