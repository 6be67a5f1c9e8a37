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

/** A sink for protocol primitives. Callers size messages first; a sink may reject values it cannot hold. */
public interface Writable {
    void writeByte(byte v);

    void writeShort(short v);

    void writeInt(int v);

    void writeLong(long v);

    void writeDouble(double v);

    void writeUnsignedVarint(int v);

    void writeVarint(int v);

    void writeVarlong(long v);

    void writeByteArray(byte[] bytes);

    /** Writes the records' bytes (no length prefix). */
    void writeRecords(Records records);

    default void writeUnsignedShort(int v) {
        writeShort((short) v);
    }

    default void writeUuid(UUID v) {
        writeLong(v.getMostSignificantBits());
        writeLong(v.getLeastSignificantBits());
    }

    private void writeLength(int length, boolean compact, boolean shortLength) {
        if (compact) {
            writeUnsignedVarint(length + 1);
        } else if (shortLength) {
            writeShort((short) length);
        } else {
            writeInt(length);
        }
    }

    /** A string with its length prefix (int16, or compact varint length + 1); null as the null marker. */
    default void writeNullableString(String s, boolean compact) {
        if (s == null) {
            writeLength(-1, compact, true);
            return;
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > Short.MAX_VALUE) {
            throw new ProtocolException("string of " + bytes.length + " bytes is too long to be serialized");
        }
        writeLength(bytes.length, compact, true);
        writeByteArray(bytes);
    }

    /** A string that must not be null (e.g. an element of a string array). */
    default void writeString(String s, boolean compact) {
        if (s == null) {
            throw new ProtocolException("null string where null is not allowed");
        }
        writeNullableString(s, compact);
    }

    default void writeNullableBytes(byte[] b, boolean compact) {
        if (b == null) {
            writeLength(-1, compact, false);
            return;
        }
        writeLength(b.length, compact, false);
        writeByteArray(b);
    }

    default void writeNullableRecords(Records r, boolean compact) {
        if (r == null) {
            writeLength(-1, compact, false);
            return;
        }
        writeLength(r.sizeInBytes(), compact, false);
        writeRecords(r);
    }

    /** An array's length prefix; -1 for a null array. */
    default void writeArrayLength(int count, boolean compact) {
        writeLength(count, compact, false);
    }
}
