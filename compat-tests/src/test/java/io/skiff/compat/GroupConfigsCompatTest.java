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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListConfigResourcesOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatResponse;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Group config resources (KIP-848's per-group consumer.session.timeout.ms and consumer.heartbeat.interval.ms) with
 * the Java Admin client, Kafka 4.1's kafka-configs, a consumer-protocol member and a restart.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class GroupConfigsCompatTest {
    private static final String HB = "consumer.heartbeat.interval.ms";
    private static final String SESSION = "consumer.session.timeout.ms";

    /** Filled by the extension, and again with the new server after a restart. */
    private SkiffServer server;

    private SkiffBroker broker;

    private static ConfigResource group(String name) {
        return new ConfigResource(ConfigResource.Type.GROUP, name);
    }

    private static void set(Admin admin, String group, String key, String value) throws Exception {
        admin.incrementalAlterConfigs(Map.of(
                        group(group),
                        List.of(new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET))))
                .all()
                .get();
    }

    private static Config describe(Admin admin, String group) throws Exception {
        return admin.describeConfigs(List.of(group(group))).all().get().get(group(group));
    }

    @Test
    void adminClientSetsDescribesListsAndRefuses() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            Config none = describe(admin, "no-such-group");
            assertEquals(21, none.entries().size(), "Kafka 4.4's group keys");
            assertEquals("500", none.get(HB).value());
            assertEquals(ConfigEntry.ConfigSource.DEFAULT_CONFIG, none.get(HB).source());

            set(admin, "g1", HB, "1500");
            ConfigEntry hb = describe(admin, "g1").get(HB);
            assertEquals("1500", hb.value());
            assertEquals(ConfigEntry.ConfigSource.DYNAMIC_GROUP_CONFIG, hb.source());
            assertEquals(
                    Set.of(group("g1")),
                    Set.copyOf(admin.listConfigResources(
                                    Set.of(ConfigResource.Type.GROUP), new ListConfigResourcesOptions())
                            .all()
                            .get()));

            ExecutionException e = assertThrows(ExecutionException.class, () -> set(admin, "g1", SESSION, "99999"));
            assertInstanceOf(InvalidConfigurationException.class, e.getCause());
            assertEquals(
                    SESSION + " must be in the range 1000 to 60000 inclusive.",
                    e.getCause().getMessage());
            e = assertThrows(ExecutionException.class, () -> set(admin, "g1", "consumer.bogus", "1"));
            assertEquals(
                    "Unknown group config name: consumer.bogus", e.getCause().getMessage());
        }
    }

    @Test
    void kafkaConfigsDescribesAndAltersGroups() throws Exception {
        String bootstrap = server.bootstrapServers();
        assertEquals(
                "Completed updating config for group cli-group.",
                kafkaConfigs(
                                bootstrap,
                                "--alter",
                                "--entity-type",
                                "groups",
                                "--entity-name",
                                "cli-group",
                                "--add-config",
                                HB + "=2000,share.isolation.level=read_committed")
                        .strip());
        String described =
                kafkaConfigs(bootstrap, "--describe", "--entity-type", "groups", "--entity-name", "cli-group");
        assertTrue(
                described.contains("Dynamic configs for group cli-group are:\n  " + HB
                        + "=2000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:" + HB + "=2000,"
                        + " DEFAULT_CONFIG:group.consumer.heartbeat.interval.ms=500}"),
                described);
        String all =
                kafkaConfigs(bootstrap, "--describe", "--all", "--entity-type", "groups", "--entity-name", "cli-group");
        assertTrue(
                all.contains("  " + SESSION + "=45000 sensitive=false synonyms={DEFAULT_CONFIG:group." + SESSION
                        + "=45000}"),
                all);
        assertEquals(22, all.strip().split("\n").length, all);
        assertEquals(
                "The group 'other' doesn't exist and doesn't have dynamic config.",
                kafkaConfigs(bootstrap, "--describe", "--entity-type", "groups", "--entity-name", "other")
                        .strip());
        kafkaConfigs(
                bootstrap, "--alter", "--entity-type", "groups", "--entity-name", "cli-group", "--delete-config", HB);
        assertTrue(kafkaConfigs(bootstrap, "--describe", "--entity-type", "groups", "--entity-name", "cli-group")
                .contains("share.isolation.level=read_committed"));
    }

    @Test
    void aConsumerProtocolMemberIsToldTheGroupsHeartbeatIntervalAndConfigsSurviveARestart() throws Exception {
        String topic = "group-configs";
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
            try (RawKafkaConnection c = new RawKafkaConnection("127.0.0.1", server.port())) {
                String member = Uuid.randomUuid().toString();
                ConsumerGroupHeartbeatResponseData joined = heartbeat(
                        c,
                        new ConsumerGroupHeartbeatRequestData()
                                .setGroupId("raw")
                                .setMemberId(member)
                                .setMemberEpoch(0)
                                .setRebalanceTimeoutMs(30_000)
                                .setSubscribedTopicNames(List.of(topic))
                                .setTopicPartitions(List.of()));
                assertEquals(Errors.NONE.code(), joined.errorCode());
                assertEquals(500, joined.heartbeatIntervalMs(), "the broker's group.consumer.heartbeat.interval.ms");
                set(admin, "raw", HB, "4000");
                ConsumerGroupHeartbeatResponseData next = heartbeat(
                        c,
                        new ConsumerGroupHeartbeatRequestData()
                                .setGroupId("raw")
                                .setMemberId(member)
                                .setMemberEpoch(joined.memberEpoch()));
                assertEquals(Errors.NONE.code(), next.errorCode());
                assertEquals(4000, next.heartbeatIntervalMs(), "the group's own, from the next heartbeat");
            }

            // A Java consumer of the consumer protocol in a group with its own settings reads as usual.
            set(admin, "java", HB, "1000");
            set(admin, "java", SESSION, "20000");
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
                producer.send(new ProducerRecord<>(topic, "k", "v")).get();
            }
            Properties props = new Properties();
            props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
            props.put(ConsumerConfig.GROUP_ID_CONFIG, "java");
            props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
            props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
                consumer.subscribe(List.of(topic));
                List<String> values = new ArrayList<>();
                await().atMost(Duration.ofSeconds(30)).until(() -> {
                    ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
                    records.forEach(r -> values.add(r.value()));
                    return !values.isEmpty();
                });
                assertEquals(List.of("v"), values);
            }
        }
        broker.restart();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            assertEquals("1000", describe(admin, "java").get(HB).value());
            assertEquals("20000", describe(admin, "java").get(SESSION).value());
            assertEquals("4000", describe(admin, "raw").get(HB).value());
            assertEquals(
                    ConfigEntry.ConfigSource.DYNAMIC_GROUP_CONFIG,
                    describe(admin, "raw").get(HB).source());
        }
    }

    private static ConsumerGroupHeartbeatResponseData heartbeat(
            RawKafkaConnection c, ConsumerGroupHeartbeatRequestData data) throws Exception {
        ConsumerGroupHeartbeatResponse r = c.send(new ConsumerGroupHeartbeatRequest.Builder(data).build((short) 0));
        return r.data();
    }

    /** Runs Kafka 4.1's kafka-configs in a child JVM on Kafka's own jars; fails the test unless it exits with 0. */
    private static String kafkaConfigs(String bootstrap, String... args) {
        List<String> command = new ArrayList<>(List.of("--bootstrap-server", bootstrap));
        command.addAll(List.of(args));
        return RealKafka.runTool("org.apache.kafka.tools.ConfigCommand", command);
    }
}
