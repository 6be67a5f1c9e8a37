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

import io.skiff.broker.clock.BrokerClock;
import io.skiff.broker.control.Faults;
import io.skiff.broker.control.StorageFaults;
import io.skiff.broker.control.TestControl;
import io.skiff.broker.diagnostics.FetchSessionView;
import io.skiff.broker.extension.Extensions;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.handler.ShareHandlers;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.server.BoundListener;
import io.skiff.broker.server.NettyServer;
import io.skiff.broker.telemetry.ClientTelemetry;
import io.skiff.broker.topic.DataPlane;
import io.skiff.broker.topic.EligibleLeaderReplicasConfigs;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.config.BrokerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Skiff broker running in this JVM — for integration tests and for {@link io.skiff.broker.launch.Main}.
 *
 * <pre>{@code
 * try (SkiffServer kafka = SkiffServer.builder().start()) {      // 127.0.0.1, free port, temp dir
 *   kafka.createTopic("orders", 3);
 *   props.put("bootstrap.servers", kafka.bootstrapServers());
 * }
 * }</pre>
 *
 * <p>Thread-safe: all methods may be called from any thread; {@link #close()} is idempotent.
 */
public final class SkiffServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SkiffServer.class);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(5);

    private final BrokerConfig config;
    private final Path dataDir;
    private final Path tempDirToDelete;
    private final MetaProperties meta;
    private final NettyServer network;
    private final DataPlane dataPlane;
    private final GroupCoordinator groups;
    private final TransactionCoordinator transactions;
    private final BrokerContext context;
    private final ShareHandlers.ShareState shares;
    private final DataDirLock lock;
    private final TestControl control;
    private final SimulatedNodes nodes; // null with one node
    private final EligibleLeaderReplicasConfigs elr;
    private volatile Extensions extensions = Extensions.none();
    private boolean closed;

    SkiffServer(
            BrokerConfig config,
            Path dataDir,
            Path tempDirToDelete,
            MetaProperties meta,
            NettyServer network,
            DataPlane dataPlane,
            GroupCoordinator groups,
            TransactionCoordinator transactions,
            BrokerContext context,
            ShareHandlers.ShareState shares,
            DataDirLock lock,
            TestControl control,
            SimulatedNodes nodes,
            EligibleLeaderReplicasConfigs elr) {
        this.nodes = nodes;
        this.elr = elr;
        this.shares = shares;
        this.config = config;
        this.control = control;
        this.lock = lock;
        this.dataPlane = dataPlane;
        this.groups = groups;
        this.transactions = transactions;
        this.dataDir = dataDir;
        this.tempDirToDelete = tempDirToDelete;
        this.meta = meta;
        this.network = network;
        this.context = context;
        if (tempDirToDelete != null) {
            UnclosedServers.add(this);
        }
    }

    /** The extensions started with this server (the last step of its start). */
    void extensions(Extensions started) {
        this.extensions = started;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts a broker from a complete configuration (what {@link io.skiff.broker.launch.Main} does).
     *
     * @param tempDirToDelete a directory to delete on close, or null
     * @throws java.net.BindException when a listener's port is taken
     * @throws IOException            when the data directory is unusable
     */
    public static SkiffServer start(BrokerConfig config, Clock givenClock, Path tempDirToDelete) throws IOException {
        return BrokerStartup.start(config, givenClock, tempDirToDelete);
    }

    /**
     * {@code host:port} of every listener as advertised, comma-separated: the clients' bootstrap.servers. In a
     * simulated cluster the first listener of each node that runs now (of every node while none runs), so a client
     * made after a node stopped does not start on a closed port.
     */
    public String bootstrapServers() {
        if (nodes != null) {
            return nodes.runningOrAll().stream().map(nodes::bootstrapServers).collect(Collectors.joining(","));
        }
        return context.advertisedEndpoints().stream()
                .map(e -> e.host() + ":" + e.port())
                .collect(Collectors.joining(","));
    }

    /**
     * The nodes of a simulated cluster ({@code skiff.simulated.nodes}, builder {@link Builder#nodes(int)}): stop and
     * start them, move leaders, make replicas lag.
     *
     * @throws IllegalStateException with one node (the default)
     */
    public SimulatedNodes nodes() {
        if (nodes == null) {
            throw new IllegalStateException("a single node: start with skiff.simulated.nodes (Builder.nodes) above 1");
        }
        return nodes;
    }

    /**
     * The port the first listener is bound to. In a simulated cluster that of the first node that runs now (the first
     * node unless it is stopped; the first node while none runs), so {@code localhost:port()} keeps reaching a broker.
     */
    public int port() {
        if (nodes != null) {
            return nodes.port(nodes.runningOrAll().get(0));
        }
        return network.boundListeners().get(0).port();
    }

    /** The listeners as bound. */
    public List<BoundListener> boundListeners() {
        return network.boundListeners();
    }

    /** Where the logs and meta.properties live. */
    public Path dataDir() {
        return dataDir;
    }

    public String clusterId() {
        return meta.clusterId();
    }

    public int nodeId() {
        return meta.nodeId();
    }

    /** The client quotas set with AlterClientQuotas ({@code kafka-configs --entity-type users|clients}). */
    public ClientQuotas clientQuotas() {
        return context.clientQuotas();
    }

    /** Client telemetry: the client-metrics subscriptions and, in {@code store()}, the metrics clients pushed. */
    public ClientTelemetry clientTelemetry() {
        return context.clientTelemetry();
    }

    public BrokerConfig config() {
        return config;
    }

    /** Whether the native epoll transport is in use (else NIO). */
    public boolean usesEpoll() {
        return network.isEpoll();
    }

    /**
     * Creates a topic with broker-default configuration.
     *
     * @throws io.skiff.broker.topic.TopicExistsException   if it exists
     * @throws io.skiff.broker.topic.InvalidTopicException  for an invalid name or partition count
     */
    public void createTopic(String name, int partitions) {
        Objects.requireNonNull(name);
        dataPlane.topics().createTopic(name, partitions, Map.of());
    }

    /**
     * Creates a topic with topic-level configuration overrides (Kafka's keys, e.g. {@code cleanup.policy}).
     *
     * @throws io.skiff.broker.topic.TopicExistsException   if it exists
     * @throws io.skiff.broker.topic.InvalidTopicException  for an invalid name or partition count
     * @throws io.skiff.config.ConfigException              for an unknown key or invalid value
     */
    public void createTopic(String name, int partitions, Map<String, String> configs) {
        Objects.requireNonNull(name);
        dataPlane.topics().createTopic(name, partitions, Map.copyOf(configs));
    }

    /**
     * Deletes a topic and its data.
     *
     * @throws io.skiff.broker.topic.UnknownTopicException if there is no such topic
     */
    public void deleteTopic(String name) {
        dataPlane.topics().deleteTopic(Objects.requireNonNull(name));
    }

    /**
     * Compacts a topic now, so a test need not wait for the cleaner's schedule: every partition is cleaned by the
     * same rules as the cleaner threads use (the active segment, open transactions and {@code min.compaction.lag.ms}
     * are respected; a tombstone stays until {@code delete.retention.ms} after the cleaning that first kept it),
     * whatever its {@code min.cleanable.dirty.ratio}. Returns how many records were removed. Works for internal
     * topics too ({@code __consumer_offsets}).
     *
     * @throws io.skiff.broker.topic.UnknownTopicException if there is no such topic
     * @throws IllegalArgumentException if its {@code cleanup.policy} does not include {@code compact}
     */
    public long compactTopic(String name) {
        return dataPlane.topics().compactTopic(Objects.requireNonNull(name));
    }

    /** The names of the topics that exist, internal ones (such as {@code __consumer_offsets}) excluded. */
    public java.util.SortedSet<String> topicNames() {
        java.util.SortedSet<String> names = new java.util.TreeSet<>();
        for (Topic t : dataPlane.topics().topics()) {
            if (!t.isInternal()) {
                names.add(t.name());
            }
        }
        return names;
    }

    /**
     * Empties the broker between tests, much faster than a restart: deletes every topic but the internal ones,
     * every consumer group with its committed offsets, every group's configs; returns the dynamic broker configs
     * (kafka-configs --entity-type brokers) to a new cluster's (with eligible leader replicas on, as Kafka 4.4 formats
     * a cluster, only the cluster default {@code min.insync.replicas}); removes every fault rule and storage fault,
     * resumes a paused clock (it does not go back) and starts a simulated cluster's stopped nodes again. Clients of
     * the previous test should be closed first: a group that still has members cannot be deleted (as with Kafka's
     * DeleteGroups) and is named in the exception, after everything else was deleted.
     *
     * @throws IllegalStateException when groups with members remain
     */
    public void reset() {
        BrokerReset.run(nodes, control, extensions, dataPlane.topics(), elr, groups, shares);
    }

    /**
     * The fault rules: requests matching one are answered with an error, delayed, held, dropped or cut off.
     *
     * <pre>{@code
     * FaultRule rule = kafka.faults().add(FaultSpec.builder()
     *         .api("Produce").topic("orders").partition(0).error("NOT_LEADER_OR_FOLLOWER").count(3));
     * await().until(() -> rule.applied() == 3);
     * }</pre>
     */
    public Faults faults() {
        return control.faults();
    }

    /** Storage faults: a partition's (or every partition's) appends and reads fail with KAFKA_STORAGE_ERROR. */
    public StorageFaults storageFaults() {
        return control.storageFaults();
    }

    /** The broker's clock: advance it to make time-based work (retention, timeouts) happen now, or pause it. */
    public BrokerClock clock() {
        return control.clock();
    }

    /** The HTTP control listener's {@code http://host:port} when {@code skiff.control.listener} is set. */
    public java.util.Optional<String> controlUrl() {
        return control.listenerUrl();
    }

    /**
     * The listener of a started extension (a module on top of the broker, such as the schema registry or the console),
     * by its name, e.g. {@code schema-registry}.
     */
    public java.util.Optional<String> extensionUrl(String name) {
        return extensions.url(name);
    }

    /** Every started extension's name and listener, in start order (for the ready line). */
    public Map<String, String> extensionUrls() {
        return extensions.urls();
    }

    /** The incremental fetch sessions of every node, as the console's internals page lists them. */
    List<FetchSessionView> fetchSessions() {
        return context.fetchSessions();
    }

    /** How many topics were recovered from the data directory at start. */
    public int recoveredTopicCount() {
        return dataPlane.topics().recoveredTopicCount();
    }

    /**
     * Stops gracefully: stops accepting, finishes the requests in flight, closes the logs cleanly (so the next
     * start does not rescan them), and deletes the temporary data directory if the builder made one (a server that
     * is never closed is closed at JVM exit for that).
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            extensions.close(); // before the logs: an extension may still be writing to its topic
            control.close(); // the control listener, and held requests released
            if (nodes != null) {
                nodes.beginShutdown();
            } else {
                network.beginShutdown();
            }
            // Parked long-poll fetches answer now with what they have, so draining connections does not wait for them.
            dataPlane.fetches().close();
            if (nodes != null) {
                nodes.awaitShutdown(SHUTDOWN_TIMEOUT);
            } else {
                network.awaitShutdown(SHUTDOWN_TIMEOUT);
            }
            shares.close();
            transactions.close(); // before the groups and the topics: it writes markers and offsets
            groups.close(); // before the topics: it writes to __consumer_offsets
            dataPlane.close();
        } finally {
            lock.close();
            if (tempDirToDelete != null) {
                TempDataDirs.delete(tempDirToDelete);
                UnclosedServers.remove(this);
            }
        }
    }

    /**
     * Builds an in-process broker. Defaults: listener {@code PLAINTEXT://127.0.0.1:0} (a free port), a new
     * temporary data directory deleted on close, {@code offsets.topic.num.partitions=1} (Kafka's 50 would make every
     * start and close of a test broker create and flush 50 logs), and every other key at Skiff's default.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private final Map<String, String> config = new LinkedHashMap<>();
        private Integer port;
        private Path dataDir;
        private Clock clock = Clock.systemUTC();

        private Builder() {}

        /** Port of the PLAINTEXT listener on 127.0.0.1; 0 (the default) picks a free one. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535: " + port);
            }
            this.port = port;
            return this;
        }

        /**
         * A simulated cluster of {@code count} nodes in this process ({@code skiff.simulated.nodes}; 1, the default,
         * is one plain node): each has its own listener (a free port each with port 0), replicas, ISR and leaders.
         */
        public Builder nodes(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("nodes must be at least 1: " + count);
            }
            return config("skiff.simulated.nodes", Integer.toString(count));
        }

        /** Data directory to use (kept on close); by default a temporary one, deleted on close. */
        public Builder dataDir(Path dataDir) {
            this.dataDir = Objects.requireNonNull(dataDir);
            return this;
        }

        /** Sets any broker configuration key, with Kafka's names (e.g. {@code num.partitions}). */
        public Builder config(String key, String value) {
            config.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
            return this;
        }

        /** Sets several configuration keys. */
        public Builder config(Map<String, String> values) {
            values.forEach(this::config);
            return this;
        }

        /**
         * Starts the HTTP control listener ({@code skiff.control.listener}) on this address, e.g.
         * {@code http://127.0.0.1:0} for a free port on loopback ({@link SkiffServer#controlUrl()} tells which).
         */
        public Builder controlListener(String url) {
            return config("skiff.control.listener", url);
        }

        /**
         * Starts the web console ({@code console.listener}; the {@code skiff-console} module must be on the classpath)
         * on this address, e.g. {@code http://127.0.0.1:0} for a free port ({@code extensionUrl("console")} tells
         * which).
         */
        public Builder console(String url) {
            return config("console.listener", url);
        }

        /**
         * Starts the schema registry ({@code schema.registry.listener}; the {@code skiff-schema-registry} module must
         * be on the classpath) on this address, e.g. {@code http://127.0.0.1:0} for a free port
         * ({@code extensionUrl("schema-registry")} tells which).
         */
        public Builder schemaRegistry(String url) {
            return config("schema.registry.listener", url);
        }

        /** Answers as this Apache Kafka release line does ({@code skiff.emulate.kafka.version}, 2.8 to 4.4). */
        public Builder emulateKafkaVersion(String release) {
            return config("skiff.emulate.kafka.version", release);
        }

        /**
         * The clock the broker's clock starts from (tests); {@link SkiffServer#clock()} then advances or pauses it.
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock);
            return this;
        }

        /**
         * Starts the broker.
         *
         * @throws io.skiff.config.ConfigException on an invalid configuration value
         * @throws UncheckedIOException            when a port is taken or the data directory is unusable
         */
        public SkiffServer start() {
            Map<String, String> values = new LinkedHashMap<>(config);
            values.putIfAbsent("offsets.topic.num.partitions", "1");
            values.putIfAbsent("transaction.state.log.num.partitions", "1");
            if (port != null || !values.containsKey("listeners")) {
                values.put("listeners", "PLAINTEXT://127.0.0.1:" + (port == null ? 0 : port));
            }
            Path temp = null;
            try {
                if (dataDir != null) {
                    values.put("log.dirs", dataDir.toString());
                } else if (!values.containsKey("log.dirs") && !values.containsKey("log.dir")) {
                    temp = TempDataDirs.create();
                    values.put("log.dirs", temp.toString());
                }
                return SkiffServer.start(BrokerConfig.of(values), clock, temp);
            } catch (IOException e) {
                if (temp != null) {
                    TempDataDirs.delete(temp);
                }
                throw new UncheckedIOException(e.getMessage(), e);
            } catch (RuntimeException e) {
                if (temp != null) {
                    TempDataDirs.delete(temp);
                }
                throw e;
            }
        }
    }
}
