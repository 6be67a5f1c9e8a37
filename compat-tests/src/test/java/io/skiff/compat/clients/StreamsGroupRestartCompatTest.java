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
package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.StreamsGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Kafka Streams 4.4.0 word count (exactly_once_v2, {@code group.protocol=streams}) keeps running across a restart
 * of the broker on the same port and data directory: the streams group comes back from {@code __consumer_offsets}
 * with its member and tasks, and the counts stay exact.
 */
class StreamsGroupRestartCompatTest {
    private static final String APP = "sg-restart";

    @TempDir
    Path dir;

    private SkiffServer skiff;

    @AfterEach
    void stop() {
        if (skiff != null) {
            skiff.close();
        }
    }

    @Test
    void theApplicationKeepsCountingExactlyAcrossABrokerRestart() throws Exception {
        skiff = SkiffServer.builder().port(0).dataDir(dir.resolve("data")).start();
        int port = Integer.parseInt(
                skiff.bootstrapServers().substring(skiff.bootstrapServers().lastIndexOf(':') + 1));
        skiff.createTopic(APP + "-in", 2);
        skiff.createTopic(APP + "-out", 2);
        Map<String, Long> expected = new HashMap<>();
        try (StreamsApp app = StreamsApp.start(
                skiff.bootstrapServers(),
                APP,
                APP + "-in",
                APP + "-out",
                dir.resolve("state"),
                "exactly_once_v2",
                0,
                StreamsGroupCompatTest.logFile(APP))) {
            app.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
            send(List.of("red green", "green blue blue"), expected);
            awaitCounts(expected);
            String member = describe().members().iterator().next().memberId();

            skiff.close();
            skiff = SkiffServer.builder()
                    .port(port)
                    .dataDir(dir.resolve("data"))
                    .start();
            StreamsGroupDescription after = describe();
            assertEquals(1, after.members().size(), after::toString);
            assertEquals(member, after.members().iterator().next().memberId(), "the member came back from the log");

            send(List.of("red violet"), expected);
            awaitCounts(expected);
            assertFalse(app.failed(), () -> "Kafka Streams failed: " + app.lines());
        }
    }

    private StreamsGroupDescription describe() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()))) {
            return admin.describeStreamsGroups(List.of(APP)).all().get().get(APP);
        }
    }

    private void send(List<String> lines, Map<String, Long> expected) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", skiff.bootstrapServers());
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (String line : lines) {
                producer.send(new ProducerRecord<>(APP + "-in", line, line)).get();
                for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
                    expected.merge(word, 1L, Long::sum);
                }
            }
        }
    }

    private void awaitCounts(Map<String, Long> expected) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        Map<String, Long> counts = new HashMap<>();
        try (KafkaConsumer<String, Long> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer())) {
            List<TopicPartition> partitions =
                    List.of(new TopicPartition(APP + "-out", 0), new TopicPartition(APP + "-out", 1));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Awaitility.await("word counts " + expected)
                    .atMost(Duration.ofSeconds(90))
                    .until(() -> {
                        consumer.poll(Duration.ofMillis(200)).forEach(r -> counts.put(r.key(), r.value()));
                        return counts.equals(expected);
                    });
        }
        assertEquals(expected, counts);
    }
}
