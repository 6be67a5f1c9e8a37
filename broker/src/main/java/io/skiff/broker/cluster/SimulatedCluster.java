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
import io.skiff.config.Endpoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The replication state of a simulated cluster ({@code skiff.simulated.nodes} > 1): its nodes, their racks,
 * endpoints and whether they run, and every partition's replicas, ISR, leader and leader epoch. There is one storage;
 * a replica is a name, not a copy, so an in-sync replica has every record the moment the leader appends it and the
 * high watermark is the log end offset.
 *
 * <p>A partition gets its replicas when it is first looked at: those given by CreateTopics or CreatePartitions, else
 * Kafka's spread with the topic's replication factor ({@code default.replication.factor}, and for internal topics
 * their own key or Kafka's 3), never more than the nodes there are. A stopped node leaves every ISR and hands its
 * leaderships to the first in-sync replica (to any running replica with {@code unclean.leader.election.enable});
 * started again it rejoins the ISRs of the partitions that have a leader and takes the leadership of those that
 * waited for it. Each leader change bumps the partition's leader epoch.
 *
 * <p>Thread-safe: reads are lock-free; changes are serialized on this object.
 */
public final class SimulatedCluster {
    private final List<Integer> nodeIds;
    private final Map<Integer, String> racks;
    private final BrokerConfig config;
    private final Set<Integer> stopped = ConcurrentHashMap.newKeySet();
    private final Map<UUID, TopicReplicas> topics = new ConcurrentHashMap<>();
    private final boolean rackAwareSelector;
    private volatile Map<Integer, List<Endpoint>> endpoints = Map.of();

    /** The replica states of one topic (by id, so a topic created again under the same name starts afresh). */
    private static final class TopicReplicas {
        volatile PartitionReplicas[] partitions;

        TopicReplicas(PartitionReplicas[] partitions) {
            this.partitions = partitions;
        }
    }

    public SimulatedCluster(BrokerConfig config) {
        this.config = config;
        int count = ((Number) config.value("skiff.simulated.nodes")).intValue();
        List<Integer> ids = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ids.add(config.nodeId() + i);
        }
        this.nodeIds = List.copyOf(ids);
        this.racks = racks(config, nodeIds);
        Object selector = config.value("replica.selector.class");
        this.rackAwareSelector = selector != null && ((String) selector).endsWith("RackAwareReplicaSelector");
    }

    private static Map<Integer, String> racks(BrokerConfig config, List<Integer> ids) {
        @SuppressWarnings("unchecked")
        List<String> listed = (List<String>) config.value("skiff.simulated.racks");
        String common = (String) config.value("broker.rack");
        Map<Integer, String> result = new LinkedHashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            String rack = listed != null && i < listed.size() && !listed.get(i).isBlank()
                    ? listed.get(i).trim()
                    : common;
            result.put(ids.get(i), rack);
        }
        return Collections.unmodifiableMap(result);
    }

    /** The number of nodes {@code config} asks for (1 unless {@code skiff.simulated.nodes} says otherwise). */
    public static int nodeCount(BrokerConfig config) {
        return ((Number) config.value("skiff.simulated.nodes")).intValue();
    }

    /** Every node id, ascending (the controller is the first running one). */
    public List<Integer> nodeIds() {
        return nodeIds;
    }

    public boolean isRunning(int nodeId) {
        return nodeIds.contains(nodeId) && !stopped.contains(nodeId);
    }

    /** The running node ids, ascending. */
    public List<Integer> runningNodes() {
        List<Integer> running = new ArrayList<>(nodeIds.size());
        for (int id : nodeIds) {
            if (!stopped.contains(id)) {
                running.add(id);
            }
        }
        return running;
    }

    /** The controller Metadata and DescribeCluster report: the lowest running node. */
    public int controllerId() {
        for (int id : nodeIds) {
            if (!stopped.contains(id)) {
                return id;
            }
        }
        return -1;
    }

    /** The node's {@code broker.rack}, or null. */
    public String rack(int nodeId) {
        return racks.get(nodeId);
    }

    /** Whether {@code replica.selector.class} is Kafka's rack-aware selector (KIP-392). */
    public boolean rackAwareSelector() {
        return rackAwareSelector;
    }

    /** Records a node's advertised endpoints (once bound). */
    public synchronized void setEndpoints(int nodeId, List<Endpoint> nodeEndpoints) {
        Map<Integer, List<Endpoint>> copy = new LinkedHashMap<>(endpoints);
        copy.put(nodeId, List.copyOf(nodeEndpoints));
        endpoints = Map.copyOf(copy);
    }

    /** The node's endpoint on {@code listenerName} (its first listener's when it has none of that name). */
    public Optional<Endpoint> endpoint(int nodeId, String listenerName) {
        List<Endpoint> list = endpoints.get(nodeId);
        if (list == null || list.isEmpty()) {
            return Optional.empty();
        }
        for (Endpoint e : list) {
            if (e.listenerName().equals(listenerName)) {
                return Optional.of(e);
            }
        }
        return Optional.of(list.get(0));
    }

    /** Every endpoint of a node, in listener order. */
    public List<Endpoint> endpoints(int nodeId) {
        return endpoints.getOrDefault(nodeId, List.of());
    }

    /** The ids of the stopped nodes. */
    public Set<Integer> stoppedNodes() {
        return Set.copyOf(stopped);
    }

    /** The replication state of a partition of {@code topic} (which must exist). */
    public PartitionReplicas replicas(Topic topic, int partition) {
        TopicReplicas known = topics.get(topic.id());
        PartitionReplicas[] states = known == null ? null : known.partitions;
        if (states != null && partition < states.length) {
            return states[partition];
        }
        synchronized (this) {
            return extend(topic, partition + 1)[partition];
        }
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
        PartitionReplicas[] states = extend(topic, first);
        PartitionReplicas[] grown =
                java.util.Arrays.copyOf(states, Math.max(states.length, first + assignments.size()));
        for (int i = 0; i < assignments.size(); i++) {
            grown[first + i] = startingState(assignments.get(i));
        }
        store(topic, grown);
        for (int i = 0; i < assignments.size(); i++) {
            pushEpoch(topic, first + i, grown[first + i]);
        }
    }

    /**
     * Kafka's spread of {@code count} new partitions from {@code first} with {@code replicationFactor} replicas over
     * the running nodes (as Kafka's controller places on unfenced brokers only).
     */
    public List<List<Integer>> placement(Topic topic, int first, int count, int replicationFactor) {
        return placement(seed(topic), first, count, replicationFactor);
    }

    private List<List<Integer>> placement(int seed, int first, int count, int replicationFactor) {
        List<Integer> running = runningNodes();
        List<Integer> over = running.size() >= replicationFactor ? running : nodeIds;
        return ReplicaPlacement.assign(over, first, count, replicationFactor, seed);
    }

    /**
     * Internal topics are placed by name: FindCoordinator names the coordinator before the coordinator's first
     * write creates its topic, and the topic must then be led by that node.
     */
    private static int seed(Topic topic) {
        return topic.isInternal() ? topic.name().hashCode() : topic.id().hashCode();
    }

    /**
     * The leader of a partition of an internal topic, or the node that will lead it once the topic is created.
     */
    public int internalLeader(TopicRegistry registry, String topicName, int partition) {
        Optional<Topic> topic = registry.topic(topicName);
        if (topic.isPresent() && topic.get().hasPartition(partition)) {
            return leader(topic.get(), partition);
        }
        List<Integer> replicas = placement(topicName.hashCode(), partition, 1, defaultReplicationFactor(topicName))
                .get(0);
        return firstRunning(replicas, replicas);
    }

    /** The replication factor a topic gets when none is given. */
    public int defaultReplicationFactor(String topicName) {
        String key = switch (topicName) {
            case "__consumer_offsets" -> "offsets.topic.replication.factor";
            case "__transaction_state" -> "transaction.state.log.replication.factor";
            case "__share_group_state" -> "share.coordinator.state.topic.replication.factor";
            default -> "default.replication.factor";
        };
        int factor = key.startsWith("default") || config.isSet(key)
                ? ((Number) config.value(key)).intValue()
                : 3; // Kafka's default for its internal topics
        return Math.max(1, Math.min(factor, nodeIds.size()));
    }

    private PartitionReplicas[] extend(Topic topic, int atLeast) {
        TopicReplicas known = topics.get(topic.id());
        PartitionReplicas[] states = known == null ? new PartitionReplicas[0] : known.partitions;
        int target = Math.max(atLeast, topic.partitionCount());
        if (states.length >= target) {
            return states;
        }
        int factor = states.length > 0 ? states[0].replicas().size() : defaultReplicationFactor(topic.name());
        List<List<Integer>> added = placement(topic, states.length, target - states.length, factor);
        PartitionReplicas[] grown = java.util.Arrays.copyOf(states, target);
        for (int i = 0; i < added.size(); i++) {
            grown[states.length + i] = startingState(added.get(i));
        }
        store(topic, grown);
        return grown;
    }

    private PartitionReplicas startingState(List<Integer> replicas) {
        List<Integer> isr = new ArrayList<>();
        for (int r : replicas) {
            if (!stopped.contains(r)) {
                isr.add(r);
            }
        }
        if (isr.isEmpty()) {
            return new PartitionReplicas(replicas, List.of(replicas.get(0)), PartitionReplicas.NO_LEADER, 0, Set.of());
        }
        return new PartitionReplicas(replicas, isr, isr.get(0), 0, Set.of());
    }

    private void store(Topic topic, PartitionReplicas[] states) {
        TopicReplicas known = topics.get(topic.id());
        if (known == null) {
            topics.put(topic.id(), new TopicReplicas(states));
        } else {
            known.partitions = states;
        }
    }

    /** Applies {@code change} to one partition and publishes its leader epoch to the partition. */
    private PartitionReplicas update(Topic topic, int partition, UnaryOperator<PartitionReplicas> change) {
        PartitionReplicas[] states = extend(topic, partition + 1).clone();
        states[partition] = change.apply(states[partition]);
        store(topic, states);
        pushEpoch(topic, partition, states[partition]);
        return states[partition];
    }

    private static void pushEpoch(Topic topic, int partition, PartitionReplicas state) {
        if (topic.hasPartition(partition)) {
            topic.partition(partition).setLeaderEpoch(state.leaderEpoch());
        }
    }

    /**
     * Stops a node: it leaves every ISR, and each partition it led gets the first in-sync running replica as leader
     * (with unclean election allowed, the first running one), or none.
     */
    public synchronized void stopNode(int nodeId, TopicRegistry registry) {
        requireNode(nodeId);
        if (!stopped.add(nodeId)) {
            return;
        }
        forEachPartition(registry, (topic, p, s) -> {
            if (!s.replicas().contains(nodeId)) {
                return s;
            }
            List<Integer> isr = without(s.isr(), nodeId);
            if (s.leader() != nodeId) {
                return s.withIsr(isr.isEmpty() ? s.isr() : isr);
            }
            int next = firstRunning(s.replicas(), isr);
            if (next == PartitionReplicas.NO_LEADER && uncleanElection(topic)) {
                next = firstRunning(s.replicas(), s.replicas());
                if (next != PartitionReplicas.NO_LEADER) {
                    isr = List.of(next);
                }
            }
            // As KRaft: with no eligible leader the ISR keeps its last member, the only replica that may lead again.
            return s.withLeader(next, isr.isEmpty() ? List.of(nodeId) : isr);
        });
    }

    /**
     * Starts a node again: it rejoins the ISR of every partition it replicates that has a leader (its copy is the
     * shared storage: nothing to catch up), and leads those left without a leader that were waiting for it.
     */
    public synchronized void startNode(int nodeId, TopicRegistry registry) {
        requireNode(nodeId);
        if (!stopped.remove(nodeId)) {
            return;
        }
        forEachPartition(registry, (topic, p, s) -> {
            if (!s.replicas().contains(nodeId) || s.lagging().contains(nodeId)) {
                return s;
            }
            if (!s.hasLeader()) {
                if (!s.isr().contains(nodeId)) {
                    return s;
                }
                List<Integer> isr = new ArrayList<>();
                for (int r : s.replicas()) {
                    if (isRunning(r) && !s.lagging().contains(r)) {
                        isr.add(r);
                    }
                }
                return s.withLeader(nodeId, isr);
            }
            return s.withIsr(ordered(s.replicas(), with(s.isr(), nodeId)));
        });
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
        return update(topic, partition, old -> {
            Set<Integer> lag = new HashSet<>(old.lagging());
            if (lagging) {
                lag.add(nodeId);
                return old.withLagging(lag, without(old.isr(), nodeId));
            }
            lag.remove(nodeId);
            List<Integer> isr =
                    old.hasLeader() && isRunning(nodeId) ? ordered(old.replicas(), with(old.isr(), nodeId)) : old.isr();
            return old.withLagging(lag, isr);
        });
    }

    /** Outcome of an election or a leader move. */
    public enum Election {
        DONE,
        NOT_NEEDED,
        NOT_ELIGIBLE
    }

    /**
     * Makes {@code nodeId} the leader: it must be a running, in-sync replica.
     */
    public synchronized Election moveLeader(Topic topic, int partition, int nodeId) {
        PartitionReplicas s = replicas(topic, partition);
        if (s.leader() == nodeId) {
            return Election.NOT_NEEDED;
        }
        if (!s.isr().contains(nodeId) || !isRunning(nodeId)) {
            return Election.NOT_ELIGIBLE;
        }
        update(topic, partition, old -> old.withLeader(nodeId, old.isr()));
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
        int next = firstRunning(s.replicas(), s.replicas());
        if (next == PartitionReplicas.NO_LEADER) {
            return Election.NOT_ELIGIBLE;
        }
        update(topic, partition, old -> old.withLeader(next, List.of(next)));
        return Election.DONE;
    }

    /**
     * AlterPartitionReassignments: the partition's replicas become {@code target} at once (the data is shared, so
     * there is nothing to copy). The leader stays if it is in the target, else the first running in-sync target
     * replica leads.
     */
    public synchronized PartitionReplicas reassign(Topic topic, int partition, List<Integer> target) {
        return update(topic, partition, old -> {
            List<Integer> isr = new ArrayList<>();
            for (int r : target) {
                if (isRunning(r)
                        && !old.lagging().contains(r)
                        && (old.hasLeader() ? true : old.isr().contains(r))) {
                    isr.add(r);
                }
            }
            int leader = target.contains(old.leader()) && isRunning(old.leader())
                    ? old.leader()
                    : isr.isEmpty() ? PartitionReplicas.NO_LEADER : isr.get(0);
            return old.withReplicas(target, leader, isr.isEmpty() ? List.of(target.get(0)) : isr);
        });
    }

    private boolean uncleanElection(Topic topic) {
        Object value = topic.config().value("unclean.leader.election.enable");
        return value instanceof Boolean b && b;
    }

    private int firstRunning(List<Integer> replicas, List<Integer> eligible) {
        for (int r : replicas) {
            if (eligible.contains(r) && isRunning(r)) {
                return r;
            }
        }
        return PartitionReplicas.NO_LEADER;
    }

    private void requireNode(int nodeId) {
        if (!nodeIds.contains(nodeId)) {
            throw new IllegalArgumentException("no node " + nodeId + "; the nodes are " + nodeIds);
        }
    }

    private interface PartitionChange {
        PartitionReplicas apply(Topic topic, int partition, PartitionReplicas state);
    }

    private void forEachPartition(TopicRegistry registry, PartitionChange change) {
        for (Topic topic : registry.topics()) {
            for (int p = 0; p < topic.partitionCount(); p++) {
                PartitionReplicas before = replicas(topic, p);
                PartitionReplicas after = change.apply(topic, p, before);
                if (after != before) {
                    int index = p;
                    update(topic, index, old -> after);
                }
            }
        }
    }

    private static List<Integer> without(List<Integer> list, int id) {
        List<Integer> copy = new ArrayList<>(list);
        copy.remove(Integer.valueOf(id));
        return copy;
    }

    private static List<Integer> with(List<Integer> list, int id) {
        if (list.contains(id)) {
            return list;
        }
        List<Integer> copy = new ArrayList<>(list);
        copy.add(id);
        return copy;
    }

    private static List<Integer> ordered(List<Integer> replicas, List<Integer> members) {
        List<Integer> result = new ArrayList<>(members.size());
        for (int r : replicas) {
            if (members.contains(r)) {
                result.add(r);
            }
        }
        return result;
    }
}
