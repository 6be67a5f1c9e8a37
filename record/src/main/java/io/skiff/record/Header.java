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
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One record header: a string key and a nullable value. When produced by {@link RecordReader} the
 * value is a read-only slice of the batch buffer (no copy).
 *
 * <p>Thread-safety: immutable as long as nobody writes to the value's backing buffer; use
 * {@link ByteBuffer#duplicate()} before moving the value's position from several threads.
 *
 * @param key   header key, never null
 * @param value header value, null when the header has no value
 */
public record Header(String key, ByteBuffer value) {

    public Header {
        Objects.requireNonNull(key, "header key");
    }

    /** A header whose value is the given bytes (wrapped, not copied); {@code value} may be null. */
    public static Header of(String key, byte[] value) {
        return new Header(key, value == null ? null : ByteBuffer.wrap(value));
    }

    /** A header whose value is the UTF-8 encoding of {@code value}; {@code value} may be null. */
    public static Header of(String key, String value) {
        return of(key, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
    }

    /** A copy of the value's remaining bytes, or null. */
    public byte[] valueBytes() {
        return Record.bytesOf(value);
    }
}
