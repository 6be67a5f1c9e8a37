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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Varint/varlong encodings: round trips, sizes, byte equality with Kafka's own ByteUtils, malformed input. */
class VarintPropertiesTest {

    private static byte[] ours(Consumer<ByteBuffer> write) {
        ByteBuffer buf = ByteBuffer.allocate(10);
        write.accept(buf);
        return Arrays.copyOf(buf.array(), buf.position());
    }

    private static byte[] kafka(Consumer<ByteBuffer> write) {
        return ours(write);
    }

    /** Our bytes for {@code v} are Kafka's, {@code size} is their length, and they read back as {@code v}. */
    private static void assertKafkasBytesAndRoundTrip(
            long v,
            Consumer<ByteBuffer> write,
            Consumer<ByteBuffer> kafkaWrite,
            int size,
            ToLongFunction<ByteBuffer> read) {
        byte[] bytes = ours(write);
        assertArrayEquals(kafka(kafkaWrite), bytes);
        assertEquals(bytes.length, size);
        assertEquals(v, read.applyAsLong(ByteBuffer.wrap(bytes)));
    }

    @Property
    void unsignedVarintRoundTripsAndMatchesKafka(@ForAll int v) {
        assertKafkasBytesAndRoundTrip(
                v,
                b -> ByteUtils.writeUnsignedVarint(v, b),
                b -> org.apache.kafka.common.utils.internals.ByteUtils.writeUnsignedVarint(v, b),
                ByteUtils.sizeOfUnsignedVarint(v),
                ByteUtils::readUnsignedVarint);
    }

    @Property
    void varintRoundTripsAndMatchesKafka(@ForAll int v) {
        assertKafkasBytesAndRoundTrip(
                v,
                b -> ByteUtils.writeVarint(v, b),
                b -> org.apache.kafka.common.utils.internals.ByteUtils.writeVarint(v, b),
                ByteUtils.sizeOfVarint(v),
                ByteUtils::readVarint);
    }

    @Property
    void varlongRoundTripsAndMatchesKafka(@ForAll long v) {
        assertKafkasBytesAndRoundTrip(
                v,
                b -> ByteUtils.writeVarlong(v, b),
                b -> org.apache.kafka.common.utils.internals.ByteUtils.writeVarlong(v, b),
                ByteUtils.sizeOfVarlong(v),
                ByteUtils::readVarlong);
    }

    @Property
    void truncatedVarlongIsAProtocolException(@ForAll long v, @ForAll @IntRange(min = 0, max = 9) int cut) {
        byte[] bytes = ours(b -> ByteUtils.writeVarlong(v, b));
        if (cut < bytes.length) {
            ByteBuffer truncated = ByteBuffer.wrap(bytes, 0, cut);
            assertThrows(ProtocolException.class, () -> ByteUtils.readVarlong(truncated));
        }
    }

    @Property
    void truncatedVarintIsAProtocolException(@ForAll int v, @ForAll @IntRange(min = 0, max = 4) int cut) {
        byte[] bytes = ours(b -> ByteUtils.writeUnsignedVarint(v, b));
        if (cut < bytes.length) {
            ByteBuffer truncated = ByteBuffer.wrap(bytes, 0, cut);
            assertThrows(ProtocolException.class, () -> ByteUtils.readUnsignedVarint(truncated));
            assertThrows(ProtocolException.class, () -> ByteUtils.readVarint(ByteBuffer.wrap(bytes, 0, cut)));
        }
    }

    @Example
    void edgeCases() {
        HexFormat hex = HexFormat.of();
        assertEquals("00", hex.formatHex(ours(b -> ByteUtils.writeUnsignedVarint(0, b))));
        assertEquals("7f", hex.formatHex(ours(b -> ByteUtils.writeUnsignedVarint(127, b))));
        assertEquals("8001", hex.formatHex(ours(b -> ByteUtils.writeUnsignedVarint(128, b))));
        assertEquals("ffffffff0f", hex.formatHex(ours(b -> ByteUtils.writeUnsignedVarint(-1, b))));
        assertEquals("01", hex.formatHex(ours(b -> ByteUtils.writeVarint(-1, b))));
        assertEquals("feffffff0f", hex.formatHex(ours(b -> ByteUtils.writeVarint(Integer.MAX_VALUE, b))));
        assertEquals("ffffffff0f", hex.formatHex(ours(b -> ByteUtils.writeVarint(Integer.MIN_VALUE, b))));
        assertEquals("ffffffffffffffffff01", hex.formatHex(ours(b -> ByteUtils.writeVarlong(Long.MIN_VALUE, b))));
        assertEquals(10, ByteUtils.sizeOfVarlong(Long.MAX_VALUE));
        assertEquals(1, ByteUtils.sizeOfVarlong(0));
        // Overlong encodings (continuation bit on the last allowed byte) are rejected.
        assertThrows(
                ProtocolException.class,
                () -> ByteUtils.readUnsignedVarint(ByteBuffer.wrap(hex.parseHex("ffffffff8f01"))));
        assertThrows(
                ProtocolException.class,
                () -> ByteUtils.readVarlong(ByteBuffer.wrap(hex.parseHex("ffffffffffffffffff8101"))));
    }

    @Property
    void utf8LengthMatchesTheEncoder(@ForAll String s) {
        assertEquals(s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length, ByteUtils.utf8Length(s));
    }
}
