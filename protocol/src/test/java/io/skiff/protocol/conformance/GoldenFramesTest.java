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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Frames captured from real clients (Java, kcat/librdkafka, kafkajs against Apache Kafka 4.1.1; Kafka 4.4.0's tools and
 * Confluent's JavaScript client/librdkafka 2.15 against Kafka 4.4.0), stored as
 * hex under test resources (see golden/README.md): each decodes with our header and message classes and
 * re-encodes to the identical bytes.
 */
class GoldenFramesTest {
    private static final String[] FILES = {
        "java.frames", "java-4.4.frames", "kcat.frames", "kafkajs.frames", "confluent-js.frames"
    };
    private static int checked;

    record Frame(String source, boolean request, short apiKey, short version, int correlationId, byte[] bytes) {
        @Override
        public String toString() {
            ApiKeys api = ApiKeys.forId(apiKey);
            return source + " " + (request ? "request " : "response ") + (api == null ? "key " + apiKey : api.name)
                    + " v" + version + " #" + correlationId;
        }
    }

    static Stream<Frame> frames() throws IOException {
        List<Frame> frames = new ArrayList<>();
        for (String file : FILES) {
            try (InputStream in = GoldenFramesTest.class.getResourceAsStream("/golden/" + file)) {
                String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
                for (int i = 0; i < lines.length; i++) {
                    String[] p = lines[i].trim().split(" ");
                    if (p.length != 5) {
                        continue;
                    }
                    frames.add(new Frame(
                            file + ":" + (i + 1),
                            p[0].equals("request"),
                            Short.parseShort(p[1]),
                            Short.parseShort(p[2]),
                            Integer.parseInt(p[3]),
                            HexFormat.of().parseHex(p[4])));
                }
            }
        }
        return frames.stream();
    }

    @AfterAll
    static void report() {
        System.out.println("Golden frames: " + checked + " frames decoded and re-encoded identically");
    }

    private static boolean isLibrdkafkaAllTopicsMetadata(Frame f) {
        return f.request()
                && f.apiKey() == ApiKeys.METADATA.id
                && f.version() >= 9
                && f.source().startsWith("confluent-js.frames");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("frames")
    void decodesAndReencodesIdentically(Frame f) {
        ApiKeys api = ApiKeys.forId(f.apiKey());
        assertTrue(api != null, f + ": a client sent an API we have no schema for");
        assertTrue(
                api.isVersionSupported(f.version()),
                f + ": version outside our schema range " + api.lowestVersion() + "-" + api.highestVersion());
        ByteBuffer in = ByteBuffer.wrap(f.bytes());
        ApiMessage body = f.request() ? api.newRequest() : api.newResponse();
        RequestHeader header = null;
        short responseHeaderVersion = api.responseHeaderVersion(f.version());
        if (f.request()) {
            header = RequestHeader.read(in);
            assertEquals(f.apiKey(), header.apiKey());
            assertEquals(f.version(), header.apiVersion());
            assertEquals(f.correlationId(), header.correlationId());
        } else {
            assertEquals(f.correlationId(), ResponseHeader.readCorrelationId(in, responseHeaderVersion));
        }
        int headerSize = in.position();
        body.read(new ByteBufferAccessor(in), f.version());
        int trailing = in.remaining();
        if (trailing > 0 && isLibrdkafkaAllTopicsMetadata(f)) {
            // librdkafka 2.10+ asks Metadata v9+ for all topics with the 4-byte placeholder of its topic count left
            // as it was: a 0 read as the null (compact) array, then its flags, then 3 bytes that Kafka ignores
            assertEquals(3, trailing, f + ": librdkafka's all-topics Metadata request");
        } else {
            assertEquals(0, trailing, f + ": body not fully consumed");
        }
        ByteBuffer out = ByteBuffer.allocate(headerSize + body.size(f.version()));
        ByteBufferAccessor w = new ByteBufferAccessor(out);
        if (f.request()) {
            header.write(w);
        } else {
            ResponseHeader.write(w, f.correlationId(), responseHeaderVersion);
        }
        body.write(w, f.version());
        assertArrayEquals(
                Arrays.copyOf(f.bytes(), f.bytes().length - trailing), out.array(), f + ": re-encoded bytes differ");
        checked++;
    }
}
