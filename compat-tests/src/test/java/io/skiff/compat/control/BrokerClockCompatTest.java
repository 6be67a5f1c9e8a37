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
import io.skiff.compat.DataCompatSupport;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The broker clock drives time-based work with no wait: a transaction left open is aborted after
 * {@code advance(transaction.timeout.ms)}; a topic with a retention of a day drops its old segment after
 * {@code advance(2 days)}; a classic group member is expelled after {@code advance(session.timeout.ms)}; a fetch's long
 * poll ends after {@code advance(fetch.max.wait.ms)}; a share group's acquisition lock expires after
 * {@code advance(share.record.lock.duration.ms)} and the records go to another member. Each waits at most a few
 * seconds of real time for work that would otherwise take 15 minutes, a day, 45, 20 or 30 seconds, and the broker's
 * real-time checks are far apart, so each fails without the advance's effect.
 */
// Real-time checks far apart, so within a test only an advance can make them due: the transaction
// timeout check runs every 15 minutes (Kafka's largest transaction.max.timeout.ms) and retention hourly.
@Skiff(
        properties = {
            "transaction.abort.timed.out.transaction.cleanup.interval.ms=900000",
            "log.retention.check.interval.ms=3600000"
        })
class BrokerClockCompatTest {
    private static final Duration NO_REAL_WAIT = Duration.ofSeconds(5);
    private static SkiffServer skiff;
    private static Admin admin;

    @BeforeAll
    static void start() {
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()));
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
    }

    @Test
    void aTransactionLeftOpenIsAbortedWhenTheClockPassesItsTimeout() throws Exception {
        skiff.createTopic("txn-clock", 1);
        int timeoutMs = 900_000;
        try (KafkaProducer<String, String> producer = producer(Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                "left-open",
                ProducerConfig.TRANSACTION_TIMEOUT_CONFIG,
                timeoutMs))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("txn-clock", "k", "v")).get();
            assertEquals(TransactionState.ONGOING, state("left-open"));

            skiff.clock().advance(Duration.ofMillis(timeoutMs + 1));

            // The coordinator's real-time check is 15 minutes away: only the advance can abort it this soon.
            await().atMost(NO_REAL_WAIT).until(() -> state("left-open") == TransactionState.COMPLETE_ABORT);
            assertThrows(KafkaException.class, producer::commitTransaction);
        }
    }

    @Test
    void aFetchLongPollEndsWhenTheClockPassesMaxWait() throws Exception {
        skiff.createTopic("long-poll", 1);
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            producer.send(new ProducerRecord<>("long-poll", 0, null, "small")).get();
        }
        TopicPartition tp = new TopicPartition("long-poll", 0);
        // A fetch waits for a megabyte for up to 20 s: the one small record comes only when the wait ends.
        KafkaConsumer<String, String> consumer = consumer(
                null,
                Map.of(
                        ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 1 << 20,
                        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 20_000,
                        ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 60_000));
        try {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            assertTrue(consumer.poll(Duration.ofSeconds(1)).isEmpty(), "the fetch waits for its bytes");
            List<String> got = new ArrayList<>();
            // Advanced on each round, so the fetch parked at any moment before is due at once.
            await().atMost(NO_REAL_WAIT).until(() -> {
                skiff.clock().advance(Duration.ofMillis(20_000));
                consumer.poll(Duration.ofMillis(200)).forEach(r -> got.add(r.value()));
                return !got.isEmpty();
            });
            assertEquals(List.of("small"), got);
        } finally {
            // Its next fetch is parked for 20 s of real time, which a close with a timeout would wait out.
            consumer.close(Duration.ZERO);
        }
    }

    @Test
    void aShareGroupsAcquisitionLockExpiresWhenTheClockPassesIt() throws Exception {
        skiff.createTopic("locked", 1);
        try (Admin a = admin()) {
            a.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, "lockers"),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
        try (KafkaProducer<String, String> producer = producer(Map.of())) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>("locked", 0, null, "job-" + i))
                        .get();
            }
        }
        try (KafkaShareConsumer<String, String> holder = shareConsumer("lockers", true);
                KafkaShareConsumer<String, String> other = shareConsumer("lockers", false)) {
            holder.subscribe(List.of("locked"));
            List<String> held = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                holder.poll(Duration.ofMillis(200)).forEach(r -> held.add(r.value()));
                return !held.isEmpty();
            });
            // The holder never acknowledges: its records stay acquired for share.record.lock.duration.ms (30 s).
            other.subscribe(List.of("locked"));
            List<String> before = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                other.poll(Duration.ofMillis(200)).forEach(r -> before.add(r.value()));
            }
            assertTrue(before.stream().noneMatch(held::contains), "locked records are not delivered again: " + before);

            skiff.clock().advance(Duration.ofMillis(30_001));

            Map<String, Short> redelivered = new HashMap<>();
            await().atMost(NO_REAL_WAIT).until(() -> {
                other.poll(Duration.ofMillis(200))
                        .forEach(r ->
                                redelivered.put(r.value(), r.deliveryCount().orElse((short) -1)));
                return redelivered.keySet().containsAll(held);
            });
            for (String value : held) {
                assertEquals((short) 2, redelivered.get(value), value + " is delivered a second time");
            }
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

    private static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()));
    }

    private static KafkaShareConsumer<String, String> shareConsumer(String group, boolean explicit) {
        Map<String, Object> props = new HashMap<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                skiff.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                group,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class));
        if (explicit) {
            props.put("share.acknowledgement.mode", "explicit");
        }
        return new KafkaShareConsumer<>(props);
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
        return DataCompatSupport.producer(skiff.bootstrapServers(), extra);
    }

    private static KafkaConsumer<String, String> consumer(String group, int sessionTimeoutMs) {
        return consumer(group, Map.of(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, sessionTimeoutMs));
    }

    private static KafkaConsumer<String, String> consumer(String group, Map<String, Object> extra) {
        // the client's defaults: reset to latest, and a group's offsets committed automatically
        Map<String, Object> props = new HashMap<>(Map.of(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"));
        if (group != null) {
            props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, true);
        }
        props.putAll(extra);
        return DataCompatSupport.consumer(skiff.bootstrapServers(), group, props);
    }
}
