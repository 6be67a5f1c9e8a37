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
package io.skiff.compat.robustness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar skiff.jar} as users run it, with the class-data-sharing archive the build writes beside the jar:
 * the launcher starts the broker in a second JVM that maps the archive, passes its JVM options on, stops it on
 * SIGTERM, and does not leave it running when the launcher itself is killed. The jar holds the web console, whose URL
 * the ready line prints.
 */
class JarLauncherCompatTest {
    private static final Path JAR = Path.of("..", "app", "target", "skiff.jar");
    private static final Path ARCHIVE = Path.of("..", "app", "target", "skiff.jsa");

    @TempDir
    Path tmp;

    @BeforeAll
    static void theBuildWroteTheJarAndItsArchive() {
        assertTrue(Files.isRegularFile(JAR), "mvn package writes " + JAR);
        assertTrue(Files.isRegularFile(ARCHIVE), "mvn package writes " + ARCHIVE + " beside the jar");
        assertTrue(Files.isRegularFile(Path.of(ARCHIVE + ".properties")), "and its sidecar");
    }

    @Test
    void theBrokerRunsInAJvmThatMapsTheArchiveAndStopsGracefullyWithTheLauncher() throws Exception {
        Path data = tmp.resolve("data");
        ProcessHandle broker;
        try (ChildBroker launcher = ChildBroker.startJar(
                JAR, data, List.of("schema.registry.listener=http://127.0.0.1:0"), "-Xmx256m", "-Xlog:cds=info")) {
            List<ProcessHandle> children = launcher.handle().children().toList();
            assertEquals(1, children.size(), "one broker JVM under the launcher");
            broker = children.get(0);
            List<String> arguments = List.of(broker.info().arguments().orElseThrow());
            assertTrue(arguments.contains("-Xmx256m"), "the launcher's JVM options are passed on: " + arguments);
            assertTrue(arguments.stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile=")), arguments.toString());
            String output = String.join("\n", launcher.output());
            assertTrue(
                    output.contains("Opened archive")
                            && output.contains("skiff.jsa")
                            && output.contains("Mapped dynamic region"),
                    "the broker JVM mapped skiff.jsa:\n" + output);

            produce(launcher.bootstrapServers(), "before-stop");
            String console = launcher.consoleUrl()
                    .orElseThrow(() -> new AssertionError(
                            "the jar has the console, " + "its URL is in the ready line:\n" + output));
            String topics = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(console + "/api/topics"))
                                    .build(),
                            BodyHandlers.ofString())
                    .body();
            assertTrue(topics.contains("\"name\":\"launched\""), "the console lists the topic: " + topics);
            String registry = launcher.extensionUrl("schema-registry")
                    .orElseThrow(() -> new AssertionError("the jar has the schema registry:\n" + output));
            String registered = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(registry + "/subjects/launched-value/versions"))
                                    .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                                    .POST(
                                            BodyPublishers.ofString(
                                                    "{\"schemaType\":\"PROTOBUF\",\"schema\":\"syntax = \\\"proto3\\\"; message A { string x = 1; }\"}"))
                                    .build(),
                            BodyHandlers.ofString())
                    .body();
            assertEquals("{\"id\":1}", registered, "the jar's registry parses a .proto schema");
            launcher.stop(); // SIGTERM to the launcher
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> !broker.isAlive());
        assertTrue(
                Files.exists(data.resolve("launched-0").resolve(".skiff-clean-shutdown")),
                "the broker closed its logs cleanly on the launcher's SIGTERM");

        // The data directory was released: a broker started in place (no archive) serves the record.
        try (ChildBroker again = ChildBroker.startJar(JAR, data, "-Dskiff.cds=false")) {
            assertEquals(0, again.handle().children().count(), "-Dskiff.cds=false runs the broker in the first JVM");
            assertEquals(List.of("before-stop"), consume(again.bootstrapServers(), 1));
        }
    }

    @Test
    void killingTheLauncherStopsTheBrokerAndFreesItsDataDirectory() throws Exception {
        Path data = tmp.resolve("data");
        ChildBroker launcher = ChildBroker.startJar(JAR, data);
        ProcessHandle broker = launcher.handle().children().findFirst().orElseThrow();
        produce(launcher.bootstrapServers(), "acknowledged");
        launcher.kill(); // SIGKILL: no shutdown hook in the launcher
        await().atMost(Duration.ofSeconds(30)).until(() -> !broker.isAlive());

        try (ChildBroker again = ChildBroker.startJar(JAR, data)) {
            assertEquals(List.of("acknowledged"), consume(again.bootstrapServers(), 1));
        }
    }

    private static void produce(String bootstrap, String value) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
            producer.send(new ProducerRecord<>("launched", 0, null, value)).get(30, TimeUnit.SECONDS);
        }
    }

    private static List<String> consume(String bootstrap, int count) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
            consumer.assign(List.of(new TopicPartition("launched", 0)));
            consumer.seekToBeginning(consumer.assignment());
            List<String> values = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                    values.add(record.value());
                }
                return values.size() >= count;
            });
            return values;
        }
    }
}
