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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every partition's replicas, ISR, leader and leader epoch in a simulated cluster, kept in the data directory
 * ({@link ReplicaLayoutFile}). A partition gets its replicas when it is first looked at: those given by CreateTopics or
 * CreatePartitions, else Kafka's placement ({@link StripedPlacement}) with the topic's replication factor
 * ({@code default.replication.factor}, for internal topics their own key or Kafka's 3), never more than the nodes.
 *
 * <p>Thread-safe: reads are lock-free; changes are serialized on this object.
 */
final class ReplicaLayout {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicaLayout.class);

    private final BrokerConfig config;
    private final ClusterNodes nodes;
    private final LeaderElection election;
    private final TopicRegistry registry;
    private final Path dataDir;
    private final Map<UUID, TopicReplicas> topics = new ConcurrentHashMap<>();
    private final Map<UUID, ReplicaLayoutFile.Topic> saved = new ConcurrentHashMap<>(); // loaded, not yet looked at
    private long savedVersion; // guarded by this: the number of layouts taken to be saved
    private final Object fileLock = new Object();
    private long fileVersion; // guarded by fileLock: the version the file holds

    /** The replica states of one topic (by id, so a topic created again under the same name starts afresh). */
    private static final class TopicReplicas {
        final String name;
        volatile PartitionReplicas[] partitions;

        TopicReplicas(String name, PartitionReplicas[] partitions) {
            this.name = name;
            this.partitions = partitions;
        }
    }

    /** Loads the saved layout, if it was saved for these nodes (stopped nodes stay stopped). */
    ReplicaLayout(BrokerConfig config, ClusterNodes nodes, LeaderElection election, TopicRegistry registry) {
        this.config = config;
        this.nodes = nodes;
        this.election = election;
        this.registry = registry;
        this.dataDir = registry.dataDir();
        ReplicaLayoutFile.Saved layout = ReplicaLayoutFile.load(dataDir);
        if (layout.nodes().equals(nodes.ids())) {
            nodes.restoreStopped(layout.stopped());
            saved.putAll(layout.topics());
        } else if (!layout.nodes().isEmpty()) {
            LOG.warn(
                    "The saved layout of the simulated cluster is for nodes {}, not {}: partitions are placed afresh",
                    layout.nodes(),
                    nodes.ids());
        }
    }

    PartitionReplicas replicas(Topic topic, int partition) {
        TopicReplicas known = topics.get(topic.id());
        PartitionReplicas[] states = known == null ? null : known.partitions;
        if (states != null && partition < states.length) {
            return states[partition];
        }
        // Not saved here (this may run on a network thread): a placement made on first look is the same when made
        // again after a restart, as long as the stopped nodes are, and every change of those saves it.
        synchronized (this) {
            return extend(topic, partition + 1)[partition];
        }
    }

    /**
     * Sets the replicas of partitions {@code first..} (every running one in sync, the first running one leading);
     * {@link #save} after.
     */
    synchronized void assign(Topic topic, int first, List<List<Integer>> assignments) {
        PartitionReplicas[] states = extend(topic, first);
        PartitionReplicas[] grown = Arrays.copyOf(states, Math.max(states.length, first + assignments.size()));
        for (int i = 0; i < assignments.size(); i++) {
            grown[first + i] = election.starting(assignments.get(i));
        }
        store(topic, grown);
        for (int i = 0; i < assignments.size(); i++) {
            pushEpoch(topic, first + i, grown[first + i]);
        }
    }

    /** Applies {@code change} to one partition, publishes its leader epoch to the partition; {@link #save} after. */
    synchronized PartitionReplicas update(Topic topic, int partition, UnaryOperator<PartitionReplicas> change) {
        PartitionReplicas[] states = extend(topic, partition + 1).clone();
        states[partition] = change.apply(states[partition]);
        store(topic, states);
        pushEpoch(topic, partition, states[partition]);
        return states[partition];
    }

    /**
     * Kafka's placement of {@code count} partitions with {@code replicationFactor} replicas; stopped nodes are Kafka's
     * fenced brokers (registered, never leaders).
     */
    List<List<Integer>> placement(long seed, int count, int replicationFactor) {
        boolean noneRuns = nodes.running().isEmpty(); // nothing answers then; place as if all ran
        List<StripedPlacement.Node> candidates = new ArrayList<>();
        for (int id : nodes.ids()) {
            if (!nodes.isRegistered(id)) {
                continue; // Kafka's controller places on registered brokers only
            }
            candidates.add(new StripedPlacement.Node(id, nodes.rack(id), !noneRuns && !nodes.isRunning(id)));
        }
        return new StripedPlacement(candidates, seed).place(count, replicationFactor);
    }

    /**
     * The seed of a topic's placement. Internal topics are placed by name: FindCoordinator names the coordinator
     * before the coordinator's first write creates its topic, and the topic must then be led by that node.
     */
    static long seed(String topicName, UUID topicId, boolean internal, int firstPartition) {
        return (internal ? topicName.hashCode() : topicId.hashCode()) * 31L + firstPartition;
    }

    /** The replication factor a topic gets when none is given. */
    int defaultReplicationFactor(String topicName) {
        String key = switch (topicName) {
            case "__consumer_offsets" -> "offsets.topic.replication.factor";
            case "__transaction_state" -> "transaction.state.log.replication.factor";
            case "__share_group_state" -> "share.coordinator.state.topic.replication.factor";
            default -> "default.replication.factor";
        };
        int factor = key.startsWith("default") || config.isSet(key)
                ? ((Number) config.value(key)).intValue()
                : 3; // Kafka's default for its internal topics
        return Math.max(1, Math.min(factor, nodes.ids().size()));
    }

    private PartitionReplicas[] extend(Topic topic, int atLeast) {
        TopicReplicas known = topics.get(topic.id());
        if (known == null) {
            known = restore(topic);
        }
        PartitionReplicas[] states = known == null ? new PartitionReplicas[0] : known.partitions;
        int target = Math.max(atLeast, topic.partitionCount());
        if (states.length >= target) {
            return states;
        }
        int factor = states.length > 0 ? states[0].replicas().size() : defaultReplicationFactor(topic.name());
        List<List<Integer>> added = placement(
                seed(topic.name(), topic.id(), topic.isInternal(), states.length), target - states.length, factor);
        PartitionReplicas[] grown = Arrays.copyOf(states, target);
        for (int i = 0; i < added.size(); i++) {
            grown[states.length + i] = election.starting(added.get(i));
        }
        store(topic, grown);
        return grown;
    }

    /** A topic's saved layout, taken in when the topic is first looked at after a restart. */
    private TopicReplicas restore(Topic topic) {
        ReplicaLayoutFile.Topic kept = saved.remove(topic.id());
        if (kept == null || kept.partitions().length == 0) {
            return null;
        }
        PartitionReplicas[] states = kept.partitions().clone();
        store(topic, states);
        for (int p = 0; p < states.length; p++) {
            pushEpoch(topic, p, states[p]);
        }
        return topics.get(topic.id());
    }

    private void store(Topic topic, PartitionReplicas[] states) {
        TopicReplicas known = topics.get(topic.id());
        if (known == null) {
            topics.put(topic.id(), new TopicReplicas(topic.name(), states));
        } else {
            known.partitions = states;
        }
    }

    private static void pushEpoch(Topic topic, int partition, PartitionReplicas state) {
        if (topic.hasPartition(partition)) {
            topic.partition(partition).setLeaderEpoch(state.leaderEpoch());
        }
    }

    /**
     * Writes the layout of the topics that still exist (forgetting deleted ones) and the stopped nodes. The file is
     * written outside this object's lock, the newest layout last, so readers never wait for the disk.
     */
    void save() {
        ReplicaLayoutFile.Saved layout;
        long version;
        synchronized (this) {
            layout = snapshot();
            version = ++savedVersion;
        }
        synchronized (fileLock) {
            if (version > fileVersion) {
                ReplicaLayoutFile.save(dataDir, layout);
                fileVersion = version;
            }
        }
    }

    private ReplicaLayoutFile.Saved snapshot() {
        Map<UUID, ReplicaLayoutFile.Topic> live = new LinkedHashMap<>();
        for (Map.Entry<UUID, TopicReplicas> e : topics.entrySet()) {
            if (registry.topic(e.getKey()).isEmpty()) {
                topics.remove(e.getKey());
            } else {
                live.put(e.getKey(), new ReplicaLayoutFile.Topic(e.getValue().name, e.getValue().partitions));
            }
        }
        for (Map.Entry<UUID, ReplicaLayoutFile.Topic> e : saved.entrySet()) {
            if (registry.topic(e.getKey()).isPresent()) { // not looked at since the restart: kept as it was
                live.put(e.getKey(), e.getValue());
            }
        }
        return new ReplicaLayoutFile.Saved(nodes.ids(), nodes.stopped(), live);
    }
}
