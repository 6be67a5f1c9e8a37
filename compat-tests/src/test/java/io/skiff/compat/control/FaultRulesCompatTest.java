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
package io.skiff.compat.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.broker.control.FaultRule;
import io.skiff.broker.control.FaultSpec;
import io.skiff.broker.control.StorageFault;
import io.skiff.compat.DataCompatSupport;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.KafkaStorageException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Fault rules and storage faults met by the official Java client (one broker for the class, reset between tests):
 * an error rule on one partition fails only that partition of a Produce or Fetch (the other is appended or read);
 * an idempotent producer that meets NOT_LEADER_OR_FOLLOWER three times delivers every record once and in order; a
 * group whose coordinator answers NOT_COORDINATOR and COORDINATOR_LOAD_IN_PROGRESS recovers; a held Fetch makes the
 * consumer's request.timeout.ms expire and the consumer reads once the rule is released; KAFKA_STORAGE_ERROR reaches
 * the producer for the failed partition only, and everything acknowledged is there after the fault is cleared.
 */
@Skiff
class FaultRulesCompatTest {
    private static SkiffServer skiff;

    @AfterEach
    void reset() {
        skiff.reset();
    }

    @Test
    void idempotentProducerRetriesNotLeaderAndDeliversEveryRecordOnceInOrder() throws Exception {
        skiff.createTopic("orders", 2);
        FaultRule rule = skiff.faults()
                .add(PartitionFaults.error("Produce", "orders", 0, "NOT_LEADER_OR_FOLLOWER")
                        .count(3));
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        try (KafkaProducer<String, String> producer = producer(Map.of(ProducerConfig.LINGER_MS_CONFIG, 0))) {
            for (int i = 0; i < 30; i++) {
                sent.add(producer.send(new ProducerRecord<>("orders", 0, null, "r" + i)));
            }
            producer.flush();
            for (int i = 0; i < sent.size(); i++) {
                assertEquals(i, sent.get(i).get().offset(), "record " + i + " got its offset in order");
            }
        }
        assertEquals(3, rule.applied());
        assertEquals(false, rule.active());
        List<String> values = read(new TopicPartition("orders", 0), 30);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            expected.add("r" + i);
        }
        assertEquals(expected, values);
        // The refused requests appended nothing: the log holds each record once.
        assertEquals(30L, endOffset(new TopicPartition("orders", 0)));
    }

    @Test
    void anErrorRuleOnOnePartitionFailsOnlyThatPartitionOfAProduceAndAppendsTheOther() throws Exception {
        skiff.createTopic("split-produce", 2);
        FaultRule rule = skiff.faults()
                .add(PartitionFaults.error("Produce", "split-produce", 0, "NOT_LEADER_OR_FOLLOWER")
                        .count(1));
        Map<String, Object> oneRequestNoRetries = Map.of(
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
                ProducerConfig.RETRIES_CONFIG, 0,
                ProducerConfig.LINGER_MS_CONFIG, 60_000);
        try (KafkaProducer<String, String> producer = producer(oneRequestNoRetries)) {
            producer.partitionsFor("split-produce"); // metadata first, so both batches wait for the flush
            Future<RecordMetadata> matched = producer.send(new ProducerRecord<>("split-produce", 0, null, "p0"));
            Future<RecordMetadata> other = producer.send(new ProducerRecord<>("split-produce", 1, null, "p1"));
            producer.flush(); // both batches leave in one Produce request
            ExecutionException failed = assertThrows(ExecutionException.class, matched::get);
            assertInstanceOf(NotLeaderOrFollowerException.class, failed.getCause());
            assertEquals(0L, other.get().offset());
        }
        assertEquals(1, rule.applied(), "one request met the rule");
        assertEquals(0L, endOffset(new TopicPartition("split-produce", 0)), "nothing appended where it matched");
        assertEquals(List.of("p1"), read(new TopicPartition("split-produce", 1), 1));
    }

    @Test
    void anErrorRuleOnOnePartitionFailsOnlyThatPartitionOfAFetchAndReadsTheOther() throws Exception {
        skiff.createTopic("split-fetch", 2);
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            producer.send(new ProducerRecord<>("split-fetch", 0, null, "p0")).get();
            producer.send(new ProducerRecord<>("split-fetch", 1, null, "p1")).get();
        }
        FaultRule rule = skiff.faults().add(PartitionFaults.error("Fetch", "split-fetch", 0, "NOT_LEADER_OR_FOLLOWER"));
        TopicPartition p0 = new TopicPartition("split-fetch", 0);
        TopicPartition p1 = new TopicPartition("split-fetch", 1);
        try (KafkaConsumer<String, String> consumer = consumer(null, Map.of())) {
            consumer.assign(List.of(p0, p1));
            consumer.seekToBeginning(List.of(p0, p1));
            List<ConsumerRecord<String, String>> got = new ArrayList<>();
            // Every fetch that names partition 0 gets the error there, and partition 1 is read all the same.
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(got::add);
                return !got.isEmpty() && rule.applied() >= 2;
            });
            assertEquals(List.of("p1"), got.stream().map(ConsumerRecord::value).toList());
            assertEquals(0L, consumer.position(p0), "partition 0 was never read while the rule applied");

            skiff.faults().remove(rule.id());
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(got::add);
                return got.size() == 2;
            });
            assertEquals("p0", got.get(1).value());
        }
    }

    @Test
    void consumerGroupRecoversFromCoordinatorErrors() throws Exception {
        skiff.createTopic("coord", 1);
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            producer.send(new ProducerRecord<>("coord", "k", "v")).get();
        }
        FaultRule notCoordinator = skiff.faults()
                .add(FaultSpec.builder()
                        .api("JoinGroup")
                        .group("billing")
                        .error("NOT_COORDINATOR")
                        .count(2));
        FaultRule loading = skiff.faults()
                .add(FaultSpec.builder()
                        .api("OffsetFetch")
                        .group("billing")
                        .error("COORDINATOR_LOAD_IN_PROGRESS")
                        .count(2));
        FaultRule commitNotCoordinator = skiff.faults()
                .add(FaultSpec.builder()
                        .api("OffsetCommit")
                        .group("billing")
                        .error("NOT_COORDINATOR")
                        .count(1));
        try (KafkaConsumer<String, String> consumer = consumer("billing", Map.of())) {
            consumer.subscribe(List.of("coord"));
            List<ConsumerRecord<String, String>> got = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(got::add);
                return !got.isEmpty();
            });
            assertEquals("v", got.get(0).value());
            consumer.commitSync(Duration.ofSeconds(20));
            assertEquals(
                    1L,
                    consumer.committed(java.util.Set.of(new TopicPartition("coord", 0)))
                            .get(new TopicPartition("coord", 0))
                            .offset());
        }
        assertEquals(2, notCoordinator.applied());
        assertEquals(2, loading.applied());
        assertEquals(1, commitNotCoordinator.applied());
    }

    @Test
    void heldFetchExpiresTheConsumersRequestTimeoutAndRecoversWhenReleased() throws Exception {
        skiff.createTopic("held", 1);
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            producer.send(new ProducerRecord<>("held", "k", "v")).get();
        }
        FaultRule hold = skiff.faults()
                .add(FaultSpec.builder().api("Fetch").topic("held").hold());
        TopicPartition tp = new TopicPartition("held", 0);
        try (KafkaConsumer<String, String> consumer =
                consumer(null, Map.of(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 1500))) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            // A consumer has one Fetch in flight per broker: a second one comes only after the first timed out
            // (request.timeout.ms) and the client reconnected.
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                assertTrue(consumer.poll(Duration.ofMillis(100)).isEmpty(), "nothing while the fetch is held");
                return hold.applied() >= 2;
            });
            hold.release();
            List<ConsumerRecord<String, String>> got = new ArrayList<>();
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(got::add);
                return !got.isEmpty();
            });
            assertEquals("v", got.get(0).value());
        }
    }

    @Test
    void storageErrorReachesTheProducerForTheFailedPartitionOnlyAndNothingAcknowledgedIsLost() throws Exception {
        skiff.createTopic("disk", 2);
        Map<String, Object> noRetries = Map.of(
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                false,
                ProducerConfig.RETRIES_CONFIG,
                0,
                ProducerConfig.ACKS_CONFIG,
                "all");
        try (KafkaProducer<String, String> producer = producer(noRetries)) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>("disk", 0, null, "before-" + i))
                        .get();
            }
            skiff.storageFaults().add(StorageFault.partition("disk", 0));
            ExecutionException failed = assertThrows(
                    ExecutionException.class,
                    () -> producer.send(new ProducerRecord<>("disk", 0, null, "during"))
                            .get());
            assertInstanceOf(KafkaStorageException.class, failed.getCause());
            assertEquals(
                    0L,
                    producer.send(new ProducerRecord<>("disk", 1, null, "other"))
                            .get()
                            .offset());
            skiff.storageFaults().clear();
            assertEquals(
                    5L,
                    producer.send(new ProducerRecord<>("disk", 0, null, "after"))
                            .get()
                            .offset());
        }
        assertEquals(
                List.of("before-0", "before-1", "before-2", "before-3", "before-4", "after"),
                read(new TopicPartition("disk", 0), 6));
    }

    private static KafkaProducer<String, String> producer(Map<String, Object> extra) {
        Map<String, Object> props = new HashMap<>(
                Map.of(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.RETRY_BACKOFF_MS_CONFIG, 20));
        props.putAll(extra);
        return DataCompatSupport.producer(skiff.bootstrapServers(), props);
    }

    private static KafkaConsumer<String, String> consumer(String group, Map<String, Object> extra) {
        Map<String, Object> props = new HashMap<>(Map.of(ConsumerConfig.RETRY_BACKOFF_MS_CONFIG, 20));
        props.putAll(extra);
        return DataCompatSupport.consumer(skiff.bootstrapServers(), group, props);
    }

    private static List<String> read(TopicPartition tp, int count) {
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = consumer(null, Map.of())) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(r -> values.add(r.value()));
                return values.size() >= count;
            });
        }
        return values;
    }

    private static long endOffset(TopicPartition tp) {
        try (KafkaConsumer<String, String> consumer = consumer(null, Map.of())) {
            return consumer.endOffsets(List.of(tp)).get(tp);
        }
    }
}
