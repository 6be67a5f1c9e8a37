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
package io.skiff.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MessageGeneratorTest {

    @Test
    void writesOneClassPerMessageAndTheApiKeysEnum(@TempDir Path out) throws Exception {
        int n = MessageGenerator.generate(Path.of("src/test/resources/schemas"), out);
        assertEquals(2, n);
        Path pkg = out.resolve("io/skiff/protocol/message");
        String req = Files.readString(pkg.resolve("SampleRequest.java"));
        assertTrue(req.contains("public final class SampleRequest implements ApiMessage {"));
        assertTrue(req.contains("public static final class Topic implements Message {"));
        assertTrue(req.contains("public static final class LeaderAndEpoch implements Message {"));
        assertTrue(req.contains("public SampleRequest setCount(int v) {"));
        assertTrue(req.contains("this.count = -1;"));
        assertTrue(req.contains("this.quoted = \"a b # c\";"));
        // ratio is ignorable: no exception for a non-default value at v0.
        assertTrue(!req.contains("non-default ratio"));
        assertTrue(req.contains("Attempted to write a non-default quoted at version"));
        // tagged fields go into the tagged section in tag order
        assertTrue(req.indexOf("_writable.writeUnsignedVarint(1);") > 0);
        String resp = Files.readString(pkg.resolve("SampleResponse.java"));
        assertTrue(resp.contains(
                "public final class SampleResponse implements ApiMessage, io.skiff.protocol.ErrorResult {"));
        assertTrue(
                resp.contains("public static final class Result implements Message, io.skiff.protocol.ErrorResult {"));
        String keys = Files.readString(pkg.resolve("ApiKeys.java"));
        assertTrue(keys.contains("SAMPLE(1000, \"Sample\", 0, 3, 2)"));
        assertTrue(keys.contains("return new SampleResponse();"));
    }

    @Test
    void upperSnakeNames() {
        assertEquals("API_VERSIONS", ApiKeysWriter.upperSnake("ApiVersions"));
        assertEquals("OFFSET_FOR_LEADER_EPOCH", ApiKeysWriter.upperSnake("OffsetForLeaderEpoch"));
    }

    @Test
    void requestWithoutResponseIsAnError() {
        MessageSpec req =
                new SchemaParser().parse("FooRequest.schema", "request Foo\napiKey 1\nversions 0-1\nflexible none\n");
        SchemaException e = assertThrows(SchemaException.class, () -> ApiKeysWriter.pair(List.of(req)));
        assertEquals("FooRequest.schema: no matching FooResponse.schema", e.getMessage());
    }

    @Test
    void mismatchedVersionsAreAnError() {
        SchemaParser p = new SchemaParser();
        MessageSpec req = p.parse("FooRequest.schema", "request Foo\napiKey 1\nversions 0-1\nflexible none\n");
        MessageSpec resp = p.parse("FooResponse.schema", "response Foo\napiKey 1\nversions 0-2\nflexible none\n");
        assertTrue(assertThrows(SchemaException.class, () -> ApiKeysWriter.pair(List.of(req, resp)))
                .getMessage()
                .contains("FooResponse.schema: versions 0-2 differ from FooRequest.schema (0-1)"));
    }
}
