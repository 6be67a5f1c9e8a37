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

import io.skiff.broker.cluster.PartitionReplicas;
import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.connection.ClientConnections;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.broker.server.BoundListener;
import io.skiff.broker.server.ListenerSpec;
import io.skiff.broker.server.NettyServer;
import io.skiff.broker.server.RequestProcessor;
import io.skiff.broker.server.ServerSettings;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.config.Endpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The nodes of a simulated cluster ({@link SkiffServer#nodes()}): stop and start them, move leaders, make replicas
 * lag.
 *
 * <pre>{@code
 * int leader = kafka.nodes().leader("orders", 0);
 * kafka.nodes().stop(leader);          // its listeners close; an in-sync replica leads
 * kafka.nodes().start(leader);         // it listens again on the same ports and rejoins the ISR
 * kafka.nodes().moveLeader("orders", 0, leader);
 * }</pre>
 *
 * <p>Inside: the listeners of a simulated cluster's nodes ({@code skiff.simulated.nodes} > 1): one network server per node,
 * each with its own handlers answering as that node, over the one broker's storage and coordinators. Stopping a node
 * closes its server (its connections drop) and moves its leaderships; starting it binds the same ports again.
 *
 * <p>Thread-safe: stop, start and close are serialized on this object.
 */
public final class SimulatedNodes {
    private final SimulatedCluster cluster;
    private final TopicRegistry topics;
    private final ClientConnections connections; // every node's, listed together for the console
    private final Map<Integer, Node> nodes = new LinkedHashMap<>();

    /** One node: what it needs to listen again after a stop. */
    private static final class Node {
        final ServerSettings settings; // with the ports first bound, so a restart binds the same ones
        final RequestProcessor processor;
        NettyServer server; // null while stopped

        Node(ServerSettings settings, RequestProcessor processor, NettyServer server) {
            this.settings = settings;
            this.processor = processor;
            this.server = server;
        }
    }

    /** What SkiffServer gives for each further node: its listeners' settings and a processor over a registry. */
    interface NodeFactory {
        ServerSettings settings(int nodeIndex);

        RequestProcessor processor(HandlerRegistry registry);

        List<Endpoint> advertised(int nodeIndex, List<BoundListener> bound);
    }

    private SimulatedNodes(SimulatedCluster cluster, TopicRegistry topics, ClientConnections connections) {
        this.connections = connections;
        this.cluster = cluster;
        this.topics = topics;
    }

    /**
     * Binds every node but the first (whose server SkiffServer made) and registers each node's handlers.
     *
     * @param first       the first node's context (its id and endpoints)
     * @param firstServer the first node's bound server
     * @param register    registers the handlers of one node's context in a registry
     */
    static SimulatedNodes open(
            SimulatedCluster cluster,
            BrokerContext first,
            ServerSettings firstSettings,
            RequestProcessor firstProcessor,
            NettyServer firstServer,
            NodeFactory factory,
            java.util.function.BiConsumer<HandlerRegistry, BrokerContext> register)
            throws IOException {
        SimulatedNodes result = new SimulatedNodes(cluster, first.topics(), first.clientConnections());
        List<Integer> ids = cluster.nodeIds();
        cluster.setEndpoints(ids.get(0), first.advertisedEndpoints());
        result.nodes.put(ids.get(0), new Node(withBoundPorts(firstSettings, firstServer), firstProcessor, firstServer));
        try {
            for (int i = 1; i < ids.size(); i++) {
                HandlerRegistry registry = new HandlerRegistry();
                RequestProcessor processor = factory.processor(registry);
                NettyServer server = new NettyServer(factory.settings(i), processor);
                server.listConnectionsIn(result.connections, ids.get(i));
                List<BoundListener> bound = server.bind();
                ServerSettings boundSettings = withBoundPorts(factory.settings(i), server);
                result.nodes.put(ids.get(i), new Node(boundSettings, processor, server));
                List<Endpoint> advertised = factory.advertised(i, bound);
                cluster.setEndpoints(ids.get(i), advertised);
                BrokerContext context = first.forNode(ids.get(i), advertised, cluster);
                register.accept(registry, context);
            }
            // nodes stopped before a restart (the saved layout) stay stopped: their ports are kept for start
            for (int id : cluster.stoppedNodes()) {
                Node node = result.nodes.get(id);
                node.server.close(Duration.ZERO);
                node.server = null;
            }
        } catch (IOException | RuntimeException e) {
            result.close(Duration.ZERO);
            throw e;
        }
        return result;
    }

    private static ServerSettings withBoundPorts(ServerSettings settings, NettyServer server) {
        List<BoundListener> bound = server.boundListeners();
        List<ListenerSpec> fixed = new ArrayList<>();
        for (int i = 0; i < settings.listeners().size(); i++) {
            ListenerSpec l = settings.listeners().get(i);
            fixed.add(new ListenerSpec(l.name(), l.host(), bound.get(i).port(), l.protocol(), l.tls()));
        }
        return new ServerSettings(
                fixed,
                settings.maxRequestBytes(),
                settings.idleTimeoutMs(),
                settings.networkThreads(),
                settings.clock(),
                settings.connectionLimits(),
                settings.queuedRequestBytes());
    }

    SimulatedCluster cluster() {
        return cluster;
    }

    /** Starts accepting on every node (once all handlers are registered). */
    synchronized void startAccepting() {
        for (Node node : nodes.values()) {
            if (node.server != null) {
                node.server.startAccepting();
            }
        }
    }

    /** The node ids, ascending. */
    public List<Integer> ids() {
        return cluster.nodeIds();
    }

    public boolean isRunning(int nodeId) {
        return cluster.isRunning(nodeId);
    }

    /** The ids of the nodes that run now, ascending; every id while none runs. */
    public List<Integer> runningOrAll() {
        List<Integer> running = new ArrayList<>();
        for (int id : ids()) {
            if (cluster.isRunning(id)) {
                running.add(id);
            }
        }
        return running.isEmpty() ? ids() : running;
    }

    /** The port the node's first listener is bound to (the same again after a stop and start). */
    public int port(int nodeId) {
        return node(nodeId).settings.listeners().get(0).port();
    }

    /** {@code host:port} of the node's first listener, as advertised. */
    public String bootstrapServers(int nodeId) {
        node(nodeId);
        Endpoint e = cluster.endpoints(nodeId).get(0);
        return e.host() + ":" + e.port();
    }

    /** The node's {@code broker.rack}, or null. */
    public String rack(int nodeId) {
        node(nodeId);
        return cluster.rack(nodeId);
    }

    /** The partition's leader, or -1 while it has none. */
    public int leader(String topic, int partition) {
        return cluster.leader(topic(topic, partition), partition);
    }

    /** The partition's replicas, ISR, leader and leader epoch. */
    public PartitionReplicas replicas(String topic, int partition) {
        return cluster.replicas(topic(topic, partition), partition);
    }

    /**
     * Makes {@code nodeId} the partition's leader.
     *
     * @throws IllegalArgumentException if it is not a running, in-sync replica of it
     */
    public void moveLeader(String topic, int partition, int nodeId) {
        node(nodeId);
        if (cluster.moveLeader(topic(topic, partition), partition, nodeId) == SimulatedCluster.Election.NOT_ELIGIBLE) {
            throw new IllegalArgumentException("node " + nodeId + " is not a running in-sync replica of " + topic + "-"
                    + partition + ": " + replicas(topic, partition));
        }
    }

    /**
     * Makes a follower lag behind (it leaves the ISR, so acks=all counts it out) or catch up (it rejoins).
     *
     * @throws IllegalArgumentException if the node is not a replica of the partition, or leads it
     */
    public void setLagging(String topic, int partition, int nodeId, boolean lagging) {
        node(nodeId);
        cluster.setLagging(topic(topic, partition), partition, nodeId, lagging);
    }

    private Topic topic(String name, int partition) {
        Topic topic = topics.topic(name).orElseThrow(() -> new UnknownTopicException("no topic " + name));
        if (!topic.hasPartition(partition)) {
            throw new UnknownTopicException("no partition " + name + "-" + partition);
        }
        return topic;
    }

    /** Stops a node: its leaderships move, then its listeners and connections close. */
    public synchronized void stop(int nodeId) {
        Node node = node(nodeId);
        cluster.stopNode(nodeId, topics);
        if (node.server != null) {
            node.server.close(Duration.ZERO);
            node.server = null;
        }
    }

    /** Starts a stopped node on its ports again; it rejoins the ISRs. */
    public synchronized void start(int nodeId) {
        Node node = node(nodeId);
        if (node.server != null) {
            return;
        }
        NettyServer server = new NettyServer(node.settings, node.processor);
        server.listConnectionsIn(connections, nodeId);
        try {
            server.bind();
        } catch (IOException e) {
            throw new UncheckedIOException("node " + nodeId + " cannot listen again: " + e.getMessage(), e);
        }
        server.startAccepting();
        node.server = server;
        cluster.startNode(nodeId, topics);
    }

    private Node node(int nodeId) {
        Node node = nodes.get(nodeId);
        if (node == null) {
            throw new IllegalArgumentException("no node " + nodeId + "; the nodes are " + cluster.nodeIds());
        }
        return node;
    }

    /** The running servers' bound listeners, node by node. */
    synchronized Map<Integer, List<BoundListener>> boundListeners() {
        Map<Integer, List<BoundListener>> result = new LinkedHashMap<>();
        for (Map.Entry<Integer, Node> e : nodes.entrySet()) {
            result.put(
                    e.getKey(),
                    e.getValue().server == null
                            ? List.of()
                            : e.getValue().server.boundListeners());
        }
        return result;
    }

    /** First half of a graceful stop of every running node. */
    synchronized void beginShutdown() {
        for (Node node : nodes.values()) {
            if (node.server != null) {
                node.server.beginShutdown();
            }
        }
    }

    /** Second half: waits for the nodes' connections and closes their event loops. */
    synchronized void awaitShutdown(Duration timeout) {
        for (Node node : nodes.values()) {
            if (node.server != null) {
                node.server.awaitShutdown(timeout);
                node.server = null;
            }
        }
    }

    synchronized void close(Duration timeout) {
        beginShutdown();
        awaitShutdown(timeout);
    }
}
