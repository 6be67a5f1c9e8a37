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
package io.skiff.protocol.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.generator.MessageSpec;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.ProtocolException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.kafka.common.protocol.ApiMessage;

/**
 * Random populated messages of every API/version round-trip byte for byte through our codec, and malformed
 * input (truncated, corrupted, random) always ends in a ProtocolException — never another exception type,
 * a hang or an oversized allocation.
 */
class MessagePropertiesTest {

    @Provide
    Arbitrary<ConformanceTest.Case> cases() {
        return Arbitraries.of(ConformanceTest.cases().toList());
    }

    private static byte[] populated(ConformanceTest.Case c, long seed, int arrayLength) {
        MessageSpec spec = OurSchemas.forClass(c.className());
        ApiMessage official = OfficialCodec.fromJson(
                c.api().id,
                c.request(),
                new PopulatedJson(seed, arrayLength).struct(spec.topLevel(), c.version()),
                c.version());
        return OfficialCodec.encode(official, c.version());
    }

    private static io.skiff.protocol.ApiMessage newOurs(ConformanceTest.Case c) {
        return c.request() ? c.api().newRequest() : c.api().newResponse();
    }

    @Property(tries = 300)
    void randomPopulatedMessagesRoundTrip(
            @ForAll("cases") ConformanceTest.Case c,
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 3) int arrayLength) {
        byte[] expected = populated(c, seed, arrayLength);
        io.skiff.protocol.ApiMessage ours = newOurs(c);
        ours.read(new ByteBufferAccessor(ByteBuffer.wrap(expected)), c.version());
        ByteBuffer out = ByteBuffer.allocate(ours.size(c.version()));
        ours.write(new ByteBufferAccessor(out), c.version());
        assertArrayEquals(expected, out.array(), c.toString());
        assertEquals(
                OfficialCodec.decode(c.api().id, c.request(), expected, c.version()),
                OfficialCodec.decode(c.api().id, c.request(), out.array(), c.version()));
    }

    @Property(tries = 500)
    void truncatedMessagesAreProtocolExceptions(
            @ForAll("cases") ConformanceTest.Case c,
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 1000) int cutPerMille) {
        byte[] full = populated(c, seed, 2);
        Assume.that(full.length > 0);
        int cut = (int) ((long) full.length * cutPerMille / 1001);
        ByteBuffer truncated = ByteBuffer.wrap(Arrays.copyOf(full, cut));
        assertThrows(
                ProtocolException.class,
                () -> newOurs(c).read(new ByteBufferAccessor(truncated), c.version()),
                c + " cut at " + cut);
    }

    @Property(tries = 1000)
    void corruptedMessagesDecodeOrFailWithProtocolException(
            @ForAll("cases") ConformanceTest.Case c,
            @ForAll long seed,
            @ForAll @Size(min = 1, max = 4) int[] positions,
            @ForAll byte value) {
        byte[] bytes = populated(c, seed, 2);
        Assume.that(bytes.length > 0);
        for (int p : positions) {
            bytes[Math.floorMod(p, bytes.length)] = value;
        }
        decodeOrProtocolException(c, bytes);
    }

    @Property(tries = 1000)
    void randomBytesDecodeOrFailWithProtocolException(
            @ForAll("cases") ConformanceTest.Case c, @ForAll @Size(max = 300) byte[] bytes) {
        decodeOrProtocolException(c, bytes);
    }

    @Property(tries = 200)
    void hugeLengthFieldsAreRejectedBeforeAllocating(
            @ForAll("cases") ConformanceTest.Case c, @ForAll @IntRange(min = 0, max = 64) int at) {
        byte[] bytes = populated(c, 7, 1);
        Assume.that(bytes.length > 0);
        // 0x7fffffff / a 5-byte varint at an arbitrary place: any length read there claims ~2 GiB.
        byte[] big = {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
        int p = Math.min(at, bytes.length - 1);
        System.arraycopy(big, 0, bytes, p, Math.min(big.length, bytes.length - p));
        decodeOrProtocolException(c, bytes);
    }

    private static void decodeOrProtocolException(ConformanceTest.Case c, byte[] bytes) {
        try {
            io.skiff.protocol.ApiMessage m = newOurs(c);
            m.read(new ByteBufferAccessor(ByteBuffer.wrap(bytes)), c.version());
        } catch (ProtocolException expected) {
            // a clear decode error is the only acceptable failure
        }
    }
}
