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
import java.util.Set;
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
    private final List<Endpoint> listeners;
    private final List<Endpoint> advertisedListeners;
    private final Map<String, String> listenerProtocols = new HashMap<>();
    private final List<Path> logDirs;
    private final int nodeId;

    private BrokerConfig(Map<String, String> raw, Map<String, String> origins, Consumer<String> warnings) {
        this.originals = Collections.unmodifiableMap(new TreeMap<>(raw));
        this.values = TABLE.parse(raw, origins, key -> {
            if (!isListenerPrefixed(key)) {
                warnings.accept("Unknown configuration '" + key + "'" + originSuffix(origins.get(key)) + " is ignored");
            }
        });
        Set<String> controllerNames = Listeners.parseNames(string("controller.listener.names"));
        Map<String, String> protocols = Listeners.parseProtocolMap(
                "listener.security.protocol.map",
                string("listener.security.protocol.map"),
                origins.get("listener.security.protocol.map"));
        this.listeners = clientListeners(origins, controllerNames, protocols);
        this.advertisedListeners = advertised(origins, controllerNames);
        this.logDirs = resolveLogDirs(origins);
        this.nodeId = resolveNodeId(origins);
        if (groupMinSessionTimeoutMs() > groupMaxSessionTimeoutMs()) {
            throw new ConfigException(
                    "group.min.session.timeout.ms",
                    "group.min.session.timeout.ms ("
                            + groupMinSessionTimeoutMs() + ") must not exceed group.max.session.timeout.ms ("
                            + groupMaxSessionTimeoutMs() + ")");
        }
        validateCleaner();
        requireWithin(
                "group.consumer.session.timeout.ms",
                "group.consumer.min.session.timeout.ms",
                "group.consumer.max.session.timeout.ms");
        requireWithin(
                "group.consumer.heartbeat.interval.ms",
                "group.consumer.min.heartbeat.interval.ms",
                "group.consumer.max.heartbeat.interval.ms");
        if (groupConsumerHeartbeatIntervalMs() >= groupConsumerSessionTimeoutMs()) {
            throw new ConfigException(
                    "group.consumer.heartbeat.interval.ms",
                    "group.consumer.heartbeat.interval.ms (" + groupConsumerHeartbeatIntervalMs()
                            + ") must be less than group.consumer.session.timeout.ms ("
                            + groupConsumerSessionTimeoutMs() + ")");
        }
        validateShareGroups();
    }

    /**
     * Kafka 4.4's checks of the group.share.* keys, in its order and with its messages (GroupCoordinatorConfig, then
     * ShareGroupConfig): each value within its min and max keys, the heartbeat below the session timeout, at least
     * as many share sessions as members of one group.
     */
    private void validateShareGroups() {
        String p = "group.share.";
        requireOrdered(p + "max.heartbeat.interval.ms", p + "min.heartbeat.interval.ms", false);
        requireOrdered(p + "heartbeat.interval.ms", p + "min.heartbeat.interval.ms", false);
        requireOrdered(p + "max.heartbeat.interval.ms", p + "heartbeat.interval.ms", true);
        requireOrdered(p + "max.session.timeout.ms", p + "min.session.timeout.ms", false);
        requireOrdered(p + "session.timeout.ms", p + "min.session.timeout.ms", false);
        requireOrdered(p + "max.session.timeout.ms", p + "session.timeout.ms", true);
        if (integer(p + "heartbeat.interval.ms") >= integer(p + "session.timeout.ms")) {
            throw new ConfigException(
                    p + "heartbeat.interval.ms",
                    p + "heartbeat.interval.ms must be less than " + p + "session.timeout.ms");
        }
        requireOrdered(p + "max.assignment.interval.ms", p + "min.assignment.interval.ms", false);
        requireOrdered(p + "assignment.interval.ms", p + "min.assignment.interval.ms", false);
        requireOrdered(p + "max.assignment.interval.ms", p + "assignment.interval.ms", true);
        requireOrdered(p + "max.delivery.count.limit", p + "delivery.count.limit", false);
        requireOrdered(p + "delivery.count.limit", p + "min.delivery.count.limit", false);
        requireOrdered(p + "max.partition.max.record.locks", p + "partition.max.record.locks", false);
        requireOrdered(p + "partition.max.record.locks", p + "min.partition.max.record.locks", false);
        requireOrdered(p + "record.lock.duration.ms", p + "min.record.lock.duration.ms", false);
        requireOrdered(p + "max.record.lock.duration.ms", p + "record.lock.duration.ms", false);
        requireOrdered(p + "max.share.sessions", p + "max.size", false);
    }

    /**
     * {@code larger >= smaller}, refused with Kafka's message ("a must be greater than or equal to b", or, worded
     * from the smaller key, "b must be less than or equal to a").
     */
    private void requireOrdered(String larger, String smaller, boolean wordedFromSmaller) {
        if (integer(larger) >= integer(smaller)) {
            return;
        }
        throw wordedFromSmaller
                ? new ConfigException(smaller, smaller + " must be less than or equal to " + larger)
                : new ConfigException(larger, larger + " must be greater than or equal to " + smaller);
    }

    /** The cleaner keys Kafka leaves unchecked but that would stop a cleaner thread at its first cleaning. */
    private void validateCleaner() {
        long perThread = logCleanerDedupeBufferSize() / Math.max(1, logCleanerThreads());
        if (perThread < 1024) {
            throw new ConfigException(
                    "log.cleaner.dedupe.buffer.size",
                    "log.cleaner.dedupe.buffer.size (" + logCleanerDedupeBufferSize() + ") must give each of the "
                            + logCleanerThreads() + " log.cleaner.threads at least 1024 bytes");
        }
        double loadFactor = logCleanerIoBufferLoadFactor();
        if (!(loadFactor > 0 && loadFactor <= 1)) {
            throw new ConfigException(
                    "log.cleaner.io.buffer.load.factor",
                    "log.cleaner.io.buffer.load.factor (" + loadFactor + ") must be in (0, 1]");
        }
        if (!(logCleanerIoMaxBytesPerSecond() > 0)) {
            throw new ConfigException(
                    "log.cleaner.io.max.bytes.per.second",
                    "log.cleaner.io.max.bytes.per.second (" + logCleanerIoMaxBytesPerSecond() + ") must be positive");
        }
    }

    /** Kafka's bounds check of a group.consumer.* value against its min and max keys. */
    private void requireWithin(String key, String minKey, String maxKey) {
        int value = integer(key);
        int min = integer(minKey);
        int max = integer(maxKey);
        if (min > max) {
            throw new ConfigException(minKey, minKey + " (" + min + ") must not exceed " + maxKey + " (" + max + ")");
        }
        if (value < min || value > max) {
            throw new ConfigException(
                    key,
                    key + " (" + value + ") must be between " + minKey + " (" + min + ") and " + maxKey + " (" + max
                            + ")");
        }
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

    private List<Endpoint> clientListeners(
            Map<String, String> origins, Set<String> controllerNames, Map<String, String> protocols) {
        String origin = origins.get("listeners");
        List<Endpoint> client = new ArrayList<>();
        for (Endpoint e : Listeners.parse("listeners", string("listeners"), origin)) {
            if (controllerNames.contains(e.listenerName())) {
                continue;
            }
            String protocol = protocols.getOrDefault(
                    e.listenerName(), Listeners.PROTOCOLS.contains(e.listenerName()) ? e.listenerName() : null);
            if (protocol == null) {
                throw ConfigException.invalid(
                        "listeners",
                        string("listeners"),
                        origin,
                        "listener name '" + e.listenerName()
                                + "' is neither a security protocol nor in listener.security.protocol.map");
            }
            listenerProtocols.put(e.listenerName(), protocol);
            for (Endpoint other : client) {
                if (other.port() != 0
                        && other.port() == e.port()
                        && other.host().equals(e.host())) {
                    throw ConfigException.invalid(
                            "listeners",
                            string("listeners"),
                            origin,
                            "listeners " + other.listenerName() + " and " + e.listenerName() + " share port "
                                    + e.port());
                }
            }
            client.add(e);
        }
        if (client.isEmpty()) {
            throw ConfigException.invalid(
                    "listeners",
                    string("listeners"),
                    origin,
                    "at least one listener that is not a controller listener (controller.listener.names)");
        }
        return List.copyOf(client);
    }

    private List<Endpoint> advertised(Map<String, String> origins, Set<String> controllerNames) {
        String configured = string("advertised.listeners");
        if (configured == null || configured.isBlank()) {
            // Derived from listeners: a wildcard host is not reachable, advertise localhost instead.
            return listeners.stream()
                    .map(e -> isWildcard(e.host()) ? new Endpoint(e.listenerName(), "localhost", e.port()) : e)
                    .toList();
        }
        String origin = origins.get("advertised.listeners");
        List<Endpoint> result = new ArrayList<>();
        for (Endpoint e : Listeners.parse("advertised.listeners", configured, origin)) {
            if (controllerNames.contains(e.listenerName())) {
                continue;
            }
            if (listeners.stream().noneMatch(l -> l.listenerName().equals(e.listenerName()))) {
                throw ConfigException.invalid(
                        "advertised.listeners",
                        configured,
                        origin,
                        "listener name '" + e.listenerName() + "' must also appear in listeners");
            }
            if (e.host().equals("0.0.0.0") || e.host().equals("::")) {
                throw ConfigException.invalid(
                        "advertised.listeners",
                        configured,
                        origin,
                        "a host clients can reach; " + e.host() + " is a bind-all address");
            }
            result.add(e.isWildcardHost() ? new Endpoint(e.listenerName(), "localhost", e.port()) : e);
        }
        if (result.isEmpty()) {
            throw ConfigException.invalid("advertised.listeners", configured, origin, "at least one client listener");
        }
        return List.copyOf(result);
    }

    private static boolean isListenerPrefixed(String key) {
        return key.startsWith(LISTENER_PREFIX) && key.indexOf('.', LISTENER_PREFIX.length()) > 0;
    }

    private static final String LISTENER_PREFIX = "listener.name.";

    private static boolean isWildcard(String host) {
        return host.isEmpty() || host.equals("0.0.0.0") || host.equals("::");
    }

    private List<Path> resolveLogDirs(Map<String, String> origins) {
        String key = !isSet("log.dirs") && isSet("log.dir") ? "log.dir" : "log.dirs";
        String value = string(key);
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
        int brokerId = integer("broker.id");
        if (isSet("node.id")) {
            int id = integer("node.id");
            if (isSet("broker.id") && brokerId >= 0 && brokerId != id) {
                throw new ConfigException(
                        "node.id",
                        "node.id (" + id + originSuffix(origins.get("node.id"))
                                + ") and broker.id (" + brokerId + originSuffix(origins.get("broker.id"))
                                + ") must be equal when both are set");
            }
            return id;
        }
        return isSet("broker.id") && brokerId >= 0 ? brokerId : integer("node.id");
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

    /** The parsed value of a known key (Integer, Long, String, List, ...), or null when unset without default. */
    public Object value(String key) {
        if (!TABLE.contains(key)) {
            throw new IllegalArgumentException("not a broker configuration key: " + key);
        }
        return values.get(key);
    }

    private String string(String key) {
        return (String) values.get(key);
    }

    private int integer(String key) {
        return ((Number) values.get(key)).intValue();
    }

    private long longValue(String key) {
        return ((Number) values.get(key)).longValue();
    }

    private boolean bool(String key) {
        return (Boolean) values.get(key);
    }

    /** Everything given, merged by precedence, including unknown keys. */
    public Map<String, String> originals() {
        return originals;
    }

    // ---- typed getters (Kafka key in the Javadoc of the table)

    /** Client listeners to bind (controller listeners removed). */
    public List<Endpoint> listeners() {
        return listeners;
    }

    /**
     * What Metadata tells clients: {@code advertised.listeners}, else {@code listeners}. Empty or
     * bind-all hosts become {@code localhost}; a port of 0 stands for the port actually bound.
     */
    public List<Endpoint> advertisedListeners() {
        return advertisedListeners;
    }

    /** The security protocol (PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL) of a client listener. */
    public String securityProtocol(String listenerName) {
        String protocol = listenerProtocols.get(listenerName);
        if (protocol == null) {
            throw new IllegalArgumentException("not a client listener: " + listenerName);
        }
        return protocol;
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
        return Optional.ofNullable(string("cluster.id")).map(String::trim);
    }

    public int numPartitions() {
        return integer("num.partitions");
    }

    public int defaultReplicationFactor() {
        return integer("default.replication.factor");
    }

    public boolean autoCreateTopicsEnable() {
        return bool("auto.create.topics.enable");
    }

    public boolean deleteTopicEnable() {
        return bool("delete.topic.enable");
    }

    public int messageMaxBytes() {
        return integer("message.max.bytes");
    }

    public int logSegmentBytes() {
        return integer("log.segment.bytes");
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

    public long logRetentionBytes() {
        return longValue("log.retention.bytes");
    }

    public boolean logCleanerEnable() {
        return bool("log.cleaner.enable");
    }

    public int logCleanerThreads() {
        return integer("log.cleaner.threads");
    }

    public long logCleanerBackoffMs() {
        return longValue("log.cleaner.backoff.ms");
    }

    public long logCleanerDedupeBufferSize() {
        return longValue("log.cleaner.dedupe.buffer.size");
    }

    public double logCleanerIoBufferLoadFactor() {
        return ((Number) values.get("log.cleaner.io.buffer.load.factor")).doubleValue();
    }

    public double logCleanerIoMaxBytesPerSecond() {
        return ((Number) values.get("log.cleaner.io.max.bytes.per.second")).doubleValue();
    }

    public long logRetentionCheckIntervalMs() {
        return longValue("log.retention.check.interval.ms");
    }

    public long logFlushIntervalMessages() {
        return longValue("log.flush.interval.messages");
    }

    /** log.flush.interval.ms, else log.flush.scheduler.interval.ms (Long.MAX_VALUE = never). */
    public long logFlushIntervalMs() {
        return effectiveLong("flush.ms");
    }

    public MessageTimestampType logMessageTimestampType() {
        return MessageTimestampType.of(string("log.message.timestamp.type"));
    }

    public Set<CleanupPolicy> logCleanupPolicy() {
        return CleanupPolicy.setOf((List<?>) values.get("log.cleanup.policy"));
    }

    public int socketRequestMaxBytes() {
        return integer("socket.request.max.bytes");
    }

    public int maxConnections() {
        return integer("max.connections");
    }

    public int maxConnectionsPerIp() {
        return integer("max.connections.per.ip");
    }

    public long queuedMaxRequestBytes() {
        return longValue("queued.max.request.bytes");
    }

    public long connectionsMaxIdleMs() {
        return longValue("connections.max.idle.ms");
    }

    public int numNetworkThreads() {
        return integer("num.network.threads");
    }

    public int groupInitialRebalanceDelayMs() {
        return integer("group.initial.rebalance.delay.ms");
    }

    public int groupMinSessionTimeoutMs() {
        return integer("group.min.session.timeout.ms");
    }

    public int groupMaxSessionTimeoutMs() {
        return integer("group.max.session.timeout.ms");
    }

    public int groupMaxSize() {
        return integer("group.max.size");
    }

    public int groupConsumerSessionTimeoutMs() {
        return integer("group.consumer.session.timeout.ms");
    }

    public int groupConsumerHeartbeatIntervalMs() {
        return integer("group.consumer.heartbeat.interval.ms");
    }

    public int groupConsumerMaxSize() {
        return integer("group.consumer.max.size");
    }

    /** group.consumer.assignors as given (short names or Kafka's class names), the default first. */
    @SuppressWarnings("unchecked")
    public List<String> groupConsumerAssignors() {
        return (List<String>) values.get("group.consumer.assignors");
    }

    /** group.consumer.migration.policy in lower case. */
    public String groupConsumerMigrationPolicy() {
        return string("group.consumer.migration.policy").toLowerCase(java.util.Locale.ROOT);
    }

    /** group.coordinator.rebalance.protocols. */
    @SuppressWarnings("unchecked")
    public List<String> groupCoordinatorRebalanceProtocols() {
        return (List<String>) values.get("group.coordinator.rebalance.protocols");
    }

    public int offsetsTopicNumPartitions() {
        return integer("offsets.topic.num.partitions");
    }

    public int offsetsTopicSegmentBytes() {
        return integer("offsets.topic.segment.bytes");
    }

    public int offsetsRetentionMinutes() {
        return integer("offsets.retention.minutes");
    }

    public long offsetsRetentionCheckIntervalMs() {
        return longValue("offsets.retention.check.interval.ms");
    }

    public int offsetMetadataMaxBytes() {
        return integer("offset.metadata.max.bytes");
    }

    public int producerIdExpirationMs() {
        return integer("producer.id.expiration.ms");
    }

    public int transactionalIdExpirationMs() {
        return integer("transactional.id.expiration.ms");
    }

    public int transactionMaxTimeoutMs() {
        return integer("transaction.max.timeout.ms");
    }

    public int transactionStateLogNumPartitions() {
        return integer("transaction.state.log.num.partitions");
    }

    public int transactionStateLogSegmentBytes() {
        return integer("transaction.state.log.segment.bytes");
    }

    public int transactionAbortTimedOutIntervalMs() {
        return integer("transaction.abort.timed.out.transaction.cleanup.interval.ms");
    }

    public int transactionRemoveExpiredIntervalMs() {
        return integer("transaction.remove.expired.transaction.cleanup.interval.ms");
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
