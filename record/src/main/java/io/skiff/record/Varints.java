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

import java.nio.ByteBuffer;

/**
 * Zig-zag varint / varlong encoding used inside records (protobuf style, as Kafka's records use).
 * Reads are absolute (by index) so that views never move a buffer's position.
 *
 * <p>Thread-safety: stateless.
 */
final class Varints {
    private Varints() {}

    /** Result of an absolute read: the value and the index just after it. */
    record Read(long value, int next) {}

    /** Reads a zig-zag varint (at most 5 bytes) at {@code index}, not beyond {@code end}. */
    static Read readVarint(ByteBuffer buf, int index, int end) {
        Cursor cursor = new Cursor();
        int value = cursor.varint(buf, index, end);
        return new Read(value, cursor.next);
    }

    /** Reads a zig-zag varlong (at most 10 bytes) at {@code index}, not beyond {@code end}. */
    static Read readVarlong(ByteBuffer buf, int index, int end) {
        Cursor cursor = new Cursor();
        long value = cursor.varlong(buf, index, end);
        return new Read(value, cursor.next);
    }

    /**
     * Absolute reads without an object per value, for the walks over every record of a produced batch: the value is
     * returned and the index just after it kept in {@link #next}. The broker JVM runs C1 only, which does not
     * eliminate short-lived objects, and {@link Read} cost two allocations per varint there (six varints a record).
     *
     * <p>Not thread-safe: one instance per walk.
     */
    static final class Cursor {
        /** The index just after the last value read. */
        int next;

        /** Reads a zig-zag varint (at most 5 bytes) at {@code index}, not beyond {@code end}. */
        int varint(ByteBuffer buf, int index, int end) {
            if (index < end) {
                byte b = buf.get(index);
                if (b >= 0) { // one byte: lengths and deltas below 64, the common case
                    next = index + 1;
                    return (b >>> 1) ^ -(b & 1);
                }
            }
            long unsigned = unsigned(buf, index, end, 5);
            if (unsigned > 0xFFFFFFFFL) {
                throw new CorruptRecordException("varint at index " + index + " exceeds 32 bits");
            }
            int v = (int) unsigned;
            return (v >>> 1) ^ -(v & 1);
        }

        /** Reads a zig-zag varlong (at most 10 bytes) at {@code index}, not beyond {@code end}. */
        long varlong(ByteBuffer buf, int index, int end) {
            long v = unsigned(buf, index, end, 10);
            return (v >>> 1) ^ -(v & 1);
        }

        private long unsigned(ByteBuffer buf, int index, int end, int maxBytes) {
            long value = 0;
            int shift = 0;
            for (int i = 0; i < maxBytes; i++) {
                if (index >= end) {
                    throw new CorruptRecordException("varint runs past the end of the record data");
                }
                byte b = buf.get(index++);
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    next = index;
                    return value;
                }
                shift += 7;
            }
            throw new CorruptRecordException("varint longer than " + maxBytes + " bytes");
        }
    }

    static void writeVarint(ByteBuffer buf, int value) {
        writeUnsigned(buf, ((long) ((value << 1) ^ (value >> 31))) & 0xFFFFFFFFL);
    }

    static void writeVarlong(ByteBuffer buf, long value) {
        writeUnsigned(buf, (value << 1) ^ (value >> 63));
    }

    private static void writeUnsigned(ByteBuffer buf, long v) {
        while ((v & ~0x7FL) != 0) {
            buf.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        buf.put((byte) v);
    }

    static int sizeOfVarint(int value) {
        return sizeOfUnsigned(((long) ((value << 1) ^ (value >> 31))) & 0xFFFFFFFFL);
    }

    static int sizeOfVarlong(long value) {
        return sizeOfUnsigned((value << 1) ^ (value >> 63));
    }

    private static int sizeOfUnsigned(long v) {
        int bytes = 1;
        while ((v & ~0x7FL) != 0) {
            bytes++;
            v >>>= 7;
        }
        return bytes;
    }
}
