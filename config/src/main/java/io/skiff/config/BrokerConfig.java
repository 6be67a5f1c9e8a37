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
 * <p>Thread-safety: immutable; safe to share.
 */
public final class BrokerConfig {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerConfig.class);
    private static final ConfigKeyTable TABLE = BrokerConfigKeys.TABLE;

    private final Map<String, String> originals;
    private final Map<String, Object> values;
    private final ClientListeners listeners;
    private final List<Path> logDirs;
    private final int nodeId;

    private BrokerConfig(Map<String, String> raw, Map<String, String> origins, Consumer<String> warnings) {
        this.originals = Collections.unmodifiableMap(new TreeMap<>(raw));
        this.values = TABLE.parse(raw, origins, key -> {
            if (!isListenerPrefixed(key)) {
                warnings.accept("Unknown configuration '" + key + "'" + originSuffix(origins.get(key)) + " is ignored");
            }
        });
        Map<String, String> listenerKeys = new HashMap<>();
        for (String key : List.of(
                "listeners", "advertised.listeners", "listener.security.protocol.map", "controller.listener.names")) {
            listenerKeys.put(key, (String) values.get(key));
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

    private static String originSuffix(String origin) {
        return origin == null ? "" : " (from " + origin + ")";
    }

    // ---- derived values

    private static boolean isListenerPrefixed(String key) {
        return key.startsWith(LISTENER_PREFIX) && key.indexOf('.', LISTENER_PREFIX.length()) > 0;
    }

    private static final String LISTENER_PREFIX = "listener.name.";

    private List<Path> resolveLogDirs(Map<String, String> origins) {
        String key = !isSet("log.dirs") && isSet("log.dir") ? "log.dir" : "log.dirs";
        String value = (String) values.get(key);
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
        if (isSet("node.id")) {
            int id = get(BrokerConfigKeys.NODE_ID);
            if (isSet("broker.id") && brokerId >= 0 && brokerId != id) {
                throw new ConfigException(
                        "node.id",
                        "node.id (" + id + originSuffix(origins.get("node.id"))
                                + ") and broker.id (" + brokerId + originSuffix(origins.get("broker.id"))
                                + ") must be equal when both are set");
            }
            return id;
        }
        return isSet("broker.id") && brokerId >= 0 ? brokerId : get(BrokerConfigKeys.NODE_ID);
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
    public boolean isSet(String key) {
        return originals.containsKey(key) && originals.get(key) != null;
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

    public int numPartitions() {
        return get(BrokerConfigKeys.NUM_PARTITIONS);
    }

    public int defaultReplicationFactor() {
        return get(BrokerConfigKeys.DEFAULT_REPLICATION_FACTOR);
    }

    public boolean autoCreateTopicsEnable() {
        return get(BrokerConfigKeys.AUTO_CREATE_TOPICS_ENABLE);
    }

    public boolean deleteTopicEnable() {
        return get(BrokerConfigKeys.DELETE_TOPIC_ENABLE);
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

    public boolean logCleanerEnable() {
        return get(BrokerConfigKeys.LOG_CLEANER_ENABLE);
    }

    public int logCleanerThreads() {
        return get(BrokerConfigKeys.LOG_CLEANER_THREADS);
    }

    public long logCleanerBackoffMs() {
        return get(BrokerConfigKeys.LOG_CLEANER_BACKOFF_MS);
    }

    public long logCleanerDedupeBufferSize() {
        return get(BrokerConfigKeys.LOG_CLEANER_DEDUPE_BUFFER_SIZE);
    }

    public double logCleanerIoBufferLoadFactor() {
        return get(BrokerConfigKeys.LOG_CLEANER_IO_BUFFER_LOAD_FACTOR);
    }

    public double logCleanerIoMaxBytesPerSecond() {
        return get(BrokerConfigKeys.LOG_CLEANER_IO_MAX_BYTES_PER_SECOND);
    }

    public long logRetentionCheckIntervalMs() {
        return get(BrokerConfigKeys.LOG_RETENTION_CHECK_INTERVAL_MS);
    }

    /** log.flush.interval.ms, else log.flush.scheduler.interval.ms (Long.MAX_VALUE = never). */
    public long logFlushIntervalMs() {
        return effectiveLong("flush.ms");
    }

    public int socketRequestMaxBytes() {
        return get(BrokerConfigKeys.SOCKET_REQUEST_MAX_BYTES);
    }

    public int maxConnections() {
        return get(BrokerConfigKeys.MAX_CONNECTIONS);
    }

    public int maxConnectionsPerIp() {
        return get(BrokerConfigKeys.MAX_CONNECTIONS_PER_IP);
    }

    public long queuedMaxRequestBytes() {
        return get(BrokerConfigKeys.QUEUED_MAX_REQUEST_BYTES);
    }

    public long connectionsMaxIdleMs() {
        return get(BrokerConfigKeys.CONNECTIONS_MAX_IDLE_MS);
    }

    public int numNetworkThreads() {
        return get(BrokerConfigKeys.NUM_NETWORK_THREADS);
    }

    public int groupInitialRebalanceDelayMs() {
        return get(BrokerConfigKeys.GROUP_INITIAL_REBALANCE_DELAY_MS);
    }

    public int groupMinSessionTimeoutMs() {
        return get(BrokerConfigKeys.GROUP_MIN_SESSION_TIMEOUT_MS);
    }

    public int groupMaxSessionTimeoutMs() {
        return get(BrokerConfigKeys.GROUP_MAX_SESSION_TIMEOUT_MS);
    }

    public int groupMaxSize() {
        return get(BrokerConfigKeys.GROUP_MAX_SIZE);
    }

    public int groupConsumerSessionTimeoutMs() {
        return get(BrokerConfigKeys.GROUP_CONSUMER_SESSION_TIMEOUT_MS);
    }

    public int groupConsumerHeartbeatIntervalMs() {
        return get(BrokerConfigKeys.GROUP_CONSUMER_HEARTBEAT_INTERVAL_MS);
    }

    public int groupConsumerMaxSize() {
        return get(BrokerConfigKeys.GROUP_CONSUMER_MAX_SIZE);
    }

    /** group.consumer.assignors as given (short names or Kafka's class names), the default first. */
    @SuppressWarnings("unchecked")
    public List<String> groupConsumerAssignors() {
        return get(BrokerConfigKeys.GROUP_CONSUMER_ASSIGNORS);
    }

    /** group.consumer.migration.policy in lower case. */
    public String groupConsumerMigrationPolicy() {
        return get(BrokerConfigKeys.GROUP_CONSUMER_MIGRATION_POLICY).toLowerCase(java.util.Locale.ROOT);
    }

    /** group.coordinator.rebalance.protocols. */
    @SuppressWarnings("unchecked")
    public List<String> groupCoordinatorRebalanceProtocols() {
        return get(BrokerConfigKeys.GROUP_COORDINATOR_REBALANCE_PROTOCOLS);
    }

    public int offsetsTopicNumPartitions() {
        return get(BrokerConfigKeys.OFFSETS_TOPIC_NUM_PARTITIONS);
    }

    public int offsetsTopicSegmentBytes() {
        return get(BrokerConfigKeys.OFFSETS_TOPIC_SEGMENT_BYTES);
    }

    public int offsetsRetentionMinutes() {
        return get(BrokerConfigKeys.OFFSETS_RETENTION_MINUTES);
    }

    public long offsetsRetentionCheckIntervalMs() {
        return get(BrokerConfigKeys.OFFSETS_RETENTION_CHECK_INTERVAL_MS);
    }

    public int offsetMetadataMaxBytes() {
        return get(BrokerConfigKeys.OFFSET_METADATA_MAX_BYTES);
    }

    public int producerIdExpirationMs() {
        return get(BrokerConfigKeys.PRODUCER_ID_EXPIRATION_MS);
    }

    public int transactionalIdExpirationMs() {
        return get(BrokerConfigKeys.TRANSACTIONAL_ID_EXPIRATION_MS);
    }

    public int transactionMaxTimeoutMs() {
        return get(BrokerConfigKeys.TRANSACTION_MAX_TIMEOUT_MS);
    }

    public int transactionStateLogNumPartitions() {
        return get(BrokerConfigKeys.TRANSACTION_STATE_LOG_NUM_PARTITIONS);
    }

    public int transactionStateLogSegmentBytes() {
        return get(BrokerConfigKeys.TRANSACTION_STATE_LOG_SEGMENT_BYTES);
    }

    public int transactionAbortTimedOutIntervalMs() {
        return get(BrokerConfigKeys.TRANSACTION_ABORT_TIMED_OUT_TRANSACTION_CLEANUP_INTERVAL_MS);
    }

    public int transactionRemoveExpiredIntervalMs() {
        return get(BrokerConfigKeys.TRANSACTION_REMOVE_EXPIRED_TRANSACTION_CLEANUP_INTERVAL_MS);
    }

    // ---- DescribeConfigs

    /**
     * Every broker key as DescribeConfigs reports it (but the ones Kafka 4 removed): read-only (Skiff has no dynamic broker
     * configs), STATIC_BROKER_CONFIG when given, else DEFAULT_CONFIG. Keys with a fallback chain
     * (log.retention.ms, log.roll.ms, log.flush.interval.ms) show the effective value.
     */
    public List<ConfigEntry> describe() {
        Map<String, List<BrokerSynonym>> chains = new HashMap<>();
        for (ConfigKey topicKey : TopicConfigKeys.TABLE.keys()) {
            List<BrokerSynonym> chain = topicKey.brokerSynonyms();
            if (chain.size() > 1) {
                chains.put(chain.get(0).name(), chain);
            }
        }
        List<ConfigEntry> entries = new ArrayList<>();
        for (ConfigKey key : TABLE.keys()) {
            if (key.support() == Support.REMOVED || key.name().startsWith("skiff.")) {
                continue; // removed from Kafka, or Skiff's own (a Kafka tool would not know it)
            }
            List<BrokerSynonym> chain = chains.getOrDefault(key.name(), List.of(BrokerSynonym.same(key.name())));
            List<ConfigSynonym> synonyms = synonyms(chain, key.sensitive());
            Object value = chains.containsKey(key.name()) ? effective(chain) : values.get(key.name());
            ConfigSource source = synonyms.isEmpty()
                    ? ConfigSource.DEFAULT_CONFIG
                    : synonyms.get(0).source();
            entries.add(new ConfigEntry(
                    key.name(),
                    key.sensitive() ? null : ConfigType.format(value),
                    source,
                    true,
                    key.sensitive(),
                    key.type(),
                    key.documentation(),
                    synonyms));
        }
        return entries;
    }

    /**
     * A topic key's broker synonyms as Kafka reports them: every key of the chain that is set, then the default of
     * the chain's first key only (Kafka 4.1 shows no default for {@code log.retention.hours} under retention.ms,
     * whose first synonym {@code log.retention.ms} has none).
     */
    List<ConfigSynonym> synonymsOfTopicKey(List<BrokerSynonym> chain) {
        List<ConfigSynonym> synonyms = new ArrayList<>(synonyms(chain, false));
        synonyms.removeIf(s -> s.source() == ConfigSource.DEFAULT_CONFIG
                && !s.name().equals(chain.get(0).name()));
        return synonyms;
    }

    /** Static-then-default synonyms of a chain of broker keys, each in its own unit. */
    List<ConfigSynonym> synonyms(List<BrokerSynonym> chain, boolean sensitive) {
        List<ConfigSynonym> synonyms = new ArrayList<>();
        for (BrokerSynonym s : chain) {
            if (isSet(s.name()) && TABLE.contains(s.name())) {
                synonyms.add(new ConfigSynonym(
                        s.name(),
                        sensitive ? null : ConfigType.format(values.get(s.name())),
                        ConfigSource.STATIC_BROKER_CONFIG));
            }
        }
        for (BrokerSynonym s : chain) {
            ConfigKey key = TABLE.get(s.name());
            if (key != null && key.defaultValue() != null) {
                synonyms.add(new ConfigSynonym(
                        s.name(),
                        sensitive ? null : ConfigType.format(key.parsedDefault()),
                        ConfigSource.DEFAULT_CONFIG));
            }
        }
        return synonyms;
    }

    @Override
    public String toString() {
        return "BrokerConfig" + originals;
    }
}
