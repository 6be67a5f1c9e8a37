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
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import java.util.Optional;

/**
 * The topics a handler serves and the node it answers as: in a simulated cluster, which partitions the node leads
 * (only a leader answers ListOffsets, OffsetForLeaderEpoch, DeleteRecords), which replicas it holds (DescribeLogDirs)
 * and where new replicas go (CreateTopics, CreatePartitions, reassignments). A single node (no cluster) leads and
 * holds everything, at no cost per request.
 *
 * @param topics  the node's topic registry
 * @param cluster null for a single node
 * @param nodeId  the node a handler answers as
 */
public record NodeTopics(TopicRegistry topics, SimulatedCluster cluster, int nodeId) {

    /** One node, not part of a simulated cluster. */
    public static NodeTopics singleNode(TopicRegistry topics, int nodeId) {
        return new NodeTopics(topics, null, nodeId);
    }

    /** The node {@code context} answers as: one of its simulated cluster's, or the single node. */
    public static NodeTopics of(TopicRegistry topics, BrokerContext context) {
        return new NodeTopics(topics, context.cluster(), context.nodeId());
    }

    /** False when another node (or none) leads the partition: the answer is then NOT_LEADER_OR_FOLLOWER. */
    boolean leads(Topic topic, int partition) {
        return cluster == null || cluster.leader(topic, partition) == nodeId;
    }

    /**
     * Why the node cannot answer for a partition only its leader answers: UNKNOWN_TOPIC_OR_PARTITION when the topic
     * (empty when unknown) lacks it, NOT_LEADER_OR_FOLLOWER when another node leads it; null when this node leads it.
     */
    Errors unavailable(Optional<Topic> topic, int partition) {
        if (topic.isEmpty() || !topic.get().hasPartition(partition)) {
            return Errors.UNKNOWN_TOPIC_OR_PARTITION;
        }
        return leads(topic.get(), partition) ? null : Errors.NOT_LEADER_OR_FOLLOWER;
    }

    /** Whether the node holds a replica of the partition (a single node holds all). */
    boolean holdsReplica(Topic topic, int partition) {
        return cluster == null || cluster.replicas(topic, partition).replicas().contains(nodeId);
    }
}
