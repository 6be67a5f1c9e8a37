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
package io.skiff.protocol.header;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.protocol.ProtocolException;
import io.skiff.protocol.message.ApiKeys;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ClientIdCacheTest {
    private static ByteBuffer string(String s, boolean direct) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buf =
                direct ? ByteBuffer.allocateDirect(2 + utf8.length + 1) : ByteBuffer.allocate(2 + utf8.length + 1);
        buf.putShort((short) utf8.length).put(utf8).put((byte) 7).flip();
        return buf;
    }

    @Test
    void theSameBytesGiveTheSameStringAndLeaveTheBufferAfterThem() {
        ClientIdCache cache = new ClientIdCache();
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer first = string("producer-1", direct);
            String a = cache.read(first);
            assertEquals(7, first.get());
            ByteBuffer second = string("producer-1", direct);
            String b = cache.read(second);
            assertEquals("producer-1", b);
            assertSame(a, b);
            assertEquals(7, second.get());
        }
    }

    @Test
    void otherBytesAreDecodedAnewNullAndEmptyToo() {
        ClientIdCache cache = new ClientIdCache();
        assertEquals("producer-1", cache.read(string("producer-1", false)));
        assertEquals("producer-2", cache.read(string("producer-2", false)));
        assertEquals("é-client", cache.read(string("é-client", true)));
        assertEquals("", cache.read(string("", false)));
        assertNull(cache.read(ByteBuffer.wrap(new byte[] {-1, -1})));
        assertEquals("producer-2", cache.read(string("producer-2", false)));
    }

    @Test
    void aTruncatedOrInvalidLengthIsAProtocolError() {
        ClientIdCache cache = new ClientIdCache();
        assertThrows(ProtocolException.class, () -> cache.read(ByteBuffer.wrap(new byte[] {0, 5, 'a'})));
        assertThrows(ProtocolException.class, () -> cache.read(ByteBuffer.wrap(new byte[] {-1, -2})));
        assertThrows(ProtocolException.class, () -> cache.read(ByteBuffer.wrap(new byte[] {0})));
    }

    @Test
    void aHeaderReadWithTheCacheEqualsOneReadWithout() {
        ClientIdCache cache = new ClientIdCache();
        RequestHeader header = new RequestHeader(ApiKeys.PRODUCE, (short) 9, 42, "perf-producer-client");
        for (int i = 0; i < 2; i++) {
            ByteBuffer buf = ByteBuffer.allocate(header.size());
            header.write(new io.skiff.protocol.ByteBufferAccessor(buf));
            buf.flip();
            ByteBuffer copy = buf.duplicate();
            RequestHeader cached = RequestHeader.read(buf, cache);
            assertEquals(RequestHeader.read(copy).toString(), cached.toString());
            assertEquals(copy.position(), buf.position());
        }
    }
}
