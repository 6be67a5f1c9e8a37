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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.broker.telemetry.PushedMetrics;
import io.skiff.broker.telemetry.TelemetryStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Client telemetry (KIP-714) with the Java client: {@code clientInstanceId()} answers at once for a producer, a
 * consumer and an admin client; with no subscription nothing is pushed; a subscription made as
 * {@code kafka-client-metrics} makes it (CLIENT_METRICS config resource) is honoured: only matching clients push, at
 * its interval, only the metrics under its prefixes, and the broker keeps what they pushed.
 */
class ClientTelemetryCompatTest {
    static SkiffServer server;

    @BeforeAll
    static void start() {
        server = SkiffServer.builder().port(0).start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Properties producerProps(String clientId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return p;
    }

    private static UUID uuid(Uuid id) {
        return new UUID(id.getMostSignificantBits(), id.getLeastSignificantBits());
    }

    @Test
    void clientInstanceIdAnswersAtOnceAndSubscriptionsDecideWhatIsPushed() throws Exception {
        TelemetryStore store = server.clientTelemetry().store();
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "telemetry-consumer");
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        // Admin clients push no metrics unless asked to (enable.metrics.push is false for them by default).
        try (Admin admin = Admin.create(
                        Map.of("bootstrap.servers", server.bootstrapServers(), "enable.metrics.push", "true"));
                KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            // An admin client connects with its first call. (Generous timeouts: this machine may be loaded; the time
            // taken is printed. Without the telemetry APIs the call waits its whole timeout and returns null.)
            admin.describeCluster().nodes().get();
            long start = System.nanoTime();
            Uuid adminId = admin.clientInstanceId(Duration.ofSeconds(30));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertNotNull(adminId, "admin");
            System.out.println("admin.clientInstanceId(30 s) = " + adminId + " in " + ms + " ms");

            // The classic consumer talks to the broker only inside poll(), its telemetry too: it knows its id after
            // some polls (as against Kafka).
            server.createTopic("telemetry", 1);
            consumer.assign(List.of(new org.apache.kafka.common.TopicPartition("telemetry", 0)));
            Uuid consumerId = null;
            for (int i = 0; i < 300 && consumerId == null; i++) {
                consumer.poll(Duration.ofMillis(100));
                consumerId = consumer.clientInstanceId(Duration.ofMillis(1));
            }
            assertNotNull(consumerId, "consumer");

            // No subscription: a producer that works for a while pushes nothing.
            long created = System.nanoTime();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps("unsubscribed"))) {
                Uuid id = producer.clientInstanceId(Duration.ofSeconds(30));
                long producerMs = (System.nanoTime() - created) / 1_000_000;
                assertNotNull(id, "producer");
                System.out.println(
                        "new KafkaProducer(...).clientInstanceId(30 s) = " + id + " in " + producerMs + " ms");
                producer.send(new ProducerRecord<>("telemetry", "k", "v")).get();
            }
            assertEquals(0, store.size(), "nothing is pushed without a subscription");

            // The subscription kafka-client-metrics --alter --name producers --metrics org.apache.kafka.producer.
            // --interval 500 --match client_id=telemetry-p.* makes.
            ConfigResource subscription = new ConfigResource(ConfigResource.Type.CLIENT_METRICS, "producers");
            admin.incrementalAlterConfigs(Map.of(
                            subscription,
                            List.of(
                                    set("metrics", "org.apache.kafka.producer."),
                                    set("interval.ms", "500"),
                                    set("match", "client_id=telemetry-p.*"))))
                    .all()
                    .get();
            assertEquals(
                    "org.apache.kafka.producer.",
                    admin.describeConfigs(List.of(subscription))
                            .all()
                            .get()
                            .get(subscription)
                            .get("metrics")
                            .value());

            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps("telemetry-producer"))) {
                UUID id = uuid(producer.clientInstanceId(Duration.ofSeconds(30)));
                producer.send(new ProducerRecord<>("telemetry", "k", "v")).get();
                await().atMost(Duration.ofSeconds(30)).until(() -> store.of(id).size() >= 3);
                PushedMetrics push = store.latest(id).orElseThrow();
                assertEquals("telemetry-producer", push.client().clientId());
                assertEquals("apache-kafka-java", push.client().softwareName());
                assertFalse(push.metricNames().isEmpty(), "the pushed MetricsData names its metrics");
                assertTrue(
                        push.metricNames().stream().allMatch(n -> n.startsWith("org.apache.kafka.producer.")),
                        "only the subscribed prefix: " + push.metricNames());
            }
            // The consumer does not match the subscription: nothing of it was kept.
            assertEquals(List.of(), store.of(uuid(consumerId)));
        }
    }

    /**
     * A 4.4.0 producer's and a 4.4.0 consumer's (consumer group protocol, whose background
     * thread talks to the broker without poll) {@code clientInstanceId(5 s)} returns an id within a second, on Skiff as
     * on the reference Kafka 4.4.0 (which serves telemetry because it runs a receiver). Each client's first run
     * loads its classes, so the time is taken on the second.
     */
    @Test
    void producerAndConsumerKnowTheirInstanceIdWithinASecondOnBothBrokers() throws Exception {
        for (String bootstrap : List.of(RealKafka.shared().bootstrapServers(), server.bootstrapServers())) {
            for (int round = 0; round < 2; round++) {
                Properties p = producerProps("telemetry-id-producer");
                p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
                long producerMs;
                try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                    long start = System.nanoTime();
                    assertNotNull(producer.clientInstanceId(Duration.ofSeconds(5)), "producer id from " + bootstrap);
                    producerMs = (System.nanoTime() - start) / 1_000_000;
                }
                Properties c = new Properties();
                c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
                c.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
                c.put(ConsumerConfig.GROUP_ID_CONFIG, "telemetry-id-group");
                c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
                c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
                long consumerMs;
                try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
                    long start = System.nanoTime();
                    assertNotNull(consumer.clientInstanceId(Duration.ofSeconds(5)), "consumer id from " + bootstrap);
                    consumerMs = (System.nanoTime() - start) / 1_000_000;
                }
                System.out.println("clientInstanceId from " + bootstrap + ", round " + round + ": producer "
                        + producerMs + " ms, consumer " + consumerMs + " ms");
                if (round == 1) {
                    assertTrue(producerMs < 1000, "producer took " + producerMs + " ms on " + bootstrap);
                    assertTrue(consumerMs < 1000, "consumer took " + consumerMs + " ms on " + bootstrap);
                }
            }
        }
    }

    private static AlterConfigOp set(String key, String value) {
        return new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
    }
}
