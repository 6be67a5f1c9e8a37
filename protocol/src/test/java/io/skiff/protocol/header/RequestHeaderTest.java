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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.InvalidRequestException;
import io.skiff.protocol.RawTaggedField;
import io.skiff.protocol.message.ApiKeys;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestHeaderTest {

    private static ByteBuffer hex(String h) {
        return ByteBuffer.wrap(HexFormat.of().parseHex(h.replace(" ", "")));
    }

    @Test
    void readsV1AndLeavesTheBufferAtTheBody() {
        ByteBuffer buf = hex("0003 0001 0000002a 0003 616263 ff");
        RequestHeader h = RequestHeader.read(buf);
        assertEquals(ApiKeys.METADATA, h.api());
        assertEquals(1, h.apiVersion());
        assertEquals(42, h.correlationId());
        assertEquals("abc", h.clientId());
        assertEquals(1, h.headerVersion());
        assertEquals(13, buf.position());
        assertEquals(13, h.size());
    }

    @Test
    void readsV2WithANonCompactClientIdAndKeepsUnknownTags() {
        // Metadata v9 is flexible: header v2; the client id is still an int16-length string.
        ByteBuffer buf = hex("0003 0009 00000007 ffff 01 05 02 abcd 00");
        RequestHeader h = RequestHeader.read(buf);
        assertNull(h.clientId());
        assertEquals(2, h.headerVersion());
        assertEquals(List.of(new RawTaggedField(5, new byte[] {(byte) 0xab, (byte) 0xcd})), h.unknownTaggedFields());
        assertEquals(buf.position(), h.size());
        ByteBuffer out = ByteBuffer.allocate(h.size());
        h.write(new ByteBufferAccessor(out));
        assertEquals(hex("0003 0009 00000007 ffff 01 05 02 abcd"), out.flip());
    }

    @Test
    void apiVersionsOfAnUnknownHigherVersionUsesHeaderV2() {
        RequestHeader h = RequestHeader.read(hex("0012 0063 00000001 0001 78 00"));
        assertEquals(99, h.apiVersion());
        assertEquals(2, h.headerVersion());
    }

    @Test
    void garbageIsAnInvalidRequestException() {
        assertTrue(assertThrows(InvalidRequestException.class, () -> RequestHeader.read(hex("7fff 0000 00000001 0000")))
                .getMessage()
                .contains("unknown API key 32767"));
        assertThrows(InvalidRequestException.class, () -> RequestHeader.read(hex("0003 00")));
        assertThrows(InvalidRequestException.class, () -> RequestHeader.read(hex("0003 0001 00000001 7fff 61")));
        assertThrows(InvalidRequestException.class, () -> RequestHeader.read(hex("0003 0009 00000001 0000 01 05 7f")));
    }

    @Test
    void responseHeaders() {
        ByteBuffer buf = ByteBuffer.allocate(9);
        ByteBufferAccessor out = new ByteBufferAccessor(buf);
        ResponseHeader.write(out, 7, (short) 0);
        ResponseHeader.write(out, 8, (short) 1);
        assertEquals(4, ResponseHeader.size((short) 0));
        assertEquals(5, ResponseHeader.size((short) 1));
        assertEquals(hex("00000007 00000008 00"), buf.flip());
        assertEquals(7, ResponseHeader.readCorrelationId(buf, (short) 0));
        assertEquals(8, ResponseHeader.readCorrelationId(buf, (short) 1));
    }
}
