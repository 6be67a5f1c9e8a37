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

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A source of protocol primitives. Every method throws {@link ProtocolException} when the input is
 * truncated or malformed; no method allocates more than the bytes that remain.
 */
public interface Readable {
    byte readByte();

    short readShort();

    int readInt();

    long readLong();

    double readDouble();

    int readUnsignedVarint();

    int readVarint();

    long readVarlong();

    /** Bytes left to read. */
    int remaining();

    /** Reads exactly {@code length} bytes into a new array (checked against {@link #remaining()}). */
    byte[] readByteArray(int length);

    /** A view of the next {@code length} bytes as records (zero-copy where the source allows). */
    Records readRecords(int length);

    default int readUnsignedShort() {
        return readShort() & 0xffff;
    }

    default UUID readUuid() {
        return new UUID(readLong(), readLong());
    }

    /** Reads {@code length} bytes as UTF-8. */
    default String readString(int length) {
        return new String(readByteArray(length), StandardCharsets.UTF_8);
    }

    /** Reads the length prefix of a string/bytes/records value: -1 for null; checked against the remaining bytes. */
    private int readLength(boolean compact, boolean shortLength, String what) {
        int length = compact ? readUnsignedVarint() - 1 : shortLength ? readShort() : readInt();
        if (length < -1) {
            throw new ProtocolException("invalid " + what + " length " + length);
        }
        if (length > remaining()) {
            throw new ProtocolException(
                    what + " length " + length + " exceeds the " + remaining() + " remaining bytes");
        }
        return length;
    }

    /** A string (int16 length, or compact varint length + 1); null for the null marker. */
    default String readNullableString(boolean compact) {
        int length = readLength(compact, true, "string");
        if (length > Short.MAX_VALUE) {
            throw new ProtocolException("string length " + length + " is above the maximum of " + Short.MAX_VALUE);
        }
        return length < 0 ? null : readString(length);
    }

    /** A string that must not be null (e.g. an element of a string array). */
    default String readString(boolean compact) {
        String s = readNullableString(compact);
        if (s == null) {
            throw new ProtocolException("non-nullable string was serialized as null");
        }
        return s;
    }

    default byte[] readNullableBytes(boolean compact) {
        int length = readLength(compact, false, "bytes");
        return length < 0 ? null : readByteArray(length);
    }

    default Records readNullableRecords(boolean compact) {
        int length = readLength(compact, false, "records");
        return length < 0 ? null : readRecords(length);
    }

    /**
     * An array's element count, -1 for null. A count above the remaining bytes is rejected before anything
     * is allocated (every element takes at least one byte).
     */
    default int readArrayLength(boolean compact) {
        int count = compact ? readUnsignedVarint() - 1 : readInt();
        if (count < -1) {
            throw new ProtocolException("invalid array length " + count);
        }
        if (count > remaining()) {
            throw new ProtocolException(
                    "array of " + count + " elements cannot fit in the " + remaining() + " remaining bytes");
        }
        return count;
    }
}
