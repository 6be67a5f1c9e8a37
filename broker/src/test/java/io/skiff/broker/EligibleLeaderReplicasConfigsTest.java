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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster default of min.insync.replicas that Kafka 4.4's controller keeps while eligible leader replicas are on,
 * as a real Kafka 4.4 shows it: written when a cluster is created (the static value), refused to be deleted, written
 * again when UpdateFeatures turns them on, kept across restarts, and what a reset returns to.
 */
class EligibleLeaderReplicasConfigsTest {
    private static final String ELR = "eligible.leader.replicas.version";
    private static final String MIN_ISR = "min.insync.replicas";
    private static final ConfigResource CLUSTER = new ConfigResource(ConfigResource.Type.BROKER, "");
    private static final ConfigResource BROKER = new ConfigResource(ConfigResource.Type.BROKER, "1");

    @TempDir
    Path dataDir;

    @Test
    void aNewClusterHasTheClusterDefaultAsKafkaShowsIt() throws Exception {
        try (SkiffServer server = start(Map.of());
                Admin admin = admin(server)) {
            server.createTopic("t", 1);
            assertEquals(
                    List.of("min.insync.replicas=1 DYNAMIC_DEFAULT_BROKER_CONFIG [DYNAMIC_DEFAULT_BROKER_CONFIG=1]"),
                    describe(admin, CLUSTER));
            assertEquals(
                    "min.insync.replicas=1 DYNAMIC_DEFAULT_BROKER_CONFIG"
                            + " [DYNAMIC_DEFAULT_BROKER_CONFIG=1, DEFAULT_CONFIG=1]",
                    describe(admin, BROKER, MIN_ISR));
            assertEquals(
                    "min.insync.replicas=1 DYNAMIC_DEFAULT_BROKER_CONFIG [DYNAMIC_DEFAULT_BROKER_CONFIG=1, DEFAULT_CONFIG=1]",
                    describe(admin, new ConfigResource(ConfigResource.Type.TOPIC, "t"), MIN_ISR));
        }
    }

    @Test
    void theClusterDefaultTakesTheStaticValue() throws Exception {
        try (SkiffServer server = start(Map.of(MIN_ISR, "2"));
                Admin admin = admin(server)) {
            assertEquals(
                    "min.insync.replicas=2 DYNAMIC_DEFAULT_BROKER_CONFIG"
                            + " [DYNAMIC_DEFAULT_BROKER_CONFIG=2, STATIC_BROKER_CONFIG=2, DEFAULT_CONFIG=1]",
                    describe(admin, BROKER, MIN_ISR));
        }
    }

    @Test
    void whileOnTheClusterDefaultCannotBeDeletedNorTheBrokersOwnValueChanged() throws Exception {
        try (SkiffServer server = start(Map.of());
                Admin admin = admin(server)) {
            assertRefused(
                    "Cluster-level min.insync.replicas cannot be removed while ELR is enabled.",
                    alter(admin, CLUSTER, MIN_ISR, null));
            assertRefused(
                    "Broker-level min.insync.replicas cannot be altered while ELR is enabled.",
                    alter(admin, BROKER, MIN_ISR, "2"));
            assertRefused(
                    "Broker-level min.insync.replicas cannot be altered while ELR is enabled.",
                    alter(admin, BROKER, MIN_ISR, null));
            alter(admin, CLUSTER, MIN_ISR, "2").get();
            assertEquals(
                    List.of("min.insync.replicas=2 DYNAMIC_DEFAULT_BROKER_CONFIG [DYNAMIC_DEFAULT_BROKER_CONFIG=2]"),
                    describe(admin, CLUSTER));
        }
    }

    @Test
    void offTheDeletionLastsAcrossRestartsAndTurningThemOnWritesTheDefaultAgain() throws Exception {
        try (SkiffServer server = start(Map.of());
                Admin admin = admin(server)) {
            admin.updateFeatures(
                            Map.of(ELR, new FeatureUpdate((short) 0, FeatureUpdate.UpgradeType.SAFE_DOWNGRADE)),
                            new UpdateFeaturesOptions())
                    .all()
                    .get();
            alter(admin, CLUSTER, MIN_ISR, null).get();
            alter(admin, BROKER, MIN_ISR, "2").get();
        }
        try (SkiffServer server = start(Map.of());
                Admin admin = admin(server)) {
            assertEquals(List.of(), describe(admin, CLUSTER));
            assertEquals(
                    "min.insync.replicas=2 DYNAMIC_BROKER_CONFIG [DYNAMIC_BROKER_CONFIG=2, DEFAULT_CONFIG=1]",
                    describe(admin, BROKER, MIN_ISR));
            admin.updateFeatures(
                            Map.of(ELR, new FeatureUpdate((short) 1, FeatureUpdate.UpgradeType.UPGRADE)),
                            new UpdateFeaturesOptions())
                    .all()
                    .get();
            assertEquals(
                    List.of("min.insync.replicas=1 DYNAMIC_DEFAULT_BROKER_CONFIG [DYNAMIC_DEFAULT_BROKER_CONFIG=1]"),
                    describe(admin, CLUSTER));
            assertEquals(
                    "min.insync.replicas=1 DYNAMIC_DEFAULT_BROKER_CONFIG"
                            + " [DYNAMIC_DEFAULT_BROKER_CONFIG=1, DEFAULT_CONFIG=1]",
                    describe(admin, BROKER, MIN_ISR));
        }
    }

    @Test
    void aDataDirectoryFromBeforeGetsNoClusterDefault() throws Exception {
        try (SkiffServer server = start(Map.of())) {
            // started once: meta.properties is written
        }
        Files.delete(dataDir.resolve("broker-configs/dynamic")); // as an older Skiff left it
        try (SkiffServer server = start(Map.of());
                Admin admin = admin(server)) {
            assertEquals(List.of(), describe(admin, CLUSTER));
        }
    }

    @Test
    void resetReturnsToTheClusterDefaultOfANewCluster() throws Exception {
        try (SkiffServer server = start(Map.of());
                Admin admin = admin(server)) {
            alter(admin, CLUSTER, MIN_ISR, "3").get();
            alter(admin, CLUSTER, "log.retention.ms", "100000").get();
            server.reset();
            assertEquals(
                    List.of("min.insync.replicas=1 DYNAMIC_DEFAULT_BROKER_CONFIG [DYNAMIC_DEFAULT_BROKER_CONFIG=1]"),
                    describe(admin, CLUSTER));
        }
    }

    private SkiffServer start(Map<String, String> config) {
        return SkiffServer.builder().dataDir(dataDir).config(config).start();
    }

    private static Admin admin(SkiffServer server) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()));
    }

    /** Sets {@code key} of {@code resource}, or deletes it when {@code value} is null. */
    private static KafkaFuture<Void> alter(Admin admin, ConfigResource resource, String key, String value) {
        AlterConfigOp op = value == null
                ? new AlterConfigOp(new ConfigEntry(key, ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
        return admin.incrementalAlterConfigs(Map.of(resource, List.of(op))).all();
    }

    private static void assertRefused(String message, KafkaFuture<Void> result) {
        ExecutionException e = assertThrows(ExecutionException.class, result::get);
        assertInstanceOf(InvalidConfigurationException.class, e.getCause());
        assertEquals(message, e.getCause().getMessage());
    }

    private static List<String> describe(Admin admin, ConfigResource resource) throws Exception {
        Collection<ConfigEntry> entries = admin.describeConfigs(List.of(resource), withSynonyms())
                .all()
                .get()
                .get(resource)
                .entries();
        return entries.stream().map(EligibleLeaderReplicasConfigsTest::line).toList();
    }

    private static String describe(Admin admin, ConfigResource resource, String key) throws Exception {
        return line(admin.describeConfigs(List.of(resource), withSynonyms())
                .all()
                .get()
                .get(resource)
                .get(key));
    }

    private static DescribeConfigsOptions withSynonyms() {
        return new DescribeConfigsOptions().includeSynonyms(true);
    }

    private static String line(ConfigEntry e) {
        return e.name() + "=" + e.value() + " " + e.source() + " "
                + e.synonyms().stream().map(s -> s.source() + "=" + s.value()).toList();
    }
}
