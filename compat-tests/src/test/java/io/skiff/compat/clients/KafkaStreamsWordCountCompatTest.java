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
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka Streams 4.1 (at_least_once, the default) runs the classic stateful word count against Skiff: a
 * repartition topic (groupBy), a changelog topic (count store), a consumer group with the Streams assignor, and
 * admin calls to create the internal topics. The counts it writes must be exactly right.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class KafkaStreamsWordCountCompatTest {
    private static final String APP = "skiff-wordcount";
    private static final String INPUT = "wc-input";
    private static final String OUTPUT = "wc-output";
    private static final int SESSION_TIMEOUT_MS = 10_000;

    @TempDir
    Path stateDir;

    private SkiffServer skiff;
    private final LocalStreams apps = new LocalStreams();

    @BeforeEach
    void start() {
        skiff.createTopic(INPUT, 2);
        skiff.createTopic(OUTPUT, 2);
    }

    @AfterEach
    void stop() {
        apps.close();
    }

    @Test
    void wordCountTopologyProducesTheRightCounts() throws Exception {
        List<String> lines =
                List.of("the quick brown fox", "jumps over the lazy dog", "The dog barks", "a fox is quick", "THE END");
        Map<String, Long> expected = new HashMap<>();
        for (String line : lines) {
            for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
                expected.merge(word, 1L, Long::sum);
            }
        }

        startStreams(stateDir);

        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < lines.size(); i++) {
                producer.send(new ProducerRecord<>(INPUT, "line-" + i, lines.get(i)))
                        .get();
            }
        }

        Map<String, Long> counts = new HashMap<>();
        try (KafkaConsumer<String, Long> consumer = outputConsumer()) {
            consumer.subscribe(List.of(OUTPUT));
            Awaitility.await("word counts").atMost(Duration.ofSeconds(90)).until(() -> {
                // the latest count per word wins, as in a table
                consumer.poll(Duration.ofMillis(200)).forEach(r -> counts.put(r.key(), r.value()));
                return counts.equals(expected) || apps.failed();
            });
        }
        apps.assertNoErrors();
        assertEquals(expected, counts);

        try (Admin admin = admin()) {
            Set<String> topics = admin.listTopics().names().get();
            Set<String> internal =
                    topics.stream().filter(t -> t.startsWith(APP + "-")).collect(Collectors.toSet());
            assertEquals(
                    Set.of(APP + "-counts-repartition", APP + "-counts-changelog"),
                    internal,
                    "Streams created its repartition and changelog topics");
        }
    }

    @Test
    void aRestartedAppRestoresItsCountsFromTheChangelogAndContinues(@TempDir Path secondStateDir) throws Exception {
        Map<String, Long> expected = new HashMap<>();
        KafkaStreams first = startStreams(stateDir);
        send(List.of("alpha beta", "beta gamma gamma"), expected);
        awaitCounts(expected);
        first.close(Duration.ofSeconds(30));
        // Streams does not leave the group on close: the old member stays until its session timeout passes on the
        // broker's clock, which the test moves on rather than waiting for it.
        skiff.clock().advance(Duration.ofMillis(SESSION_TIMEOUT_MS + 1));

        // A fresh state directory: the count store can only come back by reading the changelog topic from Skiff,
        // and the input resumes from the offsets the app committed (nothing counted twice).
        startStreams(secondStateDir);
        send(List.of("gamma delta", "alpha"), expected);
        awaitCounts(expected);
        assertEquals(Map.of("alpha", 2L, "beta", 2L, "gamma", 3L, "delta", 1L), expected);
    }

    @Test
    void twoInstancesShareTheTasksAndCountTogether(@TempDir Path secondStateDir) throws Exception {
        KafkaStreams first = startStreams(stateDir);
        KafkaStreams second = startStreams(secondStateDir);
        // The Streams assignor spreads the tasks (2 input partitions, 2 repartition partitions) over both instances.
        Awaitility.await("both instances hold active tasks")
                .atMost(Duration.ofSeconds(90))
                .until(() -> apps.failed()
                        || (activeTasks(first) > 0
                                && activeTasks(second) > 0
                                && first.state() == KafkaStreams.State.RUNNING
                                && second.state() == KafkaStreams.State.RUNNING));
        apps.assertNoErrors();
        Map<String, Long> expected = new HashMap<>();
        send(List.of("one two", "two three three", "three four four four", "one"), expected);
        awaitCounts(expected);
    }

    private static int activeTasks(KafkaStreams app) {
        return app.metadataForLocalThreads().stream()
                .mapToInt(t -> t.activeTasks().size())
                .sum();
    }

    private KafkaStreams startStreams(Path dir) {
        Properties props = LocalStreams.config(APP, skiff.bootstrapServers(), dir);
        // Everything else default (at_least_once), except: commit more often than every 30 s so counts flush quickly.
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 200);
        // Streams does not leave the group on close: a restarted app waits for the old member's session to expire
        // (45 s by default, with Kafka as with Skiff). 10 s keeps a missed clock advance from hanging the test.
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), SESSION_TIMEOUT_MS);
        return apps.start(new KafkaStreams(LocalStreams.wordCount(INPUT, OUTPUT), props), Duration.ofSeconds(60));
    }

    private void send(List<String> lines, Map<String, Long> expected) throws Exception {
        try (KafkaProducer<String, String> producer = producer()) {
            for (String line : lines) {
                producer.send(new ProducerRecord<>(INPUT, line, line)).get();
                for (String word : line.split(" ")) {
                    expected.merge(word, 1L, Long::sum);
                }
            }
        }
    }

    /** Reads the whole output topic (latest count per word wins) until it shows {@code expected}. */
    private void awaitCounts(Map<String, Long> expected) {
        Map<String, Long> counts = new HashMap<>();
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        try (KafkaConsumer<String, Long> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer())) {
            List<org.apache.kafka.common.TopicPartition> partitions = List.of(
                    new org.apache.kafka.common.TopicPartition(OUTPUT, 0),
                    new org.apache.kafka.common.TopicPartition(OUTPUT, 1));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Awaitility.await("word counts").atMost(Duration.ofSeconds(90)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> counts.put(r.key(), r.value()));
                return counts.equals(expected) || apps.failed();
            });
        }
        apps.assertNoErrors();
        assertEquals(expected, counts);
    }

    private KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    private KafkaConsumer<String, Long> outputConsumer() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "wc-reader");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer());
    }

    private Admin admin() {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        return Admin.create(props);
    }
}
