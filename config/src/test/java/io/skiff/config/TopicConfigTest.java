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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopicConfigTest {
    private static final BrokerConfig BROKER = BrokerConfig.defaults();

    private static Map<String, ConfigEntry> describe(TopicConfig c) {
        Map<String, ConfigEntry> byName = new HashMap<>();
        c.describe().forEach(e -> byName.put(e.name(), e));
        return byName;
    }

    @Test
    void synonymsAsKafkaReportsThem() {
        Map<String, ConfigEntry> byName = describe(TopicConfig.of(Map.of("retention.ms", "100000"), BROKER));
        // the override, and no default of log.retention.hours: only the first broker key's default counts
        assertEquals(
                List.of(new ConfigSynonym("retention.ms", "100000", ConfigSource.TOPIC_CONFIG)),
                byName.get("retention.ms").synonyms());
        assertEquals(List.of(), byName.get("segment.ms").synonyms(), "log.roll.ms has no default");
        assertEquals(
                List.of(new ConfigSynonym(
                        "log.flush.interval.messages", "9223372036854775807", ConfigSource.DEFAULT_CONFIG)),
                byName.get("flush.messages").synonyms());
        assertEquals(List.of(), byName.get("remote.storage.enable").synonyms(), "no broker counterpart");
        assertEquals(
                ConfigSource.DEFAULT_CONFIG, byName.get("remote.storage.enable").source());
    }

    @Test
    void defaultsComeFromTheBroker() {
        BrokerConfig broker = BrokerConfig.of(Map.of(
                "log.retention.hours",
                "2",
                "log.segment.bytes",
                "2097152",
                "log.roll.hours",
                "1",
                "message.max.bytes",
                "2000",
                "log.message.timestamp.type",
                "LogAppendTime",
                "log.cleanup.policy",
                "compact",
                "log.retention.bytes",
                "99",
                "log.flush.interval.messages",
                "10",
                "log.flush.interval.ms",
                "500",
                "log.index.interval.bytes",
                "100"));
        TopicConfig t = TopicConfig.of(Map.of(), broker);
        assertEquals(7_200_000L, t.retentionMs());
        assertEquals(2_097_152, t.segmentBytes());
        assertEquals(3_600_000L, t.segmentMs());
        assertEquals(2000, t.maxMessageBytes());
        assertEquals(MessageTimestampType.LOG_APPEND_TIME, t.messageTimestampType());
        assertEquals(EnumSet.of(CleanupPolicy.COMPACT), t.cleanupPolicy());
        assertEquals(99L, t.retentionBytes());
        assertEquals(10L, t.flushMessages());
        assertEquals(500L, t.flushMs());
        assertEquals(100, t.indexIntervalBytes());
        assertTrue(t.overrides().isEmpty());
    }

    @Test
    void kafkaDefaultsWhenNothingIsSet() {
        TopicConfig t = TopicConfig.of(Map.of(), BROKER);
        assertEquals(604_800_000L, t.retentionMs());
        assertEquals(-1L, t.retentionBytes());
        assertEquals(1_073_741_824, t.segmentBytes());
        assertEquals(604_800_000L, t.segmentMs());
        assertEquals(1_048_588, t.maxMessageBytes());
        assertEquals(MessageTimestampType.CREATE_TIME, t.messageTimestampType());
        assertEquals(EnumSet.of(CleanupPolicy.DELETE), t.cleanupPolicy());
        assertEquals(Long.MAX_VALUE, t.flushMessages());
        assertEquals(Long.MAX_VALUE, t.flushMs());
        assertEquals(10_485_760, t.segmentIndexBytes());
        assertEquals(4096, t.indexIntervalBytes());
        assertEquals(1, t.minInsyncReplicas());
        assertEquals("producer", t.compressionType());
        assertEquals(3_600_000L, t.messageTimestampAfterMaxMs());
        assertEquals(Long.MAX_VALUE, t.messageTimestampBeforeMaxMs());
        assertEquals(0L, t.value("min.compaction.lag.ms"));
        assertEquals(86_400_000L, t.value("delete.retention.ms"));
        assertEquals(false, t.value("unclean.leader.election.enable"));
        assertEquals(0.5, t.value("min.cleanable.dirty.ratio"));
    }

    @Test
    void topicOverridesWinOverTheBroker() {
        BrokerConfig broker = BrokerConfig.of(Map.of("log.retention.ms", "1000"));
        Map<String, String> overrides = Map.of(
                "retention.ms", "5000",
                "cleanup.policy", "compact,delete",
                "segment.bytes", "1048576",
                "max.message.bytes", "64");
        TopicConfig t = TopicConfig.of(overrides, broker);
        assertEquals(5000L, t.retentionMs());
        assertEquals(EnumSet.of(CleanupPolicy.COMPACT, CleanupPolicy.DELETE), t.cleanupPolicy());
        assertEquals(1_048_576, t.segmentBytes());
        assertEquals(64, t.maxMessageBytes());
        assertEquals(overrides, t.overrides(), "the overrides as given");
    }

    @Test
    void commonKafkaTopicKeysAreAccepted() {
        Map<String, String> all = Map.ofEntries(
                Map.entry("min.insync.replicas", "2"),
                Map.entry("compression.type", "zstd"),
                Map.entry("min.compaction.lag.ms", "100"),
                Map.entry("delete.retention.ms", "100"),
                Map.entry("segment.index.bytes", "4096"),
                Map.entry("index.interval.bytes", "1"),
                Map.entry("unclean.leader.election.enable", "true"),
                Map.entry("message.timestamp.before.max.ms", "1000"),
                Map.entry("message.timestamp.after.max.ms", "1000"),
                Map.entry("max.compaction.lag.ms", "1000"),
                Map.entry("min.cleanable.dirty.ratio", "0.1"),
                Map.entry("preallocate", "true"),
                Map.entry("file.delete.delay.ms", "0"),
                Map.entry("segment.jitter.ms", "5"),
                Map.entry("flush.messages", "1"),
                Map.entry("flush.ms", "0"),
                Map.entry("leader.replication.throttled.replicas", "*"),
                Map.entry("remote.storage.enable", "false"));
        TopicConfig t = TopicConfig.of(all, BROKER);
        assertEquals(2, t.minInsyncReplicas());
        assertEquals("zstd", t.compressionType());
        assertEquals(1L, t.flushMessages());
        assertEquals(0L, t.flushMs());
        assertEquals(List.of("*"), t.value("leader.replication.throttled.replicas"));
    }

    @Test
    void unknownTopicKeyIsRejected() {
        ConfigException e =
                assertThrows(ConfigException.class, () -> TopicConfig.of(Map.of("retention.msec", "1"), BROKER));
        assertEquals("retention.msec", e.key());
        assertTrue(e.getMessage().contains("Unknown topic config name: retention.msec"), e.getMessage());
        assertFalse(TopicConfig.isTopicConfig("log.retention.ms"), "broker keys are not topic keys");
        assertTrue(TopicConfig.isTopicConfig("retention.ms"));
    }

    @Test
    void badTopicValuesAreRejectedWithTheRule() {
        ConfigException small =
                assertThrows(ConfigException.class, () -> TopicConfig.of(Map.of("segment.bytes", "1000"), BROKER));
        assertTrue(
                small.getMessage().contains("'1000'") && small.getMessage().contains("at least 1048576"),
                small.getMessage());
        ConfigException type = assertThrows(
                ConfigException.class, () -> TopicConfig.of(Map.of("message.timestamp.type", "create"), BROKER));
        assertTrue(type.getMessage().contains("CreateTime, LogAppendTime"), type.getMessage());
        assertThrows(ConfigException.class, () -> TopicConfig.of(Map.of("retention.ms", "-2"), BROKER));
        assertThrows(ConfigException.class, () -> TopicConfig.of(Map.of("cleanup.policy", ""), BROKER));
        assertThrows(ConfigException.class, () -> TopicConfig.of(Map.of("compression.type", "brotli"), BROKER));
        assertThrows(ConfigException.class, () -> TopicConfig.of(Map.of("min.cleanable.dirty.ratio", "1.5"), BROKER));
        ConfigException lag = assertThrows(
                ConfigException.class,
                () -> TopicConfig.of(Map.of("min.compaction.lag.ms", "10", "max.compaction.lag.ms", "5"), BROKER));
        assertTrue(lag.getMessage().contains("max.compaction.lag.ms"), lag.getMessage());
    }

    @Test
    void nullValuesAreTreatedAsAbsent() {
        Map<String, String> withNull = new HashMap<>();
        withNull.put("retention.ms", null);
        TopicConfig t = TopicConfig.of(withNull, BROKER);
        assertEquals(604_800_000L, t.retentionMs());
        assertTrue(t.overrides().isEmpty());
    }

    @Test
    void describeReportsEveryKeyWithItsSourceAndSynonyms() {
        BrokerConfig broker = BrokerConfig.of(Map.of("log.segment.bytes", "2097152"));
        TopicConfig t = TopicConfig.of(Map.of("retention.ms", "1000"), broker);
        Map<String, ConfigEntry> byName = describe(t);
        assertEquals(TopicConfigKeys.TABLE.keys().size(), byName.size());

        ConfigEntry retention = byName.get("retention.ms");
        assertEquals("1000", retention.value());
        assertEquals(ConfigSource.TOPIC_CONFIG, retention.source());
        assertFalse(retention.readOnly());
        assertFalse(retention.sensitive());
        assertEquals(ConfigType.LONG, retention.type());
        // Kafka 4.1 lists no default of log.retention.hours here (the differential suite's finding)
        assertEquals(
                List.of(new ConfigSynonym("retention.ms", "1000", ConfigSource.TOPIC_CONFIG)), retention.synonyms());

        ConfigEntry segment = byName.get("segment.bytes");
        assertEquals("2097152", segment.value());
        assertEquals(ConfigSource.STATIC_BROKER_CONFIG, segment.source());

        ConfigEntry cleanup = byName.get("cleanup.policy");
        assertEquals("delete", cleanup.value());
        assertEquals(ConfigSource.DEFAULT_CONFIG, cleanup.source());
        assertTrue(cleanup.isDefault());
        assertFalse(cleanup.documentation().isBlank());

        ConfigEntry segmentMs = byName.get("segment.ms");
        assertEquals("604800000", segmentMs.value());
        assertEquals(ConfigSource.DEFAULT_CONFIG, segmentMs.source());
    }

    @Test
    void everyTopicKeyKafkaClientsNamesIsKnown() throws IllegalAccessException {
        Set<String> removedInKafka4 = Set.of(
                "message.format.version", "message.timestamp.difference.max.ms", "message.downconversion.enable");
        int checked = 0;
        for (Field f : org.apache.kafka.common.config.TopicConfig.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getName().endsWith("_CONFIG") && f.getType() == String.class) {
                String key = (String) f.get(null);
                if (!removedInKafka4.contains(key)) {
                    assertTrue(TopicConfig.isTopicConfig(key), "Kafka topic key not known: " + key);
                    checked++;
                }
            }
        }
        assertTrue(checked > 25, "checked " + checked);
    }

    @Test
    void everyTopicKeyHasABrokerKeyThatExists() {
        for (ConfigKey key : TopicConfigKeys.TABLE.keys()) {
            for (BrokerSynonym s : key.brokerSynonyms()) {
                assertTrue(BrokerConfigKeys.TABLE.contains(s.name()), key.name() + " <- " + s.name());
            }
            // Each topic default parses and passes its own validator.
            if (key.defaultValue() != null) {
                key.parse(key.defaultValue(), "default");
            }
        }
        for (ConfigKey key : BrokerConfigKeys.TABLE.keys()) {
            if (key.defaultValue() != null) {
                key.parse(key.defaultValue(), "default");
            }
        }
    }
}
