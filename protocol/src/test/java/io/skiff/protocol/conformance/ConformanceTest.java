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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.generator.MessageSpec;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.requests.RequestUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Byte-for-byte conformance of our generated messages with kafka-clients, for every API we generate, every
 * version of its range, requests and responses:
 * (a) the official default message, (b) a fully populated one (built from our schema model through Kafka's
 * JSON converters) — official encode → our decode → our encode gives identical bytes;
 * (c) the official client decodes our encoding to an equal message;
 * (d) our schema's layout at the version equals Kafka's official schema (fields, order, types, tags);
 * (e) full frames (header + body) in the header version of the API/version parse and re-encode identically.
 */
class ConformanceTest {
    private static final AtomicInteger CHECKED = new AtomicInteger();

    record Case(ApiKeys api, short version, boolean request) {
        String className() {
            return api.name + (request ? "Request" : "Response");
        }

        @Override
        public String toString() {
            return className() + " v" + version + " [" + className() + ".schema]";
        }
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (ApiKeys api : ApiKeys.values()) {
            for (short v = api.lowestVersion(); v <= api.highestVersion(); v++) {
                cases.add(new Case(api, v, true));
                cases.add(new Case(api, v, false));
            }
        }
        return cases.stream();
    }

    @AfterAll
    static void report() {
        System.out.println("Conformance: checked " + CHECKED.get() + " (API, version, direction) combinations across "
                + ApiKeys.values().length + " APIs");
    }

    /** The APIs Skiff must speak at the least: those every official client uses for produce, consume and groups. */
    private static final List<String> REQUIRED_APIS = List.of(
            "ApiVersions",
            "Metadata",
            "Produce",
            "Fetch",
            "ListOffsets",
            "FindCoordinator",
            "JoinGroup",
            "SyncGroup",
            "Heartbeat",
            "LeaveGroup",
            "OffsetCommit",
            "OffsetFetch",
            "InitProducerId",
            "AddPartitionsToTxn",
            "AddOffsetsToTxn",
            "EndTxn",
            "TxnOffsetCommit",
            "WriteTxnMarkers",
            "CreateTopics",
            "DeleteTopics",
            "CreatePartitions",
            "DescribeConfigs",
            "AlterConfigs",
            "IncrementalAlterConfigs",
            "DescribeCluster",
            "ListGroups",
            "DescribeGroups",
            "DeleteGroups",
            "OffsetDelete",
            "DeleteRecords",
            "OffsetForLeaderEpoch",
            "DescribeLogDirs",
            "SaslHandshake",
            "SaslAuthenticate",
            "DescribeProducers",
            "DescribeTransactions",
            "ListTransactions",
            "ConsumerGroupHeartbeat",
            "ConsumerGroupDescribe",
            "DescribeTopicPartitions",
            "ShareGroupHeartbeat",
            "ShareGroupDescribe",
            "ShareFetch",
            "ShareAcknowledge",
            "DescribeShareGroupOffsets",
            "AlterShareGroupOffsets",
            "DeleteShareGroupOffsets");

    @Test
    void everyRequiredApiHasASchema() {
        List<String> ours = Arrays.stream(ApiKeys.values()).map(k -> k.name).toList();
        List<String> missing =
                REQUIRED_APIS.stream().filter(n -> !ours.contains(n)).toList();
        assertTrue(missing.isEmpty(), "no schema for " + missing);
    }

    /** Our schemas' ranges are the official ranges of kafka-clients 4.4, the reference Kafka's. */
    @Test
    void versionRangesAreTheKafka44Ranges() {
        for (ApiKeys k : ApiKeys.values()) {
            org.apache.kafka.common.protocol.ApiKeys official = org.apache.kafka.common.protocol.ApiKeys.forId(k.id);
            assertEquals(official.name, k.name, "name of key " + k.id);
            assertEquals(
                    official.oldestVersion() + "-" + official.latestVersion(false),
                    k.lowestVersion() + "-" + k.highestVersion(),
                    k.name + " versions [" + k.name + "Request.schema]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void conforms(Case c) {
        MessageSpec spec = OurSchemas.forClass(c.className());
        short v = c.version;
        short key = c.api.id;
        String where = c + ": ";

        // Versions and header versions agree with the official ApiKeys.
        org.apache.kafka.common.message.ApiMessageType official =
                org.apache.kafka.common.message.ApiMessageType.fromApiKey(key);
        assertEquals(official.requestHeaderVersion(v), c.api.requestHeaderVersion(v), where + "request header version");
        assertEquals(
                official.responseHeaderVersion(v), c.api.responseHeaderVersion(v), where + "response header version");

        // (d) layout
        ApiMessage defaults = OfficialCodec.newMessage(key, c.request);
        String expectedShape = SchemaShape.official(OfficialCodec.schema(defaults, v));
        String ourShape =
                SchemaShape.ours(spec.topLevel(), v, spec.flexibleVersions().contains(v));
        assertEquals(expectedShape, ourShape, where + "layout differs from Kafka's schema (expected = Kafka)");

        // (a) default message
        roundTrip(c, defaults, where + "(a) default message: ");

        // (b) + (c) populated message
        ApiMessage populated = OfficialCodec.fromJson(
                key, c.request, new PopulatedJson(31L * key + v, 2).struct(spec.topLevel(), v), v);
        roundTrip(c, populated, where + "(b) populated message: ");

        // (e) frames
        frame(c, populated, where + "(e) frame: ");
        CHECKED.incrementAndGet();
    }

    /** official encode → our decode → our encode: identical bytes; official decode of ours: equal message. */
    private static void roundTrip(Case c, ApiMessage official, String where) {
        short v = c.version;
        byte[] expected = OfficialCodec.encode(official, v);
        io.skiff.protocol.ApiMessage ours = decodeOurs(c, expected, where);
        assertEquals(expected.length, ours.size(v), where + "our size() differs");
        byte[] actual = encodeOurs(ours, v);
        assertBytes(c, official, expected, actual, where);
        ApiMessage back = OfficialCodec.decode(c.api.id, c.request, actual, v);
        assertEquals(official, back, where + "official decode of our bytes differs");
        // Decoding twice gives equal objects (equals/hashCode are generated).
        io.skiff.protocol.ApiMessage again = decodeOurs(c, actual, where);
        assertEquals(ours, again, where + "equals");
        assertEquals(ours.hashCode(), again.hashCode(), where + "hashCode");
    }

    private static void frame(Case c, ApiMessage body, String where) {
        short v = c.version;
        int correlationId = 0x01020304 + v;
        ByteBuffer frame;
        if (c.request) {
            org.apache.kafka.common.requests.RequestHeader header = new org.apache.kafka.common.requests.RequestHeader(
                    org.apache.kafka.common.protocol.ApiKeys.forId(c.api.id), v, "conformance-é", correlationId);
            frame = RequestUtils.serialize(header.data(), header.headerVersion(), body, v);
        } else {
            frame = RequestUtils.serialize(
                    new ResponseHeaderData().setCorrelationId(correlationId), c.api.responseHeaderVersion(v), body, v);
        }
        byte[] expected = new byte[frame.remaining()];
        frame.duplicate().get(expected);
        ByteBuffer in = ByteBuffer.wrap(expected);
        int headerSize;
        RequestHeader ourHeader = null;
        if (c.request) {
            ourHeader = RequestHeader.read(in);
            assertEquals(c.api.id, ourHeader.apiKey(), where + "api key");
            assertEquals(v, ourHeader.apiVersion(), where + "api version");
            assertEquals(correlationId, ourHeader.correlationId(), where + "correlation id");
            assertEquals("conformance-é", ourHeader.clientId(), where + "client id");
            headerSize = ourHeader.size();
        } else {
            short hv = c.api.responseHeaderVersion(v);
            assertEquals(correlationId, ResponseHeader.readCorrelationId(in, hv), where + "correlation id");
            headerSize = ResponseHeader.size(hv);
        }
        assertEquals(headerSize, in.position(), where + "header size");
        io.skiff.protocol.ApiMessage ours = c.request ? c.api.newRequest() : c.api.newResponse();
        ours.read(new ByteBufferAccessor(in), v);
        assertEquals(0, in.remaining(), where + "body not fully consumed");
        ByteBuffer out = ByteBuffer.allocate(headerSize + ours.size(v));
        ByteBufferAccessor w = new ByteBufferAccessor(out);
        if (c.request) {
            ourHeader.write(w);
        } else {
            ResponseHeader.write(w, correlationId, c.api.responseHeaderVersion(v));
        }
        ours.write(w, v);
        assertEquals(0, out.remaining(), where + "frame size");
        assertBytes(c, body, expected, out.array(), where);
    }

    private static io.skiff.protocol.ApiMessage decodeOurs(Case c, byte[] bytes, String where) {
        io.skiff.protocol.ApiMessage ours = c.request ? c.api.newRequest() : c.api.newResponse();
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        try {
            ours.read(new ByteBufferAccessor(buf), c.version);
        } catch (RuntimeException e) {
            throw new AssertionError(where + "our decoder failed on the official bytes: " + e + "\n" + hex(bytes), e);
        }
        assertEquals(0, buf.remaining(), where + "our decoder left bytes unread; decoded " + ours);
        return ours;
    }

    private static byte[] encodeOurs(io.skiff.protocol.ApiMessage ours, short v) {
        ByteBuffer buf = ByteBuffer.allocate(ours.size(v));
        ours.write(new ByteBufferAccessor(buf), v);
        assertEquals(0, buf.remaining(), "our write() wrote fewer bytes than size()");
        return buf.array();
    }

    private static void assertBytes(Case c, ApiMessage official, byte[] expected, byte[] actual, String where) {
        if (Arrays.equals(expected, actual)) {
            return;
        }
        int i = Arrays.mismatch(expected, actual);
        String ourAsOfficial;
        try {
            ourAsOfficial =
                    OfficialCodec.toJson(OfficialCodec.decode(c.api.id, c.request, actual, c.version), c.version);
        } catch (RuntimeException | AssertionError e) {
            ourAsOfficial = "<official client cannot decode our bytes: " + e + ">";
        }
        fail(where + "bytes differ at offset " + i + " (expected " + expected.length + " bytes, ours "
                + actual.length + ")\nexpected: " + hex(expected) + "\nours:     " + hex(actual)
                + "\nexpected as JSON: " + OfficialCodec.toJson(official, c.version)
                + "\nours as JSON:     " + ourAsOfficial);
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b, 0, Math.min(b.length, 400)) + (b.length > 400 ? "…" : "");
    }
}
