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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka Streams with {@code processing.guarantee=exactly_once_v2}: a stateful word count (repartition and changelog
 * topics) whose output, read with read_committed, holds every word's counts exactly once and in order (1, 2, 3, …:
 * nothing counted twice, nothing lost), across a broker restart mid-stream and an application instance replaced by
 * a new one with an empty state directory.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class KafkaStreamsExactlyOnceCompatTest {
    private static final String APP = "skiff-eos-wordcount";
    private static final String INPUT = "eos-input";
    private static final String OUTPUT = "eos-output";

    @TempDir
    Path stateDir;

    /** Filled by the extension, and again with the new server after the restart. */
    private SkiffServer skiff;

    private SkiffBroker broker;
    private final LocalStreams apps = new LocalStreams();
    private final Map<String, Long> expected = new HashMap<>();

    @AfterEach
    void stop() {
        apps.close(); // before the extension stops the broker
    }

    @Test
    void countsAreExactAcrossABrokerRestartAndAReplacedInstance(@TempDir Path secondStateDir) throws Exception {
        skiff.createTopic(INPUT, 2);
        skiff.createTopic(OUTPUT, 2);

        KafkaStreams first = startStreams(stateDir);
        send(List.of("the quick brown fox", "jumps over the lazy dog"));
        awaitCounts();

        // Broker restart mid-stream: same port and data directory; the application reconnects by itself.
        broker.restart();
        send(List.of("the dog barks", "a fox is quick"));
        awaitCounts();

        // The instance goes away and a new one with an empty state directory takes over its tasks: the counts come
        // back from the changelog, and the input resumes at the offsets committed in its transactions.
        first.close(Duration.ZERO);
        startStreams(secondStateDir);
        send(List.of("the end", "fox fox"));
        Map<String, List<Long>> history = awaitCounts();

        for (Map.Entry<String, List<Long>> e : history.entrySet()) {
            List<Long> oneToN = new ArrayList<>();
            for (long i = 1; i <= expected.get(e.getKey()); i++) {
                oneToN.add(i);
            }
            assertEquals(oneToN, e.getValue(), "every count of '" + e.getKey() + "' exactly once, in order");
        }
    }

    private KafkaStreams startStreams(Path dir) {
        Properties props = LocalStreams.config(APP, skiff.bootstrapServers(), dir);
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        // No record cache, so every update of a count is written (the sequence 1, 2, 3, … is then checkable).
        props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
        // A replaced instance does not leave the group: its session must expire (45 s by default) first.
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 10_000);
        return apps.start(new KafkaStreams(LocalStreams.wordCount(INPUT, OUTPUT), props), Duration.ofSeconds(60));
    }

    private void send(List<String> lines) throws Exception {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (String line : lines) {
                producer.send(new ProducerRecord<>(INPUT, line, line)).get();
                for (String word : line.split(" ")) {
                    expected.merge(word, 1L, Long::sum);
                }
            }
        }
    }

    /** Reads the output from the start with read_committed until the latest counts are the expected ones. */
    private Map<String, List<Long>> awaitCounts() {
        Map<String, List<Long>> history = new HashMap<>();
        Map<String, Long> latest = new HashMap<>();
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, Long> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer())) {
            List<TopicPartition> partitions = List.of(new TopicPartition(OUTPUT, 0), new TopicPartition(OUTPUT, 1));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Awaitility.await("word counts").atMost(Duration.ofSeconds(120)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    latest.put(r.key(), r.value());
                    history.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r.value());
                });
                return latest.equals(expected) || apps.failed();
            });
        }
        apps.assertNoErrors();
        assertEquals(expected, latest);
        return history;
    }
}
