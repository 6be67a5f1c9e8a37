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

import io.skiff.compat.RealKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;

/**
 * What the streams tool tests (kafka-streams-groups, kafka-streams-application-reset) share: the same session run on
 * the shared real Kafka 4.4 and on Skiff and compared line by line, and the Kafka Streams word count
 * ({@link StreamsApp}, group.protocol=streams, at_least_once) each session starts on topics {@code APP-in} and
 * {@code APP-out} of two partitions, with three lines counted before the tool runs.
 *
 * <p>Stateless.
 */
final class WordCountToolSession {
    private static final List<String> LINES = List.of("one two", "two three three", "four");

    private WordCountToolSession() {}

    /** One broker's session: the tool's normalized output and what else the test records. */
    @FunctionalInterface
    interface Session {
        List<String> run(String bootstrap, String name) throws Exception;
    }

    /**
     * Runs {@code session} on the real Kafka, then on Skiff; writes both transcripts under target/streams-apps and
     * asserts that they are the same.
     */
    static void assertSameAsOnKafka(String app, String skiffBootstrap, Session session) throws Exception {
        List<String> kafka = session.run(RealKafka.shared().bootstrapServers(), "kafka");
        List<String> ours = session.run(skiffBootstrap, "skiff");
        Files.write(StreamsGroupCompatTest.logFile(app + "-tool-kafka"), kafka);
        Files.write(StreamsGroupCompatTest.logFile(app + "-tool-skiff"), ours);
        assertEquals(String.join("\n", kafka), String.join("\n", ours));
    }

    static String input(String app) {
        return app + "-in";
    }

    static String output(String app) {
        return app + "-out";
    }

    /**
     * Creates the application's input and output topics and sets its group's streams.initial.rebalance.delay.ms to 0
     * (Kafka assigns after an initial delay of 3 s otherwise; Skiff assigns at once).
     */
    static void createTopicsAndGroupConfig(Admin admin, String app) throws Exception {
        admin.createTopics(List.of(new NewTopic(input(app), 2, (short) 1), new NewTopic(output(app), 2, (short) 1)))
                .all()
                .get();
        admin.incrementalAlterConfigs(Map.of(
                        new ConfigResource(ConfigResource.Type.GROUP, app),
                        List.of(new AlterConfigOp(
                                new ConfigEntry("streams.initial.rebalance.delay.ms", "0"), AlterConfigOp.OpType.SET))))
                .all()
                .get();
    }

    /**
     * Sends the three lines, starts the word count with its state in {@code stateDir} and its log under
     * target/streams-apps, and returns it once it runs and has counted them.
     */
    static StreamsApp startCounting(String bootstrap, String app, Path stateDir, String name) throws Exception {
        Map<String, Long> expected = new HashMap<>();
        send(bootstrap, input(app), LINES, expected);
        StreamsApp started = StreamsApp.start(
                bootstrap,
                app,
                input(app),
                output(app),
                stateDir,
                "at_least_once",
                0,
                StreamsGroupCompatTest.logFile(app + "-" + name));
        try {
            started.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
            awaitCounts(bootstrap, output(app), expected);
            return started;
        } catch (Exception | Error e) {
            try {
                started.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** Sends the lines to {@code input}, line i to partition i % 2, and adds their words to {@code expected}. */
    static void send(String bootstrap, String input, List<String> lines, Map<String, Long> expected) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                // partition by line, so that both brokers hold the same offsets
                producer.send(new ProducerRecord<>(input, i % 2, line, line)).get();
                for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
                    expected.merge(word, 1L, Long::sum);
                }
            }
        }
    }

    /** Waits until the two partitions of {@code output} hold the {@code expected} counts. */
    static void awaitCounts(String bootstrap, String output, Map<String, Long> expected) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        Map<String, Long> counts = new HashMap<>();
        try (KafkaConsumer<String, Long> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer())) {
            List<TopicPartition> partitions = List.of(new TopicPartition(output, 0), new TopicPartition(output, 1));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Awaitility.await("word counts " + expected)
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> {
                        consumer.poll(Duration.ofMillis(200)).forEach(r -> counts.put(r.key(), r.value()));
                        return counts.equals(expected);
                    });
        }
    }
}
