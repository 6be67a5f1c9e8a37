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
package io.skiff.benchmarks.storage;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.zip.CRC32C;

/**
 * Builds valid RecordBatch v2 batches of an exact size for the storage benchmarks: one record whose value fills
 * the batch (incompressible random bytes). Stateless; thread-safe.
 */
final class BenchBatches {
    private static final int HEADER = 61;

    private BenchBatches() {}

    /** A batch of exactly {@code size} bytes (size >= 80) with max timestamp {@code timestamp}. */
    static ByteBuffer ofSize(int size, long timestamp) {
        // Record: length varint, attributes, ts delta, offset delta, key length (-1), value length, value, headers.
        int valueLen = size - HEADER - 16;
        byte[] value = new byte[valueLen];
        new Random(size).nextBytes(value);
        ByteBuffer rec = ByteBuffer.allocate(valueLen + 32);
        rec.put((byte) 0).put((byte) 0).put((byte) 0).put((byte) 1); // attributes, ts delta 0, offset delta 0, key -1
        putVarint(rec, valueLen);
        rec.put(value).put((byte) 0); // no headers
        rec.flip();
        ByteBuffer lengthPrefix = ByteBuffer.allocate(5);
        putVarint(lengthPrefix, rec.remaining());
        lengthPrefix.flip();
        int body = lengthPrefix.remaining() + rec.remaining();
        ByteBuffer buf = ByteBuffer.allocateDirect(HEADER + body);
        buf.putLong(0)
                .putInt(HEADER - 12 + body)
                .putInt(0)
                .put((byte) 2)
                .putInt(0)
                .putShort((short) 0)
                .putInt(0)
                .putLong(timestamp)
                .putLong(timestamp)
                .putLong(-1)
                .putShort((short) -1)
                .putInt(-1)
                .putInt(1)
                .put(lengthPrefix)
                .put(rec);
        buf.flip();
        CRC32C crc = new CRC32C();
        crc.update(buf.duplicate().position(21));
        buf.putInt(17, (int) crc.getValue());
        return buf;
    }

    /**
     * {@code batch} ready to be appended again: an append stamps the log's offset into the batch, and a client batch
     * arrives with base offset 0. A duplicate, so the append does not move {@code batch}'s position.
     */
    static ByteBuffer resent(ByteBuffer batch) {
        batch.putLong(0, 0L);
        return batch.duplicate();
    }

    private static void putVarint(ByteBuffer b, int value) {
        int v = (value << 1) ^ (value >> 31);
        while ((v & ~0x7F) != 0) {
            b.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        b.put((byte) v);
    }
}
