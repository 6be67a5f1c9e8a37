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
package io.skiff.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.ListConfigResourcesOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SkiffServerResetTest {
    private SkiffServer server;

    @BeforeEach
    void start() {
        server = SkiffServer.builder().start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void resetDeletesTopicsGroupsAndOffsetsButKeepsServing() throws Exception {
        server.createTopic("orders", 2, Map.of("cleanup.policy", "compact"));
        produce("orders", "a");
        produce("auto-created", "b");
        try (KafkaConsumer<String, String> consumer = consumer("g1")) {
            consumer.subscribe(List.of("orders"));
            ConsumerRecords<String, String> records = pollUntilOne(consumer);
            assertEquals("a", records.iterator().next().value());
            consumer.commitSync();
        }
        assertEquals(Set.of("orders", "auto-created"), server.topicNames());
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()))) {
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, "g1"),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("consumer.heartbeat.interval.ms", "6000"),
                                    AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.BROKER, ""),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("log.retention.ms", "100000"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }

        server.reset();

        assertEquals(Set.of(), server.topicNames());
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()))) {
            assertEquals(Set.of(), admin.listTopics().names().get());
            assertTrue(admin.listConsumerGroups().all().get().stream()
                    .map(ConsumerGroupListing::groupId)
                    .noneMatch("g1"::equals));
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets("g1")
                    .partitionsToOffsetAndMetadata()
                    .get();
            assertTrue(committed.isEmpty(), "offsets of the deleted group: " + committed);
            assertEquals(
                    List.of(),
                    List.copyOf(admin.listConfigResources(
                                    Set.of(ConfigResource.Type.GROUP), new ListConfigResourcesOptions())
                            .all()
                            .get()),
                    "group configs are cleared");
            ConfigResource clusterDefault = new ConfigResource(ConfigResource.Type.BROKER, "");
            assertEquals(
                    List.of("min.insync.replicas=1"),
                    admin.describeConfigs(List.of(clusterDefault)).all().get().get(clusterDefault).entries().stream()
                            .map(e -> e.name() + "=" + e.value())
                            .toList(),
                    "dynamic broker configs are those of a new cluster");
        }
        // The same names work again, from offset 0.
        server.createTopic("orders", 1);
        produce("orders", "c");
        try (KafkaConsumer<String, String> consumer = consumer("g1")) {
            consumer.subscribe(List.of("orders"));
            var record = pollUntilOne(consumer).iterator().next();
            assertEquals("c", record.value());
            assertEquals(0, record.offset());
        }
    }

    @Test
    void resetNamesGroupsThatStillHaveMembers() {
        server.createTopic("t", 1);
        produce("t", "x");
        try (KafkaConsumer<String, String> consumer = consumer("busy")) {
            consumer.subscribe(List.of("t"));
            pollUntilOne(consumer);
            IllegalStateException e = assertThrows(IllegalStateException.class, server::reset);
            assertTrue(e.getMessage().contains("busy"), e.getMessage());
            assertEquals(Set.of(), server.topicNames(), "topics are deleted all the same");
        }
    }

    private void produce(String topic, String value) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, "key", value)).get(); // keyed: one topic is compacted
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private KafkaConsumer<String, String> consumer(String group) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
    }

    private static ConsumerRecords<String, String> pollUntilOne(KafkaConsumer<String, String> consumer) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            if (!records.isEmpty()) {
                return records;
            }
        }
        throw new AssertionError("no record within 30 s");
    }
}
