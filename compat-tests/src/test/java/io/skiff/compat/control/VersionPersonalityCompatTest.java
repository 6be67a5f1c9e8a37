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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.config.ConfigException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code skiff.emulate.kafka.version=3.6}: the Java consumer with {@code group.protocol=consumer} gets the error it
 * gets from Kafka 3.6 (no ConsumerGroupHeartbeat: KIP-848 is not there), the classic protocol works, the features of
 * 4.0 (group.version, transaction.version) are not finalized, and produce goes on at 3.6's versions.
 * {@code skiff.emulate.kafka.version=3.9}: ConsumerGroupHeartbeat is advertised but answered UNSUPPORTED_VERSION (the
 * protocol was off by default), no feature is listed, and transactions are V1 (a commit keeps the producer epoch), as
 * a real Kafka 3.9.1 answers.
 */
class VersionPersonalityCompatTest {
    private static SkiffServer skiff;
    private static SkiffServer kafka39;

    @BeforeAll
    static void start() {
        skiff = SkiffServer.builder().emulateKafkaVersion("3.6").start();
        skiff.createTopic("old", 1);
        kafka39 = SkiffServer.builder().emulateKafkaVersion("3.9").start();
        kafka39.createTopic("old", 1);
    }

    @AfterAll
    static void stop() {
        if (skiff != null) {
            skiff.close();
        }
        if (kafka39 != null) {
            kafka39.close();
        }
    }

    @Test
    void kafka39AdvertisesTheConsumerGroupHeartbeatButAnswersItUnsupportedAsItsDefaultBrokerDid() throws Exception {
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka39.bootstrapServers()))) {
            var features = admin.describeFeatures().featureMetadata().get();
            assertEquals(
                    Map.of(), features.finalizedFeatures(), "3.9 finalized none of group.version, transaction.version");
            assertEquals(Map.of(), features.supportedFeatures(), "transaction.version's production level was 0 in 3.9");
        }
        try (KafkaConsumer<String, String> consumer = consumer(kafka39, "new-protocol", "consumer")) {
            consumer.subscribe(List.of("old"));
            UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class, () -> {
                for (int i = 0; i < 100; i++) {
                    consumer.poll(Duration.ofMillis(100));
                }
            });
            assertTrue(e.getMessage().contains("CONSUMER group protocol"), e.getMessage());
        }
    }

    @Test
    void kafka39HasNoTransactionsV2SoCommitsDoNotBumpTheProducerEpoch() throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka39.bootstrapServers(),
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                "tv1",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class))) {
            producer.initTransactions();
            for (int i = 0; i < 3; i++) {
                producer.beginTransaction();
                producer.send(new ProducerRecord<>("old", "k", "v" + i)).get();
                producer.commitTransaction();
            }
        }
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka39.bootstrapServers()))) {
            // Transactions V2 (KIP-890, Kafka 4.0) bump the epoch at every commit; before it the epoch stays.
            assertEquals(
                    0,
                    admin.describeTransactions(List.of("tv1"))
                            .description("tv1")
                            .get()
                            .producerEpoch());
        }
    }

    @Test
    void theConsumerGroupProtocolIsRefusedAsKafka36RefusesIt() {
        try (KafkaConsumer<String, String> consumer = consumer("new-protocol", "consumer")) {
            consumer.subscribe(List.of("old"));
            UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class, () -> {
                for (int i = 0; i < 100; i++) {
                    consumer.poll(Duration.ofMillis(100));
                }
            });
            assertTrue(e.getMessage().contains("does not support the new CONSUMER group protocol"), e.getMessage());
        }
    }

    @Test
    void theClassicProtocolWorksAndNoFeatureOf40IsFinalized() throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
            producer.send(new ProducerRecord<>("old", "k", "v")).get();
        }
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = consumer("classic", "classic")) {
            consumer.subscribe(List.of("old"));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(r -> values.add(r.value()));
                return !values.isEmpty();
            });
        }
        assertEquals(List.of("v"), values);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()))) {
            var features = admin.describeFeatures().featureMetadata().get();
            assertNull(features.finalizedFeatures().get("group.version"));
            assertFalse(features.finalizedFeatures().containsKey("transaction.version"));
        }
    }

    @Test
    void anUnknownReleaseStopsStartupNamingTheKey() {
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> SkiffServer.builder()
                        .config("skiff.emulate.kafka.version", "1.0")
                        .start());
        assertTrue(e.getMessage().contains("skiff.emulate.kafka.version"), e.getMessage());
        assertTrue(e.getMessage().contains("3.6"), e.getMessage());
    }

    private static KafkaConsumer<String, String> consumer(String group, String protocol) {
        return consumer(skiff, group, protocol);
    }

    private static KafkaConsumer<String, String> consumer(SkiffServer server, String group, String protocol) {
        Map<String, Object> props = new HashMap<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                server.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                group,
                ConsumerConfig.GROUP_PROTOCOL_CONFIG,
                protocol,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class));
        return new KafkaConsumer<>(props);
    }
}
