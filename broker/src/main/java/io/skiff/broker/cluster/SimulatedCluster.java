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
package io.skiff.broker.cluster;

import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.Endpoint;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The replication state of a simulated cluster ({@code skiff.simulated.nodes} > 1): its nodes ({@link ClusterNodes})
 * and every partition's replicas, ISR, leader and leader epoch. There is one storage; a replica is a name, not a
 * copy, so an in-sync replica has every record the moment the leader appends it and the high watermark is the log
 * end offset.
 *
 * <p>The partitions' state is a {@link ReplicaLayout} (placed as Kafka places, kept in the data directory); nodes
 * stopping and starting, lagging replicas, leader moves and reassignments change it as {@link LeaderElection} says.
 *
 * <p>Thread-safe: reads are lock-free; changes are serialized on this object. A change writes the layout to the data
 * directory (fsync): those from requests run on the blocking executor.
 */
public final class SimulatedCluster {
    private final ClusterNodes nodes;
    private final LeaderElection election;
    private final ReplicaLayout layout;
    private final boolean rackAwareSelector;

    /** A cluster over {@code registry}'s topics, its layout kept in the registry's data directory. */
    public SimulatedCluster(BrokerConfig config, TopicRegistry registry) {
        this.nodes = new ClusterNodes(config);
        this.election = new LeaderElection(nodes);
        this.layout = new ReplicaLayout(config, nodes, election, registry);
        String selector = config.get(BrokerConfigKeys.REPLICA_SELECTOR_CLASS);
        this.rackAwareSelector = selector != null && selector.endsWith("RackAwareReplicaSelector");
    }

    /** The number of nodes {@code config} asks for (1 unless {@code skiff.simulated.nodes} says otherwise). */
    public static int nodeCount(BrokerConfig config) {
        return config.get(BrokerConfigKeys.SKIFF_SIMULATED_NODES);
    }

    /** Every node id, ascending (the controller is the first running one). */
    public List<Integer> nodeIds() {
        return nodes.ids();
    }

    public boolean isRunning(int nodeId) {
        return nodes.isRunning(nodeId);
    }

    /** The running node ids, ascending. */
    public List<Integer> runningNodes() {
        return nodes.running();
    }

    /** The controller Metadata and DescribeCluster report: the lowest running node. */
    public int controllerId() {
        return nodes.controller();
    }

    /** The node's {@code broker.rack}, or null. */
    public String rack(int nodeId) {
        return nodes.rack(nodeId);
    }

    /** Whether {@code replica.selector.class} is Kafka's rack-aware selector (KIP-392). */
    public boolean rackAwareSelector() {
        return rackAwareSelector;
    }

    /** Records a node's advertised endpoints (once bound). */
    public void setEndpoints(int nodeId, List<Endpoint> nodeEndpoints) {
        nodes.setEndpoints(nodeId, nodeEndpoints);
    }

    /** The node's endpoint on {@code listenerName} (its first listener's when it has none of that name). */
    public Optional<Endpoint> endpoint(int nodeId, String listenerName) {
        return nodes.endpoint(nodeId, listenerName);
    }

    /** Every endpoint of a node, in listener order. */
    public List<Endpoint> endpoints(int nodeId) {
        return nodes.endpoints(nodeId);
    }

    /**
     * Whether the node is registered, as Kafka's controller counts brokers: every node, stopped (fenced) ones too,
     * except a stopped node unregistered (UnregisterBroker) until it starts again.
     */
    public boolean isRegistered(int nodeId) {
        return nodes.isRegistered(nodeId);
    }

    /** The registered node ids, ascending. */
    public List<Integer> registeredNodes() {
        return nodes.ids().stream().filter(nodes::isRegistered).toList();
    }

    /**
     * UnregisterBroker: a stopped node is forgotten until it starts again (it no longer counts for placement nor shows
     * as a fenced broker); a running node stays registered, as if it registered again at once.
     *
     * @return false if the node is not registered (not a node, or already unregistered)
     */
    public synchronized boolean unregister(int nodeId) {
        if (!nodes.isRegistered(nodeId)) {
            return false;
        }
        nodes.markUnregistered(nodeId);
        return true;
    }

    /** The ids of the stopped nodes. */
    public Set<Integer> stoppedNodes() {
        return nodes.stopped();
    }

    /** The replication state of a partition of {@code topic} (which must exist). */
    public PartitionReplicas replicas(Topic topic, int partition) {
        return layout.replicas(topic, partition);
    }

    /** The leader of a partition, or {@link PartitionReplicas#NO_LEADER}. */
    public int leader(Topic topic, int partition) {
        return replicas(topic, partition).leader();
    }

    /**
     * Sets the replicas of partitions {@code first..} of a topic just created or grown (CreateTopics, CreatePartitions):
     * every replica in sync but those on stopped nodes, the first running one leading.
     */
    public synchronized void assign(Topic topic, int first, List<List<Integer>> assignments) {
        layout.assign(topic, first, assignments);
        save();
    }

    /**
     * Kafka's placement of {@code count} new partitions from {@code first} with {@code replicationFactor} replicas:
     * stopped nodes are Kafka's fenced brokers (registered, never leaders).
     *
     * @throws IllegalArgumentException with Kafka's message when the factor cannot be placed
     */
    public List<List<Integer>> placement(Topic topic, int first, int count, int replicationFactor) {
        return layout.placement(
                ReplicaLayout.seed(topic.name(), topic.id(), topic.isInternal(), first), count, replicationFactor);
    }

    /** Kafka's INVALID_REPLICATION_FACTOR message for a factor the nodes cannot hold, or null. */
    public String replicationFactorProblem(int replicationFactor) {
        return StripedPlacement.problem(
                replicationFactor, registeredNodes().size(), nodes.running().size());
    }

    /** The leader of a partition of an internal topic, or the node that will lead it once the topic is created. */
    public int internalLeader(TopicRegistry topicRegistry, String topicName, int partition) {
        Optional<Topic> topic = topicRegistry.topic(topicName);
        if (topic.isPresent() && topic.get().hasPartition(partition)) {
            return leader(topic.get(), partition);
        }
        long seed = ReplicaLayout.seed(topicName, null, true, 0);
        List<Integer> replicas = layout.placement(seed, partition + 1, defaultReplicationFactor(topicName))
                .get(partition);
        return nodes.firstRunning(replicas, replicas);
    }

    /** The replication factor a topic gets when none is given. */
    public int defaultReplicationFactor(String topicName) {
        return layout.defaultReplicationFactor(topicName);
    }

    private PartitionReplicas update(Topic topic, int partition, UnaryOperator<PartitionReplicas> change) {
        return layout.update(topic, partition, change);
    }

    private void save() {
        layout.save();
    }

    /**
     * Stops a node: it leaves every ISR, and each partition it led gets the first in-sync running replica as leader
     * (with unclean election allowed, the first running one), or none.
     */
    public synchronized void stopNode(int nodeId, TopicRegistry topicRegistry) {
        nodes.require(nodeId);
        if (!nodes.markStopped(nodeId)) {
            return;
        }
        forEachPartition(
                topicRegistry,
                (topic, s) -> election.afterStop(s, nodeId, topic.config().uncleanLeaderElectionEnable()));
        save();
    }

    /** Starts a node again: it rejoins the ISRs and leads the partitions that waited for it. */
    public synchronized void startNode(int nodeId, TopicRegistry topicRegistry) {
        nodes.require(nodeId);
        if (!nodes.markRunning(nodeId)) {
            return;
        }
        forEachPartition(topicRegistry, (topic, s) -> election.afterStart(s, nodeId));
        save();
    }

    /**
     * Makes a follower lag (out of the ISR while it runs) or catch up again (back in the ISR when its node runs).
     *
     * @throws IllegalArgumentException if the node is not a replica of the partition or leads it
     */
    public synchronized PartitionReplicas setLagging(Topic topic, int partition, int nodeId, boolean lagging) {
        PartitionReplicas s = replicas(topic, partition);
        if (!s.replicas().contains(nodeId)) {
            throw new IllegalArgumentException(
                    "node " + nodeId + " is not a replica of " + topic.name() + "-" + partition);
        }
        if (lagging && s.leader() == nodeId) {
            throw new IllegalArgumentException(
                    "node " + nodeId + " leads " + topic.name() + "-" + partition + ": move the leader first");
        }
        PartitionReplicas after = update(topic, partition, old -> election.lagging(old, nodeId, lagging));
        save();
        return after;
    }

    /** Outcome of an election or a leader move. */
    public enum Election {
        DONE,
        NOT_NEEDED,
        NOT_ELIGIBLE
    }

    /** Makes {@code nodeId} the leader: it must be a running, in-sync replica. */
    public synchronized Election moveLeader(Topic topic, int partition, int nodeId) {
        PartitionReplicas s = replicas(topic, partition);
        if (s.leader() == nodeId) {
            return Election.NOT_NEEDED;
        }
        if (!election.eligible(s, nodeId)) {
            return Election.NOT_ELIGIBLE;
        }
        update(topic, partition, old -> old.withLeader(nodeId, old.isr()));
        save();
        return Election.DONE;
    }

    /** ElectLeaders PREFERRED: the first replica leads if it is running and in sync. */
    public synchronized Election electPreferred(Topic topic, int partition) {
        return moveLeader(
                topic, partition, replicas(topic, partition).replicas().get(0));
    }

    /** ElectLeaders UNCLEAN: a partition without a leader gets its first running replica. */
    public synchronized Election electUnclean(Topic topic, int partition) {
        PartitionReplicas s = replicas(topic, partition);
        if (s.hasLeader()) {
            return Election.NOT_NEEDED;
        }
        int next = election.uncleanCandidate(s);
        if (next == PartitionReplicas.NO_LEADER) {
            return Election.NOT_ELIGIBLE;
        }
        update(topic, partition, old -> old.withLeader(next, List.of(next)));
        save();
        return Election.DONE;
    }

    /** AlterPartitionReassignments: the partition's replicas become {@code target} at once (nothing to copy). */
    public synchronized PartitionReplicas reassign(Topic topic, int partition, List<Integer> target) {
        PartitionReplicas after = update(topic, partition, old -> election.reassigned(old, target));
        save();
        return after;
    }

    private interface PartitionChange {
        PartitionReplicas apply(Topic topic, PartitionReplicas state);
    }

    private void forEachPartition(TopicRegistry topicRegistry, PartitionChange change) {
        for (Topic topic : topicRegistry.topics()) {
            for (int p = 0; p < topic.partitionCount(); p++) {
                PartitionReplicas before = replicas(topic, p);
                PartitionReplicas after = change.apply(topic, before);
                if (after != before) {
                    update(topic, p, old -> after);
                }
            }
        }
    }
}
