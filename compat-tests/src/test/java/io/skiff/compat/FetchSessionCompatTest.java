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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java consumer (4.1, sessions on by default) against Skiff's fetch sessions, watched by a {@link
 * FetchTrafficProbe} between them: its incremental fetches keep delivering across many partitions, subscription
 * changes (partitions added to and forgotten by the session), a deleted topic and a broker restart.
 */
class FetchSessionCompatTest {
    @TempDir
    Path dir;

    private FetchTrafficProbe probe;
    private SkiffServer server;
    private Admin admin;
    private KafkaProducer<String, String> producer;

    @BeforeEach
    void start() throws Exception {
        probe = new FetchTrafficProbe();
        startBroker(0);
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()));
        producer = producer(bootstrap(), "linger.ms", "0");
    }

    private void startBroker(int port) {
        server = SkiffServer.builder()
                .port(port)
                .dataDir(dir)
                .config("advertised.listeners", "PLAINTEXT://127.0.0.1:" + probe.port())
                .start();
        probe.target(server.port());
    }

    @AfterEach
    void stop() throws Exception {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        if (server != null) {
            server.close();
        }
        probe.close();
    }

    private String bootstrap() {
        return "127.0.0.1:" + probe.port();
    }

    private void createTopic(String name, int partitions) throws Exception {
        admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1)))
                .all()
                .get();
    }

    /** Sends one record to each listed partition of the topic; returns the values sent. */
    private List<String> produce(String topic, int... partitions) throws Exception {
        List<String> values = new ArrayList<>();
        for (int p : partitions) {
            String value = topic + "/" + p + "/" + System.nanoTime();
            producer.send(new ProducerRecord<>(topic, p, null, value)).get();
            values.add(value);
        }
        return values;
    }

    private static KafkaConsumer<String, String> groupConsumer(String bootstrap, String group) {
        return consumer(
                bootstrap, ConsumerConfig.GROUP_ID_CONFIG, group, ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "100");
    }

    /** Polls until every one of {@code expected} arrived; returns every value polled meanwhile. */
    private static Set<String> pollUntil(KafkaConsumer<String, String> consumer, List<String> expected) {
        Set<String> seen = new TreeSet<>();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                seen.add(r.value());
            }
            return seen.containsAll(expected);
        });
        return seen;
    }

    private List<FetchTrafficProbe.Exchange> sessionErrors() {
        return probe.fetches().stream().filter(e -> e.error() != 0).collect(Collectors.toList());
    }

    @Test
    void aConsumerOfManyPartitionsKeepsReceivingThroughIncrementalFetches() throws Exception {
        int partitions = 200;
        createTopic("many", partitions);
        try (KafkaConsumer<String, String> consumer = groupConsumer(bootstrap(), "many-group")) {
            consumer.subscribe(List.of("many"));
            for (int wave = 0; wave < 3; wave++) {
                int[] some = {wave, 50 + wave * 7, 199 - wave};
                List<String> sent = produce("many", some);
                assertTrue(pollUntil(consumer, sent).containsAll(sent));
            }
        }
        List<FetchTrafficProbe.Exchange> incremental = probe.fetches().stream()
                .filter(FetchTrafficProbe.Exchange::incremental)
                .collect(Collectors.toList());
        assertFalse(incremental.isEmpty(), "the consumer continued a session: " + probe.fetches());
        assertTrue(
                incremental.stream().allMatch(e -> e.sessionId() != 0 && e.requestPartitions() < partitions),
                "incremental fetches name only what changed: " + incremental);
        assertTrue(
                incremental.stream().anyMatch(e -> e.partitions() > 0 && e.partitions() <= 3),
                "incremental answers carry only the partitions with news: " + incremental);
        assertEquals(List.of(), sessionErrors());
    }

    @Test
    void subscriptionChangesAddAndForgetSessionPartitions() throws Exception {
        createTopic("sub-a", 3);
        createTopic("sub-b", 3);
        try (KafkaConsumer<String, String> consumer = groupConsumer(bootstrap(), "sub-group")) {
            consumer.subscribe(List.of("sub-a"));
            List<String> a = produce("sub-a", 0, 1, 2);
            pollUntil(consumer, a);

            consumer.subscribe(List.of("sub-a", "sub-b"));
            List<String> both = produce("sub-a", 0, 2);
            both.addAll(produce("sub-b", 0, 1, 2));
            pollUntil(consumer, both);

            consumer.subscribe(List.of("sub-b"));
            List<String> notWanted = produce("sub-a", 0, 1, 2);
            List<String> b = produce("sub-b", 1);
            Set<String> seen = pollUntil(consumer, b);
            for (String v : notWanted) {
                assertFalse(seen.contains(v), "unsubscribed record arrived: " + v);
            }
        }
        assertTrue(
                probe.fetches().stream().anyMatch(e -> e.incremental() && e.forgottenPartitions() > 0),
                "the consumer forgot sub-a's partitions in its session: " + probe.fetches());
        assertTrue(probe.fetches().stream().anyMatch(e -> e.incremental() && e.requestPartitions() > 0));
        assertEquals(List.of(), sessionErrors());
    }

    @Test
    void aDeletedTopicLeavesTheSessionAndTheOtherTopicKeepsFlowing() throws Exception {
        createTopic("del-keep", 2);
        createTopic("del-gone", 2);
        try (KafkaConsumer<String, String> consumer = groupConsumer(bootstrap(), "del-group")) {
            consumer.subscribe(List.of("del-keep", "del-gone"));
            List<String> first = produce("del-keep", 0, 1);
            first.addAll(produce("del-gone", 0, 1));
            pollUntil(consumer, first);
            int fetchesBefore = probe.fetches().size();

            admin.deleteTopics(List.of("del-gone")).all().get();
            List<String> after = produce("del-keep", 0, 1);
            pollUntil(consumer, after);
            List<String> more = produce("del-keep", 1);
            pollUntil(consumer, more);
            assertTrue(probe.fetches().subList(fetchesBefore, probe.fetches().size()).stream()
                    .anyMatch(e -> e.incremental() && e.sessionId() != 0));
        }
        assertEquals(List.of(), sessionErrors());
    }

    @Test
    void aBrokerRestartEndsTheSessionAndTheConsumerOpensANewOne() throws Exception {
        createTopic("restart", 4);
        try (KafkaConsumer<String, String> consumer =
                consumer(bootstrap(), ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "100")) {
            consumer.assign(List.of(
                    new TopicPartition("restart", 0),
                    new TopicPartition("restart", 1),
                    new TopicPartition("restart", 2),
                    new TopicPartition("restart", 3)));
            List<String> before = produce("restart", 0, 1, 2, 3);
            pollUntil(consumer, before);
            Set<Integer> sessionsBefore = sessionIds();
            assertFalse(sessionsBefore.isEmpty());

            int port = server.port();
            server.close();
            startBroker(port);

            List<String> after = produce("restart", 1, 3);
            pollUntil(consumer, after);
            int fetchesAtRestart = probe.fetches().size();
            List<String> later = produce("restart", 0);
            pollUntil(consumer, later);
            Set<Integer> sessionsAfter = new TreeSet<>();
            probe.fetches().subList(fetchesAtRestart, probe.fetches().size()).stream()
                    .filter(e -> e.sessionId() != 0)
                    .forEach(e -> sessionsAfter.add(e.sessionId()));
            assertFalse(sessionsAfter.isEmpty(), "the consumer fetches in a session again: " + probe.fetches());
            for (int id : sessionsAfter) {
                assertFalse(sessionsBefore.contains(id), "session " + id + " survived the restart");
            }
        }
    }

    private Set<Integer> sessionIds() {
        Set<Integer> ids = new TreeSet<>();
        probe.fetches().stream().filter(e -> e.sessionId() != 0).forEach(e -> ids.add(e.sessionId()));
        return ids;
    }
}
