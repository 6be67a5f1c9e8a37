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

import java.util.Arrays;
import java.util.List;

/**
 * A tagged field this version of Skiff does not know: its tag and raw bytes, kept on read so it can be
 * written back unchanged. Immutable (the array is not copied; do not change it).
 */
public final class RawTaggedField {
    private final int tag;
    private final byte[] data;

    public RawTaggedField(int tag, byte[] data) {
        this.tag = tag;
        this.data = data;
    }

    public int tag() {
        return tag;
    }

    public byte[] data() {
        return data;
    }

    /** Encoded size: tag + length + data. */
    public int size() {
        return ByteUtils.sizeOfUnsignedVarint(tag) + ByteUtils.sizeOfUnsignedVarint(data.length) + data.length;
    }

    public static int totalSize(List<RawTaggedField> fields) {
        int size = 0;
        for (RawTaggedField f : fields) {
            size += f.size();
        }
        return size;
    }

    /**
     * Writes {@code fields[from..]} whose tag is below {@code limit} ({@code -1}: all remaining), so that
     * unknown fields interleave with known ones in ascending tag order. Returns the index of the first
     * field not written. Throws ProtocolException if the list is not strictly ascending or collides with
     * the known tag {@code limit}.
     */
    public static int writeBefore(Writable out, List<RawTaggedField> fields, int from, int limit) {
        int i = from;
        for (; i < fields.size(); i++) {
            RawTaggedField f = fields.get(i);
            if (limit >= 0 && Integer.compareUnsigned(f.tag, limit) >= 0) {
                if (f.tag == limit) {
                    throw new ProtocolException("unknown tagged field uses the known tag " + limit);
                }
                break;
            }
            if (i > 0 && Integer.compareUnsigned(fields.get(i - 1).tag, f.tag) >= 0) {
                throw new ProtocolException("unknown tagged fields are not in ascending tag order: "
                        + fields.get(i - 1).tag + " before " + f.tag);
            }
            out.writeUnsignedVarint(f.tag);
            out.writeUnsignedVarint(f.data.length);
            out.writeByteArray(f.data);
        }
        return i;
    }

    /** Compares two lists of unknown tagged fields; null equals empty. */
    public static boolean equalLists(List<RawTaggedField> a, List<RawTaggedField> b) {
        if (a == null || a.isEmpty()) {
            return b == null || b.isEmpty();
        }
        return a.equals(b);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RawTaggedField other && tag == other.tag && Arrays.equals(data, other.data);
    }

    @Override
    public int hashCode() {
        return 31 * tag + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "RawTaggedField(tag=" + tag + ", " + data.length + " bytes)";
    }
}
