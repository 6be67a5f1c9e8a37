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
import io.skiff.broker.control.KafkaPersonality;
import io.skiff.broker.control.TestControl;
import io.skiff.broker.diagnostics.FetchSessionView;
import io.skiff.broker.extension.Extensions;
import io.skiff.broker.feature.Features;
import io.skiff.broker.feature.FinalizedFeatureStore;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.GroupCoordinators;
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
import io.skiff.broker.topic.EligibleLeaderReplicasConfigs;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionCoordinators;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.Endpoint;
import io.skiff.protocol.message.ApiKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;

/**
 * A node's start-up, the one {@link SkiffServer#start} runs: the data directory and its lock, the data plane, the
 * group and transaction coordinators, security, quotas, the network listeners, the handlers wired to them (through
 * {@link Handlers}, and a Kafka release's personality when one is emulated), a simulated cluster's other nodes,
 * the control listener and the extensions. What was started is closed again, in reverse, when a later step fails.
 *
 * <p>Stateless; runs on the caller's thread.
 */
final class BrokerStartup {
    private BrokerStartup() {}

    /** See {@link SkiffServer#start(BrokerConfig, Clock, Path)}. */
    static SkiffServer start(BrokerConfig config, Clock givenClock, Path tempDirToDelete) throws IOException {
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
            // A new cluster, as Kafka's first controller activation on an empty metadata log
            boolean newCluster = !Files.exists(dataDir.resolve(MetaProperties.FILE_NAME));
            MetaProperties meta = MetaProperties.loadOrCreate(dataDir, config.nodeId(), config.clusterId());
            dataPlane = DataPlane.open(config, clock);
            control = TestControl.over(clock, dataPlane.topics());
            groups = GroupCoordinators.start(config, dataPlane.topics(), clock);
            transactions =
                    TransactionCoordinators.start(config, dataPlane.topics(), groups, dataPlane.producerIds(), clock);
            BrokerSecurity security = BrokerSecurity.open(config, dataDir, clock);
            ClientQuotas quotas = ClientQuotas.open(dataDir, clock);
            ClientTelemetry telemetry = ClientTelemetry.open(dataDir, clock);
            HandlerRegistry registry = new HandlerRegistry();
            Map<Integer, HandlerRegistry> registriesByNode = new ConcurrentSkipListMap<>();
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
            network.listConnectionsIn(context.clientConnections(), meta.nodeId());
            shares = ShareHandlers.start(context);
            ShareHandlers.ShareState shareState = shares;
            // One cluster, one set of finalized features: every simulated node answers from the same levels
            Features features = new Features(FinalizedFeatureStore.open(dataDir));
            if (SimulatedCluster.nodeCount(config) > 1) {
                SimulatedCluster cluster = new SimulatedCluster(config, dataPlane.topics());
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
                        (r, nodeContext) -> {
                            registerHandlers(r, nodeContext, shareState, features);
                            registriesByNode.put(nodeContext.nodeId(), r);
                        });
            }
            registerHandlers(registry, context, shares, features);
            registriesByNode.put(context.nodeId(), registry);
            EligibleLeaderReplicasConfigs elr = Handlers.eligibleLeaderReplicas(dataPlane, features);
            if (newCluster && elr.on()) {
                elr.comeOn(); // Kafka's bootstrap adds the cluster default of min.insync.replicas
            }
            context.diagnostics(() -> fetchSessionViews(registriesByNode), control.faults()::views);
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
                    nodes,
                    elr);
            control.startListener(config, dataPlane.topics(), server::reset, new SimulatedNodesHttp(nodes)::addTo);
            server.extensions(Extensions.start(config, context));
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
                TempDataDirs.delete(tempDirToDelete);
            }
            throw e;
        }
    }

    /** The fetch sessions of every node, in node order: each node's Fetch handler keeps its own, as Kafka's do. */
    private static List<FetchSessionView> fetchSessionViews(Map<Integer, HandlerRegistry> registries) {
        List<FetchSessionView> views = new ArrayList<>();
        registries.forEach((nodeId, registry) -> {
            if (registry.handler(ApiKeys.FETCH) instanceof FetchHandler fetch) {
                views.addAll(fetch.sessions().cache().views(nodeId));
            }
        });
        return views;
    }

    private static void registerHandlers(
            HandlerRegistry registry, BrokerContext context, ShareHandlers.ShareState shares, Features features) {
        Handlers.registerAll(registry, context, shares, features);
        String emulated = context.config().get(BrokerConfigKeys.SKIFF_EMULATE_KAFKA_VERSION);
        if (emulated != null) {
            KafkaPersonality.of(emulated).applyTo(registry, features);
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
}
