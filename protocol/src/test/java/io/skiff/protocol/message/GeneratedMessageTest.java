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
package io.skiff.protocol.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.ProtocolException;
import io.skiff.protocol.RawTaggedField;
import io.skiff.protocol.UnsupportedVersionException;
import io.skiff.protocol.Uuids;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.apache.kafka.common.message.FetchRequestData;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.junit.jupiter.api.Test;

/** Semantics of the generated classes beyond what the conformance sweep covers. */
class GeneratedMessageTest {

    private static byte[] encode(ApiMessage m, short v) {
        ByteBuffer buf = ByteBuffer.allocate(m.size(v));
        m.write(new ByteBufferAccessor(buf), v);
        assertEquals(0, buf.remaining());
        return buf.array();
    }

    private static <T extends ApiMessage> T decode(T m, byte[] bytes, short v) {
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        m.read(new ByteBufferAccessor(buf), v);
        assertEquals(0, buf.remaining());
        return m;
    }

    private static FetchRequest fetch() {
        return new FetchRequest()
                .setMaxWaitMs(500)
                .setMinBytes(1)
                .setTopics(new java.util.ArrayList<>(List.of(new FetchRequest.FetchTopic()
                        .setTopicId(Uuids.random())
                        .setPartitions(new java.util.ArrayList<>(List.of(new FetchRequest.FetchPartition()
                                .setPartition(3)
                                .setFetchOffset(42)))))));
    }

    @Test
    void defaultsComeFromTheSchema() {
        FetchRequest f = new FetchRequest();
        assertEquals(-1, f.replicaId());
        assertEquals(Integer.MAX_VALUE, f.maxBytes());
        assertNull(f.clusterId());
        assertEquals("", f.rackId());
        assertEquals(Uuids.ZERO, new FetchRequest.FetchTopic().topicId());
        assertEquals(Long.MAX_VALUE, new FetchRequest.FetchPartition().highWatermark());
        assertTrue(f.topics().isEmpty());
        assertEquals(new FetchRequest(), f);
        assertTrue(f.toString().startsWith("FetchRequest(clusterId=null, replicaId=-1,"), f.toString());
    }

    @Test
    void nonDefaultNonIgnorableFieldAtAVersionWithoutItFailsLoudly() {
        FetchRequest f = fetch();
        f.topics().get(0).partitions().get(0).setLastFetchedEpoch(5); // v12+, not ignorable
        UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class, () -> encode(f, (short) 11));
        assertTrue(e.getMessage().contains("non-default lastFetchedEpoch at version 11"), e.getMessage());
        encode(f, (short) 12);
        FetchRequest g = fetch().setReplicaId(7); // v0-14 only
        assertThrows(UnsupportedVersionException.class, () -> encode(g, (short) 15));
    }

    @Test
    void nonDefaultIgnorableFieldIsDroppedSilently() {
        FetchRequest f = fetch().setRackId("rack-1"); // v11+, ignorable
        FetchRequest back = decode(new FetchRequest(), encode(f, (short) 10), (short) 10);
        assertEquals("", back.rackId());
        assertEquals(
                "rack-1",
                decode(new FetchRequest(), encode(f, (short) 11), (short) 11).rackId());
    }

    @Test
    void taggedFieldsAreWrittenOnlyWhenNotDefault() {
        short v = 15;
        int plain = encode(fetch(), v).length;
        FetchRequest tagged = fetch().setClusterId("c");
        assertEquals(plain + 4, encode(tagged, v).length, "tag + size + compact string 'c'");
        assertEquals("c", decode(new FetchRequest(), encode(tagged, v), v).clusterId());
    }

    @Test
    void unknownTaggedFieldsSurviveInAscendingOrderAndMatchTheOfficialClient() {
        short v = 15;
        FetchRequest f = fetch().setClusterId("cluster")
                .setReplicaState(new FetchRequest.ReplicaState().setReplicaId(1).setReplicaEpoch(2));
        f.unknownTaggedFields().add(new RawTaggedField(7, new byte[] {1, 2, 3}));
        f.unknownTaggedFields().add(new RawTaggedField(300, new byte[0]));
        f.topics().get(0).partitions().get(0).unknownTaggedFields().add(new RawTaggedField(9, new byte[] {9}));
        byte[] bytes = encode(f, v);
        FetchRequest back = decode(new FetchRequest(), bytes, v);
        assertEquals(f, back);
        assertEquals(
                List.of(new RawTaggedField(7, new byte[] {1, 2, 3}), new RawTaggedField(300, new byte[0])),
                back.unknownTaggedFields());
        // The official client keeps the same unknown fields and writes identical bytes.
        FetchRequestData official = new FetchRequestData();
        official.read(new org.apache.kafka.common.protocol.ByteBufferAccessor(ByteBuffer.wrap(bytes)), v);
        assertEquals(2, official.unknownTaggedFields().size());
        assertEquals("cluster", official.clusterId());
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ByteBuffer out = ByteBuffer.allocate(official.size(cache, v));
        official.write(new org.apache.kafka.common.protocol.ByteBufferAccessor(out), cache, v);
        assertArrayEquals(bytes, out.array());
    }

    @Test
    void unknownTaggedFieldsCannotBeWrittenInANonFlexibleVersion() {
        FetchRequest f = fetch();
        f.unknownTaggedFields().add(new RawTaggedField(7, new byte[] {1}));
        assertThrows(UnsupportedVersionException.class, () -> encode(f, (short) 11));
    }

    @Test
    void unknownTagCollidingWithAKnownOneIsRejected() {
        FetchRequest f = fetch();
        f.unknownTaggedFields().add(new RawTaggedField(0, new byte[] {0}));
        assertThrows(ProtocolException.class, () -> encode(f, (short) 15));
    }

    @Test
    void nullInANonNullableFieldIsAClearError() {
        FetchRequest f = fetch().setTopics(null);
        ProtocolException e = assertThrows(ProtocolException.class, () -> encode(f, (short) 12));
        assertTrue(e.getMessage().contains("FetchRequest.topics is null"), e.getMessage());
        // and on read: a null array length where the field is not nullable
        byte[] bytes = encode(fetch(), (short) 4);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        b.putInt(17, -1); // replicaId, maxWaitMs, minBytes, maxBytes (4 each) and isolationLevel (1) precede it in v4
        ProtocolException r = assertThrows(
                ProtocolException.class,
                () -> new FetchRequest().read(new ByteBufferAccessor(ByteBuffer.wrap(bytes)), (short) 4));
        assertTrue(r.getMessage().contains("non-nullable field FetchRequest.topics"), r.getMessage());
    }

    @Test
    void versionsOutsideTheRangeAreRejected() {
        assertThrows(UnsupportedVersionException.class, () -> encode(fetch(), (short) 3));
        assertThrows(
                UnsupportedVersionException.class,
                () -> new FetchRequest().read(new ByteBufferAccessor(ByteBuffer.allocate(100)), (short) 19));
    }

    @Test
    void taggedFieldWithWrongDeclaredSizeIsRejected() {
        ApiVersionsResponse r = new ApiVersionsResponse().setFinalizedFeaturesEpoch(5);
        byte[] bytes = encode(r, (short) 3);
        String hex = HexFormat.of().formatHex(bytes);
        // tag 1, size 8, int64 5 → claim size 9 with one extra byte appended
        String tampered = hex.replace("01080000000000000005", "0109000000000000000500");
        ProtocolException e = assertThrows(
                ProtocolException.class,
                () -> new ApiVersionsResponse()
                        .read(
                                new ByteBufferAccessor(
                                        ByteBuffer.wrap(HexFormat.of().parseHex(tampered))),
                                (short) 3));
        assertTrue(e.getMessage().contains("declared size 9"), e.getMessage());
    }

    @Test
    void apiKeysRegistry() {
        assertEquals(ApiKeys.API_VERSIONS, ApiKeys.forId(18));
        assertNull(ApiKeys.forId(1000));
        assertNull(ApiKeys.forId(-1));
        assertEquals("ApiVersions", ApiKeys.API_VERSIONS.name);
        assertEquals(0, ApiKeys.API_VERSIONS.responseHeaderVersion((short) 3));
        assertEquals(2, ApiKeys.API_VERSIONS.requestHeaderVersion((short) 3));
        assertEquals(2, ApiKeys.API_VERSIONS.requestHeaderVersion((short) 7), "unknown higher versions are flexible");
        assertEquals(1, ApiKeys.FETCH.responseHeaderVersion((short) 12));
        assertEquals(0, ApiKeys.FETCH.responseHeaderVersion((short) 11));
        assertEquals(3, ApiKeys.PRODUCE.lowestVersion());
        assertTrue(ApiKeys.PRODUCE.newRequest() instanceof ProduceRequest);
        assertTrue(ApiKeys.METADATA.newResponse() instanceof MetadataResponse);
    }
}
