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
import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.control.Faults;
import io.skiff.broker.control.KafkaPersonality;
import io.skiff.broker.control.StorageFaults;
import io.skiff.broker.control.TestControl;
import io.skiff.broker.extension.Extensions;
import io.skiff.broker.feature.Features;
import io.skiff.broker.feature.FinalizedFeatureStore;
import io.skiff.broker.group.ConsumerOffsetsLog;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.GroupCoordinators;
import io.skiff.broker.group.GroupOverview;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.handler.FetchHandler;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.broker.handler.RequestAuthorizer;
import io.skiff.broker.handler.ShareHandlers;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.security.BrokerSecurity;
import io.skiff.broker.server.BoundListener;
import io.skiff.broker.server.KafkaRequestProcessor;
import io.skiff.broker.server.NettyServer;
import io.skiff.broker.server.RequestProcessor;
import io.skiff.broker.server.ServerSettings;
import io.skiff.broker.telemetry.ClientTelemetry;
import io.skiff.broker.topic.DataPlane;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionCoordinators;
import io.skiff.config.BrokerConfig;
import io.skiff.config.Endpoint;
import io.skiff.protocol.message.ApiKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
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
    private Extensions extensions = Extensions.none();
    private boolean closed;

    private SkiffServer(
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
            SimulatedNodes nodes) {
        this.nodes = nodes;
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
        NettyServer.warmUpInBackground(); // first start in a JVM: Netty loads while the logs open
        BrokerClock clock = TestControl.brokerClock(givenClock);
        TestControl control = null;
        SkiffServer server = null;
        Path dataDir = config.logDirs().get(0);
        NettyServer network = null;
        DataPlane dataPlane = null;
        GroupCoordinator groups = null;
        TransactionCoordinator transactions = null;
        ShareHandlers.ShareState shares = null;
        DataDirLock lock = null;
        SimulatedNodes nodes = null;
        try {
            prepareDataDir(dataDir);
            lock = DataDirLock.acquire(dataDir);
            MetaProperties meta = MetaProperties.loadOrCreate(dataDir, config.nodeId(), config.clusterId());
            dataPlane = DataPlane.open(config, clock);
            control = TestControl.over(clock, dataPlane.topics());
            groups = GroupCoordinators.start(config, dataPlane.topics(), clock);
            transactions = TransactionCoordinators.start(
                    config, dataPlane.topics(), groups, ConsumerOffsetsLog.TOPIC, dataPlane.producerIds(), clock);
            BrokerSecurity security = BrokerSecurity.open(config, dataDir, clock);
            ClientQuotas quotas = ClientQuotas.open(dataDir, clock);
            ClientTelemetry telemetry = ClientTelemetry.open(dataDir, clock);
            HandlerRegistry registry = new HandlerRegistry();
            ServerSettings settings = NodeListeners.settings(config, security, clock, 0);
            DataPlane data = dataPlane;
            TestControl tests = control;
            Function<HandlerRegistry, KafkaRequestProcessor> processors = r -> new KafkaRequestProcessor(
                    r, data.adminExecutor(), new RequestAuthorizer(security.authorizer()), quotas, tests.faults());
            KafkaRequestProcessor processor = processors.apply(registry);
            network = new NettyServer(settings, processor);
            List<BoundListener> bound = network.bind();
            BrokerContext context = new BrokerContext(
                    config,
                    clock,
                    meta.clusterId(),
                    meta.nodeId(),
                    NodeListeners.advertised(config, bound, 0),
                    dataPlane,
                    groups,
                    security,
                    transactions,
                    quotas,
                    telemetry);
            shares = ShareHandlers.start(context);
            ShareHandlers.ShareState shareState = shares;
            // One cluster, one set of finalized features: every simulated node answers from the same levels
            Features features = new Features(FinalizedFeatureStore.open(dataDir));
            if (SimulatedCluster.nodeCount(config) > 1) {
                SimulatedCluster cluster = new SimulatedCluster(config);
                context = context.forNode(meta.nodeId(), context.advertisedEndpoints(), cluster);
                nodes = SimulatedNodes.open(
                        cluster,
                        context,
                        settings,
                        processor,
                        network,
                        new SimulatedNodes.NodeFactory() {
                            @Override
                            public ServerSettings settings(int nodeIndex) {
                                return NodeListeners.settings(config, security, clock, nodeIndex);
                            }

                            @Override
                            public RequestProcessor processor(HandlerRegistry r) {
                                return processors.apply(r);
                            }

                            @Override
                            public List<Endpoint> advertised(int nodeIndex, List<BoundListener> nodeBound) {
                                return NodeListeners.advertised(config, nodeBound, nodeIndex);
                            }
                        },
                        (r, nodeContext) -> registerHandlers(r, nodeContext, shareState, features));
            }
            registerHandlers(registry, context, shares, features);
            if (registry.handler(ApiKeys.FETCH) instanceof FetchHandler fetch) {
                control.faults().followFetchSessions(fetch.sessions());
            }
            if (nodes != null) {
                nodes.startAccepting(); // the first node's server too
            } else {
                network.startAccepting();
            }
            server = new SkiffServer(
                    config,
                    dataDir,
                    tempDirToDelete,
                    meta,
                    network,
                    dataPlane,
                    groups,
                    transactions,
                    context,
                    shares,
                    lock,
                    control,
                    nodes);
            control.startListener(config, dataPlane.topics(), server::reset, new SimulatedNodesHttp(nodes)::addTo);
            server.extensions = Extensions.start(config, context);
            return server;
        } catch (IOException | RuntimeException | Error e) {
            if (server != null) {
                server.close();
                throw e;
            }
            if (control != null) {
                control.close();
            }
            if (nodes != null) {
                nodes.close(Duration.ZERO);
            }
            if (network != null) {
                network.close(Duration.ZERO);
            }
            if (shares != null) {
                shares.close();
            }
            if (transactions != null) {
                transactions.close();
            }
            if (groups != null) {
                groups.close();
            }
            if (dataPlane != null) {
                dataPlane.close();
            }
            if (lock != null) {
                lock.close();
            }
            if (tempDirToDelete != null) {
                deleteRecursively(tempDirToDelete);
            }
            throw e;
        }
    }

    private static void registerHandlers(
            HandlerRegistry registry, BrokerContext context, ShareHandlers.ShareState shares, Features features) {
        Handlers.registerAll(registry, context, shares, features);
        Object emulated = context.config().value("skiff.emulate.kafka.version");
        if (emulated != null) {
            KafkaPersonality.of((String) emulated).applyTo(registry, features);
        }
    }

    private static void prepareDataDir(Path dataDir) throws IOException {
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new IOException("data directory " + dataDir + " cannot be created: " + e, e);
        }
        if (!Files.isDirectory(dataDir) || !Files.isWritable(dataDir)) {
            throw new IOException("data directory " + dataDir + " is not a writable directory");
        }
    }

    /**
     * {@code host:port} of every listener as advertised, comma-separated: the clients' bootstrap.servers (of every
     * node's first listener in a simulated cluster, so clients find one that runs).
     */
    public String bootstrapServers() {
        if (nodes != null) {
            return nodes.ids().stream().map(nodes::bootstrapServers).collect(Collectors.joining(","));
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

    /** The port the first listener is bound to. */
    public int port() {
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
     * every consumer group with its committed offsets, and every group's configs; removes every fault rule and
     * storage fault, resumes a paused clock (it does not go back) and starts a simulated cluster's stopped nodes
     * again. Clients of the previous test should be closed
     * first: a group
     * that still has members cannot be deleted (as with Kafka's DeleteGroups) and is named in the exception, after
     * everything else was deleted.
     *
     * @throws IllegalStateException when groups with members remain
     */
    public void reset() {
        if (nodes != null) {
            nodes.ids().forEach(nodes::start); // a simulated cluster's stopped nodes run again
        }
        control.clearFaults();
        control.clock().resume();
        extensions.reset();
        for (String name : topicNames()) {
            try {
                dataPlane.topics().deleteTopic(name);
            } catch (UnknownTopicException deletedMeanwhile) {
                // another thread or a client deleted it: the goal is reached
            }
        }
        List<String> groupIds = groups.listGroups(Set.of(), Set.of()).stream()
                .map(GroupOverview::groupId)
                .toList();
        Map<String, GroupError> results = groups.deleteGroups(groupIds).join();
        groups.groupConfigs().clear();
        shares.clear();
        List<String> remaining = results.entrySet().stream()
                .filter(e -> e.getValue() != GroupError.NONE && e.getValue() != GroupError.GROUP_ID_NOT_FOUND)
                .map(e -> e.getKey() + " (" + e.getValue() + ")")
                .sorted()
                .toList();
        if (!remaining.isEmpty()) {
            throw new IllegalStateException("reset() could not delete groups that still have members; close their"
                    + " consumers before resetting: " + remaining);
        }
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
                deleteRecursively(tempDirToDelete);
                UnclosedServers.remove(this);
            }
        }
    }

    /**
     * A new private directory under java.io.tmpdir. Not {@code Files.createTempDirectory}: its SecureRandom costs
     * tens of milliseconds on a cold start, and a unique name is all that is needed here.
     */
    static Path createTempDataDir() throws IOException {
        Path base = Path.of(System.getProperty("java.io.tmpdir"));
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        for (int attempt = 0; ; attempt++) {
            Path dir = base.resolve(
                    "skiff-" + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
            try {
                return posix
                        ? Files.createDirectory(
                                dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
                        : Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    LOG.warn("Could not delete {}: {}", p, e.toString());
                }
            });
        } catch (IOException e) {
            LOG.warn("Could not delete {}: {}", dir, e.toString());
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
                    temp = createTempDataDir();
                    values.put("log.dirs", temp.toString());
                }
                return SkiffServer.start(BrokerConfig.of(values), clock, temp);
            } catch (IOException e) {
                if (temp != null) {
                    deleteRecursively(temp);
                }
                throw new UncheckedIOException(e.getMessage(), e);
            } catch (RuntimeException e) {
                if (temp != null) {
                    deleteRecursively(temp);
                }
                throw e;
            }
        }
    }
}
