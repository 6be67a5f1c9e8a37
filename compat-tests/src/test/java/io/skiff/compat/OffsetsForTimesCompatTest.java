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

import static io.skiff.compat.DataCompatSupport.consumer;
import static io.skiff.compat.DataCompatSupport.producer;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Offset lookups of the Java consumer and Admin (ListOffsets): beginning and end offsets, seekToBeginning/End,
 * offsetsForTimes (inside multi-record batches too) and the max-timestamp spec.
 */
class OffsetsForTimesCompatTest {
    private static final TopicPartition TP = new TopicPartition("times", 0);

    @RegisterExtension
    final DataCompatSupport.Broker broker = new DataCompatSupport.Broker();

    @BeforeEach
    void createTopic() {
        broker.server().createTopic(TP.topic(), 1);
    }

    /**
     * Offsets 0–4 one batch each (timestamps 1000–5000); offsets 5–9 in as few batches as the producer makes, normally
     * one (timestamps 6000–10000, except offset 7 which carries the topic's largest timestamp, 50000), compressed with
     * {@code compression}: the broker finds the exact record inside a batch, compressed or not.
     */
    private void produceTenRecords() throws Exception {
        produceTenRecords("none");
    }

    private void produceTenRecords(String compression) throws Exception {
        try (KafkaProducer<String, String> producer = producer(
                broker.bootstrapServers(),
                ProducerConfig.COMPRESSION_TYPE_CONFIG,
                compression,
                ProducerConfig.LINGER_MS_CONFIG,
                1000)) {
            for (int i = 0; i < 5; i++) {
                // flush, not get(): a batch of its own at once, without waiting out the linger
                producer.send(new ProducerRecord<>(TP.topic(), 0, 1000L * (i + 1), "k", "v" + i));
                producer.flush();
            }
            for (int i = 5; i < 10; i++) {
                long ts = i == 7 ? 50_000L : 1000L * (i + 1);
                producer.send(new ProducerRecord<>(TP.topic(), 0, ts, "k", "v" + i));
            }
            producer.flush();
        }
    }

    @ParameterizedTest
    @CsvSource({
        "read_uncommitted, none",
        "read_committed, none",
        "read_uncommitted, gzip",
        "read_uncommitted, snappy",
        "read_committed, lz4",
        "read_uncommitted, zstd"
    })
    void beginningEndAndTimestampLookups(String isolation, String compression) throws Exception {
        produceTenRecords(compression);
        try (KafkaConsumer<String, String> consumer =
                consumer(broker.bootstrapServers(), ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation)) {
            assertEquals(Map.of(TP, 0L), consumer.beginningOffsets(List.of(TP)));
            assertEquals(Map.of(TP, 10L), consumer.endOffsets(List.of(TP)));

            Map<TopicPartition, OffsetAndTimestamp> at2500 = consumer.offsetsForTimes(Map.of(TP, 2500L));
            assertEquals(new OffsetAndTimestamp(2, 3000L, at2500.get(TP).leaderEpoch()), at2500.get(TP));
            OffsetAndTimestamp insideBatch =
                    consumer.offsetsForTimes(Map.of(TP, 7500L)).get(TP);
            assertEquals(7, insideBatch.offset(), "first record at or after 7500: offset 7 (50000)");
            assertEquals(50_000L, insideBatch.timestamp());
            OffsetAndTimestamp exact =
                    consumer.offsetsForTimes(Map.of(TP, 9000L)).get(TP);
            assertEquals(7, exact.offset(), "offset 7 (50000) comes before offset 8 (9000)");
            assertEquals(0, consumer.offsetsForTimes(Map.of(TP, 0L)).get(TP).offset());
            Map<TopicPartition, OffsetAndTimestamp> tooLate = consumer.offsetsForTimes(Map.of(TP, 50_001L));
            assertNull(tooLate.get(TP), "no record at or after the timestamp");
        }
    }

    @Test
    void seekToBeginningAndEnd() throws Exception {
        produceTenRecords();
        try (KafkaConsumer<String, String> consumer = consumer(broker.bootstrapServers())) {
            consumer.assign(List.of(TP));
            consumer.seekToEnd(List.of(TP));
            assertEquals(10, consumer.position(TP));
            consumer.seekToBeginning(List.of(TP));
            assertEquals(0, consumer.position(TP));
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
                return records.size() >= 10;
            });
            assertEquals("v0", records.get(0).value());
            assertEquals(1000L, records.get(0).timestamp());
            assertEquals(50_000L, records.get(7).timestamp());

            try (KafkaProducer<String, String> producer = producer(broker.bootstrapServers())) {
                producer.send(new ProducerRecord<>(TP.topic(), 0, 60_000L, "k", "late"))
                        .get();
            }
            consumer.seekToEnd(List.of(TP));
            assertEquals(11, consumer.position(TP), "the end moved with the append");
            consumer.seek(
                    TP, consumer.offsetsForTimes(Map.of(TP, 55_000L)).get(TP).offset());
            List<ConsumerRecord<String, String>> late = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(late::add);
                return !late.isEmpty();
            });
            assertEquals("late", late.get(0).value());
            assertEquals(10, late.get(0).offset());
        }
    }

    @Test
    void adminListOffsetsWithEverySpec() throws Exception {
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            ListOffsetsResult.ListOffsetsResultInfo empty = admin.listOffsets(Map.of(TP, OffsetSpec.maxTimestamp()))
                    .partitionResult(TP)
                    .get();
            assertEquals(-1, empty.offset(), "an empty partition has no max timestamp");

            produceTenRecords();
            Map<String, OffsetSpec> specs = Map.of(
                    "earliest",
                    OffsetSpec.earliest(),
                    "latest",
                    OffsetSpec.latest(),
                    "max",
                    OffsetSpec.maxTimestamp(),
                    "t5500",
                    OffsetSpec.forTimestamp(5500L),
                    "earliestLocal",
                    OffsetSpec.earliestLocal());
            Map<String, ListOffsetsResult.ListOffsetsResultInfo> answers = new HashMap<>();
            for (Map.Entry<String, OffsetSpec> e : specs.entrySet()) {
                answers.put(
                        e.getKey(),
                        admin.listOffsets(Map.of(TP, e.getValue()))
                                .partitionResult(TP)
                                .get());
            }
            assertEquals(0, answers.get("earliest").offset());
            assertEquals(0, answers.get("earliestLocal").offset());
            assertEquals(10, answers.get("latest").offset());
            assertEquals(7, answers.get("max").offset());
            assertEquals(50_000L, answers.get("max").timestamp());
            assertEquals(5, answers.get("t5500").offset());
            assertEquals(6000L, answers.get("t5500").timestamp());
            assertNotNull(answers.get("latest").leaderEpoch());
        }
    }
}
