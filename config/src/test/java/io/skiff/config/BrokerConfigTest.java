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
package io.skiff.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerConfigTest {
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private Path file(String content) throws IOException {
        Path f = dir.resolve("server.properties");
        Files.writeString(f, content);
        return f;
    }

    private BrokerConfig load(Path file, Map<String, String> overrides, Map<String, String> env) {
        return BrokerConfig.load(file, overrides, env, warnings::add);
    }

    @Test
    void defaultsSuitADeveloper() {
        BrokerConfig c = BrokerConfig.defaults();
        assertEquals(List.of(new Endpoint("PLAINTEXT", "127.0.0.1", 9092)), c.listeners());
        assertEquals(c.listeners(), c.advertisedListeners());
        assertEquals(List.of(Path.of("./data")), c.logDirs());
        assertEquals(1, c.nodeId());
        assertTrue(c.get(BrokerConfigKeys.AUTO_CREATE_TOPICS_ENABLE));
        assertTrue(c.get(BrokerConfigKeys.DELETE_TOPIC_ENABLE));
        assertEquals(1, c.get(BrokerConfigKeys.NUM_PARTITIONS));
        assertEquals(1, c.get(BrokerConfigKeys.DEFAULT_REPLICATION_FACTOR));
        assertEquals(0, c.get(BrokerConfigKeys.GROUP_INITIAL_REBALANCE_DELAY_MS));
        assertEquals(6000, c.get(BrokerConfigKeys.GROUP_MIN_SESSION_TIMEOUT_MS));
        assertEquals(1_800_000, c.get(BrokerConfigKeys.GROUP_MAX_SESSION_TIMEOUT_MS));
        assertEquals(50, c.get(BrokerConfigKeys.OFFSETS_TOPIC_NUM_PARTITIONS));
        assertEquals(10080, c.get(BrokerConfigKeys.OFFSETS_RETENTION_MINUTES));
        assertEquals(600_000L, c.get(BrokerConfigKeys.OFFSETS_RETENTION_CHECK_INTERVAL_MS));
        assertEquals(1_048_588, (int) c.get(BrokerConfigKeys.MESSAGE_MAX_BYTES));
        assertEquals(1_073_741_824, (int) c.get(BrokerConfigKeys.LOG_SEGMENT_BYTES));
        assertEquals(604_800_000L, c.logRollMs());
        assertEquals(604_800_000L, c.logRetentionMs());
        assertEquals(-1L, (long) c.get(BrokerConfigKeys.LOG_RETENTION_BYTES));
        assertEquals(300_000L, c.get(BrokerConfigKeys.LOG_RETENTION_CHECK_INTERVAL_MS));
        assertEquals(Long.MAX_VALUE, (long) c.get(BrokerConfigKeys.LOG_FLUSH_INTERVAL_MESSAGES));
        assertEquals(Long.MAX_VALUE, c.logFlushIntervalMs());
        assertEquals(
                MessageTimestampType.CREATE_TIME,
                MessageTimestampType.of(c.get(BrokerConfigKeys.LOG_MESSAGE_TIMESTAMP_TYPE)));
        assertEquals(EnumSet.of(CleanupPolicy.DELETE), CleanupPolicy.setOf(c.get(BrokerConfigKeys.LOG_CLEANUP_POLICY)));
        assertEquals(104_857_600, c.get(BrokerConfigKeys.SOCKET_REQUEST_MAX_BYTES));
        assertEquals(600_000L, c.get(BrokerConfigKeys.CONNECTIONS_MAX_IDLE_MS));
        assertEquals(3, c.get(BrokerConfigKeys.NUM_NETWORK_THREADS));
        assertEquals(86_400_000, c.get(BrokerConfigKeys.PRODUCER_ID_EXPIRATION_MS));
        assertEquals(604_800_000, c.get(BrokerConfigKeys.TRANSACTIONAL_ID_EXPIRATION_MS));
        assertEquals(Optional.empty(), c.clusterId());
        assertEquals((short) 1, c.value("offsets.topic.replication.factor"));
        assertTrue(c.originals().isEmpty());
    }

    @Test
    void consumerGroupAssignorsDefaultToKafkasShortNames() {
        // kafka-configs --describe --all shows Kafka 4.4's default as "uniform,range"
        assertEquals(
                List.of("uniform", "range"), BrokerConfig.defaults().get(BrokerConfigKeys.GROUP_CONSUMER_ASSIGNORS));
    }

    @Test
    void aBlankListenerIsNoListener() {
        assertFalse(BrokerConfig.defaults().hasText(BrokerConfigKeys.CONSOLE_LISTENER));
        assertFalse(load(null, Map.of("console.listener", " "), Map.of()).hasText(BrokerConfigKeys.CONSOLE_LISTENER));
        assertTrue(load(null, Map.of("console.listener", "http://127.0.0.1:0"), Map.of())
                .hasText(BrokerConfigKeys.CONSOLE_LISTENER));
    }

    @Test
    void fileIsOverriddenByEnvironmentWhichIsOverriddenByOverrides() throws IOException {
        Path f = file("num.partitions=2\nlog.retention.ms=1000\nmessage.max.bytes=5000\n");
        BrokerConfig c = load(
                f,
                Map.of("message.max.bytes", "7000"),
                Map.of("KAFKA_LOG_RETENTION_MS", "2000", "KAFKA_MESSAGE_MAX_BYTES", "6000"));
        assertEquals(2, c.get(BrokerConfigKeys.NUM_PARTITIONS));
        assertEquals(2000L, c.logRetentionMs());
        assertEquals(7000, (int) c.get(BrokerConfigKeys.MESSAGE_MAX_BYTES));
        assertEquals("7000", c.originals().get("message.max.bytes"));
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void environmentFollowsTheKafkaDockerImageConvention() {
        BrokerConfig c = load(
                null,
                Map.of(),
                Map.of(
                        "KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false",
                        "KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "250",
                        "KAFKA_HEAP_OPTS", "-Xmx1G",
                        "KAFKA_OPTS", "-Dx=y",
                        "CLUSTER_ID", "MkU3OEVBNTcwNTJENDM2Qk",
                        "PATH", "/usr/bin",
                        "HOME", "/root"));
        assertFalse(c.get(BrokerConfigKeys.AUTO_CREATE_TOPICS_ENABLE));
        assertEquals(250, c.get(BrokerConfigKeys.GROUP_INITIAL_REBALANCE_DELAY_MS));
        assertEquals(Optional.of("MkU3OEVBNTcwNTJENDM2Qk"), c.clusterId());
        assertTrue(warnings.isEmpty(), "launcher variables and non-Kafka variables are not keys: " + warnings);
    }

    @Test
    void unknownKeyWarnsOnceEvenWhenGivenTwice() throws IOException {
        Path f = file("some.unknown.key=1\nnum.partitions=3\n");
        BrokerConfig c = load(f, Map.of(), Map.of("KAFKA_SOME_UNKNOWN_KEY", "2"));
        assertEquals(3, c.get(BrokerConfigKeys.NUM_PARTITIONS));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("some.unknown.key"), warnings.get(0));
        assertTrue(warnings.get(0).contains("KAFKA_SOME_UNKNOWN_KEY"), "names the winning source: " + warnings.get(0));
        assertEquals("2", c.originals().get("some.unknown.key"));
    }

    @Test
    void badValueNamesKeyValueSourceAndWhatIsAllowed() {
        ConfigException e =
                assertThrows(ConfigException.class, () -> load(null, Map.of(), Map.of("KAFKA_NUM_PARTITIONS", "zero")));
        assertEquals("num.partitions", e.key());
        assertTrue(e.getMessage().contains("'zero'"), e.getMessage());
        assertTrue(e.getMessage().contains("num.partitions"), e.getMessage());
        assertTrue(e.getMessage().contains("KAFKA_NUM_PARTITIONS"), e.getMessage());
        assertTrue(e.getMessage().contains("32-bit integer"), e.getMessage());

        ConfigException range =
                assertThrows(ConfigException.class, () -> load(null, Map.of("num.partitions", "0"), Map.of()));
        assertTrue(range.getMessage().contains("at least 1"), range.getMessage());
        assertTrue(range.getMessage().contains("--override"), range.getMessage());

        ConfigException choice = assertThrows(
                ConfigException.class, () -> BrokerConfig.of(Map.of("log.message.timestamp.type", "AppendTime")));
        assertTrue(choice.getMessage().contains("CreateTime, LogAppendTime"), choice.getMessage());

        ConfigException bool =
                assertThrows(ConfigException.class, () -> BrokerConfig.of(Map.of("auto.create.topics.enable", "yes")));
        assertTrue(bool.getMessage().contains("true or false"), bool.getMessage());

        ConfigException list = assertThrows(
                ConfigException.class, () -> BrokerConfig.of(Map.of("log.cleanup.policy", "delete,shred")));
        assertTrue(list.getMessage().contains("compact, delete"), list.getMessage());
    }

    @Test
    void valuesAreTrimmedAndBooleansIgnoreCase() {
        BrokerConfig c = BrokerConfig.of(Map.of(
                "num.partitions", " 4 ", "delete.topic.enable", "FALSE", "log.cleanup.policy", "compact, delete"));
        assertEquals(4, c.get(BrokerConfigKeys.NUM_PARTITIONS));
        assertFalse(c.get(BrokerConfigKeys.DELETE_TOPIC_ENABLE));
        assertEquals(
                EnumSet.of(CleanupPolicy.COMPACT, CleanupPolicy.DELETE),
                CleanupPolicy.setOf(c.get(BrokerConfigKeys.LOG_CLEANUP_POLICY)));
    }

    @Test
    void retentionFallsBackFromMsToMinutesToHours() {
        assertEquals(
                2 * 3_600_000L,
                BrokerConfig.of(Map.of("log.retention.hours", "2")).logRetentionMs());
        assertEquals(
                5 * 60_000L,
                BrokerConfig.of(Map.of("log.retention.hours", "2", "log.retention.minutes", "5"))
                        .logRetentionMs());
        assertEquals(
                42L,
                BrokerConfig.of(Map.of("log.retention.minutes", "5", "log.retention.ms", "42"))
                        .logRetentionMs());
        assertEquals(-1L, BrokerConfig.of(Map.of("log.retention.ms", "-1")).logRetentionMs());
        assertEquals(-1L, BrokerConfig.of(Map.of("log.retention.hours", "-1")).logRetentionMs());
    }

    @Test
    void rollAndFlushFallBackLikeKafka() {
        assertEquals(
                3 * 3_600_000L, BrokerConfig.of(Map.of("log.roll.hours", "3")).logRollMs());
        assertEquals(
                1234L,
                BrokerConfig.of(Map.of("log.roll.hours", "3", "log.roll.ms", "1234"))
                        .logRollMs());
        assertEquals(
                500L,
                BrokerConfig.of(Map.of("log.flush.scheduler.interval.ms", "500"))
                        .logFlushIntervalMs());
        assertEquals(
                20L,
                BrokerConfig.of(Map.of("log.flush.scheduler.interval.ms", "500", "log.flush.interval.ms", "20"))
                        .logFlushIntervalMs());
    }

    @Test
    void logDirsFallBackToLogDirAndSplitOnCommas() {
        assertEquals(
                List.of(Path.of("/var/a")),
                BrokerConfig.of(Map.of("log.dir", "/var/a")).logDirs());
        assertEquals(
                List.of(Path.of("/x"), Path.of("/y")),
                BrokerConfig.of(Map.of("log.dir", "/var/a", "log.dirs", "/x, /y"))
                        .logDirs());
        assertThrows(ConfigException.class, () -> BrokerConfig.of(Map.of("log.dirs", " , ")));
    }

    @Test
    void nodeIdComesFromNodeIdOrBrokerIdAndTheyMustAgree() {
        assertEquals(7, BrokerConfig.of(Map.of("node.id", "7")).nodeId());
        assertEquals(9, BrokerConfig.of(Map.of("broker.id", "9")).nodeId());
        assertEquals(1, BrokerConfig.of(Map.of("broker.id", "-1")).nodeId());
        assertEquals(
                3, BrokerConfig.of(Map.of("node.id", "3", "broker.id", "3")).nodeId());
        ConfigException e =
                assertThrows(ConfigException.class, () -> BrokerConfig.of(Map.of("node.id", "3", "broker.id", "4")));
        assertTrue(e.getMessage().contains("node.id") && e.getMessage().contains("broker.id"), e.getMessage());
        assertThrows(ConfigException.class, () -> BrokerConfig.of(Map.of("node.id", "-2")));
    }

    @Test
    void portZeroWildcardAndIpv6ListenersAreAccepted() {
        BrokerConfig c = BrokerConfig.of(Map.of(
                "listeners",
                "PLAINTEXT://:0,plain_v6://[::1]:9093",
                "listener.security.protocol.map",
                "PLAINTEXT:PLAINTEXT,PLAIN_V6:PLAINTEXT"));
        assertEquals(List.of(new Endpoint("PLAINTEXT", "", 0), new Endpoint("PLAIN_V6", "::1", 9093)), c.listeners());
        assertTrue(c.listeners().get(0).isWildcardHost());
        assertEquals(0, c.listeners().get(0).bindAddress().getPort());
        assertEquals("PLAIN_V6://[::1]:9093", c.listeners().get(1).uri());
        assertEquals(
                List.of(new Endpoint("PLAINTEXT", "localhost", 0), new Endpoint("PLAIN_V6", "::1", 9093)),
                c.advertisedListeners(),
                "a wildcard host is advertised as localhost");
    }

    @Test
    void advertisedListenersAreValidated() {
        BrokerConfig c = BrokerConfig.of(Map.of(
                "listeners", "PLAINTEXT://0.0.0.0:9092", "advertised.listeners", "PLAINTEXT://kafka.example:19092"));
        assertEquals(List.of(new Endpoint("PLAINTEXT", "kafka.example", 19092)), c.advertisedListeners());
        assertEquals(
                List.of(new Endpoint("PLAINTEXT", "localhost", 9092)),
                BrokerConfig.of(Map.of("listeners", "PLAINTEXT://0.0.0.0:9092")).advertisedListeners());

        ConfigException unknownName = assertThrows(
                ConfigException.class, () -> BrokerConfig.of(Map.of("advertised.listeners", "OTHER://host:1")));
        assertTrue(unknownName.getMessage().contains("must also appear in listeners"), unknownName.getMessage());
        ConfigException nonRoutable = assertThrows(
                ConfigException.class,
                () -> BrokerConfig.of(Map.of("advertised.listeners", "PLAINTEXT://0.0.0.0:9092")));
        assertTrue(nonRoutable.getMessage().contains("0.0.0.0"), nonRoutable.getMessage());
    }

    @Test
    void malformedListenersAreRejectedWithTheRule() {
        for (String bad : List.of(
                "localhost:9092",
                "PLAINTEXT://host",
                "PLAINTEXT://host:70000",
                "PLAINTEXT://a:1,PLAINTEXT://b:2",
                "PLAINTEXT://a:1,X://a:1",
                "")) {
            ConfigException e = assertThrows(
                    ConfigException.class,
                    () -> BrokerConfig.of(Map.of(
                            "listeners", bad, "listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,X:PLAINTEXT")),
                    bad);
            assertEquals("listeners", e.key(), bad);
        }
    }

    @Test
    void securityProtocolsComeFromTheMapAndUnmappedListenersStopStartup() {
        BrokerConfig config = BrokerConfig.of(Map.of(
                "listeners", "SSL://127.0.0.1:9093,EXTERNAL://127.0.0.1:9094,INTERNAL://127.0.0.1:9095",
                "listener.security.protocol.map", "SSL:SSL,EXTERNAL:SASL_SSL,INTERNAL:SASL_PLAINTEXT"));
        assertEquals("SSL", config.securityProtocol("SSL"));
        assertEquals("SASL_SSL", config.securityProtocol("EXTERNAL"));
        assertEquals("SASL_PLAINTEXT", config.securityProtocol("INTERNAL"));
        ConfigException unmapped = assertThrows(
                ConfigException.class, () -> BrokerConfig.of(Map.of("listeners", "EXTERNAL://127.0.0.1:9093")));
        assertTrue(unmapped.getMessage().contains("listener.security.protocol.map"), unmapped.getMessage());
        assertThrows(
                ConfigException.class,
                () -> BrokerConfig.of(Map.of("listener.security.protocol.map", "PLAINTEXT:TLS")));
    }

    @Test
    void listenerPrefixedKeysOverrideTheBrokerWideOnesWithoutWarnings() {
        List<String> warnings = new ArrayList<>();
        BrokerConfig config = BrokerConfig.load(
                null,
                Map.of(
                        "listeners", "SSL://127.0.0.1:9093,SASL_SSL://127.0.0.1:9094",
                        "ssl.client.auth", "requested",
                        "listener.name.sasl_ssl.ssl.client.auth", "none",
                        "listener.name.sasl_ssl.plain.sasl.jaas.config", "x required;"),
                Map.of(),
                warnings::add);
        assertEquals(List.of(), warnings);
        assertEquals("requested", config.listenerValue("SSL", "ssl.client.auth"));
        assertEquals("none", config.listenerValue("SASL_SSL", "ssl.client.auth"));
        assertEquals("x required;", config.listenerValue("SASL_SSL", "plain.sasl.jaas.config"));
        assertEquals(null, config.listenerValue("SSL", "plain.sasl.jaas.config"));
        assertEquals("TLSv1.2,TLSv1.3", config.listenerValue("SSL", "ssl.enabled.protocols"));
    }

    @Test
    void aCopiedKraftServerPropertiesLoadsWithoutWarnings() throws IOException {
        // The keys of the KRaft combined-mode server.properties Kafka ships, with typical values.
        Path f = file("""
                # KRaft combined mode
                process.roles=broker,controller
                node.id=1
                controller.quorum.bootstrap.servers=localhost:9093
                controller.quorum.voters=1@localhost:9093
                listeners=PLAINTEXT://:9092,CONTROLLER://:9093
                inter.broker.listener.name=PLAINTEXT
                advertised.listeners=PLAINTEXT://localhost:9092,CONTROLLER://localhost:9093
                controller.listener.names=CONTROLLER
                listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL
                num.network.threads=3
                num.io.threads=8
                socket.send.buffer.bytes=102400
                socket.receive.buffer.bytes=102400
                socket.request.max.bytes=104857600
                log.dirs=/tmp/kraft-combined-logs
                num.partitions=1
                num.recovery.threads.per.data.dir=1
                offsets.topic.replication.factor=1
                share.coordinator.state.topic.replication.factor=1
                share.coordinator.state.topic.min.isr=1
                transaction.state.log.replication.factor=1
                transaction.state.log.min.isr=1
                log.retention.hours=168
                log.segment.bytes=1073741824
                log.retention.check.interval.ms=300000
                group.initial.rebalance.delay.ms=3000
                """);
        BrokerConfig c = load(f, Map.of(), Map.of());
        assertTrue(warnings.isEmpty(), warnings.toString());
        assertEquals(List.of(new Endpoint("PLAINTEXT", "", 9092)), c.listeners(), "controller listener not opened");
        assertEquals(List.of(new Endpoint("PLAINTEXT", "localhost", 9092)), c.advertisedListeners());
        assertEquals(List.of(Path.of("/tmp/kraft-combined-logs")), c.logDirs());
        assertEquals(3000, c.get(BrokerConfigKeys.GROUP_INITIAL_REBALANCE_DELAY_MS));
        assertEquals(List.of("broker", "controller"), c.value("process.roles"));
    }

    @Test
    void onlyControllerListenersIsAnError() {
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> BrokerConfig.of(Map.of(
                        "listeners",
                        "CONTROLLER://:9093",
                        "controller.listener.names",
                        "CONTROLLER",
                        "listener.security.protocol.map",
                        "CONTROLLER:PLAINTEXT")));
        assertTrue(e.getMessage().contains("controller"), e.getMessage());
    }

    @Test
    void missingFileIsAConfigException() {
        ConfigException e =
                assertThrows(ConfigException.class, () -> load(dir.resolve("nope.properties"), Map.of(), Map.of()));
        assertTrue(e.getMessage().contains("nope.properties"), e.getMessage());
    }

    @Test
    void groupSessionTimeoutBoundsMustBeOrdered() {
        assertThrows(
                ConfigException.class,
                () -> BrokerConfig.of(
                        Map.of("group.min.session.timeout.ms", "10000", "group.max.session.timeout.ms", "5000")));
    }

    @Test
    void describeReportsSourcesAndEffectiveValues() {
        BrokerConfig c = BrokerConfig.of(Map.of("num.partitions", "6", "log.retention.hours", "1"));
        Map<String, ConfigEntry> byName = new java.util.HashMap<>();
        c.describe().forEach(e -> byName.put(e.name(), e));
        long removedOrSkiffs = BrokerConfigKeys.TABLE.keys().stream()
                .filter(k -> k.support() == Support.REMOVED || k.name().startsWith("skiff."))
                .count();
        // and Skiff's own keys without the prefix, and the authorizer's two, which are not given here
        assertEquals(BrokerConfigKeys.TABLE.keys().size() - removedOrSkiffs - 6, byName.size());
        for (String own : List.of(
                "skiff.control.listener",
                "console.listener",
                "schema.registry.listener",
                "schema.registry.authentication.method",
                "cluster.id")) {
            assertTrue(!byName.containsKey(own), own + " is Skiff's own, not Kafka's to describe");
        }
        assertTrue(!byName.containsKey("super.users"), "Kafka's broker configuration does not define it");
        assertEquals(
                "User:admin",
                BrokerConfig.of(Map.of("super.users", "User:admin")).describe().stream()
                        .filter(e -> e.name().equals("super.users"))
                        .findFirst()
                        .orElseThrow()
                        .value(),
                "given in the properties, Kafka lists it");

        ConfigEntry partitions = byName.get("num.partitions");
        assertEquals("6", partitions.value());
        assertEquals(ConfigSource.STATIC_BROKER_CONFIG, partitions.source());
        assertTrue(partitions.readOnly());
        assertEquals(ConfigType.INT, partitions.type());

        ConfigEntry autoCreate = byName.get("auto.create.topics.enable");
        assertEquals("true", autoCreate.value());
        assertEquals(ConfigSource.DEFAULT_CONFIG, autoCreate.source());

        // Kafka 4.4 describes a key of a fallback chain by its own value: log.retention.ms is null, without synonyms
        // (the static log.retention.hours is not its own), and log.retention.hours names its own value first.
        ConfigEntry retention = byName.get("log.retention.ms");
        assertNull(retention.value());
        assertEquals(ConfigSource.DEFAULT_CONFIG, retention.source());
        assertEquals(List.of(), retention.synonyms());
        assertEquals(
                List.of(
                        new ConfigSynonym("log.retention.hours", "1", ConfigSource.STATIC_BROKER_CONFIG),
                        new ConfigSynonym("log.retention.hours", "168", ConfigSource.DEFAULT_CONFIG)),
                byName.get("log.retention.hours").synonyms());
        assertNull(byName.get("log.retention.minutes").value());
        assertEquals(List.of(), byName.get("log.retention.minutes").synonyms());

        assertEquals("delete", byName.get("log.cleanup.policy").value());
        assertNull(byName.get("log.roll.jitter.ms").value(), "unset: log.roll.jitter.hours applies where it is used");
        assertNull(byName.get("log.roll.ms").value());
        assertNull(byName.get("log.flush.interval.ms").value());
        assertEquals(List.of(), byName.get("log.flush.interval.ms").synonyms());
        assertEquals(null, byName.get("advertised.listeners").value());
        assertEquals(
                ConfigSource.DEFAULT_CONFIG, byName.get("advertised.listeners").source());
    }

    @Test
    void nodeIdAndBrokerIdDescribeTheNodeIdAsKafkaCopiesTheGivenOneToTheOther() {
        Map<String, ConfigEntry> given = byName(BrokerConfig.of(Map.of("node.id", "3")));
        assertEquals("3", given.get("broker.id").value());
        assertEquals(ConfigSource.STATIC_BROKER_CONFIG, given.get("broker.id").source());
        assertEquals(
                new ConfigSynonym("broker.id", "3", ConfigSource.STATIC_BROKER_CONFIG),
                given.get("broker.id").synonyms().get(0));
        Map<String, ConfigEntry> legacy = byName(BrokerConfig.of(Map.of("broker.id", "4")));
        assertEquals("4", legacy.get("node.id").value());
        assertEquals(ConfigSource.STATIC_BROKER_CONFIG, legacy.get("node.id").source());
        // neither given: Skiff's default node.id stands for the node.id Kafka requires
        Map<String, ConfigEntry> none = byName(BrokerConfig.defaults());
        assertEquals("1", none.get("broker.id").value());
        assertEquals(ConfigSource.DEFAULT_CONFIG, none.get("broker.id").source());
    }

    private static Map<String, ConfigEntry> byName(BrokerConfig c) {
        Map<String, ConfigEntry> byName = new java.util.HashMap<>();
        c.describe().forEach(e -> byName.put(e.name(), e));
        return byName;
    }

    @Test
    void keysKafkaRemovedAreAcceptedButNotDescribed() {
        BrokerConfig c = BrokerConfig.of(Map.of("zookeeper.connect", "localhost:2181"));
        assertTrue(
                c.describe().stream().noneMatch(e -> e.name().startsWith("zookeeper.")),
                "Kafka 4 does not describe ZooKeeper keys, so ConfigCommand must not list them as dynamic");
    }

    @Test
    void groupShareKeysHaveKafkasDefaultsAndChecks() {
        BrokerConfig c = BrokerConfig.defaults();
        assertEquals(30000, c.value("group.share.record.lock.duration.ms"));
        assertEquals(5, c.value("group.share.delivery.count.limit"));
        assertEquals(2000, c.value("group.share.partition.max.record.locks"));
        assertEquals(200, c.value("group.share.max.size"));
        assertEquals(45000, c.value("group.share.session.timeout.ms"));
        assertEquals(
                "group.share.max.delivery.count.limit must be greater than or equal to group.share.delivery.count.limit",
                assertThrows(
                                ConfigException.class,
                                () -> BrokerConfig.of(Map.of(
                                        "group.share.max.delivery.count.limit",
                                        "5",
                                        "group.share.delivery.count.limit",
                                        "6")))
                        .getMessage());
        assertEquals(
                "group.share.heartbeat.interval.ms must be less than or equal to group.share.max.heartbeat.interval.ms",
                assertThrows(
                                ConfigException.class,
                                () -> BrokerConfig.of(Map.of("group.share.heartbeat.interval.ms", "20000")))
                        .getMessage());
        assertEquals(
                "group.share.max.share.sessions must be greater than or equal to group.share.max.size",
                assertThrows(
                                ConfigException.class,
                                () -> BrokerConfig.of(Map.of("group.share.max.share.sessions", "100")))
                        .getMessage());
        assertThrows(ConfigException.class, () -> BrokerConfig.of(Map.of("group.share.delivery.count.limit", "1")));
    }

    @Test
    void dynamicLayersWinInKafkasOrderAndAreToldApart() {
        BrokerConfig base = BrokerConfig.of(Map.of("log.retention.hours", "24", "log.segment.bytes", "2097152"));
        BrokerConfig dynamic = base.withDynamic(
                Map.of("log.retention.ms", "100000", "log.segment.bytes", "3145728"),
                Map.of("log.segment.bytes", "4194304", "foo.bar", "x"));
        assertEquals(100000L, dynamic.logRetentionMs(), "log.retention.ms over the static .hours");
        assertEquals(4194304, dynamic.get(BrokerConfigKeys.LOG_SEGMENT_BYTES), "the broker's own over the default");
        assertEquals(86400000L, base.logRetentionMs(), "the static configuration is unchanged");
        assertEquals(
                Map.of("log.segment.bytes", "4194304", "foo.bar", "x"),
                dynamic.layer(ConfigSource.DYNAMIC_BROKER_CONFIG));
        assertEquals("2097152", dynamic.layer(ConfigSource.STATIC_BROKER_CONFIG).get("log.segment.bytes"));
        TopicConfig topic = TopicConfig.of(Map.of(), dynamic);
        assertEquals(100000L, topic.retentionMs());
        assertEquals(4194304, topic.segmentBytes());
        assertThrows(ConfigException.class, () -> base.withDynamic(Map.of("log.retention.ms", "abc"), Map.of()));
        assertTrue(DynamicBrokerKeys.isStaticOnly("log.dirs"));
        assertFalse(DynamicBrokerKeys.isStaticOnly("foo.bar"));
        assertTrue(DynamicBrokerKeys.isPerBrokerOnly("listener.name.plaintext.ssl.client.auth"));
        assertFalse(DynamicBrokerKeys.isPerBrokerOnly("listener.name.plaintext.max.connections"));
        assertFalse(DynamicBrokerKeys.isPerBrokerOnly("log.retention.ms"));
    }
}
