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
import java.util.List;

/**
 * One record of a batch as {@link RecordReader} decodes it. Key, value and header values are
 * read-only slices of the batch buffer: no bytes are copied.
 *
 * <p>Thread-safety: immutable as long as nobody writes to the backing buffer.
 *
 * @param offset     absolute offset: the batch's base offset plus the record's offset delta
 * @param timestamp  base timestamp plus the record's delta, or the batch's max timestamp when the
 *                   batch uses LogAppendTime (as Kafka's consumer sees it)
 * @param attributes the record's attribute byte (unused by Kafka today, always 0)
 * @param key        key bytes, null for a null key
 * @param value      value bytes, null for a tombstone
 * @param headers    headers in wire order, never null
 */
public record Record(
        long offset, long timestamp, byte attributes, ByteBuffer key, ByteBuffer value, List<Header> headers) {

    /** A copy of the key's remaining bytes, or null. */
    public byte[] keyBytes() {
        return bytesOf(key);
    }

    /** A copy of the value's remaining bytes, or null. */
    public byte[] valueBytes() {
        return bytesOf(value);
    }

    static byte[] bytesOf(ByteBuffer buffer) {
        if (buffer == null) {
            return null;
        }
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
