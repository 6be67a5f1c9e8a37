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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Other official Java clients (kafka-clients 4.1.1, 3.9.1 and 2.8.2, older than the test's own 4.4.0; default
 * settings) against Skiff, each in a child JVM
 * whose classpath has only that version ({@link OtherJavaClientDriver}): produce (plain and zstd), read back with
 * assign, consume in a group and commit, and its admin client (create topic with a config, add partitions,
 * describe configs, list/describe the group and its offsets, delete the topic), and transactions
 * ({@link OtherJavaClientTransactionDriver}). Records written by the test's 4.4
 * client are read by the other one and vice versa. The jars are copied into target/old-kafka-clients by
 * maven-dependency-plugin (see the module's pom).
 */
@Skiff
class OtherJavaClientVersionsCompatTest {
    private static final int PARTITIONS = 3;
    private static final int FROM_NEW_CLIENT = 10;
    private static final int FROM_OLD_CLIENT = 20;

    private static SkiffServer skiff;

    @ParameterizedTest
    @ValueSource(strings = {"4.1.1", "3.9.1", "2.8.2"})
    void clientProducesConsumesAndCommitsInAGroup(String version) throws Exception {
        String topic = "old-java-" + version;
        skiff.createTopic(topic, PARTITIONS);
        List<String> expectedRead = new ArrayList<>();
        try (KafkaProducer<String, String> producer = newProducer()) {
            for (int i = 0; i < FROM_NEW_CLIENT; i++) {
                ProducerRecord<String, String> record = new ProducerRecord<>(topic, "new-" + i, "value-" + i);
                record.headers().add("client", "4.4.0".getBytes(StandardCharsets.UTF_8));
                RecordMetadata meta = producer.send(record).get();
                expectedRead.add(
                        meta.partition() + " " + meta.offset() + " new-" + i + " value-" + i + " client=4.4.0");
            }
        }

        int total = FROM_NEW_CLIENT + FROM_OLD_CLIENT;
        ExternalProcess.Result result = runDriver(version, topic, "old-java-group-" + version, total);
        assertEquals(
                List.of(version), result.linesStartingWith("version"), "the child JVM ran kafka-clients " + version);

        List<String> sent = result.linesStartingWith("sent");
        assertEquals(FROM_OLD_CLIENT, sent.size(), result.describe("sent"));
        for (String line : sent) {
            String[] parts = line.split(" ");
            int i = Integer.parseInt(parts[2].substring("old-".length()));
            expectedRead.add(parts[0] + " " + parts[1] + " old-" + i + " value-" + i + " client=" + version);
        }
        expectedRead.sort(null);

        assertEquals(expectedRead, sorted(result.linesStartingWith("read")), "what the " + version + " client read");
        List<String> expectedGroup = expectedRead.stream()
                .map(l -> String.join(" ", List.of(l.split(" ")).subList(0, 3)))
                .sorted()
                .toList();
        assertEquals(expectedGroup, sorted(result.linesStartingWith("group")), "what the group consumer read");

        Map<Integer, Long> ends = new TreeMap<>();
        for (String line : expectedRead) {
            String[] parts = line.split(" ");
            ends.merge(Integer.parseInt(parts[0]), Long.parseLong(parts[1]) + 1, Math::max);
        }
        List<String> expectedCommitted = new ArrayList<>();
        List<String> expectedAdmin = new ArrayList<>(List.of(
                "listed true", "config retention.ms=123456", "group-listed true", "group-state Empty members=0"));
        for (int p = 0; p < PARTITIONS; p++) {
            expectedCommitted.add(p + " " + ends.getOrDefault(p, 0L));
            expectedAdmin.add("group-offset " + p + " " + ends.getOrDefault(p, 0L));
        }
        expectedAdmin.add("listed-after-delete false");
        assertEquals(expectedCommitted, result.linesStartingWith("committed"), "offsets the group committed");
        assertEquals(expectedAdmin, result.linesStartingWith("admin"), "what the " + version + " admin client saw");

        assertEquals(expectedRead, readWithNewClient(topic, total), "what the 4.4.0 client reads");
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        copy.sort(null);
        return copy;
    }

    @ParameterizedTest
    @ValueSource(strings = {"4.1.1", "3.9.1", "2.8.2"})
    void transactionsCommitAbortSendOffsetsAndFenceAZombie(String version) throws Exception {
        String topic = "old-java-txn-" + version;
        skiff.createTopic(topic, 1);
        ExternalProcess.Result result = run(
                version,
                OtherJavaClientTransactionDriver.class,
                skiff.bootstrapServers(),
                topic,
                "old-java-txn-group-" + version,
                "old-java-txn-" + version);
        List<String> lines = result.lines().stream()
                .filter(l -> l.startsWith("read ") || l.startsWith("offset ") || l.startsWith("fenced "))
                .toList();
        // committed data only, in order; the offsets committed with the transaction; the zombie fenced
        assertEquals(List.of("read c0 c1 c2 c3 c4", "offset 5", "fenced true"), lines);
    }

    /**
     * A version 1 client (3.9.1, in its child JVM) and a version 2 client (this JVM's 4.4.0) run transactions on the
     * broker at the same time, each with its own protocol: the 4.4.0 producer's epoch is bumped by every
     * transaction, the 3.9.1 one's results are those of its run alone.
     */
    @Test
    void aVersion1ClientAndAVersion2ClientRunTransactionsAtTheSameTime() throws Exception {
        String oldTopic = "mixed-txn-3.9.1";
        String newTopic = "mixed-txn-4.4.0";
        skiff.createTopic(oldTopic, 1);
        skiff.createTopic(newTopic, 1);
        CompletableFuture<ExternalProcess.Result> old = CompletableFuture.supplyAsync(() -> {
            try {
                return run(
                        "3.9.1",
                        OtherJavaClientTransactionDriver.class,
                        skiff.bootstrapServers(),
                        oldTopic,
                        "mixed-txn-group",
                        "mixed-txn-3.9.1");
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        });
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "mixed-txn-4.4.0");
        List<String> committed = new ArrayList<>();
        int transactions = 0;
        short firstEpoch;
        short lastEpoch;
        try (KafkaProducer<String, String> p =
                        new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
                Admin admin =
                        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()))) {
            p.initTransactions();
            firstEpoch = (short) admin.describeTransactions(List.of("mixed-txn-4.4.0"))
                    .description("mixed-txn-4.4.0")
                    .get()
                    .producerEpoch();
            // transactions until the child is done, and at least a few
            while (!old.isDone() || transactions < 4) {
                p.beginTransaction();
                String value = "n" + transactions;
                p.send(new ProducerRecord<>(newTopic, value)).get();
                if (transactions % 3 == 2) {
                    p.abortTransaction();
                } else {
                    p.commitTransaction();
                    committed.add(value);
                }
                transactions++;
            }
            lastEpoch = (short) admin.describeTransactions(List.of("mixed-txn-4.4.0"))
                    .description("mixed-txn-4.4.0")
                    .get()
                    .producerEpoch();
        }
        List<String> lines = old.get().lines().stream()
                .filter(l -> l.startsWith("read ") || l.startsWith("offset ") || l.startsWith("fenced "))
                .toList();
        assertEquals(List.of("read c0 c1 c2 c3 c4", "offset 5", "fenced true"), lines);
        assertEquals(firstEpoch + transactions, lastEpoch, "the 4.4.0 client used transaction protocol version 2");
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(newTopic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            List<String> read = new ArrayList<>();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> read.add(r.value()));
                return read.size() >= committed.size();
            });
            assertEquals(committed, read);
        }
    }

    private static ExternalProcess.Result runDriver(String version, String topic, String group, int total)
            throws URISyntaxException {
        return run(
                version,
                OtherJavaClientDriver.class,
                skiff.bootstrapServers(),
                topic,
                String.valueOf(PARTITIONS),
                group,
                String.valueOf(FROM_OLD_CLIENT),
                String.valueOf(total));
    }

    /** Runs {@code driver}'s main in a child JVM with only kafka-clients {@code version} (and its dependencies). */
    private static ExternalProcess.Result run(String version, Class<?> driver, String... args)
            throws URISyntaxException {
        Path jars = Path.of(System.getProperty("skiff.oldKafkaClients", "target/old-kafka-clients"))
                .resolve(version);
        // The driver's own class comes from the test classes; kafka-clients 4.4 is NOT on this classpath.
        String classpath =
                DriverClasspath.of(driver, jars, "kafka-clients-" + version + ".jar", "kafka-clients " + version);
        return ExternalProcess.java(classpath, driver.getName(), args).run().assertSuccess();
    }

    private static KafkaProducer<String, String> newProducer() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    private static List<String> readWithNewClient(String topic, int total) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                partitions.add(new TopicPartition(topic, p));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= total;
            });
            assertTrue(records.size() == total, "read " + records.size() + " records, expected " + total);
            return records.stream()
                    .map(r -> r.partition() + " " + r.offset() + " " + r.key() + " " + r.value() + " "
                            + new String(r.headers().lastHeader("client").value(), StandardCharsets.UTF_8))
                    .map(l -> l.replaceFirst(" (\\S+)$", " client=$1"))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }
}
