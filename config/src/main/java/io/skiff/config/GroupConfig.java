package io.skiff.config;

import static io.skiff.config.GroupConfigKeys.CONSUMER_HEARTBEAT_INTERVAL_MS;
import static io.skiff.config.GroupConfigKeys.CONSUMER_SESSION_TIMEOUT_MS;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * A consumer group's own configuration (config resource type GROUP): its overrides ({@link GroupConfigKeys}) on top
 * of defaults from the broker's {@code group.consumer.*} keys (and Kafka's {@code group.share.*} /
 * {@code group.streams.*} defaults, which Skiff does not configure). Errors are worded as Kafka 4.1's controller
 * words them in an INVALID_CONFIG answer ({@code Unknown group config name: foo}, {@code Invalid value 0 for
 * configuration consumer.session.timeout.ms: Value must be at least 1}, {@code consumer.heartbeat.interval.ms must
 * be greater than or equal to group.consumer.min.heartbeat.interval.ms}).
 *
 * <p>Thread-safety: immutable; safe to share. A change builds a new instance.
 */
public final class GroupConfig {
    private static final ConfigKeyTable TABLE = GroupConfigKeys.TABLE;

    private final Map<String, String> overrides;
    private final Map<String, Object> values;

    private GroupConfig(Map<String, String> overrides, Map<String, Object> values) {
        this.overrides = overrides;
        this.values = values;
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
        for (ConfigKey key : TABLE.keys()) {
            String raw = given.get(key.name());
            values.put(key.name(), raw != null ? parse(key, raw) : defaultOf(key, broker));
        }
        return new GroupConfig(Collections.unmodifiableMap(given), values);
    }

    /**
     * {@link #of} plus Kafka's checks against the broker: each interval and timeout within its broker bounds, in
     * Kafka's order, then every session timeout above its heartbeat interval.
     *
     * @throws ConfigException with Kafka's message
     */
    public static GroupConfig validate(Map<String, String> overrides, BrokerConfig broker) {
        GroupConfig config = of(overrides, broker);
        config.bounds(CONSUMER_HEARTBEAT_INTERVAL_MS, "group.consumer.", "heartbeat.interval.ms", broker);
        config.bounds(CONSUMER_SESSION_TIMEOUT_MS, "group.consumer.", "session.timeout.ms", broker);
        // Skiff has no group.share.* / group.streams.* keys: Kafka's defaults are the bounds.
        config.bounds(
                "share.heartbeat.interval.ms",
                "group.share.min.heartbeat.interval.ms",
                5_000,
                "group.share.max.heartbeat.interval.ms",
                15_000);
        config.bounds(
                "share.session.timeout.ms",
                "group.share.min.session.timeout.ms",
                45_000,
                "group.share.max.session.timeout.ms",
                60_000);
        config.bounds(
                "share.record.lock.duration.ms",
                "group.share.min.record.lock.duration.ms",
                15_000,
                "group.share.max.record.lock.duration.ms",
                60_000);
        config.bounds(
                "streams.heartbeat.interval.ms",
                "group.streams.min.heartbeat.interval.ms",
                5_000,
                "group.streams.max.heartbeat.interval.ms",
                15_000);
        config.bounds(
                "streams.session.timeout.ms",
                "group.streams.min.session.timeout.ms",
                45_000,
                "group.streams.max.session.timeout.ms",
                60_000);
        config.bounds("streams.num.standby.replicas", null, 0, "group.streams.max.standby.replicas", 2);
        for (String kind : List.of("consumer", "share", "streams")) {
            String session = kind + ".session.timeout.ms";
            String hb = kind + ".heartbeat.interval.ms";
            if (config.integer(session) <= config.integer(hb)) {
                throw new ConfigException(session, session + " must be greater than " + hb);
            }
        }
        return config;
    }

    /** Within the broker's {@code <prefix>min.<what>} and {@code <prefix>max.<what>}. */
    private void bounds(String key, String prefix, String what, BrokerConfig broker) {
        String minName = prefix + "min." + what;
        String maxName = prefix + "max." + what;
        bounds(
                key,
                minName,
                ((Number) broker.value(minName)).intValue(),
                maxName,
                ((Number) broker.value(maxName)).intValue());
    }

    private void bounds(String key, String minName, int min, String maxName, int max) {
        if (minName != null && integer(key) < min) {
            throw new ConfigException(key, key + " must be greater than or equal to " + minName);
        }
        if (integer(key) > max) {
            throw new ConfigException(key, key + " must be less than or equal to " + maxName);
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
     * Every group key as DescribeConfigs reports it for a group, as Kafka 4.1 does: DYNAMIC_GROUP_CONFIG when the
     * group sets it, else DEFAULT_CONFIG (also for a default taken from a broker key); never read-only or
     * sensitive; the one synonym is the key itself with the same value and source.
     */
    public List<ConfigEntry> describe() {
        List<ConfigEntry> entries = new ArrayList<>();
        for (ConfigKey key : TABLE.keys()) {
            String value = ConfigType.format(values.get(key.name()));
            ConfigSource source =
                    overrides.containsKey(key.name()) ? ConfigSource.DYNAMIC_GROUP_CONFIG : ConfigSource.DEFAULT_CONFIG;
            entries.add(new ConfigEntry(
                    key.name(),
                    value,
                    source,
                    false,
                    false,
                    key.type(),
                    key.documentation(),
                    List.of(new ConfigSynonym(key.name(), value, source))));
        }
        return entries;
    }

    @Override
    public String toString() {
        return "GroupConfig" + overrides;
    }
}
