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

import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import io.skiff.registry.testing.DecodedValue;
import io.skiff.registry.testing.SchemaRegistryKit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

/**
 * Confluent's own Python client (Debian's python3-confluent-kafka with python3-requests and python3-jsonschema, which
 * .ci/run installs) against Skiff's registry: its SchemaRegistryClient calls, the error codes it surfaces, and a JSON
 * Schema serializer/deserializer round trip through a topic. Fails, never skips, without them.
 */
class ConfluentPythonClientTest {
    private static final Path SCRIPT = Path.of("src", "test", "python", "confluent_registry_client.py");

    @Test
    void confluentsPythonClientRegistersChecksAndRoundTripsJsonThroughSkiff() throws Exception {
        try (SkiffServer broker =
                SkiffServer.builder().schemaRegistry("http://127.0.0.1:0").start()) {
            String url = broker.extensionUrl("schema-registry").orElseThrow();
            String topic = "py-orders";
            String output = run(python(), SCRIPT.toString(), url, broker.bootstrapServers(), topic);
            assertTrue(
                    output.contains("ok consumed the order") && output.strip().endsWith("done"), output);

            // The record is in Confluent's wire format: magic byte 0, then the id the registry gave the schema.
            RegistryClient registry = new RegistryClient(url);
            int id = registry.get("/subjects/" + topic + "-value/versions/latest")
                    .getAsJsonObject()
                    .get("id")
                    .getAsInt();
            byte[] value = readOne(broker.bootstrapServers(), topic);
            ByteBuffer frame = ByteBuffer.wrap(value);
            assertEquals(0, frame.get(), "magic byte");
            assertEquals(id, frame.getInt(), "schema id");

            // The test kit's helper decodes the Python serializer's frame through the registry.
            DecodedValue decoded = new SchemaRegistryKit(url).decode(value);
            assertEquals("JSON", decoded.schemaType());
            assertEquals(id, decoded.schemaId());
            assertEquals(
                    JsonParser.parseString("{\"id\": \"o1\", \"amount\": 12.5}"),
                    JsonParser.parseString(decoded.text()));
        }
    }

    private static byte[] readOne(String bootstrap, String topic) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of("bootstrap.servers", bootstrap), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    return r.value();
                }
            }
            return fail("no record in " + topic);
        }
    }

    static String run(String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // python3-requests lets these variables override the client's ssl.ca.location: requests prefers them to the
        // verify path it is given.
        builder.environment().remove("REQUESTS_CA_BUNDLE");
        builder.environment().remove("CURL_CA_BUNDLE");
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("the Python client did not finish in 180 s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), output);
        return output;
    }

    /** A python3 with confluent_kafka, requests and jsonschema: the one on the PATH, else Debian's. */
    static String python() throws IOException, InterruptedException {
        List<String> candidates = new ArrayList<>(List.of("python3"));
        if (Files.isExecutable(Path.of("/usr/bin/python3"))) {
            candidates.add("/usr/bin/python3");
        }
        for (String candidate : candidates) {
            try {
                Process p = new ProcessBuilder(candidate, "-c", "import confluent_kafka, requests, jsonschema")
                        .redirectErrorStream(true)
                        .start();
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return candidate;
                }
            } catch (IOException notThere) {
                // try the next one
            }
        }
        return fail("no python3 with confluent_kafka, requests and jsonschema among " + candidates
                + ": apt-get install python3-confluent-kafka python3-requests python3-jsonschema (.ci/run does)");
    }
}
