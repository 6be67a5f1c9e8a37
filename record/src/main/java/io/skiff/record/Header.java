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
