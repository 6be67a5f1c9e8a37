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

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * "Nothing acknowledged is ever lost": the real broker in a child JVM is killed with SIGKILL while a producer
 * streams to it; after a restart on the same directory every acknowledged record is at its acknowledged offset
 * exactly once, the log has no gaps, and committed consumer offsets are still there. A segment whose tail was torn
 * while the broker was down is cut back to its last whole batch, with a warning, and the valid prefix is served.
 */
class CrashDurabilityCompatTest {
    private static final String TOPIC = "crash";
    private static final int PARTITIONS = 2;
    private static final String GROUP = "crash-group";
    /** Sends not yet acknowledged at any time: keeps the log (and the read after the restart) small. */
    private static final int MAX_UNACKNOWLEDGED = 500;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "acks={0}")
    @ValueSource(strings = {"all", "1"})
    void everyAcknowledgedRecordSurvivesKillMinus9(String acks) throws Exception {
        Map<String, Long> acknowledged = new ConcurrentHashMap<>(); // value -> position(partition, offset)
        Map<TopicPartition, OffsetAndMetadata> committed;
        try (ChildBroker broker = ChildBroker.start(dir)) {
            try (Admin admin = admin(broker)) {
                admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 1)))
                        .all()
                        .get(60, TimeUnit.SECONDS);
            }
            try (KafkaProducer<String, String> first = producer(broker, acks)) {
                for (int i = 0; i < 200; i++) {
                    String value = "first-" + i;
                    RecordMetadata meta = first.send(new ProducerRecord<>(TOPIC, i % PARTITIONS, null, value))
                            .get(60, TimeUnit.SECONDS);
                    acknowledged.put(value, position(meta.partition(), meta.offset()));
                }
            }
            committed = consumeSomeAndCommit(broker);
            ExecutorService producing = Executors.newSingleThreadExecutor();
            AtomicBoolean running = new AtomicBoolean(true);
            Semaphore inFlight = new Semaphore(MAX_UNACKNOWLEDGED);
            KafkaProducer<String, String> producer = producer(broker, acks);
            try {
                producing.submit(() -> {
                    for (int i = 0; running.get(); i++) {
                        String value = "record-" + i;
                        if (!inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                            i--;
                            continue;
                        }
                        producer.send(new ProducerRecord<>(TOPIC, i % PARTITIONS, null, value), (meta, error) -> {
                            inFlight.release();
                            if (error == null) {
                                acknowledged.put(value, position(meta.partition(), meta.offset()));
                            }
                        });
                    }
                    return null;
                });
                await().atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(1))
                        .until(() -> acknowledged.size() >= 3000);
                broker.kill();
            } finally {
                running.set(false);
                producer.close(Duration.ZERO); // fails what was not acknowledged
                producing.shutdown();
                producing.awaitTermination(60, TimeUnit.SECONDS);
            }
        }
        Map<String, Long> acked = Map.copyOf(acknowledged);

        try (ChildBroker broker = ChildBroker.start(dir)) {
            Map<Long, String> log = readEverything(broker);
            for (Map.Entry<String, Long> e : acked.entrySet()) {
                assertEquals(e.getKey(), log.get(e.getValue()), "acknowledged at " + describe(e.getValue()));
            }
            Map<String, Integer> copies = new HashMap<>();
            log.values().forEach(v -> copies.merge(v, 1, Integer::sum));
            for (String value : acked.keySet()) {
                assertEquals(1, copies.get(value), value + " present exactly once");
            }
            try (Admin admin = admin(broker)) {
                assertEquals(
                        committed,
                        admin.listConsumerGroupOffsets(GROUP)
                                .partitionsToOffsetAndMetadata()
                                .get(60, TimeUnit.SECONDS),
                        "committed offsets survive the kill");
            }
            broker.stop();
        }
    }

    @ParameterizedTest(name = "stopped by {0}")
    @ValueSource(strings = {"kill", "graceful stop"})
    void tornTailOfTheActiveSegmentIsCutAndTheValidPrefixServed(String howStopped) throws Exception {
        try (ChildBroker broker = ChildBroker.start(dir)) {
            try (KafkaProducer<String, String> producer = producer(broker, "all")) {
                for (int i = 0; i < 50; i++) { // one batch per record
                    producer.send(new ProducerRecord<>("torn", 0, null, "torn-" + i))
                            .get(60, TimeUnit.SECONDS);
                }
            }
            if (howStopped.equals("kill")) {
                broker.kill();
            } else {
                broker.stop();
            }
        }
        Path segment = dir.resolve("torn-0").resolve("00000000000000000000.log");
        long size = Files.size(segment);
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.WRITE)) {
            ch.truncate(size - 5);
        }

        try (ChildBroker broker = ChildBroker.start(dir)) {
            assertTrue(
                    broker.output().stream()
                            .anyMatch(
                                    l -> l.contains("WARN") && l.contains("torn-0") && l.contains("truncated segment")),
                    "the truncation is logged:\n" + String.join("\n", broker.output()));
            Map<Long, String> log = new HashMap<>(readAll(broker, List.of(new TopicPartition("torn", 0))));
            Map<Long, String> expected = new HashMap<>();
            for (int i = 0; i < 49; i++) {
                expected.put((long) i, "torn-" + i);
            }
            assertEquals(expected, log, "every whole batch before the torn one, nothing else");
            try (KafkaProducer<String, String> producer = producer(broker, "all")) {
                assertEquals(
                        49L,
                        producer.send(new ProducerRecord<>("torn", 0, null, "after"))
                                .get(60, TimeUnit.SECONDS)
                                .offset(),
                        "the log continues where the valid prefix ends");
            }
            broker.stop();
        }
    }

    /** A group consumer reads some records and commits explicit offsets; returns what it committed. */
    private static Map<TopicPartition, OffsetAndMetadata> consumeSomeAndCommit(ChildBroker broker) {
        Map<String, Object> config = consumerConfig(broker);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, GROUP);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(TOPIC));
            Map<TopicPartition, OffsetAndMetadata> next = new HashMap<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    next.put(
                            new TopicPartition(r.topic(), r.partition()),
                            new OffsetAndMetadata(r.offset() + 1, "seen " + r.value()));
                }
                return next.size() == PARTITIONS;
            });
            consumer.commitSync(next, Duration.ofSeconds(60));
            return Map.copyOf(next);
        }
    }

    /** Every record of the crash topic, keyed by {@link #position}; asserts each partition is gap-free. */
    private static Map<Long, String> readEverything(ChildBroker broker) {
        List<TopicPartition> partitions = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            partitions.add(new TopicPartition(TOPIC, p));
        }
        return readAll(broker, partitions);
    }

    /**
     * Reads each partition from its start to its end offset. Fails on a gap in the offsets (a lost record) or a
     * corrupt batch (the consumer checks CRCs).
     */
    private static Map<Long, String> readAll(ChildBroker broker, List<TopicPartition> partitions) {
        Map<Long, String> records = new HashMap<>();
        Map<String, Object> config = consumerConfig(broker);
        config.put(ConsumerConfig.CHECK_CRCS_CONFIG, true);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(60));
            Map<TopicPartition, Long> expectedNext = new HashMap<>();
            partitions.forEach(tp -> expectedNext.put(tp, 0L));
            try {
                await().atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(1))
                        .until(() -> {
                            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                                TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                                assertEquals(expectedNext.get(tp), r.offset(), "no gap in " + tp);
                                expectedNext.put(tp, r.offset() + 1);
                                records.put(position(r.partition(), r.offset()), r.value());
                            }
                            return expectedNext.equals(end);
                        });
            } catch (ConditionTimeoutException e) {
                throw new AssertionError("read up to " + expectedNext + " of " + end, e);
            }
        }
        return records;
    }

    /** Partition and offset in one key: partition in the top 16 bits. */
    private static long position(int partition, long offset) {
        return ((long) partition << 48) | offset;
    }

    private static String describe(long position) {
        return "partition " + (position >>> 48) + " offset " + (position & ((1L << 48) - 1));
    }

    private static KafkaProducer<String, String> producer(ChildBroker broker, String acks) {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ProducerConfig.ACKS_CONFIG, acks);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, acks.equals("all"));
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return new KafkaProducer<>(config);
    }

    private static Map<String, Object> consumerConfig(ChildBroker broker) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return config;
    }

    private static Admin admin(ChildBroker broker) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
    }
}
