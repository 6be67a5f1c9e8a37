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
package io.skiff.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@Skiff(topics = @SkiffTopic(name = "orders", partitions = 2))
class SkiffKitTest {
    SkiffKit kit;
    SkiffServer server;

    @AfterEach
    void recreateTheDeclaredTopic() {
        server.reset();
        server.createTopic("orders", 2);
    }

    @Test
    void propertiesHaveBootstrapSerializersAndEarliest() {
        assertEquals(server.bootstrapServers(), kit.producerProperties().get("bootstrap.servers"));
        assertEquals(
                "org.apache.kafka.common.serialization.StringSerializer",
                kit.producerProperties().get("value.serializer"));
        Map<String, Object> consumer = kit.consumerProperties("g");
        assertEquals("g", consumer.get("group.id"));
        assertEquals("earliest", consumer.get("auto.offset.reset"));
        assertEquals("org.apache.kafka.common.serialization.StringDeserializer", consumer.get("key.deserializer"));
        assertEquals(server.bootstrapServers(), kit.adminProperties().get("bootstrap.servers"));
    }

    @Test
    void sendsAndReadsRecordsFromEveryPartition() {
        try (KafkaProducer<String, String> producer = kit.newProducer()) {
            producer.send(new ProducerRecord<>("orders", 0, "a", "1"));
            producer.send(new ProducerRecord<>("orders", 1, "b", "2"));
        }
        kit.send("orders", "c", "3");
        List<ConsumerRecord<String, String>> records = kit.readRecords("orders", 3, Duration.ofSeconds(30));
        assertEquals(
                Set.of("1", "2", "3"),
                Set.copyOf(records.stream().map(ConsumerRecord::value).toList()));
        assertEquals(
                Map.of(
                        new TopicPartition("orders", 0),
                        1L + count(records, 0),
                        new TopicPartition("orders", 1),
                        0L + count(records, 1)),
                kit.endOffsets("orders"));
    }

    private static long count(List<ConsumerRecord<String, String>> records, int partition) {
        return records.stream().filter(r -> r.partition() == partition).count() - (partition == 0 ? 1 : 0);
    }

    @Test
    void readingTooFewRecordsFailsWithWhatArrived() {
        kit.send("orders", "k", "only");
        AssertionError e =
                assertThrows(AssertionError.class, () -> kit.readRecords("orders", 2, Duration.ofMillis(500)));
        assertTrue(e.getMessage().contains("Expected 2 records from topic orders"), e.getMessage());
        assertTrue(e.getMessage().contains("got 1"), e.getMessage());
    }

    @Test
    void waitsForAStableGroupAndZeroLagAndReportsOffsets() throws Exception {
        for (int i = 0; i < 5; i++) {
            kit.send("orders", "k" + i, "v" + i);
        }
        AtomicBoolean running = new AtomicBoolean(true);
        CompletableFuture<Integer> consumed = CompletableFuture.supplyAsync(() -> {
            int n = 0;
            try (KafkaConsumer<String, String> consumer = kit.newConsumer("billing")) {
                consumer.subscribe(List.of("orders"));
                while (running.get()) {
                    n += consumer.poll(Duration.ofMillis(50)).count();
                    consumer.commitSync();
                }
            }
            return n;
        });
        try {
            Map<String, Set<TopicPartition>> assignment = kit.awaitGroupStable("billing", Duration.ofSeconds(30));
            assertEquals(1, assignment.size());
            assertEquals(
                    Set.of(new TopicPartition("orders", 0), new TopicPartition("orders", 1)),
                    assignment.values().iterator().next());
            kit.awaitZeroLag("billing", Duration.ofSeconds(30));
            assertEquals(kit.endOffsets("orders"), kit.committedOffsets("billing"));
            assertEquals(
                    5L,
                    kit.committedOffsets("billing").values().stream()
                            .mapToLong(Long::longValue)
                            .sum());
            assertTrue(kit.lag("billing").values().stream().allMatch(l -> l == 0));
        } finally {
            running.set(false);
        }
        assertEquals(5, consumed.get());
    }

    @Test
    void aGroupThatNeverFormsFailsWithItsState() {
        AssertionError e =
                assertThrows(AssertionError.class, () -> kit.awaitGroupStable("nobody", Duration.ofMillis(200)));
        assertTrue(e.getMessage().contains("Group nobody is not Stable"), e.getMessage());
    }

    @Test
    void createsAndDeletesTopicsAndResets() {
        kit.createTopic("compacted", 3, Map.of("cleanup.policy", "compact"));
        assertEquals(3, kit.endOffsets("compacted").size());
        kit.deleteTopics("compacted");
        assertEquals(Set.of("orders"), server.topicNames());
        kit.reset();
        assertEquals(Set.of(), server.topicNames());
        assertThrows(IllegalStateException.class, () -> new SkiffKit(server.bootstrapServers()).reset());
    }
}
