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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.message.DescribeConfigsRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.requests.AlterConfigsRequest;
import org.apache.kafka.common.requests.AlterConfigsResponse;
import org.apache.kafka.common.requests.DescribeConfigsRequest;
import org.apache.kafka.common.requests.DescribeConfigsResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Kafka 4.1 Admin describeConfigs / incrementalAlterConfigs against Skiff, and the legacy AlterConfigs v0 /
 * DescribeConfigs v1 that older clients (librdkafka, kafkajs) send, encoded by kafka-clients' own request classes.
 */
@Skiff(properties = "log.retention.hours=48")
class AdminConfigsCompatTest {
    static SkiffServer server;
    static Admin admin;

    @BeforeAll
    static void start() {
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()));
    }

    @AfterAll
    static void stop() {
        admin.close();
    }

    private static ConfigResource topic(String name) {
        return new ConfigResource(ConfigResource.Type.TOPIC, name);
    }

    private static Config describe(ConfigResource resource) throws Exception {
        return admin.describeConfigs(
                        List.of(resource),
                        new DescribeConfigsOptions().includeSynonyms(true).includeDocumentation(true))
                .all()
                .get()
                .get(resource);
    }

    @Test
    void describesTopicConfigsWithSourcesSynonymsAndDocumentation() throws Exception {
        admin.createTopics(
                        List.of(new NewTopic("described", 1, (short) 1).configs(Map.of("max.message.bytes", "500000"))))
                .all()
                .get();
        Config config = describe(topic("described"));
        ConfigEntry maxBytes = config.get("max.message.bytes");
        assertEquals("500000", maxBytes.value());
        assertEquals(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG, maxBytes.source());
        assertEquals(ConfigEntry.ConfigType.INT, maxBytes.type());
        assertNotNull(maxBytes.documentation());
        ConfigEntry retention = config.get("retention.ms");
        assertEquals("172800000", retention.value());
        // Kafka 4.4 reports no synonym before log.retention.ms, the chain's first key: .hours alone → DEFAULT_CONFIG
        assertEquals(ConfigEntry.ConfigSource.DEFAULT_CONFIG, retention.source());
        assertEquals(List.of(), retention.synonyms());
        assertEquals(
                ConfigEntry.ConfigSource.DEFAULT_CONFIG,
                config.get("cleanup.policy").source());
        assertFalse(retention.isReadOnly());
    }

    @Test
    void incrementalAlterConfigsSetsDeletesAndAppends() throws Exception {
        admin.createTopics(List.of(new NewTopic("altered", 2, (short) 1))).all().get();
        ConfigResource resource = topic("altered");
        admin.incrementalAlterConfigs(Map.of(
                        resource,
                        List.of(
                                new AlterConfigOp(new ConfigEntry("retention.ms", "3600000"), AlterConfigOp.OpType.SET),
                                new AlterConfigOp(
                                        new ConfigEntry("cleanup.policy", "compact"), AlterConfigOp.OpType.APPEND))))
                .all()
                .get();
        Config config = describe(resource);
        assertEquals("3600000", config.get("retention.ms").value());
        assertEquals(
                ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG,
                config.get("retention.ms").source());
        assertEquals("delete,compact", config.get("cleanup.policy").value());

        admin.incrementalAlterConfigs(Map.of(
                        resource,
                        List.of(new AlterConfigOp(new ConfigEntry("retention.ms", null), AlterConfigOp.OpType.DELETE))))
                .all()
                .get();
        assertEquals("172800000", describe(resource).get("retention.ms").value());

        admin.incrementalAlterConfigs(
                        Map.of(
                                resource,
                                List.of(new AlterConfigOp(
                                        new ConfigEntry("segment.ms", "1000"), AlterConfigOp.OpType.SET))),
                        new AlterConfigsOptions().validateOnly(true))
                .all()
                .get();
        assertEquals("604800000", describe(resource).get("segment.ms").value(), "validate-only changed nothing");
    }

    @Test
    void alteredSettingsApplyToTheLiveLog() throws Exception {
        admin.createTopics(List.of(new NewTopic("live", 1, (short) 1))).all().get();
        ConfigResource resource = topic("live");
        admin.incrementalAlterConfigs(Map.of(
                        resource,
                        List.of(
                                new AlterConfigOp(
                                        new ConfigEntry("max.message.bytes", "2000"), AlterConfigOp.OpType.SET),
                                new AlterConfigOp(
                                        new ConfigEntry("message.timestamp.type", "LogAppendTime"),
                                        AlterConfigOp.OpType.SET))))
                .all()
                .get();
        TopicPartition tp = new TopicPartition("live", 0);
        try (KafkaProducer<String, String> producer = DataCompatSupport.producer(
                        server.bootstrapServers(), ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
                KafkaConsumer<String, String> consumer = DataCompatSupport.consumer(server.bootstrapServers())) {
            ExecutionException tooLarge = assertThrows(
                    ExecutionException.class,
                    () -> producer.send(new ProducerRecord<>("live", 0, null, "x".repeat(5000)))
                            .get());
            assertInstanceOf(RecordTooLargeException.class, tooLarge.getCause());
            long before = System.currentTimeMillis();
            producer.send(new ProducerRecord<>("live", 0, 1L, null, "small")).get();
            ConsumerRecord<String, String> record =
                    DataCompatSupport.readExactly(consumer, List.of(tp), 1).get(0);
            assertEquals("small", record.value());
            assertEquals(TimestampType.LOG_APPEND_TIME, record.timestampType());
            assertTrue(record.timestamp() >= before, "the broker's clock, not the producer's timestamp 1");
        }
    }

    @Test
    void legacyAlterConfigsV0AndDescribeConfigsV1AsOlderClientsSendThem() throws Exception {
        admin.createTopics(List.of(new NewTopic("legacy", 1, (short) 1).configs(Map.of("retention.ms", "1000"))))
                .all()
                .get();
        ConfigResource resource = topic("legacy");
        AlterConfigsRequest alter = new AlterConfigsRequest.Builder(
                        Map.of(
                                resource,
                                new AlterConfigsRequest.Config(
                                        List.of(new AlterConfigsRequest.ConfigEntry("segment.ms", "90000")))),
                        false)
                .build((short) 0);
        DescribeConfigsResponse described;
        try (RawKafkaConnection connection = new RawKafkaConnection("127.0.0.1", server.port())) {
            AlterConfigsResponse altered = connection.send(alter);
            assertEquals(Errors.NONE, altered.errors().get(resource).error());

            DescribeConfigsRequestData data = new DescribeConfigsRequestData();
            data.resources()
                    .add(new DescribeConfigsRequestData.DescribeConfigsResource()
                            .setResourceType(resource.type().id())
                            .setResourceName("legacy")
                            .setConfigurationKeys(null));
            DescribeConfigsRequest describe = new DescribeConfigsRequest.Builder(data).build((short) 1);
            described = connection.send(describe);
        }
        var result = described.resultMap().get(resource);
        assertEquals(Errors.NONE.code(), result.errorCode());
        Map<String, String> values = new HashMap<>();
        result.configs().forEach(c -> values.put(c.name(), c.value()));
        assertEquals("90000", values.get("segment.ms"));
        assertEquals(
                "172800000",
                values.get("retention.ms"),
                "legacy AlterConfigs replaced the whole set: broker value again");
    }

    @Test
    void invalidValuesAndUnknownTopicsAreRefused() throws Exception {
        admin.createTopics(List.of(new NewTopic("strict", 1, (short) 1))).all().get();
        ExecutionException bad = assertThrows(
                ExecutionException.class,
                () -> admin.incrementalAlterConfigs(Map.of(
                                topic("strict"),
                                List.of(new AlterConfigOp(
                                        new ConfigEntry("retention.ms", "-7"), AlterConfigOp.OpType.SET))))
                        .all()
                        .get());
        assertInstanceOf(InvalidConfigurationException.class, bad.getCause());
        assertEquals(
                "Invalid value -7 for configuration retention.ms: Value must be at least -1",
                bad.getCause().getMessage());
        ExecutionException missing = assertThrows(
                ExecutionException.class,
                () -> admin.incrementalAlterConfigs(Map.of(
                                topic("nope"),
                                List.of(new AlterConfigOp(
                                        new ConfigEntry("retention.ms", "7"), AlterConfigOp.OpType.SET))))
                        .all()
                        .get());
        assertInstanceOf(UnknownTopicOrPartitionException.class, missing.getCause());
        ExecutionException describeMissing = assertThrows(
                ExecutionException.class,
                () -> admin.describeConfigs(List.of(topic("nope"))).all().get());
        assertInstanceOf(UnknownTopicOrPartitionException.class, describeMissing.getCause());
    }

    @Test
    void brokerConfigsAreDescribedButNotDynamic() throws Exception {
        ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(server.nodeId()));
        Config config = describe(broker);
        ConfigEntry retention = config.get("log.retention.hours");
        assertEquals("48", retention.value());
        assertTrue(retention.isReadOnly());
        assertEquals(ConfigEntry.ConfigSource.STATIC_BROKER_CONFIG, retention.source());
        ExecutionException alter = assertThrows(
                ExecutionException.class,
                () -> admin.incrementalAlterConfigs(Map.of(
                                broker,
                                List.of(new AlterConfigOp(
                                        new ConfigEntry("log.retention.hours", "1"), AlterConfigOp.OpType.SET))))
                        .all()
                        .get());
        assertInstanceOf(InvalidRequestException.class, alter.getCause());
        assertTrue(alter.getCause().getMessage().contains("Cannot update these configs dynamically"));
        ConfigResource logger =
                new ConfigResource(ConfigResource.Type.BROKER_LOGGER, Integer.toString(server.nodeId()));
        ExecutionException loggers = assertThrows(
                ExecutionException.class,
                () -> admin.describeConfigs(Set.of(logger)).all().get());
        assertInstanceOf(InvalidRequestException.class, loggers.getCause());
    }
}
