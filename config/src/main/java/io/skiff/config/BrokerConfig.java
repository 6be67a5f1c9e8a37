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

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's configuration, with Kafka's key names (table: {@link BrokerConfigKeys}).
 *
 * <p>Sources, later ones winning: defaults &lt; server.properties file &lt; environment variables
 * ({@link KafkaEnvironment}, the Kafka Docker image's convention) &lt; {@code --override key=value}.
 * An unknown key is logged at WARN once and otherwise ignored; a bad value throws
 * {@link ConfigException} naming key, value, its source and what is allowed.
 *
 * <p>Derived values follow Kafka: {@code log.retention.ms} falls back to {@code .minutes}, then
 * {@code .hours}; {@code log.roll.ms} to {@code log.roll.hours}; {@code log.flush.interval.ms} to
 * {@code log.flush.scheduler.interval.ms}; {@code log.dirs} to {@code log.dir}; {@code node.id}
 * to {@code broker.id}. Listeners named in {@code controller.listener.names} are dropped (Skiff
 * has no controller). Security keys may be given per listener with Kafka's prefix
 * {@code listener.name.<listener>.<key>} ({@link #listenerValue}).
 *
 * <p>Kafka's dynamic broker configuration lies on top ({@link #withDynamic}): a key set for this broker wins over
 * one set as the cluster default, which wins over the static value; {@link #layer} tells them apart.
 *
 * <p>Thread-safety: immutable; safe to share.
 */
public final class BrokerConfig {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerConfig.class);
    private static final ConfigKeyTable TABLE = BrokerConfigKeys.TABLE;

    private final Map<String, String> originals;
    private final Map<String, String> staticOriginals;
    private final Map<String, String> dynamicDefault;
    private final Map<String, String> dynamicBroker;
    private final Map<String, Object> values;
    private final ClientListeners listeners;
    private final List<Path> logDirs;
    private final int nodeId;

    private BrokerConfig(Map<String, String> raw, Map<String, String> origins, Consumer<String> warnings) {
        this(raw, origins, warnings, raw, Map.of(), Map.of());
    }

    private BrokerConfig(
            Map<String, String> raw,
            Map<String, String> origins,
            Consumer<String> warnings,
            Map<String, String> staticOriginals,
            Map<String, String> dynamicDefault,
            Map<String, String> dynamicBroker) {
        this.originals = Collections.unmodifiableMap(new TreeMap<>(raw));
        this.staticOriginals = Collections.unmodifiableMap(new TreeMap<>(staticOriginals));
        this.dynamicDefault = Collections.unmodifiableMap(new TreeMap<>(dynamicDefault));
        this.dynamicBroker = Collections.unmodifiableMap(new TreeMap<>(dynamicBroker));
        this.values = TABLE.parse(raw, origins, key -> {
            if (!isListenerPrefixed(key)) {
                warnings.accept("Unknown configuration '" + key + "'" + originSuffix(origins.get(key)) + " is ignored");
            }
        });
        Map<String, String> listenerKeys = new HashMap<>();
        for (String key : List.of(
                "listeners", "advertised.listeners", "listener.security.protocol.map", "controller.listener.names")) {
            listenerKeys.put(key, ConfigType.format(values.get(key))); // lists as Kafka writes them
        }
        this.listeners = new ClientListeners(listenerKeys, origins);
        this.logDirs = resolveLogDirs(origins);
        this.nodeId = resolveNodeId(origins);
        new BrokerConfigChecks(values).run();
    }

    /**
     * Loads file, environment and overrides, warning about unknown keys through SLF4J.
     *
     * @param fileOrNull a server.properties file, or null for none
     * @param overrides  {@code --override} pairs (highest precedence)
     * @param env        environment variables, normally {@code System.getenv()}
     */
    public static BrokerConfig load(Path fileOrNull, Map<String, String> overrides, Map<String, String> env) {
        return load(fileOrNull, overrides, env, LOG::warn);
    }

    /** As {@link #load(Path, Map, Map)}, reporting each unknown key once to {@code warnings}. */
    public static BrokerConfig load(
            Path fileOrNull, Map<String, String> overrides, Map<String, String> env, Consumer<String> warnings) {
        Map<String, String> raw = new HashMap<>();
        Map<String, String> origins = new HashMap<>();
        if (fileOrNull != null) {
            PropertiesFile.load(fileOrNull).forEach((k, v) -> {
                raw.put(k, v);
                origins.put(k, "file " + fileOrNull);
            });
        }
        for (Map.Entry<String, String> e : new TreeMap<>(env).entrySet()) {
            String key = KafkaEnvironment.keyFor(e.getKey());
            if (key != null && e.getValue() != null) {
                raw.put(key, e.getValue());
                origins.put(key, "environment variable " + e.getKey());
            }
        }
        overrides.forEach((k, v) -> {
            raw.put(k, v);
            origins.put(k, "--override " + k);
        });
        return new BrokerConfig(raw, origins, warnings);
    }

    /** Skiff's defaults only. */
    public static BrokerConfig defaults() {
        return of(Map.of());
    }

    /** From key/value pairs (tests, the embedded server's builder). */
    public static BrokerConfig of(Map<String, String> config) {
        return new BrokerConfig(config, Map.of(), LOG::warn);
    }

    /**
     * This static configuration under a dynamic one: {@code clusterDefault} (the resource {@code ""}) over the static
     * values, {@code perBroker} (the resource of this node id) over both. Keys no table knows are kept as given.
     *
     * @throws ConfigException for a dynamic value that does not parse or breaks a rule between keys
     */
    public BrokerConfig withDynamic(Map<String, String> clusterDefault, Map<String, String> perBroker) {
        Map<String, String> raw = new HashMap<>(staticOriginals);
        Map<String, String> origins = new HashMap<>();
        clusterDefault.forEach((k, v) -> {
            raw.put(k, v);
            origins.put(k, "the dynamic cluster default");
        });
        perBroker.forEach((k, v) -> {
            raw.put(k, v);
            origins.put(k, "the dynamic configuration of broker " + nodeId);
        });
        return new BrokerConfig(raw, origins, unknown -> {}, staticOriginals, clusterDefault, perBroker);
    }

    /**
     * The raw values of one layer: DYNAMIC_BROKER_CONFIG (this broker's dynamic keys), DYNAMIC_DEFAULT_BROKER_CONFIG
     * (the cluster default) or STATIC_BROKER_CONFIG (file, environment, overrides); empty for other sources.
     */
    public Map<String, String> layer(ConfigSource source) {
        return switch (source) {
            case DYNAMIC_BROKER_CONFIG -> dynamicBroker;
            case DYNAMIC_DEFAULT_BROKER_CONFIG -> dynamicDefault;
            case STATIC_BROKER_CONFIG -> staticOriginals;
            default -> Map.of();
        };
    }

    private static String originSuffix(String origin) {
        return origin == null ? "" : " (from " + origin + ")";
    }

    // ---- derived values

    private static boolean isListenerPrefixed(String key) {
        return key.startsWith(LISTENER_PREFIX) && key.indexOf('.', LISTENER_PREFIX.length()) > 0;
    }

    private static final String LISTENER_PREFIX = "listener.name.";

    private List<Path> resolveLogDirs(Map<String, String> origins) {
        String key = (!isSet(BrokerConfigKeys.LOG_DIRS) && isSet(BrokerConfigKeys.LOG_DIR)
                        ? BrokerConfigKeys.LOG_DIR
                        : BrokerConfigKeys.LOG_DIRS)
                .name();
        String value = ConfigType.format(values.get(key));
        if (value == null || value.isBlank()) {
            throw ConfigException.invalid(key, value, origins.get(key), "a comma-separated list of directories");
        }
        List<Path> dirs = new ArrayList<>();
        for (String item : value.split(",")) {
            if (item.isBlank()) {
                continue;
            }
            try {
                dirs.add(Path.of(item.trim()));
            } catch (InvalidPathException e) {
                throw ConfigException.invalid(
                        key, value, origins.get(key), "valid directory paths (" + e.getMessage() + ")");
            }
        }
        if (dirs.isEmpty()) {
            throw ConfigException.invalid(key, value, origins.get(key), "a comma-separated list of directories");
        }
        return List.copyOf(dirs);
    }

    private int resolveNodeId(Map<String, String> origins) {
        int brokerId = get(BrokerConfigKeys.BROKER_ID);
        if (isSet(BrokerConfigKeys.NODE_ID)) {
            int id = get(BrokerConfigKeys.NODE_ID);
            if (isSet(BrokerConfigKeys.BROKER_ID) && brokerId >= 0 && brokerId != id) {
                throw new ConfigException(
                        "node.id",
                        "node.id (" + id + originSuffix(origins.get("node.id"))
                                + ") and broker.id (" + brokerId + originSuffix(origins.get("broker.id"))
                                + ") must be equal when both are set");
            }
            return id;
        }
        return isSet(BrokerConfigKeys.BROKER_ID) && brokerId >= 0 ? brokerId : get(BrokerConfigKeys.NODE_ID);
    }

    /**
     * The value of the first key of {@code chain} that is set, converted to the chain's unit; when
     * none is set, the first non-null default. This is how Kafka derives log.retention.ms from
     * .minutes/.hours and how topic defaults come from broker keys.
     */
    Object effective(List<BrokerSynonym> chain) {
        for (BrokerSynonym s : chain) {
            if (isSet(s.name())) {
                return s.convert(values.get(s.name()));
            }
        }
        for (BrokerSynonym s : chain) {
            if (values.get(s.name()) != null) {
                return s.convert(values.get(s.name()));
            }
        }
        return null;
    }

    private long effectiveLong(String topicKey) {
        return ((Number) effective(TopicConfigKeys.TABLE.get(topicKey).brokerSynonyms())).longValue();
    }

    // ---- generic access

    /** True when the key was given explicitly (file, environment or override). */
    public boolean isSet(Key<?> key) {
        return isSet(key.name());
    }

    /** True when the key was given explicitly (file, environment or override). */
    public boolean isSet(String key) {
        return originals.containsKey(key) && originals.get(key) != null;
    }

    /** True when a text key has a value that is not blank: an empty {@code console.listener=} means off. */
    public boolean hasText(Key<String> key) {
        String value = get(key);
        return value != null && !value.isBlank();
    }

    /** The value of a broker key, typed by its handle; null when unset without default. */
    @SuppressWarnings("unchecked")
    public <T> T get(Key<T> key) {
        return (T) values.get(key.name());
    }

    /** The parsed value of a known key (Integer, Long, String, List, ...), or null when unset without default. */
    public Object value(String key) {
        if (!TABLE.contains(key)) {
            throw new IllegalArgumentException("not a broker configuration key: " + key);
        }
        return values.get(key);
    }

    /** Everything given, merged by precedence, including unknown keys. */
    public Map<String, String> originals() {
        return originals;
    }

    // ---- typed getters (Kafka key in the Javadoc of the table)

    /** Client listeners to bind (controller listeners removed). */
    public List<Endpoint> listeners() {
        return listeners.listeners();
    }

    /**
     * What Metadata tells clients: {@code advertised.listeners}, else {@code listeners}. Empty or
     * bind-all hosts become {@code localhost}; a port of 0 stands for the port actually bound.
     */
    public List<Endpoint> advertisedListeners() {
        return listeners.advertised();
    }

    /** The security protocol (PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL) of a client listener. */
    public String securityProtocol(String listenerName) {
        return listeners.securityProtocol(listenerName);
    }

    /**
     * A key's value for one listener, as Kafka reads it: {@code listener.name.<listener lower-case>.<key>} when
     * given, else the broker-wide key ({@code null} when neither is set and the key has no default). Values are
     * the raw text (lists stay comma-separated).
     */
    public String listenerValue(String listenerName, Key<?> key) {
        return listenerValue(listenerName, key.name());
    }

    /** As {@link #listenerValue(String, Key)}, by the key's name (a mechanism's own JAAS key has no handle). */
    public String listenerValue(String listenerName, String key) {
        String prefixed = originals.get(LISTENER_PREFIX + listenerName.toLowerCase(java.util.Locale.ROOT) + "." + key);
        if (prefixed != null) {
            return prefixed;
        }
        if (TABLE.contains(key)) {
            Object value = values.get(key);
            return value == null ? null : ConfigType.format(value);
        }
        return originals.get(key);
    }

    public List<Path> logDirs() {
        return logDirs;
    }

    public int nodeId() {
        return nodeId;
    }

    public Optional<String> clusterId() {
        return Optional.ofNullable(get(BrokerConfigKeys.CLUSTER_ID)).map(String::trim);
    }

    /** log.roll.ms, else log.roll.hours in ms. */
    public long logRollMs() {
        return effectiveLong("segment.ms");
    }

    /** log.retention.ms, else .minutes, else .hours, in ms; -1 (forever) for any negative value. */
    public long logRetentionMs() {
        long ms = effectiveLong("retention.ms");
        return ms < 0 ? -1 : ms;
    }

    /** log.flush.interval.ms, else log.flush.scheduler.interval.ms (Long.MAX_VALUE = never). */
    public long logFlushIntervalMs() {
        return effectiveLong("flush.ms");
    }

    /** group.consumer.migration.policy in lower case. */
    public String groupConsumerMigrationPolicy() {
        return get(BrokerConfigKeys.GROUP_CONSUMER_MIGRATION_POLICY).toLowerCase(java.util.Locale.ROOT);
    }

    // ---- DescribeConfigs

    /**
     * Every broker key as DescribeConfigs reports it for this broker's resource (but the ones Kafka 4 removed): read-only
     * unless Kafka changes it dynamically ({@link DynamicBrokerKeys}); the source is the first of DYNAMIC_BROKER_CONFIG,
     * DYNAMIC_DEFAULT_BROKER_CONFIG, STATIC_BROKER_CONFIG that sets it, else DEFAULT_CONFIG. Each key shows its own
     * value, as Kafka does: log.retention.ms, log.roll.ms, log.flush.interval.ms and log.roll.jitter.ms are null
     * unless set (their fallbacks apply where they are used). Dynamic keys no table knows follow.
     */
    public List<ConfigEntry> describe() {
        return BrokerConfigDescription.describe(this);
    }

    /** The cluster default's dynamic keys as DescribeConfigs reports them for the resource {@code ""}. */
    public List<ConfigEntry> describeClusterDefault() {
        return BrokerConfigDescription.describeClusterDefault(this);
    }

    @Override
    public String toString() {
        return "BrokerConfig" + originals;
    }
}
