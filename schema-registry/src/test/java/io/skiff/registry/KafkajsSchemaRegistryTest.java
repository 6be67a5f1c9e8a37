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
import io.skiff.registry.testing.DecodedValue;
import io.skiff.registry.testing.SchemaRegistryKit;
import io.skiff.testkit.SkiffKit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * kafkajs' companion package {@code @kafkajs/confluent-schema-registry} (npm, pinned by src/test/js/package-lock.json,
 * installed there by .ci/run with {@code npm ci}) against Skiff's registry: Avro, Protobuf and JSON Schema registered,
 * encoded into Confluent's wire format and decoded again, and an incompatible Avro schema refused with the registry's
 * 409 surfaced to the client. Fails, never skips, without node or the package.
 */
class KafkajsSchemaRegistryTest {
    private static final Path JS = Path.of("src", "test", "js");

    /** The Confluent frames the client printed ({@code frame <type> <base64>}), in order. */
    private static List<byte[]> frames(String output) {
        List<byte[]> frames = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("frame ")) {
                frames.add(Base64.getDecoder()
                        .decode(line.substring(line.lastIndexOf(' ') + 1).strip()));
            }
        }
        assertEquals(3, frames.size(), output);
        return frames;
    }

    private static byte[] withFirstMessageIndex(byte[] frame) {
        byte[] out = new byte[frame.length + 1];
        System.arraycopy(frame, 0, out, 0, 5);
        out[5] = 0; // zigzag varint 0: the first message
        System.arraycopy(frame, 5, out, 6, frame.length - 5);
        return out;
    }

    private static List<ConsumerRecord<String, DecodedValue>> throughTopic(
            SkiffServer broker, List<byte[]> frames, SchemaRegistryKit registry) throws Exception {
        try (SkiffKit kit = new SkiffKit(broker);
                KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                        kit.producerProperties(), new StringSerializer(), new ByteArraySerializer())) {
            kit.createTopic("js-frames", 1);
            for (byte[] frame : frames) {
                producer.send(new ProducerRecord<>("js-frames", frame)).get(30, TimeUnit.SECONDS);
            }
            return kit.readRecords(
                    "js-frames",
                    frames.size(),
                    Duration.ofSeconds(30),
                    new StringDeserializer(),
                    (topic, bytes) -> registry.decode(bytes));
        }
    }

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

            // The client's frames go through a Skiff topic and come back decoded by the test kit's registry helper.
            SchemaRegistryKit kit = new SchemaRegistryKit(url);
            List<byte[]> frames = frames(output);
            // @kafkajs/confluent-schema-registry 4.1.0 writes no message-index header after the schema id (Confluent's
            // serializers do): add the one byte Confluent writes for the file's first message.
            frames.set(1, withFirstMessageIndex(frames.get(1)));
            List<ConsumerRecord<String, DecodedValue>> decoded = throughTopic(broker, frames, kit);
            GenericRecord order = (GenericRecord) decoded.get(0).value().value();
            assertEquals("o-1", order.get("id").toString());
            assertEquals(42, order.get("amount"));
            assertEquals(kit.latestId("js-orders-value"), decoded.get(0).value().schemaId());
            assertEquals(List.of(0), decoded.get(1).value().messageIndexes());
            assertEquals("id: \"p-1\"\ncents: 1250\n", decoded.get(1).value().text());
            assertEquals("{\"sku\":\"abc\",\"qty\":2}", decoded.get(2).value().text());

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
