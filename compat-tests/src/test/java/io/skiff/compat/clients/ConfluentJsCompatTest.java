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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Confluent's JavaScript client 1.10.1 (librdkafka 2.15.1: what confluent-kafka-python, -go, -dotnet and -js run
 * today) with its default settings against one Skiff: a round trip with headers, the idempotent producer, classic and
 * KIP-848 ({@code group.protocol=consumer}) groups of two consumers that split a topic and hand partitions over when
 * one leaves, transactions read back with read_committed, admin calls. What it writes is checked with the Java client;
 * every line the script prints is compared exactly (the expected lines are what it prints against Kafka 4.4.0).
 *
 * <p>Needs node and the pinned client built from source ({@link NodeClients}); fails, never skips, without them.
 */
@Skiff
class ConfluentJsCompatTest {
    private static SkiffServer skiff;

    @BeforeAll
    static void start() {
        ConfluentJs.ensureInstalled();
    }

    private static ExternalProcess.Result client(String command, String... args) {
        return ConfluentJs.run(skiff.bootstrapServers(), command, args);
    }

    @Test
    void theClientIsLibrdkafka2_15() {
        assertEquals(List.of("librdkafka 2.15.1"), client("version").lines());
    }

    @Test
    void recordsWithHeadersMakeTheRoundTrip() {
        String topic = "cjs-round-trip";
        skiff.createTopic(topic, 3);
        List<String> expected = new ArrayList<>();
        List<String> sent = lines(client("produce", topic, "10"), "sent");
        assertEquals(10, sent.size(), sent.toString());
        for (int i = 0; i < sent.size(); i++) {
            // "sent <topic> <partition> error=0 base=<offset>"
            String[] parts = sent.get(i).split(" ");
            assertEquals("error=0", parts[3], sent.get(i));
            expected.add("record " + parts[2] + " " + parts[4].substring("base=".length()) + " key-" + i + " value-" + i
                    + " seq=" + i + ",via=confluent by=c1");
        }
        expected.sort(Comparator.naturalOrder());

        // the Java client reads what it wrote, headers included
        List<String> javaRead = readAll(topic, 3, 10).stream()
                .map(r -> "record " + r.partition() + " " + r.offset() + " " + r.key() + " " + r.value() + " "
                        + NodeClients.headers(r) + " by=c1")
                .sorted()
                .toList();
        assertEquals(expected, javaRead);

        // and so does a classic consumer group of the client itself, which commits where it stopped
        ExternalProcess.Result consumed = client("consume", topic, "cjs-round-trip-group", "classic", "10");
        assertEquals(expected, lines(consumed, "record").stream().sorted().toList());
        assertEquals(List.of("assigned 0,1,2"), lines(consumed, "assigned"));
    }

    @Test
    void theIdempotentProducerWritesEachRecordOnce() throws Exception {
        String topic = "cjs-idempotent";
        skiff.createTopic(topic, 3);
        List<String> sent = lines(client("idempotent", topic, "30"), "sent");
        assertEquals(30, sent.size(), sent.toString());
        Map<Integer, Set<Long>> offsets = new TreeMap<>();
        for (String line : sent) {
            String[] parts = line.split(" ");
            assertEquals("error=0", parts[3], line);
            assertTrue(
                    offsets.computeIfAbsent(Integer.parseInt(parts[2]), p -> new HashSet<>())
                            .add(Long.parseLong(parts[4].substring("base=".length()))),
                    "an offset acknowledged twice: " + line);
        }
        List<ConsumerRecord<String, String>> records = readAll(topic, 3, 30);
        Set<String> expectedValues = new TreeSet<>();
        IntStream.range(0, 30).forEach(i -> expectedValues.add("idem-" + i));
        assertEquals(
                expectedValues,
                new TreeSet<>(records.stream().map(ConsumerRecord::value).toList()));
        offsets.forEach((partition, acknowledged) -> assertEquals(
                firstOffsets(acknowledged.size()), new TreeSet<>(acknowledged), "dense offsets in " + partition));

        // the batches carry the producer id and sequences Skiff gave it: one producer on every partition written
        try (Admin admin = admin()) {
            List<TopicPartition> written = offsets.keySet().stream()
                    .map(p -> new TopicPartition(topic, p))
                    .toList();
            Set<Long> producerIds = new HashSet<>();
            for (var description : admin.describeProducers(written).all().get().values()) {
                for (ProducerState state : description.activeProducers()) {
                    producerIds.add(state.producerId());
                }
            }
            assertEquals(1, producerIds.size(), "producers: " + producerIds);
            assertTrue(producerIds.iterator().next() >= 0);
        }
    }

    /**
     * Two consumers of one group split a 4-partition topic; the second leaves (committing what it read) and the first
     * takes its partitions over: every record is read once. With {@code consumer}, librdkafka speaks KIP-848
     * (ConsumerGroupHeartbeat; it sends an empty SubscribedTopicRegex beside the topic names, which Skiff refused).
     */
    @ParameterizedTest
    @ValueSource(strings = {"consumer", "classic"})
    void twoConsumersSplitATopicAndHandItOverWhenOneLeaves(String protocol) throws Exception {
        String topic = "cjs-rebalance-" + protocol;
        String group = topic + "-group";
        skiff.createTopic(topic, 4);
        ExternalProcess.Result result = client("rebalance", topic, group, protocol, "4", "12");

        String split = lines(result, "split").get(0); // "split c1=0,1 c2=2,3"
        Set<Integer> first = partitions(split.split(" ")[1]);
        Set<Integer> second = partitions(split.split(" ")[2]);
        assertFalse(first.isEmpty() || second.isEmpty(), split);
        Set<Integer> all = new TreeSet<>(first);
        all.addAll(second);
        assertEquals(Set.of(0, 1, 2, 3), all, split);
        assertEquals(4, first.size() + second.size(), "no partition owned twice: " + split);
        assertEquals(List.of("after-leave c1=0,1,2,3"), lines(result, "after-leave"));

        List<String> records = lines(result, "record");
        List<String> expected = new ArrayList<>();
        for (int phase = 1; phase <= 2; phase++) {
            for (int i = 0; i < 12; i++) {
                int partition = i % 4;
                String reader = phase == 2 || first.contains(partition) ? "c1" : "c2";
                // offsets: 3 records per partition and phase, in order
                long offset = (phase - 1) * 3L + i / 4;
                expected.add("record " + partition + " " + offset + " key-" + phase + "-" + i + " v-" + phase + "-" + i
                        + "  by=" + reader);
            }
        }
        assertEquals(
                expected.stream().sorted().toList(),
                records.stream().sorted().toList(),
                "every record read once, by the owner of its partition");

        try (Admin admin = admin()) {
            ConsumerGroupDescription description =
                    admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            assertEquals(protocol.equals("consumer") ? GroupType.CONSUMER : GroupType.CLASSIC, description.type());
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            for (int p = 0; p < 4; p++) {
                assertEquals(6, committed.get(new TopicPartition(topic, p)).offset(), "committed offset of " + p);
            }
        }
    }

    @Test
    void transactionsCommitAbortAndSendOffsetsReadCommitted() throws Exception {
        String topic = "cjs-txn";
        skiff.createTopic(topic, 1);
        // read_committed (librdkafka's default) sees the committed records only, in order
        assertEquals(
                List.of("transactions done", "read c0 c1 c2"),
                client("transactions", topic, "cjs-txn-group").lines());
        TopicPartition tp = new TopicPartition(topic, 0);
        try (Admin admin = admin()) {
            assertEquals(
                    3,
                    admin.listConsumerGroupOffsets("cjs-txn-group")
                            .partitionsToOffsetAndMetadata()
                            .get()
                            .get(tp)
                            .offset(),
                    "sendOffsets committed with the transaction");
        }
        // the aborted record is in the log all the same (read_uncommitted sees it)
        assertEquals(
                List.of("c0", "c1", "a0", "c2"),
                readAll(topic, 1, 4).stream().map(ConsumerRecord::value).toList());
    }

    @Test
    void adminCreatesDescribesAndDeletes() {
        String topic = "cjs-admin";
        String group = topic + "-group";
        String node = String.valueOf(skiff.nodeId());
        assertEquals(
                List.of(
                        "created true",
                        "created-again false",
                        "metadata " + topic + " 0:leader=" + node + " 1:leader=" + node + " 2:leader=" + node,
                        "listed true"),
                client("admin-create", topic, "3").lines());
        client("produce", topic, "6");
        List<String> read = lines(client("consume", topic, group, "consumer", "6"), "record");
        Map<Integer, Long> ends = new TreeMap<>();
        for (String line : read) {
            String[] parts = line.split(" ");
            ends.merge(Integer.parseInt(parts[1]), Long.parseLong(parts[2]) + 1, Math::max);
        }
        List<String> expected = new ArrayList<>();
        expected.add("group " + group + " state=EMPTY type=CONSUMER protocolType=consumer members=0");
        for (int p = 0; p < 3; p++) {
            expected.add("committed " + topic + " " + p + " " + ends.getOrDefault(p, -1L));
        }
        expected.addAll(List.of(
                "listed-group " + group + " CONSUMER",
                "deleted-group " + group + " error=0",
                "listed-after-delete false"));
        assertEquals(expected, client("admin-group", topic, group).lines());
        assertFalse(skiff.topicNames().contains(topic));
    }

    /** The lines the script printed that start with the word {@code first}. */
    private static List<String> lines(ExternalProcess.Result result, String first) {
        return result.lines().stream().filter(l -> l.startsWith(first + " ")).toList();
    }

    private static Set<Integer> partitions(String ownerAndList) {
        String list = ownerAndList.substring(ownerAndList.indexOf('=') + 1);
        return list.isEmpty()
                ? Set.of()
                : Arrays.stream(list.split(",")).map(Integer::valueOf).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Admin admin() {
        return Admin.create(
                Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()));
    }

    /** Every record of the topic's partitions from the beginning, read_uncommitted, without a group. */
    private static List<ConsumerRecord<String, String>> readAll(String topic, int partitions, int expected) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> all = IntStream.range(0, partitions)
                    .mapToObj(p -> new TopicPartition(topic, p))
                    .toList();
            consumer.assign(all);
            consumer.seekToBeginning(all);
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= expected;
            });
            assertEquals(expected, records.size(), "records read");
            return records;
        }
    }

    /** The offsets 0..n-1. */
    private static Set<Long> firstOffsets(int n) {
        return LongStream.range(0, n).boxed().collect(Collectors.toCollection(TreeSet::new));
    }
}
