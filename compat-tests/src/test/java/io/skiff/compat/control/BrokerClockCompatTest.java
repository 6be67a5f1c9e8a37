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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.broker.control.FaultSpec;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The broker clock drives time-based work with no wait: a transaction left open is aborted after
 * {@code advance(transaction.timeout.ms)}; a topic with a retention of a day drops its old segment after
 * {@code advance(2 days)}; a classic group member is expelled after {@code advance(session.timeout.ms)}. Each waits
 * at most a few seconds of real time for work that would otherwise take a minute, a day or 45 seconds.
 */
class BrokerClockCompatTest {
    private static final Duration NO_REAL_WAIT = Duration.ofSeconds(5);
    private static SkiffServer skiff;
    private static Admin admin;

    @BeforeAll
    static void start() {
        skiff = SkiffServer.builder().start();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()));
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        if (skiff != null) {
            skiff.close();
        }
    }

    @Test
    void aTransactionLeftOpenIsAbortedWhenTheClockPassesItsTimeout() throws Exception {
        skiff.createTopic("txn-clock", 1);
        try (KafkaProducer<String, String> producer = producer(Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                "left-open",
                ProducerConfig.TRANSACTION_TIMEOUT_CONFIG,
                60_000))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("txn-clock", "k", "v")).get();
            assertEquals(TransactionState.ONGOING, state("left-open"));

            skiff.clock().advance(Duration.ofMillis(60_001));

            // Well within the coordinator's real-time check interval (10 s): only the advance can abort it this soon.
            await().atMost(Duration.ofSeconds(2)).until(() -> state("left-open") == TransactionState.COMPLETE_ABORT);
            assertThrows(KafkaException.class, producer::commitTransaction);
        }
    }

    @Test
    void retentionDropsOldSegmentsWhenTheClockPassesRetentionMs() throws Exception {
        skiff.createTopic("retained", 1, Map.of("retention.ms", "86400000", "segment.ms", "3600000"));
        TopicPartition tp = new TopicPartition("retained", 0);
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>("retained", 0, null, "old-" + i))
                        .get();
            }
        }
        assertEquals(0L, beginningOffset(tp));

        skiff.clock().advance(Duration.ofDays(2));

        await().atMost(NO_REAL_WAIT).until(() -> beginningOffset(tp) == 10L);
    }

    @Test
    void aClassicMemberIsExpelledWhenTheClockPassesItsSessionTimeout() throws Exception {
        skiff.createTopic("sessions", 1);
        try (KafkaConsumer<String, String> consumer = consumer("expelled", 45_000)) {
            consumer.subscribe(List.of("sessions"));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100));
                return !consumer.assignment().isEmpty();
            });
            assertEquals(1, members("expelled"));
            // The member's heartbeats no longer reach the coordinator, as from a client that hangs.
            skiff.faults()
                    .add(FaultSpec.builder().api("Heartbeat").group("expelled").hold());

            skiff.clock().advance(Duration.ofMillis(45_001));

            await().atMost(NO_REAL_WAIT).until(() -> members("expelled") == 0);
            assertTrue(admin.describeConsumerGroups(List.of("expelled"))
                            .all()
                            .get()
                            .get("expelled")
                            .groupState()
                    == GroupState.EMPTY);
            skiff.faults().clear();
        }
    }

    private static TransactionState state(String transactionalId) throws Exception {
        return admin.describeTransactions(List.of(transactionalId))
                .description(transactionalId)
                .get()
                .state();
    }

    private static int members(String group) throws Exception {
        return admin.describeConsumerGroups(List.of(group))
                .all()
                .get()
                .get(group)
                .members()
                .size();
    }

    private static long beginningOffset(TopicPartition tp) {
        try (KafkaConsumer<String, String> consumer = consumer(null, 45_000)) {
            return consumer.beginningOffsets(List.of(tp)).get(tp);
        }
    }

    private static KafkaProducer<String, String> producer(Map<String, Object> extra) {
        Map<String, Object> props = new HashMap<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        props.putAll(extra);
        return new KafkaProducer<>(props);
    }

    private static KafkaConsumer<String, String> consumer(String group, int sessionTimeoutMs) {
        Map<String, Object> props = new HashMap<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                skiff.bootstrapServers(),
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
                sessionTimeoutMs,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class));
        if (group != null) {
            props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        }
        return new KafkaConsumer<>(props);
    }
}
