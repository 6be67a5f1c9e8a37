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
package io.skiff.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.broker.SkiffServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * kafkajs' companion package {@code @kafkajs/confluent-schema-registry} (npm, pinned by src/test/js/package-lock.json,
 * installed there by .ci/run with {@code npm ci}) against Skiff's registry: Avro, Protobuf and JSON Schema registered,
 * encoded into Confluent's wire format and decoded again, and an incompatible Avro schema refused with the registry's
 * 409 surfaced to the client. Fails, never skips, without node or the package.
 */
class KafkajsSchemaRegistryTest {
    private static final Path JS = Path.of("src", "test", "js");

    @Test
    void kafkajsRegistryClientEncodesAndDecodesThroughSkiff() throws Exception {
        assertTrue(
                Files.isDirectory(JS.resolve("node_modules/@kafkajs/confluent-schema-registry")),
                "run `npm ci` in schema-registry/src/test/js first (.ci/run does)");
        try (SkiffServer broker =
                SkiffServer.builder().schemaRegistry("http://127.0.0.1:0").start()) {
            String url = broker.extensionUrl("schema-registry").orElseThrow();
            Process process = new ProcessBuilder("node", "registry-client.js", url)
                    .directory(JS.toFile())
                    .redirectErrorStream(true)
                    .start();
            process.getOutputStream().close();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("the node client did not finish in 120 s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), output);
            assertTrue(output.contains("ok refused") && output.strip().endsWith("done"), output);

            // what the client registered is what the registry serves
            RegistryClient registry = new RegistryClient(url);
            assertEquals(
                    "PROTOBUF",
                    registry.get("/subjects/js-payments-value/versions/latest")
                            .getAsJsonObject()
                            .get("schemaType")
                            .getAsString());
        }
    }
}
