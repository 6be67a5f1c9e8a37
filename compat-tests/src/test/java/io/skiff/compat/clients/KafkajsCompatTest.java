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
import io.skiff.record.CompressionType;
import io.skiff.testkit.Skiff;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * kafkajs 2.2.4 with its default settings against Skiff: admin topic lifecycle and offsets, producer (plain and
 * gzip), transactions (commit, abort, sendOffsets, read_committed), consumer group reading back everything, committed offsets, setOffsets and deleteGroups. What kafkajs
 * writes is read back with the Java client and vice versa; every line kafkajs prints is compared exactly.
 *
 * <p>Needs node and the pinned kafkajs ({@link Kafkajs}); fails, never skips, without them.
 */
@Skiff
class KafkajsCompatTest {
    private static SkiffServer skiff;
    private static String node;

    @BeforeAll
    static void start() {
        Kafkajs.ensureInstalled();
        node = String.valueOf(skiff.nodeId());
    }

    private static ExternalProcess.Result kafkajs(String command, String... args) {
        return Kafkajs.run(skiff.bootstrapServers(), command, args);
    }

    @Test
    void transactionsCommitAbortAndSendOffsets() {
        skiff.createTopic("js-txn", 1);
        // read_committed (kafkajs's default) sees the committed records only, in order; sendOffsets committed 3
        assertEquals(
                List.of("transactions done", "read c0 c1 c2", "offset 3"),
                kafkajs("transactions", "js-txn", "js-txn-group").lines());
        // the aborted record is in the log all the same (read_uncommitted sees it)
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(
                Map.of("bootstrap.servers", skiff.bootstrapServers()),
                new StringDeserializer(),
                new StringDeserializer())) {
            TopicPartition tp = new TopicPartition("js-txn", 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            List<String> all = new ArrayList<>();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                c.poll(Duration.ofMillis(100)).forEach(r -> all.add(r.value()));
                return all.size() >= 4;
            });
            assertEquals(List.of("c0", "c1", "a0", "c2"), all);
        }
    }

    @Test
    void adminCreatesDescribesAndDeletesTopics() throws Exception {
        assertEquals(
                List.of("created true", "created-again false"),
                kafkajs("admin-create", "js-admin", "3", "retention.ms=3600000").lines());
        try (Admin admin = admin()) {
            TopicDescription description = admin.describeTopics(List.of("js-admin"))
                    .allTopicNames()
                    .get()
                    .get("js-admin");
            assertEquals(3, description.partitions().size());
        }

        List<String> expected = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            expected.add("partition js-admin " + p + " error=0 leader=" + node + " replicas=" + node + " isr=" + node);
        }
        expected.add("listed true");
        expected.add("brokers 1 controller-is-broker true");
        assertEquals(expected, kafkajs("admin-metadata", "js-admin").lines());

        assertEquals(
                List.of("listed false"), kafkajs("admin-delete", "js-admin").lines());
        try (Admin admin = admin()) {
            assertTrue(!admin.listTopics().names().get().contains("js-admin"));
        }
    }

    @Test
    void producedPlainAndGzipRecordsAreReadByTheJavaClient() {
        String topic = "js-produce";
        skiff.createTopic(topic, 3);
        List<String> sent =
                new ArrayList<>(kafkajs("produce", topic, "25", "none").linesStartingWith("sent"));
        sent.addAll(kafkajs("produce", topic, "25", "gzip").linesStartingWith("sent"));
        assertTrue(!sent.isEmpty() && sent.stream().allMatch(s -> s.contains(" error=0 ")), sent.toString());

        List<ConsumerRecord<String, String>> records = readAll(topic, 50);
        List<String> got = records.stream()
                .map(r -> r.key() + " " + r.value() + " " + NodeClients.headers(r))
                .sorted()
                .toList();
        List<String> expected = new ArrayList<>();
        for (String codec : List.of("none", "gzip")) {
            for (int i = 0; i < 25; i++) {
                expected.add("key-" + i + " value-" + i + "-" + codec + " seq=" + i + ",via=kafkajs");
            }
        }
        expected.sort(Comparator.naturalOrder());
        assertEquals(expected, got);

        List<CompressionType> stored = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            stored.addAll(StoredBatches.compressionTypes(skiff.dataDir(), topic, p));
        }
        assertTrue(
                stored.contains(CompressionType.GZIP) && stored.contains(CompressionType.NONE),
                "kafkajs sent both plain and gzip batches, stored: " + stored);

        // fetchTopicOffsets and fetchTopicOffsetsByTimestamp(0) agree with what the Java client read.
        Map<Integer, Long> counts = records.stream()
                .collect(Collectors.groupingBy(ConsumerRecord::partition, TreeMap::new, Collectors.counting()));
        List<String> expectedOffsets = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            expectedOffsets.add("offsets " + p + " low=0 high=" + counts.getOrDefault(p, 0L));
        }
        for (int p = 0; p < 3; p++) {
            // the first record at or after time 0 is the first one; an empty partition answers its end, also 0
            expectedOffsets.add("by-time " + p + " 0");
        }
        assertEquals(expectedOffsets, kafkajs("admin-offsets", topic).lines());
    }

    @Test
    void consumerGroupReadsEverythingCommitsAndCanBeResetAndDeleted() throws Exception {
        String topic = "js-group";
        skiff.createTopic(topic, 3);
        List<String> expected = new ArrayList<>();
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < 30; i++) {
                ProducerRecord<String, String> record = new ProducerRecord<>(topic, "key-" + i, "value-" + i);
                record.headers().add("seq", String.valueOf(i).getBytes(StandardCharsets.UTF_8));
                RecordMetadata meta = producer.send(record).get();
                expected.add(meta.partition() + " " + meta.offset() + " key-" + i + " value-" + i + " seq=" + i);
            }
        }
        expected.sort(Comparator.comparing((String s) -> Integer.parseInt(s.split(" ")[0]))
                .thenComparing(s -> Long.parseLong(s.split(" ")[1])));
        assertEquals(expected, kafkajs("consume", topic, "js-group-1", "30").linesStartingWith("record"));

        Map<Integer, Long> ends = new TreeMap<>();
        for (String line : expected) {
            String[] parts = line.split(" ");
            ends.merge(Integer.parseInt(parts[0]), Long.parseLong(parts[1]) + 1, Math::max);
        }
        List<String> committed = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            committed.add("committed " + topic + " " + p + " " + ends.getOrDefault(p, -1L));
        }
        List<String> described =
                List.of("group js-group-1 state=Empty protocolType=consumer members=0", "listed-group true");
        assertEquals(
                concat(committed, described),
                kafkajs("group-offsets", "js-group-1", topic).lines());

        assertEquals(
                List.of("set true"),
                kafkajs("set-offsets", "js-group-1", topic, "0", "1").lines());
        committed.set(0, "committed " + topic + " 0 1");
        assertEquals(
                concat(committed, described),
                kafkajs("group-offsets", "js-group-1", topic).lines());

        assertEquals(
                List.of("deleted js-group-1 error=0", "listed-group false"),
                kafkajs("delete-group", "js-group-1").lines());
        try (Admin admin = admin()) {
            assertTrue(
                    admin.listConsumerGroupOffsets("js-group-1")
                            .partitionsToOffsetAndMetadata()
                            .get()
                            .isEmpty(),
                    "a deleted group has no committed offsets");
        }
    }

    @Test
    void idempotentProducerFeedsTwoMembersThatShareTheGroup() {
        String topic = "js-two";
        skiff.createTopic(topic, 3);
        ExternalProcess.Result result = kafkajs("group-two", topic, "3", "js-two-group", "12");
        List<String> sent = result.linesStartingWith("sent");
        assertEquals(12, sent.size(), result.describe("sent"));
        List<String> expected = new ArrayList<>();
        Map<Integer, Long> nextOffset = new TreeMap<>();
        for (int i = 0; i < sent.size(); i++) {
            // "<topic> <partition> error=0 base=<offset>": one record per send, offsets dense per partition
            String[] parts = sent.get(i).split(" ");
            int partition = Integer.parseInt(parts[1]);
            long offset = Long.parseLong(parts[3].substring("base=".length()));
            assertEquals("error=0", parts[2]);
            assertEquals(nextOffset.getOrDefault(partition, 0L), offset, "offset of send " + i);
            nextOffset.put(partition, offset + 1);
            expected.add(partition + " " + offset + " idem-" + i);
        }
        expected.sort(Comparator.comparing((String s) -> Integer.parseInt(s.split(" ")[0]))
                .thenComparing(s -> Long.parseLong(s.split(" ")[1])));
        assertEquals(expected, result.linesStartingWith("record"));
        assertEquals(List.of("1,2"), result.linesStartingWith("members"), "3 partitions shared by 2 members");
    }

    @Test
    void adminDescribesConfigsAddsPartitionsAndDeletesRecords() {
        String topic = "js-admin-more";
        assertEquals(
                List.of("created true", "created-again false"),
                kafkajs("admin-create", topic, "2", "retention.ms=100000").lines());
        assertEquals(
                List.of(
                        "config " + topic + " cleanup.policy=delete default=true",
                        "config " + topic + " retention.ms=100000 default=false"),
                kafkajs("admin-configs", topic).lines());
        assertEquals(
                List.of("partitions 3"), kafkajs("admin-partitions", topic, "3").lines());

        List<String> sent = kafkajs("produce", topic, "30", "none").linesStartingWith("sent");
        assertTrue(!sent.isEmpty(), "kafkajs produced");
        long[] ends = new long[3];
        for (ConsumerRecord<String, String> record : readAll(topic, 30)) {
            ends[record.partition()] = Math.max(ends[record.partition()], record.offset() + 1);
        }
        assertTrue(ends[0] >= 2, "partition 0 holds at least 2 records: " + Arrays.toString(ends));
        assertEquals(
                List.of(
                        "offsets 0 low=2 high=" + ends[0],
                        "offsets 1 low=0 high=" + ends[1],
                        "offsets 2 low=0 high=" + ends[2]),
                kafkajs("admin-delete-records", topic, "0", "2").lines());
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static Admin admin() {
        return Admin.create(
                Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()));
    }

    private static KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    private static List<ConsumerRecord<String, String>> readAll(String topic, int expected) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = IntStream.range(0, 3)
                    .mapToObj(p -> new TopicPartition(topic, p))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= expected;
            });
            assertEquals(expected, records.size(), "records read");
            return records;
        }
    }
}
