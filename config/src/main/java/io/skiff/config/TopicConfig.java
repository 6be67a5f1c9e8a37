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

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A topic's configuration: its own overrides (topic-level keys, {@link TopicConfigKeys}) on top
 * of defaults taken from the broker's synonym keys (e.g. {@code retention.ms} from
 * {@code log.retention.ms}/{@code .minutes}/{@code .hours}), as Kafka resolves them.
 *
 * <p>Thread-safety: immutable; safe to share. A config change builds a new instance.
 */
public final class TopicConfig {
    private static final ConfigKeyTable TABLE = TopicConfigKeys.TABLE;

    private final Map<String, String> overrides;
    private final Map<String, Object> values;
    private final BrokerConfig broker;

    private TopicConfig(Map<String, String> overrides, Map<String, Object> values, BrokerConfig broker) {
        this.overrides = overrides;
        this.values = values;
        this.broker = broker;
    }

    /**
     * Validates {@code overrides} (keys and values) and resolves every other key from the broker.
     * Entries with a null value are treated as absent.
     *
     * @throws ConfigException for an unknown key, a bad value, or min.compaction.lag.ms above
     *                         max.compaction.lag.ms
     */
    public static TopicConfig of(Map<String, String> overrides, BrokerConfig defaults) {
        Map<String, String> given = TABLE.overrides(
                overrides,
                key -> "Unknown topic config name: " + key
                        + " (topic configs are the keys of Kafka's topic-level configuration, e.g. retention.ms)");
        Map<String, Object> values = new LinkedHashMap<>();
        for (ConfigKey key : TABLE.keys()) {
            String raw = given.get(key.name());
            if (raw != null) {
                values.put(key.name(), key.parse(raw, "topic config"));
            } else if (!key.brokerSynonyms().isEmpty()) {
                values.put(key.name(), coerce(key, defaults.effective(key.brokerSynonyms())));
            } else {
                values.put(key.name(), key.parsedDefault());
            }
        }
        long minLag = ((Number) values.get("min.compaction.lag.ms")).longValue();
        long maxLag = ((Number) values.get("max.compaction.lag.ms")).longValue();
        if (minLag > maxLag) {
            throw new ConfigException(
                    "min.compaction.lag.ms",
                    "Invalid topic config: min.compaction.lag.ms (" + minLag
                            + ") must not exceed max.compaction.lag.ms (" + maxLag + ")");
        }
        return new TopicConfig(Collections.unmodifiableMap(given), values, defaults);
    }

    /** Broker-derived values arrive in the broker key's type (e.g. log.roll.hours is INT); match the topic key's. */
    private static Object coerce(ConfigKey key, Object value) {
        if (value == null) {
            return key.parsedDefault();
        }
        return switch (key.type()) {
            case LONG -> ((Number) value).longValue();
            case INT -> ((Number) value).intValue();
            default -> value;
        };
    }

    /** True when {@code key} is a topic-level configuration key. */
    public static boolean isTopicConfig(String key) {
        return TABLE.contains(key);
    }

    /** The topic's own settings as given (what to persist), sorted by key. */
    public Map<String, String> overrides() {
        return overrides;
    }

    /** The parsed effective value of a topic key. */
    public Object value(String key) {
        if (!TABLE.contains(key)) {
            throw new IllegalArgumentException("not a topic configuration key: " + key);
        }
        return values.get(key);
    }

    private long longValue(String key) {
        return ((Number) values.get(key)).longValue();
    }

    private int integer(String key) {
        return ((Number) values.get(key)).intValue();
    }

    /** -1 = keep forever. */
    public long retentionMs() {
        return longValue("retention.ms");
    }

    /** -1 = no size limit. */
    public long retentionBytes() {
        return longValue("retention.bytes");
    }

    public int segmentBytes() {
        return integer("segment.bytes");
    }

    public long segmentMs() {
        return longValue("segment.ms");
    }

    public long segmentJitterMs() {
        return longValue("segment.jitter.ms");
    }

    public int segmentIndexBytes() {
        return integer("segment.index.bytes");
    }

    public int indexIntervalBytes() {
        return integer("index.interval.bytes");
    }

    public int maxMessageBytes() {
        return integer("max.message.bytes");
    }

    public MessageTimestampType messageTimestampType() {
        return MessageTimestampType.of((String) values.get("message.timestamp.type"));
    }

    public long messageTimestampBeforeMaxMs() {
        return longValue("message.timestamp.before.max.ms");
    }

    public long messageTimestampAfterMaxMs() {
        return longValue("message.timestamp.after.max.ms");
    }

    public Set<CleanupPolicy> cleanupPolicy() {
        return CleanupPolicy.setOf((List<?>) values.get("cleanup.policy"));
    }

    public long deleteRetentionMs() {
        return longValue("delete.retention.ms");
    }

    public long minCompactionLagMs() {
        return longValue("min.compaction.lag.ms");
    }

    public long maxCompactionLagMs() {
        return longValue("max.compaction.lag.ms");
    }

    public double minCleanableDirtyRatio() {
        return ((Number) values.get("min.cleanable.dirty.ratio")).doubleValue();
    }

    /** Long.MAX_VALUE = never fsync by count. */
    public long flushMessages() {
        return longValue("flush.messages");
    }

    /** Long.MAX_VALUE = never fsync by time. */
    public long flushMs() {
        return longValue("flush.ms");
    }

    public int minInsyncReplicas() {
        return integer("min.insync.replicas");
    }

    /** Whether an out-of-sync replica may become the leader when no in-sync one is left. */
    public boolean uncleanLeaderElectionEnable() {
        return Boolean.TRUE.equals(values.get("unclean.leader.election.enable"));
    }

    public String compressionType() {
        return (String) values.get("compression.type");
    }

    /**
     * Every topic key as DescribeConfigs reports it for a topic: TOPIC_CONFIG when overridden,
     * STATIC_BROKER_CONFIG when a broker synonym is set, else DEFAULT_CONFIG; never read-only or
     * sensitive. Synonyms list the topic override, then set broker keys, then the first broker key's default.
     */
    public List<ConfigEntry> describe() {
        List<ConfigEntry> entries = new ArrayList<>();
        for (ConfigKey key : TABLE.keys()) {
            List<ConfigSynonym> synonyms = new ArrayList<>();
            if (overrides.containsKey(key.name())) {
                synonyms.add(new ConfigSynonym(
                        key.name(), ConfigType.format(values.get(key.name())), ConfigSource.TOPIC_CONFIG));
            }
            // A key without a broker counterpart (remote.storage.enable, ...) has no default synonym, as in Kafka.
            if (!key.brokerSynonyms().isEmpty()) {
                synonyms.addAll(BrokerConfigDescription.synonymsOfTopicKey(broker, key.brokerSynonyms()));
            }
            ConfigSource source = synonyms.isEmpty()
                    ? ConfigSource.DEFAULT_CONFIG
                    : synonyms.get(0).source();
            entries.add(new ConfigEntry(
                    key.name(),
                    ConfigType.format(values.get(key.name())),
                    source,
                    false,
                    false,
                    key.type(),
                    key.documentation(),
                    synonyms));
        }
        return entries;
    }

    @Override
    public String toString() {
        return "TopicConfig" + overrides;
    }
}
