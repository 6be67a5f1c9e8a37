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
package io.skiff.protocol;

import java.nio.ByteBuffer;

/**
 * Variable-length integers (unsigned varint, zig-zag varint/varlong as in protobuf and Kafka) and the
 * encoded sizes of protocol values. Stateless and thread-safe.
 */
public final class ByteUtils {
    private ByteUtils() {}

    /** Reads an unsigned varint of at most 5 bytes; the value may use all 32 bits (returned as an int). */
    public static int readUnsignedVarint(ByteBuffer buf) {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (!buf.hasRemaining()) {
                throw new ProtocolException("truncated varint");
            }
            byte b = buf.get();
            value |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new ProtocolException("varint is longer than 5 bytes");
    }

    /** Reads a zig-zag encoded 32-bit varint. */
    public static int readVarint(ByteBuffer buf) {
        int raw = readUnsignedVarint(buf);
        return (raw >>> 1) ^ -(raw & 1);
    }

    /** Reads a zig-zag encoded 64-bit varlong of at most 10 bytes. */
    public static long readVarlong(ByteBuffer buf) {
        long value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (!buf.hasRemaining()) {
                throw new ProtocolException("truncated varlong");
            }
            byte b = buf.get();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return (value >>> 1) ^ -(value & 1);
            }
        }
        throw new ProtocolException("varlong is longer than 10 bytes");
    }

    public static void writeUnsignedVarint(int value, ByteBuffer buf) {
        while ((value & 0xffffff80) != 0) {
            buf.put((byte) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        buf.put((byte) value);
    }

    public static void writeVarint(int value, ByteBuffer buf) {
        writeUnsignedVarint((value << 1) ^ (value >> 31), buf);
    }

    public static void writeVarlong(long value, ByteBuffer buf) {
        long v = (value << 1) ^ (value >> 63);
        while ((v & 0xffffffffffffff80L) != 0L) {
            buf.put((byte) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        buf.put((byte) v);
    }

    public static int sizeOfUnsignedVarint(int value) {
        // 1 byte per started group of 7 bits; 0 needs 1 byte.
        int bits = 32 - Integer.numberOfLeadingZeros(value);
        return bits == 0 ? 1 : (bits + 6) / 7;
    }

    public static int sizeOfVarint(int value) {
        return sizeOfUnsignedVarint((value << 1) ^ (value >> 31));
    }

    public static int sizeOfVarlong(long value) {
        long v = (value << 1) ^ (value >> 63);
        int bits = 64 - Long.numberOfLeadingZeros(v);
        return bits == 0 ? 1 : (bits + 6) / 7;
    }

    /** Number of bytes of the UTF-8 encoding of {@code s}, without encoding it. */
    public static int utf8Length(String s) {
        int len = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                len += 1;
            } else if (c < 0x800) {
                len += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                len += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                len += 1; // an unpaired surrogate is encoded as '?' by String.getBytes(UTF_8)
            } else {
                len += 3;
            }
        }
        return len;
    }

    /** Length prefix + bytes of a string; null is the length -1 (plain) or 0 (compact). */
    public static int sizeOfNullableString(String s, boolean compact) {
        if (s == null) {
            return compact ? 1 : 2;
        }
        int len = utf8Length(s);
        return (compact ? sizeOfUnsignedVarint(len + 1) : 2) + len;
    }

    public static int sizeOfNullableBytes(byte[] b, boolean compact) {
        if (b == null) {
            return compact ? 1 : 4;
        }
        return (compact ? sizeOfUnsignedVarint(b.length + 1) : 4) + b.length;
    }

    public static int sizeOfNullableRecords(Records r, boolean compact) {
        if (r == null) {
            return compact ? 1 : 4;
        }
        int len = r.sizeInBytes();
        return (compact ? sizeOfUnsignedVarint(len + 1) : 4) + len;
    }

    /** Size of an array's length prefix; {@code count} -1 means a null array. */
    public static int sizeOfArrayLength(int count, boolean compact) {
        return compact ? sizeOfUnsignedVarint(count + 1) : 4;
    }
}
