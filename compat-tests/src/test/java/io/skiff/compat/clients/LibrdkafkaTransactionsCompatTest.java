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
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.RealKafka;
import io.skiff.testkit.Skiff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * librdkafka's transactional producer (confluent-kafka-python, the client's default settings) against Skiff and,
 * with the same script in the same run, against a real Kafka 4.1.1: commit, abort, commit again, then
 * consume-transform-produce with the group's offsets sent to the transaction. librdkafka's own read_committed
 * consumer and the Java client's see the committed records only, in order; read_uncommitted sees the aborted ones
 * too; the group's offset is committed with the transaction. Needs {@code python3} with {@code confluent_kafka}
 * (Debian: {@code apt-get install python3-confluent-kafka}, which .ci/run does); fails, never skips.
 */
@Skiff
class LibrdkafkaTransactionsCompatTest {
    private static final Path SCRIPT = Path.of("src/test/python/librdkafka_transactions.py");
    private static final List<String> COMMITTED = List.of("c1", "c2", "c3", "c4", "X", "Y");

    private static SkiffServer skiff;

    @ParameterizedTest
    @ValueSource(strings = {"skiff", "kafka"})
    void commitAbortAndSendOffsetsReadCommittedAsKafka(String broker) throws Exception {
        String bootstrap = broker.equals("skiff")
                ? skiff.bootstrapServers()
                : RealKafka.shared().bootstrapServers();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String out = "py-out-" + suffix;
        String in = "py-in-" + suffix;
        String group = "py-group-" + suffix;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(out, 1, (short) 1), new NewTopic(in, 1, (short) 1)))
                    .all()
                    .get();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                    Map.of("bootstrap.servers", bootstrap), new StringSerializer(), new StringSerializer())) {
                producer.send(new ProducerRecord<>(in, "k", "x")).get();
                producer.send(new ProducerRecord<>(in, "k", "y")).get();
            }

            String stdout = ExternalProcess.of(python(), SCRIPT.toString(), bootstrap, out, in, group)
                    .timeout(Duration.ofSeconds(120))
                    .run()
                    .assertSuccess()
                    .stdout();
            assertEquals(COMMITTED, List.of(stdout.strip().split("\n")), "librdkafka read_committed on " + broker);

            assertEquals(COMMITTED, read(bootstrap, out, "read_committed"), "Java read_committed on " + broker);
            List<String> all = read(bootstrap, out, "read_uncommitted");
            assertEquals(List.of("c1", "c2", "c3", "a1", "a2", "c4", "X", "Y"), all, "read_uncommitted on " + broker);
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            assertEquals(2, offsets.get(new TopicPartition(in, 0)).offset(), "offset committed in the transaction");
        }
    }

    /** The values of the partition's records, read to its end (read_committed: its last stable offset). */
    private static List<String> read(String bootstrap, String topic, String isolation) {
        Map<String, Object> config = Map.of("bootstrap.servers", bootstrap, "isolation.level", isolation);
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            List<String> values = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (consumer.position(tp) < end) {
                if (System.nanoTime() > deadline) {
                    fail("did not reach offset " + end + " of " + topic + "; read " + values);
                }
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
            return values;
        }
    }

    /** A python3 that has confluent_kafka: the one on the PATH, else Debian's (a pyenv shim may shadow it). */
    private static String python() {
        List<String> candidates = new ArrayList<>();
        ExternalProcess.find("python3").map(Path::toString).ifPresent(candidates::add);
        Optional.of(Path.of("/usr/bin/python3"))
                .filter(Files::isExecutable)
                .map(Path::toString)
                .ifPresent(candidates::add);
        for (String candidate : candidates) {
            if (ExternalProcess.of(candidate, "-c", "import confluent_kafka")
                            .run()
                            .exitCode()
                    == 0) {
                return candidate;
            }
        }
        return fail("no python3 with confluent_kafka among " + candidates
                + ": install it with apt-get install python3-confluent-kafka (.ci/run does)");
    }
}
