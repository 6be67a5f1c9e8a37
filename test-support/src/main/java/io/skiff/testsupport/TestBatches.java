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
package io.skiff.testsupport;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Valid uncompressed RecordBatch v2 batches written byte by byte (no module of ours needed), and helpers over buffers
 * of batches.
 */
public final class TestBatches {
    private TestBatches() {}

    /** A batch of {@code values.length} records with timestamps {@code timestamp}, {@code timestamp+1}, ... */
    public static ByteBuffer batch(long timestamp, String... values) {
        List<byte[]> v = new ArrayList<>();
        for (String s : values) {
            v.add(s.getBytes(StandardCharsets.UTF_8));
        }
        return batch(timestamp, -1L, (short) -1, -1, false, v);
    }

    /** A batch of {@code records} records whose values are {@code valueSize} bytes each. */
    public static ByteBuffer sized(long timestamp, int records, int valueSize) {
        List<byte[]> v = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            byte[] b = new byte[valueSize];
            for (int j = 0; j < valueSize; j++) {
                b[j] = (byte) (i * 31 + j);
            }
            v.add(b);
        }
        return batch(timestamp, -1L, (short) -1, -1, false, v);
    }

    public static ByteBuffer batch(
            long timestamp,
            long producerId,
            short epoch,
            int baseSequence,
            boolean transactional,
            List<byte[]> values) {
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        for (int i = 0; i < values.size(); i++) {
            ByteArrayOutputStream r = new ByteArrayOutputStream();
            r.write(0); // attributes
            varlong(r, i); // timestamp delta
            varlong(r, i); // offset delta
            varlong(r, -1); // null key
            byte[] value = values.get(i);
            varlong(r, value.length);
            r.writeBytes(value);
            varlong(r, 0); // headers
            varlong(records, r.size());
            records.writeBytes(r.toByteArray());
        }
        return frame(
                timestamp,
                producerId,
                epoch,
                baseSequence,
                (short) (transactional ? 0x10 : 0),
                values.size(),
                records.toByteArray());
    }

    private static ByteBuffer frame(
            long timestamp, long producerId, short epoch, int baseSequence, short attributes, int count, byte[] body) {
        ByteBuffer buf = ByteBuffer.allocate(61 + body.length);
        buf.putLong(0L); // base offset
        buf.putInt(49 + body.length); // batch length
        buf.putInt(0); // partition leader epoch
        buf.put((byte) 2); // magic
        buf.putInt(0); // crc placeholder
        buf.putShort(attributes);
        buf.putInt(count - 1);
        buf.putLong(timestamp);
        buf.putLong(timestamp + count - 1);
        buf.putLong(producerId);
        buf.putShort(epoch);
        buf.putInt(baseSequence);
        buf.putInt(count);
        buf.put(body);
        CRC32C crc = new CRC32C();
        crc.update(buf.array(), 21, buf.capacity() - 21);
        buf.putInt(17, (int) crc.getValue());
        return buf.flip();
    }

    /**
     * A transaction marker: a control batch (transactional + control flags) of one control record whose key is
     * (version 0, type 1 COMMIT / 0 ABORT) and value (version 0, coordinator epoch).
     */
    public static ByteBuffer marker(
            long timestamp, long producerId, short epoch, boolean commit, int coordinatorEpoch) {
        ByteArrayOutputStream r = new ByteArrayOutputStream();
        r.write(0); // attributes
        varlong(r, 0); // timestamp delta
        varlong(r, 0); // offset delta
        varlong(r, 4);
        r.writeBytes(new byte[] {0, 0, 0, (byte) (commit ? 1 : 0)});
        varlong(r, 6);
        r.writeBytes(new byte[] {
            0,
            0,
            (byte) (coordinatorEpoch >>> 24),
            (byte) (coordinatorEpoch >>> 16),
            (byte) (coordinatorEpoch >>> 8),
            (byte) coordinatorEpoch
        });
        varlong(r, 0); // headers
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        varlong(records, r.size());
        records.writeBytes(r.toByteArray());
        return frame(timestamp, producerId, epoch, -1, (short) 0x30, 1, records.toByteArray());
    }

    /** Concatenates batches into one buffer. */
    public static ByteBuffer concat(ByteBuffer... batches) {
        int size = 0;
        for (ByteBuffer b : batches) {
            size += b.remaining();
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        for (ByteBuffer b : batches) {
            out.put(b.duplicate());
        }
        return out.flip();
    }

    /** Splits a buffer of batches into one buffer per batch. */
    public static List<ByteBuffer> split(ByteBuffer batches) {
        List<ByteBuffer> out = new ArrayList<>();
        int pos = batches.position();
        while (pos < batches.limit()) {
            int size = 12 + batches.getInt(pos + 8);
            out.add(batches.duplicate().position(pos).limit(pos + size).slice());
            pos += size;
        }
        return out;
    }

    public static long baseOffset(ByteBuffer batch) {
        return batch.getLong(batch.position());
    }

    public static int recordCount(ByteBuffer batch) {
        return batch.getInt(batch.position() + 57);
    }

    /** Values of the records of an uncompressed batch. */
    public static List<String> values(ByteBuffer batch) {
        List<String> out = new ArrayList<>();
        ByteBuffer b = batch.duplicate();
        b.position(batch.position() + 61);
        int count = recordCount(batch);
        for (int i = 0; i < count; i++) {
            readVarlong(b); // length
            b.get(); // attributes
            readVarlong(b);
            readVarlong(b);
            long keyLen = readVarlong(b);
            if (keyLen > 0) {
                b.position(b.position() + (int) keyLen);
            }
            int valueLen = (int) readVarlong(b);
            byte[] v = new byte[valueLen];
            b.get(v);
            out.add(new String(v, StandardCharsets.UTF_8));
            long headers = readVarlong(b);
            if (headers != 0) {
                throw new IllegalStateException("headers not supported in test reader");
            }
        }
        return out;
    }

    private static void varlong(ByteArrayOutputStream out, long value) {
        long v = (value << 1) ^ (value >> 63);
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static long readVarlong(ByteBuffer b) {
        long raw = 0;
        int shift = 0;
        while (true) {
            byte x = b.get();
            raw |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                break;
            }
            shift += 7;
        }
        return (raw >>> 1) ^ -(raw & 1);
    }
}
