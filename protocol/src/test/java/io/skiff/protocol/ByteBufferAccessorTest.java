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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ByteBufferAccessorTest {

    private static ByteBufferAccessor hex(String h) {
        return new ByteBufferAccessor(ByteBuffer.wrap(HexFormat.of().parseHex(h)));
    }

    @Test
    void stringsPlainAndCompact() {
        ByteBuffer buf = ByteBuffer.allocate(64);
        ByteBufferAccessor out = new ByteBufferAccessor(buf);
        out.writeNullableString("hé", false);
        out.writeNullableString("hé", true);
        out.writeNullableString(null, false);
        out.writeNullableString(null, true);
        assertEquals(
                ByteUtils.sizeOfNullableString("hé", false) + ByteUtils.sizeOfNullableString("hé", true) + 2 + 1,
                buf.position());
        buf.flip();
        assertEquals(
                "0003 68c3a9 04 68c3a9 ffff 00".replace(" ", ""),
                HexFormat.of().formatHex(buf.array(), 0, buf.limit()));
        ByteBufferAccessor in = new ByteBufferAccessor(buf);
        assertEquals("hé", in.readNullableString(false));
        assertEquals("hé", in.readNullableString(true));
        assertNull(in.readNullableString(false));
        assertNull(in.readNullableString(true));
        assertEquals(0, in.remaining());
    }

    @Test
    void bytesRecordsAndArrays() {
        ByteBuffer buf = ByteBuffer.allocate(64);
        ByteBufferAccessor out = new ByteBufferAccessor(buf);
        out.writeNullableBytes(new byte[] {1, 2}, true);
        out.writeNullableBytes(null, false);
        out.writeNullableRecords(new ByteBufferRecords(ByteBuffer.wrap(new byte[] {9, 8, 7})), false);
        out.writeArrayLength(2, true);
        out.writeArrayLength(-1, false);
        buf.flip();
        ByteBufferAccessor in = new ByteBufferAccessor(buf);
        assertArrayEquals(new byte[] {1, 2}, in.readNullableBytes(true));
        assertNull(in.readNullableBytes(false));
        Records r = in.readNullableRecords(false);
        assertEquals(new ByteBufferRecords(ByteBuffer.wrap(new byte[] {9, 8, 7})), r);
        assertEquals(2, in.readArrayLength(true));
        assertEquals(-1, in.readArrayLength(false));
    }

    @Test
    void recordsAreZeroCopySlices() {
        byte[] backing = {0, 0, 0, 2, 5, 6, 7};
        Records r = new ByteBufferAccessor(ByteBuffer.wrap(backing)).readNullableRecords(false);
        backing[4] = 42;
        assertEquals(42, ((ByteBufferRecords) r).buffer().get(0), "records share the request buffer");
        assertEquals(2, r.sizeInBytes());
    }

    @Test
    void uuidAndUnsignedShort() {
        ByteBuffer buf = ByteBuffer.allocate(18);
        ByteBufferAccessor io = new ByteBufferAccessor(buf);
        UUID id = new UUID(0x0102030405060708L, -1L);
        io.writeUuid(id);
        io.writeUnsignedShort(65535);
        buf.flip();
        assertEquals(id, io.readUuid());
        assertEquals(65535, io.readUnsignedShort());
    }

    @Test
    void truncatedAndOversizedInputsAreProtocolExceptions() {
        assertTrue(assertThrows(ProtocolException.class, () -> hex("0001").readInt())
                .getMessage()
                .contains("truncated"));
        assertTrue(assertThrows(ProtocolException.class, () -> hex("0005616263").readNullableString(false))
                .getMessage()
                .contains("string length 5 exceeds the 3 remaining bytes"));
        assertTrue(assertThrows(ProtocolException.class, () -> hex("7fffffff00").readNullableBytes(false))
                .getMessage()
                .contains("exceeds"));
        assertTrue(assertThrows(ProtocolException.class, () -> hex("7fffffff").readArrayLength(false))
                .getMessage()
                .contains("array of 2147483647 elements cannot fit"));
        assertTrue(assertThrows(ProtocolException.class, () -> hex("fffffffe").readArrayLength(false))
                .getMessage()
                .contains("invalid array length -2"));
        assertThrows(ProtocolException.class, () -> hex("ffffffffff0f").readUnsignedVarint());
        assertThrows(ProtocolException.class, () -> hex("8080").readUnsignedVarint());
        assertThrows(ProtocolException.class, () -> hex("00").readString(true));
    }

    @Test
    void stringsLongerThanInt16AreRejectedOnWrite() {
        String big = "x".repeat(Short.MAX_VALUE + 1);
        ByteBufferAccessor out = new ByteBufferAccessor(ByteBuffer.allocate(40000));
        assertThrows(ProtocolException.class, () -> out.writeNullableString(big, true));
    }

    @Test
    void unknownTaggedFieldsAreWrittenInAscendingOrderAroundKnownTags() {
        List<RawTaggedField> raw = List.of(new RawTaggedField(0, new byte[] {1}), new RawTaggedField(5, new byte[0]));
        ByteBuffer buf = ByteBuffer.allocate(16);
        ByteBufferAccessor out = new ByteBufferAccessor(buf);
        int next = RawTaggedField.writeBefore(out, raw, 0, 3);
        assertEquals(1, next);
        out.writeByte((byte) 0x33);
        RawTaggedField.writeBefore(out, raw, next, -1);
        assertEquals("00010133" + "0500", HexFormat.of().formatHex(buf.array(), 0, buf.position()));
        assertEquals(5, RawTaggedField.totalSize(raw));
        assertThrows(ProtocolException.class, () -> RawTaggedField.writeBefore(out, raw, 0, 5));
        List<RawTaggedField> unordered =
                List.of(new RawTaggedField(4, new byte[0]), new RawTaggedField(2, new byte[0]));
        assertThrows(ProtocolException.class, () -> RawTaggedField.writeBefore(out, unordered, 0, -1));
    }

    @Test
    void errorsAndUuids() {
        assertEquals(3, Errors.UNKNOWN_TOPIC_OR_PARTITION.code());
        assertEquals(100, Errors.UNKNOWN_TOPIC_ID.code());
        assertEquals(Errors.MEMBER_ID_REQUIRED, Errors.forCode((short) 79));
        assertEquals(Errors.UNKNOWN_SERVER_ERROR, Errors.forCode((short) 30000));
        UUID id = Uuids.random();
        assertEquals(id, Uuids.fromBase64(Uuids.toBase64(id)));
        assertEquals("AAAAAAAAAAAAAAAAAAAAAA", Uuids.toBase64(Uuids.ZERO));
    }
}
