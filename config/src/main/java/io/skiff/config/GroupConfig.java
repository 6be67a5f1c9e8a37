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

import static io.skiff.config.GroupConfigKeys.CONSUMER_HEARTBEAT_INTERVAL_MS;
import static io.skiff.config.GroupConfigKeys.CONSUMER_SESSION_TIMEOUT_MS;
import static io.skiff.config.GroupConfigKeys.SHARE_ASSIGNMENT_INTERVAL_MS;
import static io.skiff.config.GroupConfigKeys.SHARE_DELIVERY_COUNT_LIMIT;
import static io.skiff.config.GroupConfigKeys.SHARE_HEARTBEAT_INTERVAL_MS;
import static io.skiff.config.GroupConfigKeys.SHARE_PARTITION_MAX_RECORD_LOCKS;
import static io.skiff.config.GroupConfigKeys.SHARE_RECORD_LOCK_DURATION_MS;
import static io.skiff.config.GroupConfigKeys.SHARE_SESSION_TIMEOUT_MS;
import static io.skiff.config.GroupConfigKeys.STREAMS_ASSIGNOR_NAME;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.ToIntFunction;

/**
 * A consumer group's own configuration (config resource type GROUP): its overrides ({@link GroupConfigKeys}) on top
 * of defaults from the broker's {@code group.consumer.*} keys and {@code group.share.*} keys (and Kafka's
 * {@code group.streams.*} defaults, which Skiff does not configure). Errors are worded as Kafka 4.4's controller
 * words them in an INVALID_CONFIG answer ({@code Unknown group config name: foo}, {@code Invalid value 0 for
 * configuration consumer.session.timeout.ms: Value must be at least 1}, {@code consumer.heartbeat.interval.ms must
 * be in the range 100 to 15000 inclusive}).
 *
 * <p>Thread-safety: immutable; safe to share. A change builds a new instance.
 */
public final class GroupConfig {
    private static final ConfigKeyTable TABLE = GroupConfigKeys.TABLE;

    private final Map<String, String> overrides;
    private final Map<String, Object> values;
    private final Map<String, Object> defaults;

    private GroupConfig(Map<String, String> overrides, Map<String, Object> values, Map<String, Object> defaults) {
        this.overrides = overrides;
        this.values = values;
        this.defaults = defaults;
    }

    /**
     * Parses {@code overrides} (names, types and each key's own validator; null values are absent) and resolves the
     * other keys from the broker. Does not check the broker's bounds: see {@link #validate}.
     *
     * @throws ConfigException with Kafka's message
     */
    public static GroupConfig of(Map<String, String> overrides, BrokerConfig broker) {
        Map<String, String> given = TABLE.overrides(overrides, key -> "Unknown group config name: " + key);
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> defaults = new LinkedHashMap<>();
        for (ConfigKey key : TABLE.keys()) {
            String raw = given.get(key.name());
            defaults.put(key.name(), defaultOf(key, broker));
            values.put(key.name(), raw != null ? parse(key, raw) : defaults.get(key.name()));
        }
        return new GroupConfig(Collections.unmodifiableMap(given), values, defaults);
    }

    /**
     * {@link #of} plus Kafka's checks against the broker: each interval and timeout within its broker bounds, in
     * Kafka's order, then every session timeout above its heartbeat interval.
     *
     * @throws ConfigException with Kafka's message
     */
    public static GroupConfig validate(Map<String, String> overrides, BrokerConfig broker) {
        GroupConfig config = of(overrides, broker);
        for (Bounds bounds : BOUNDS) {
            config.range(
                    bounds.key(), bounds.min().applyAsInt(broker), bounds.max().applyAsInt(broker));
        }
        if (config.integer("streams.num.standby.replicas") > STREAMS_MAX_STANDBY_REPLICAS) {
            throw new ConfigException(
                    "streams.num.standby.replicas",
                    "streams.num.standby.replicas must be less than or equal to " + STREAMS_MAX_STANDBY_REPLICAS);
        }
        if (config.integer("streams.num.warmup.replicas") > STREAMS_MAX_WARMUP_REPLICAS) {
            throw new ConfigException(
                    "streams.num.warmup.replicas",
                    "streams.num.warmup.replicas must be less than or equal to " + STREAMS_MAX_WARMUP_REPLICAS);
        }
        String assignor = (String) config.values.get(STREAMS_ASSIGNOR_NAME);
        if (!STREAMS_ASSIGNORS.contains(assignor)) {
            throw new ConfigException(
                    STREAMS_ASSIGNOR_NAME,
                    STREAMS_ASSIGNOR_NAME + " '" + assignor + "' is not a registered task assignor. Registered"
                            + " assignors are: " + STREAMS_ASSIGNORS + ".");
        }
        for (String kind : List.of("consumer", "share", "streams")) {
            String session = kind + ".session.timeout.ms";
            String hb = kind + ".heartbeat.interval.ms";
            if (config.integer(session) <= config.integer(hb)) {
                throw new ConfigException(session, session + " must be greater than " + hb);
            }
        }
        return config;
    }

    /** Kafka's group.streams.max.standby.replicas and group.streams.assignors (not Skiff keys). */
    private static final int STREAMS_MAX_STANDBY_REPLICAS = 2;
    // Kafka 4.4's group.streams.max.warmup.replicas default
    private static final int STREAMS_MAX_WARMUP_REPLICAS = 20;

    private static final List<String> STREAMS_ASSIGNORS = List.of("sticky");

    /** A key's bounds: from the broker's keys, or fixed where Kafka's are keys Skiff does not have. */
    private record Bounds(String key, ToIntFunction<BrokerConfig> min, ToIntFunction<BrokerConfig> max) {
        static Bounds broker(String key, Key<Integer> min, Key<Integer> max) {
            return new Bounds(key, b -> b.get(min), b -> b.get(max));
        }

        static Bounds fixed(String key, int min, int max) {
            return new Bounds(key, b -> min, b -> max);
        }
    }

    /** Every key's bounds, in the order Kafka checks them (the first a value breaks is the error). */
    private static final List<Bounds> BOUNDS = List.of(
            Bounds.broker(
                    CONSUMER_HEARTBEAT_INTERVAL_MS,
                    BrokerConfigKeys.GROUP_CONSUMER_MIN_HEARTBEAT_INTERVAL_MS,
                    BrokerConfigKeys.GROUP_CONSUMER_MAX_HEARTBEAT_INTERVAL_MS),
            Bounds.broker(
                    CONSUMER_SESSION_TIMEOUT_MS,
                    BrokerConfigKeys.GROUP_CONSUMER_MIN_SESSION_TIMEOUT_MS,
                    BrokerConfigKeys.GROUP_CONSUMER_MAX_SESSION_TIMEOUT_MS),
            // Skiff has no group.consumer.*assignment* or group.streams.* keys: Kafka's defaults are the bounds.
            Bounds.fixed("consumer.assignment.interval.ms", 0, 15_000),
            Bounds.broker(
                    SHARE_HEARTBEAT_INTERVAL_MS.name(),
                    BrokerConfigKeys.GROUP_SHARE_MIN_HEARTBEAT_INTERVAL_MS,
                    BrokerConfigKeys.GROUP_SHARE_MAX_HEARTBEAT_INTERVAL_MS),
            Bounds.broker(
                    SHARE_SESSION_TIMEOUT_MS.name(),
                    BrokerConfigKeys.GROUP_SHARE_MIN_SESSION_TIMEOUT_MS,
                    BrokerConfigKeys.GROUP_SHARE_MAX_SESSION_TIMEOUT_MS),
            Bounds.broker(
                    SHARE_RECORD_LOCK_DURATION_MS.name(),
                    BrokerConfigKeys.GROUP_SHARE_MIN_RECORD_LOCK_DURATION_MS,
                    BrokerConfigKeys.GROUP_SHARE_MAX_RECORD_LOCK_DURATION_MS),
            Bounds.broker(
                    SHARE_DELIVERY_COUNT_LIMIT.name(),
                    BrokerConfigKeys.GROUP_SHARE_MIN_DELIVERY_COUNT_LIMIT,
                    BrokerConfigKeys.GROUP_SHARE_MAX_DELIVERY_COUNT_LIMIT),
            Bounds.broker(
                    SHARE_PARTITION_MAX_RECORD_LOCKS.name(),
                    BrokerConfigKeys.GROUP_SHARE_MIN_PARTITION_MAX_RECORD_LOCKS,
                    BrokerConfigKeys.GROUP_SHARE_MAX_PARTITION_MAX_RECORD_LOCKS),
            Bounds.broker(
                    SHARE_ASSIGNMENT_INTERVAL_MS.name(),
                    BrokerConfigKeys.GROUP_SHARE_MIN_ASSIGNMENT_INTERVAL_MS,
                    BrokerConfigKeys.GROUP_SHARE_MAX_ASSIGNMENT_INTERVAL_MS),
            Bounds.fixed("streams.heartbeat.interval.ms", 5_000, 15_000),
            Bounds.fixed("streams.session.timeout.ms", 45_000, 60_000),
            Bounds.fixed("streams.assignment.interval.ms", 0, 15_000));

    private void range(String key, int min, int max) {
        int value = integer(key);
        if (value < min || value > max) {
            throw new ConfigException(key, key + " must be in the range " + min + " to " + max + " inclusive.");
        }
    }

    private static Object parse(ConfigKey key, String raw) {
        Object value;
        try {
            value = key.type().parse(key.name(), raw, null);
        } catch (ConfigException e) {
            throw new ConfigException(
                    key.name(),
                    invalid(
                            raw,
                            key.name(),
                            "Not a number of type " + key.type().name()));
        }
        Validator validator = key.validator();
        if (validator != null && !validator.accepts(value)) {
            String shown = ConfigType.format(value);
            String allowed = validator.allowed();
            String reason;
            if (allowed.startsWith("at least ")) {
                reason = "Value must be at least " + allowed.substring("at least ".length());
            } else if (allowed.startsWith("one of ")) {
                reason = "String must be one of: " + allowed.substring("one of ".length());
            } else {
                reason = "Invalid value `" + shown + "` for configuration " + key.name()
                        + ". The value must be either 'earliest', 'latest' or of the format"
                        + " 'by_duration:<PnDTnHnMn.nS>'.";
            }
            throw new ConfigException(key.name(), invalid(shown, key.name(), reason));
        }
        return value;
    }

    private static String invalid(String value, String key, String reason) {
        return "Invalid value " + value + " for configuration " + key + ": " + reason;
    }

    private static Object defaultOf(ConfigKey key, BrokerConfig broker) {
        if (!key.brokerSynonyms().isEmpty()) {
            return broker.value(key.brokerSynonyms().get(0).name());
        }
        return key.parsedDefault();
    }

    private int integer(String key) {
        return ((Number) values.get(key)).intValue();
    }

    /** True when {@code key} is a group-level configuration key. */
    public static boolean isGroupConfig(String key) {
        return TABLE.contains(key);
    }

    /** The group's own settings as given (what to persist), sorted by key. */
    public Map<String, String> overrides() {
        return overrides;
    }

    /** The parsed effective value of a group key. */
    public Object value(String key) {
        if (!TABLE.contains(key)) {
            throw new IllegalArgumentException("not a group configuration key: " + key);
        }
        return values.get(key);
    }

    /** The effective value of a group key, typed by its handle ({@link GroupConfigKeys}). */
    @SuppressWarnings("unchecked")
    public <T> T get(Key<T> key) {
        if (!TABLE.contains(key.name())) {
            throw new IllegalArgumentException("not a group configuration key: " + key);
        }
        return (T) values.get(key.name());
    }

    /** The group's own consumer.session.timeout.ms, if it sets one. */
    public OptionalInt consumerSessionTimeoutMs() {
        return overridden(CONSUMER_SESSION_TIMEOUT_MS);
    }

    /** The group's own consumer.heartbeat.interval.ms, if it sets one. */
    public OptionalInt consumerHeartbeatIntervalMs() {
        return overridden(CONSUMER_HEARTBEAT_INTERVAL_MS);
    }

    private OptionalInt overridden(String key) {
        return overrides.containsKey(key) ? OptionalInt.of(integer(key)) : OptionalInt.empty();
    }

    /**
     * Every group key as DescribeConfigs reports it for a group, as Kafka 4.4 does: DYNAMIC_GROUP_CONFIG when the
     * group sets it, else DEFAULT_CONFIG (also for a default taken from a broker key); never read-only or
     * sensitive. The synonyms are the group's own setting, if any, then the default under the name of the broker key
     * Kafka takes it from ({@link GroupConfigKeys#KAFKA_DEFAULT_KEYS}; the key itself where there is none).
     */
    public List<ConfigEntry> describe() {
        List<ConfigEntry> entries = new ArrayList<>();
        for (ConfigKey key : TABLE.keys()) {
            String value = ConfigType.format(values.get(key.name()));
            boolean set = overrides.containsKey(key.name());
            if (!set && GroupConfigKeys.KAFKA_INTERNAL_KEYS.contains(key.name())) {
                continue;
            }
            ConfigSource source = set ? ConfigSource.DYNAMIC_GROUP_CONFIG : ConfigSource.DEFAULT_CONFIG;
            List<ConfigSynonym> synonyms = new ArrayList<>();
            if (set) {
                synonyms.add(new ConfigSynonym(key.name(), value, source));
            }
            synonyms.add(new ConfigSynonym(
                    GroupConfigKeys.KAFKA_DEFAULT_KEYS.getOrDefault(key.name(), key.name()),
                    ConfigType.format(defaults.get(key.name())),
                    ConfigSource.DEFAULT_CONFIG));
            entries.add(new ConfigEntry(
                    key.name(), value, source, false, false, key.type(), key.documentation(), synonyms));
        }
        return entries;
    }

    @Override
    public String toString() {
        return "GroupConfig" + overrides;
    }
}
