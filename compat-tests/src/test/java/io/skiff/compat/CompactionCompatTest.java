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
package io.skiff.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testsupport.MutableClock;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Log compaction seen by the official Java client: a consumer reading a compacted topic from the beginning sees the
 * latest value of every key, with increasing offsets and gaps; tombstones stay until {@code delete.retention.ms}
 * after the cleaning that kept them; {@code compact,delete} also applies retention; a transactional topic with
 * aborted transactions reads the same with read_committed before and after compaction; {@code __consumer_offsets} is
 * compacted, so a restart replays a bounded number of records. The broker's clock is injected so the time rules are
 * driven by the test.
 */
class CompactionCompatTest {
    private static final String VALUE_PAD = "x".repeat(1000);

    private final MutableClock clock = new MutableClock(Clock.systemUTC());
    private SkiffServer skiff;

    @AfterEach
    void stop() {
        if (skiff != null) {
            skiff.close();
        }
    }

    private SkiffServer start() {
        // The background cleaner stays out of the way: the test compacts when it wants to. Retention runs often.
        skiff = SkiffServer.builder()
                .clock(clock)
                .config("log.cleaner.enable", "false")
                .config("log.retention.check.interval.ms", "100")
                .start();
        return skiff;
    }

    @Test
    void aConsumerFromTheBeginningSeesExactlyTheLatestValuePerKeyWithGaps() throws Exception {
        start();
        skiff.createTopic("state", 1, Map.of("cleanup.policy", "compact", "segment.bytes", "1048576"));
        Map<String, String> latest = new LinkedHashMap<>();
        try (KafkaProducer<String, String> producer = producer()) {
            for (int round = 0; round < 20; round++) {
                for (int k = 0; k < 300; k++) {
                    if (k % 3 == round % 3 || round == 0) {
                        String value = "r" + round + "-" + VALUE_PAD;
                        producer.send(new ProducerRecord<>("state", "key-" + k, value));
                        latest.put("key-" + k, value);
                    }
                }
                // Keys written once, early: they stay, with the removed records around them as gaps.
                if (round < 5) {
                    producer.send(new ProducerRecord<>("state", "once-" + round, "o" + round));
                    latest.put("once-" + round, "o" + round);
                }
            }
            producer.flush();
        }
        List<ConsumerRecord<String, String>> before = readAll("state", "read_uncommitted");
        long removed = skiff.compactTopic("state");
        assertTrue(removed > 0, "compaction removed records");
        List<ConsumerRecord<String, String>> after = readAll("state", "read_uncommitted");
        assertEquals(before.size() - removed, after.size());
        assertEquals(latest, asMap(after));
        assertEquals(
                before.get(before.size() - 1).offset(),
                after.get(after.size() - 1).offset());
        assertEquals(0, beginningOffset("state"), "the log start does not move");
        long gaps = 0;
        for (int i = 1; i < after.size(); i++) {
            assertTrue(after.get(i).offset() > after.get(i - 1).offset(), "offsets increase");
            if (after.get(i).offset() != after.get(i - 1).offset() + 1) {
                gaps++;
            }
        }
        assertTrue(gaps > 0, "compaction leaves gaps in the offsets");
        // Below the active segment no key appears twice.
        Map<String, Integer> counts = new HashMap<>();
        after.forEach(r -> counts.merge(r.key(), 1, Integer::sum));
        assertTrue(counts.values().stream().filter(c -> c > 1).count() < latest.size(), counts.toString());
        // A second compaction finds nothing more to remove below the active segment.
        assertEquals(0, skiff.compactTopic("state"));
    }

    @Test
    void tombstonesAreVisibleBeforeDeleteRetentionAndGoneAfter() throws Exception {
        start();
        skiff.createTopic(
                "tomb",
                1,
                Map.of("cleanup.policy", "compact", "segment.bytes", "1048576", "delete.retention.ms", "60000"));
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < 1200; i++) {
                producer.send(new ProducerRecord<>("tomb", "k" + (i % 20), i + VALUE_PAD));
            }
            producer.send(new ProducerRecord<>("tomb", "k0", null));
            producer.send(new ProducerRecord<>("tomb", "k1", null));
            // Enough after the tombstones that they are in a closed segment.
            for (int i = 0; i < 1200; i++) {
                producer.send(new ProducerRecord<>("tomb", "other" + (i % 5), i + VALUE_PAD));
            }
            producer.flush();
        }
        skiff.compactTopic("tomb");
        List<ConsumerRecord<String, String>> kept = readAll("tomb", "read_uncommitted");
        assertTrue(kept.stream().anyMatch(r -> r.key().equals("k0") && r.value() == null), "tombstone visible");
        assertFalse(kept.stream().anyMatch(r -> r.key().equals("k0") && r.value() != null), "old values gone");

        clock.advance(50_000);
        skiff.compactTopic("tomb");
        assertTrue(
                readAll("tomb", "read_uncommitted").stream()
                        .anyMatch(r -> r.key().equals("k1")),
                "still there before delete.retention.ms");

        clock.advance(20_000);
        skiff.compactTopic("tomb");
        List<ConsumerRecord<String, String>> after = readAll("tomb", "read_uncommitted");
        assertFalse(after.stream().anyMatch(r -> r.key().equals("k0") || r.key().equals("k1")), "tombstones gone");
        Map<String, String> latest = asMap(after);
        assertEquals(23, latest.size(), latest.keySet().toString());
        assertNull(latest.get("k0"));
    }

    @Test
    void compactAndDeleteCompactsAndAppliesRetention() throws Exception {
        start();
        skiff.createTopic(
                "both",
                1,
                Map.of("cleanup.policy", "compact,delete", "segment.bytes", "1048576", "retention.ms", "3600000"));
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < 3000; i++) {
                producer.send(new ProducerRecord<>("both", "k" + (i % 10), i + VALUE_PAD));
            }
            producer.flush();
        }
        skiff.compactTopic("both");
        List<ConsumerRecord<String, String>> compacted = readAll("both", "read_uncommitted");
        assertTrue(compacted.size() < 3000);
        assertEquals(10, asMap(compacted).size());
        // Retention: everything but the active segment is older than retention.ms two hours later.
        clock.advance(2 * 3_600_000L);
        Awaitility.await("retention deletes the closed segments")
                .atMost(Duration.ofSeconds(30))
                .until(() -> beginningOffset("both") > 0);
        List<ConsumerRecord<String, String>> retained = readAll("both", "read_uncommitted");
        assertTrue(retained.get(0).offset() > 0);
        long logStart = beginningOffset("both"); // once: a consumer per record read took seconds
        assertTrue(retained.stream().allMatch(r -> r.offset() >= logStart));
    }

    @Test
    void readCommittedSeesTheSameBeforeAndAfterCompactingAbortedTransactions() throws Exception {
        start();
        skiff.createTopic("txn", 1, Map.of("cleanup.policy", "compact", "segment.bytes", "1048576"));
        Properties p = new Properties();
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "compaction-txn");
        try (KafkaProducer<String, String> producer = producer(p)) {
            producer.initTransactions();
            for (int t = 0; t < 12; t++) {
                producer.beginTransaction();
                for (int i = 0; i < 300; i++) {
                    producer.send(new ProducerRecord<>("txn", "k" + (i % 30), "t" + t + "-" + VALUE_PAD));
                }
                if (t % 3 == 1) {
                    producer.abortTransaction();
                } else {
                    producer.commitTransaction();
                }
            }
        }
        List<ConsumerRecord<String, String>> committedBefore = readAll("txn", "read_committed");
        Map<String, String> before = asMap(committedBefore);
        assertTrue(before.get("k0").startsWith("t11-"));
        long removed = skiff.compactTopic("txn");
        assertTrue(removed > 0);
        List<ConsumerRecord<String, String>> uncommitted = readAll("txn", "read_uncommitted");
        long activeFrom = uncommitted.get(uncommitted.size() - 1).offset() - 300 * 3;
        assertFalse(
                uncommitted.stream()
                        .filter(r -> r.offset() < activeFrom)
                        .anyMatch(r -> r.value().startsWith("t1-") || r.value().startsWith("t4-")),
                "aborted data in cleaned segments is removed");
        List<ConsumerRecord<String, String>> committedAfter = readAll("txn", "read_committed");
        assertEquals(before, asMap(committedAfter));
        assertTrue(committedAfter.size() < committedBefore.size());
    }

    @Test
    void aRecordWithoutAKeyIsRefused() throws Exception {
        start();
        skiff.createTopic("keys", 1, Map.of("cleanup.policy", "compact"));
        try (KafkaProducer<String, String> producer = producer()) {
            Exception e = org.junit.jupiter.api.Assertions.assertThrows(
                    Exception.class,
                    () -> producer.send(new ProducerRecord<>("keys", null, "v")).get());
            assertTrue(e.getCause() instanceof InvalidRecordException, e.toString());
        }
    }

    @Test
    void consumerOffsetsIsCompactedSoARestartReplaysABoundedAmount(@TempDir Path data) throws Exception {
        skiff = SkiffServer.builder()
                .clock(clock)
                .dataDir(data)
                .config("log.cleaner.enable", "false")
                .config("offsets.topic.segment.bytes", "1048576")
                .start();
        skiff.createTopic("src", 10);
        List<TopicPartition> partitions = new ArrayList<>();
        for (int p = 0; p < 10; p++) {
            partitions.add(new TopicPartition("src", p));
        }
        int commits = 3000;
        try (KafkaConsumer<String, String> c =
                DataCompatSupport.consumer(skiff.bootstrapServers(), ConsumerConfig.GROUP_ID_CONFIG, "many-commits")) {
            c.assign(partitions);
            for (int i = 1; i <= commits; i++) {
                Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                for (TopicPartition tp : partitions) {
                    offsets.put(tp, new OffsetAndMetadata(i));
                }
                c.commitSync(offsets);
            }
        }
        long before = countAll("__consumer_offsets");
        assertTrue(before >= commits * 10L, "every commit is a record: " + before);
        skiff.compactTopic("__consumer_offsets");
        long after = countAll("__consumer_offsets");
        // What a restart replays: the latest commit of each partition in the cleaned segments, plus the active
        // segment (at most 1 MiB of commits), not all of them.
        assertTrue(after < before / 2, "replayed after compaction: " + after + " of " + before);
        System.out.printf(
                "__consumer_offsets records replayed at start: %d before compaction, %d after%n", before, after);
        skiff.close();

        skiff = SkiffServer.builder()
                .clock(clock)
                .dataDir(data)
                .config("log.cleaner.enable", "false")
                .start();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()))) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets("many-commits")
                    .partitionsToOffsetAndMetadata()
                    .get();
            assertEquals(10, committed.size());
            committed.values().forEach(o -> assertEquals(commits, o.offset()));
        }
    }

    private long countAll(String topic) {
        return readAll(topic, "read_uncommitted").size();
    }

    private KafkaProducer<String, String> producer() {
        return producer(new Properties());
    }

    private KafkaProducer<String, String> producer(Properties extra) {
        List<Object> args = new ArrayList<>(
                List.of(ProducerConfig.LINGER_MS_CONFIG, "5", ProducerConfig.BATCH_SIZE_CONFIG, "65536"));
        extra.forEach((k, v) -> {
            args.add(k);
            args.add(v);
        });
        return DataCompatSupport.producer(skiff.bootstrapServers(), args.toArray());
    }

    private long beginningOffset(String topic) {
        try (KafkaConsumer<String, String> c = DataCompatSupport.consumer(skiff.bootstrapServers())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            return c.beginningOffsets(List.of(tp)).get(tp);
        }
    }

    /** Reads partition 0 from the beginning to its end offset. */
    private List<ConsumerRecord<String, String>> readAll(String topic, String isolation) {
        TopicPartition tp = new TopicPartition(topic, 0);
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> c = DataCompatSupport.consumer(
                skiff.bootstrapServers(), ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation)) {
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long end = c.endOffsets(List.of(tp)).get(tp);
            // Each check polls for as long as records come, so a long log is read in one go, not a poll per check.
            Awaitility.await("read " + topic + " to " + end)
                    .atMost(Duration.ofSeconds(60))
                    .pollDelay(Duration.ZERO)
                    .until(() -> {
                        int polled;
                        do {
                            ConsumerRecords<String, String> records = c.poll(Duration.ofMillis(100));
                            records.forEach(out::add);
                            polled = records.count();
                        } while (polled > 0 && c.position(tp) < end);
                        return c.position(tp) >= end;
                    });
        }
        return out;
    }

    private static Map<String, String> asMap(List<ConsumerRecord<String, String>> records) {
        Map<String, String> m = new LinkedHashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            if (r.value() == null) {
                m.remove(r.key());
            } else {
                m.put(r.key(), r.value());
            }
        }
        return m;
    }
}
