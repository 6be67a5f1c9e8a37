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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConfigEntry.ConfigSource;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The dynamic broker configuration with the Java Admin client, as against Kafka 4.4: incremental changes to the
 * cluster default and to the broker, Kafka's refusals, sources and synonyms in DescribeConfigs, a restart that keeps
 * them, and topic defaults that change at once.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = "log.retention.check.interval.ms=50")
class DynamicBrokerConfigCompatTest {
    /** Filled by the extension, and again with the new server after a restart. */
    private SkiffServer server;

    private SkiffBroker broker;

    private static final ConfigResource CLUSTER_DEFAULT = new ConfigResource(ConfigResource.Type.BROKER, "");

    private ConfigResource ownBroker() {
        return new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(server.nodeId()));
    }

    private static ConfigResource topic(String name) {
        return new ConfigResource(ConfigResource.Type.TOPIC, name);
    }

    private static void set(Admin admin, ConfigResource resource, String key, String value) throws Exception {
        admin.incrementalAlterConfigs(Map.of(
                        resource, List.of(new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET))))
                .all()
                .get();
    }

    private static Config describe(Admin admin, ConfigResource resource) throws Exception {
        return admin.describeConfigs(List.of(resource), new DescribeConfigsOptions().includeSynonyms(true))
                .all()
                .get()
                .get(resource);
    }

    private static List<String> synonyms(ConfigEntry entry) {
        return entry.synonyms().stream()
                .map(s -> s.source() + ":" + s.name() + "=" + s.value())
                .toList();
    }

    private static String refusal(Admin admin, ConfigResource resource, String key, String value) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> set(admin, resource, key, value));
        assertInstanceOf(InvalidRequestException.class, e.getCause());
        return e.getCause().getMessage();
    }

    @Test
    void changesAreCheckedDescribedAndKeptAcrossARestart() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("plain", 1, (short) 1)))
                    .all()
                    .get();
            set(admin, CLUSTER_DEFAULT, "log.retention.ms", "100000");
            set(admin, ownBroker(), "log.segment.bytes", "2000000");
            assertEquals(
                    "Cannot update these configs dynamically: [log.dirs]",
                    refusal(admin, ownBroker(), "log.dirs", "x"));
            assertEquals(
                    "Cannot update these configs at default cluster level, broker id must be specified:"
                            + " [ssl.client.auth]",
                    refusal(admin, CLUSTER_DEFAULT, "ssl.client.auth", "required"));
            assertEquals(
                    "Invalid value abc for configuration log.retention.ms: Not a number of type LONG",
                    refusal(admin, ownBroker(), "log.retention.ms", "abc"));
            assertDescribed(admin);
        }
        broker.restart();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            assertDescribed(admin);
        }
    }

    private void assertDescribed(Admin admin) throws Exception {
        ConfigEntry segment = describe(admin, ownBroker()).get("log.segment.bytes");
        assertEquals("2000000", segment.value());
        assertEquals(ConfigSource.DYNAMIC_BROKER_CONFIG, segment.source());
        assertFalse(segment.isReadOnly());
        assertEquals(
                List.of(
                        "DYNAMIC_BROKER_CONFIG:log.segment.bytes=2000000",
                        "DEFAULT_CONFIG:log.segment.bytes=1073741824"),
                synonyms(segment));
        // Beside ours, the cluster default of min.insync.replicas a new Kafka 4.4 cluster stores (eligible leader
        // replicas)
        Collection<ConfigEntry> defaults = describe(admin, CLUSTER_DEFAULT).entries();
        assertEquals(
                List.of(
                        "DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=100000",
                        "DYNAMIC_DEFAULT_BROKER_CONFIG:min.insync.replicas=1"),
                defaults.stream().flatMap(e -> synonyms(e).stream()).sorted().toList());

        Config plain = describe(admin, topic("plain"));
        assertEquals("100000", plain.get("retention.ms").value());
        assertEquals(
                ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG,
                plain.get("retention.ms").source());
        assertEquals(
                List.of(
                        "DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=100000",
                        "DEFAULT_CONFIG:log.retention.hours=168"),
                synonyms(plain.get("retention.ms")));
        assertEquals("2000000", plain.get("segment.bytes").value());
        assertEquals(
                ConfigSource.DYNAMIC_BROKER_CONFIG, plain.get("segment.bytes").source());
    }

    @Test
    void aTopicWithoutItsOwnRetentionFollowsTheDefaultAtOnce() throws Exception {
        TopicPartition plain = new TopicPartition("plain", 0);
        TopicPartition own = new TopicPartition("own", 0);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()));
                KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                        "bootstrap.servers",
                        server.bootstrapServers(),
                        "key.serializer",
                        StringSerializer.class.getName(),
                        "value.serializer",
                        StringSerializer.class.getName()))) {
            admin.createTopics(List.of(
                            new NewTopic("plain", 1, (short) 1),
                            new NewTopic("own", 1, (short) 1)
                                    .configs(Map.of("retention.ms", "-1", "segment.ms", "604800000"))))
                    .all()
                    .get();
            for (int i = 0; i < 3; i++) {
                producer.send(new ProducerRecord<>("plain", "v" + i)).get();
                producer.send(new ProducerRecord<>("own", "v" + i)).get();
            }
            // Segments roll after 1 ms and are deleted 1 ms after their last record: the records go at once.
            set(admin, CLUSTER_DEFAULT, "log.roll.ms", "1");
            set(admin, ownBroker(), "log.retention.ms", "1");
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> admin.listOffsets(Map.of(plain, OffsetSpec.earliest()))
                                    .partitionResult(plain)
                                    .get()
                                    .offset()
                            == 3);
            assertEquals(
                    0,
                    admin.listOffsets(Map.of(own, OffsetSpec.earliest()))
                            .partitionResult(own)
                            .get()
                            .offset(),
                    "a topic's own retention.ms and segment.ms win");
        }
    }
}
