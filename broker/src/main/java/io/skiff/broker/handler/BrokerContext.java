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
package io.skiff.broker.handler;

import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.connection.ClientConnections;
import io.skiff.broker.diagnostics.FaultRuleView;
import io.skiff.broker.diagnostics.FetchSessionView;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.security.BrokerSecurity;
import io.skiff.broker.telemetry.ClientTelemetry;
import io.skiff.broker.topic.DataPlane;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.config.BrokerConfig;
import io.skiff.config.Endpoint;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What handlers are built from: the broker's configuration, identity, clock, advertised endpoints and domain
 * services. Created once per broker start, after the listeners are bound (so advertised ports are real).
 *
 * <p>Immutable; the services it holds are themselves thread-safe.
 */
public final class BrokerContext {
    private final BrokerConfig config;
    private final Clock clock;
    private final String clusterId;
    private final int nodeId;
    private final List<Endpoint> advertisedEndpoints;
    private final DataPlane dataPlane;
    private final GroupCoordinator groupCoordinator;
    private final BrokerSecurity security;
    private final TransactionCoordinator transactionCoordinator;
    private final ClientQuotas clientQuotas;
    private final ClientTelemetry clientTelemetry;
    private final SimulatedCluster cluster; // null with one node
    private final ClientConnections clientConnections;
    private volatile ShareHandlers.ShareState shareGroups; // set once by ShareHandlers.start
    // set once by the broker's start (the fetch handler and the test control exist after the context)
    private volatile Supplier<List<FetchSessionView>> fetchSessions = List::of;
    private volatile Supplier<List<FaultRuleView>> faultRules = List::of;

    /**
     * @param groupCoordinator       may be null only in tests that do not touch groups
     * @param security               the listeners' TLS and SASL settings and the SCRAM credentials
     * @param transactionCoordinator may be null only in tests that do not touch transactions
     * @param clientQuotas           the client quotas (stored and enforced)
     * @param clientTelemetry        client-metrics subscriptions and pushed metrics
     */
    public BrokerContext(
            BrokerConfig config,
            Clock clock,
            String clusterId,
            int nodeId,
            List<Endpoint> advertisedEndpoints,
            DataPlane dataPlane,
            GroupCoordinator groupCoordinator,
            BrokerSecurity security,
            TransactionCoordinator transactionCoordinator,
            ClientQuotas clientQuotas,
            ClientTelemetry clientTelemetry) {
        this.clientQuotas = Objects.requireNonNull(clientQuotas);
        this.clientTelemetry = Objects.requireNonNull(clientTelemetry);
        this.transactionCoordinator = transactionCoordinator;
        this.security = Objects.requireNonNull(security);
        this.config = Objects.requireNonNull(config);
        this.dataPlane = Objects.requireNonNull(dataPlane);
        this.groupCoordinator = groupCoordinator;
        this.clock = Objects.requireNonNull(clock);
        this.clusterId = Objects.requireNonNull(clusterId);
        this.nodeId = nodeId;
        this.advertisedEndpoints = List.copyOf(advertisedEndpoints);
        if (this.advertisedEndpoints.isEmpty()) {
            throw new IllegalArgumentException("at least one advertised endpoint is required");
        }
        this.cluster = null;
        this.clientConnections = new ClientConnections(clock);
    }

    private BrokerContext(
            BrokerContext base, int nodeId, List<Endpoint> advertisedEndpoints, SimulatedCluster cluster) {
        this.config = base.config;
        this.clock = base.clock;
        this.clusterId = base.clusterId;
        this.dataPlane = base.dataPlane;
        this.groupCoordinator = base.groupCoordinator;
        this.security = base.security;
        this.transactionCoordinator = base.transactionCoordinator;
        this.clientQuotas = base.clientQuotas;
        this.clientTelemetry = base.clientTelemetry;
        this.nodeId = nodeId;
        this.advertisedEndpoints = List.copyOf(advertisedEndpoints);
        this.cluster = Objects.requireNonNull(cluster);
        this.clientConnections = base.clientConnections;
        this.shareGroups = base.shareGroups;
        this.fetchSessions = base.fetchSessions;
        this.faultRules = base.faultRules;
    }

    /** The share groups and their share-partitions, once started (for operators; the handlers get them directly). */
    public java.util.Optional<ShareHandlers.ShareState> shareGroups() {
        return java.util.Optional.ofNullable(shareGroups);
    }

    void shareGroups(ShareHandlers.ShareState started) {
        this.shareGroups = started;
    }

    /**
     * Where the operator views below read from; called once by the broker's start, when the fetch handler and the
     * test control exist.
     */
    public void diagnostics(Supplier<List<FetchSessionView>> fetchSessions, Supplier<List<FaultRuleView>> faultRules) {
        this.fetchSessions = Objects.requireNonNull(fetchSessions);
        this.faultRules = Objects.requireNonNull(faultRules);
    }

    /** Read-only copies of this node's incremental fetch sessions, most recently used first (for operators). */
    public List<FetchSessionView> fetchSessions() {
        return fetchSessions.get();
    }

    /** Read-only copies of the test control's fault rules, in the order added (for operators). */
    public List<FaultRuleView> faultRules() {
        return faultRules.get();
    }

    /** The open client connections of the first node's listeners and the requests per API (for operators). */
    public ClientConnections clientConnections() {
        return clientConnections;
    }

    /** The context of one node of a simulated cluster: the same services, that node's id and endpoints. */
    public BrokerContext forNode(int nodeId, List<Endpoint> nodeEndpoints, SimulatedCluster cluster) {
        return new BrokerContext(this, nodeId, nodeEndpoints, cluster);
    }

    /** The simulated cluster this node is part of, or null for a single node (the default). */
    public SimulatedCluster cluster() {
        return cluster;
    }

    /** The client quotas: stored, and enforced on the request path. */
    public ClientQuotas clientQuotas() {
        return clientQuotas;
    }

    /** Client telemetry (KIP-714): subscriptions and the pushed metrics. */
    public ClientTelemetry clientTelemetry() {
        return clientTelemetry;
    }

    /** Topics, producer ids, long-poll fetches and the topic-admin executor. */
    public DataPlane dataPlane() {
        return dataPlane;
    }

    /** Consumer groups and committed offsets. */
    public GroupCoordinator groupCoordinator() {
        if (groupCoordinator == null) {
            throw new IllegalStateException("this context was built without a group coordinator");
        }
        return groupCoordinator;
    }

    /** Listener security and credentials. */
    public BrokerSecurity security() {
        return security;
    }

    /** Transactions; null in tests built without them (no transaction handler is registered then). */
    public TransactionCoordinator transactionCoordinator() {
        return transactionCoordinator;
    }

    /** Shortcut for {@code dataPlane().topics()}. */
    public TopicRegistry topics() {
        return dataPlane.topics();
    }

    public BrokerConfig config() {
        return config;
    }

    public Clock clock() {
        return clock;
    }

    public String clusterId() {
        return clusterId;
    }

    public int nodeId() {
        return nodeId;
    }

    /** The endpoint of the first listener, as clients should reach it (the bound port when port 0 was asked for). */
    public Endpoint advertisedEndpoint() {
        return advertisedEndpoints.get(0);
    }

    /**
     * The endpoint advertised for the listener a request arrived on (Metadata answers with the endpoint of the
     * client's own listener, as Kafka does); the first listener's when the name is unknown.
     */
    public Endpoint advertisedEndpoint(String listenerName) {
        for (Endpoint endpoint : advertisedEndpoints) {
            if (endpoint.listenerName().equals(listenerName)) {
                return endpoint;
            }
        }
        return advertisedEndpoint();
    }

    /** Every listener's advertised endpoint, in configuration order. */
    public List<Endpoint> advertisedEndpoints() {
        return advertisedEndpoints;
    }
}
