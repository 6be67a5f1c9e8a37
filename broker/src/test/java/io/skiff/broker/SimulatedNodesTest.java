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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A simulated cluster of three nodes as the Admin client sees it: brokers, racks, replicas, ISR and leaders. */
class SimulatedNodesTest {
    private static SimulatedCluster cluster;
    private static SkiffServer kafka;
    private static Admin admin;

    @BeforeAll
    static void start() {
        cluster = SimulatedCluster.start(Map.of());
        kafka = cluster.server();
        admin = cluster.admin();
    }

    @AfterAll
    static void stop() {
        SimulatedCluster.close(cluster);
    }

    @Test
    void threeBrokersEachOnItsOwnPortWithItsRackAndTheFirstAsController() throws Exception {
        DescribeClusterResult cluster = admin.describeCluster();
        List<Node> nodes = cluster.nodes().get().stream()
                .sorted((a, b) -> Integer.compare(a.id(), b.id()))
                .toList();
        assertEquals(List.of(1, 2, 3), nodes.stream().map(Node::id).toList());
        assertEquals(List.of("a", "b", "c"), nodes.stream().map(Node::rack).toList());
        assertEquals(3, nodes.stream().map(Node::port).distinct().count(), "a port per node");
        assertEquals(1, cluster.controller().get().id());
        assertEquals(List.of(1, 2, 3), kafka.nodes().ids());
        assertEquals(3, kafka.bootstrapServers().split(",").length);
    }

    @Test
    void replicationFactorThreeTopicHasThreeReplicasInSyncAndLeadersSpreadOverTheNodes() throws Exception {
        admin.createTopics(List.of(new NewTopic("spread", 3, (short) 3))).all().get();
        TopicDescription topic = describe("spread");
        Set<Integer> leaders = new HashSet<>();
        for (TopicPartitionInfo p : topic.partitions()) {
            assertEquals(Set.of(1, 2, 3), ids(p.replicas()));
            assertEquals(Set.of(1, 2, 3), ids(p.isr()));
            assertEquals(p.replicas().get(0).id(), p.leader().id(), "the preferred replica leads");
            leaders.add(p.leader().id());
        }
        assertEquals(Set.of(1, 2, 3), leaders, "three partitions on three nodes: one leader each");
    }

    @Test
    void defaultReplicationFactorAndGrownPartitionsKeepTheTopicsFactor() throws Exception {
        admin.createTopics(List.of(new NewTopic("two-replicas", 1, (short) 2)))
                .all()
                .get();
        admin.createPartitions(Map.of("two-replicas", NewPartitions.increaseTo(4)))
                .all()
                .get();
        for (TopicPartitionInfo p : describe("two-replicas").partitions()) {
            assertEquals(2, p.replicas().size(), "partition " + p.partition());
            assertEquals(2, p.isr().size(), "partition " + p.partition());
        }
        kafka.createTopic("by-default", 2);
        for (TopicPartitionInfo p : describe("by-default").partitions()) {
            assertEquals(1, p.replicas().size(), "default.replication.factor is 1");
        }
    }

    @Test
    void aReplicationFactorAboveTheNodeCountIsRefusedAsKafkaRefusesIt() {
        ExecutionException e = assertThrows(
                ExecutionException.class,
                () -> admin.createTopics(List.of(new NewTopic("too-many", 1, (short) 4)))
                        .all()
                        .get());
        assertInstanceOf(InvalidReplicationFactorException.class, e.getCause());
        assertTrue(
                e.getCause().getMessage().contains("only 3 broker(s) are registered"),
                e.getCause().getMessage());
    }

    @Test
    void explicitAssignmentsAreKeptAndUnknownNodesRefused() throws Exception {
        admin.createTopics(List.of(new NewTopic("manual", Map.of(0, List.of(3, 1), 1, List.of(2, 3)))))
                .all()
                .get();
        TopicDescription topic = describe("manual");
        assertEquals(
                List.of(3, 1),
                topic.partitions().get(0).replicas().stream().map(Node::id).toList());
        assertEquals(3, topic.partitions().get(0).leader().id());
        assertEquals(
                List.of(2, 3),
                topic.partitions().get(1).replicas().stream().map(Node::id).toList());
        assertEquals(2, topic.partitions().get(1).leader().id());

        ExecutionException e = assertThrows(
                ExecutionException.class,
                () -> admin.createTopics(List.of(new NewTopic("unknown-node", Map.of(0, List.of(1, 7)))))
                        .all()
                        .get());
        assertInstanceOf(InvalidReplicaAssignmentException.class, e.getCause());
        assertEquals(
                "The manual partition assignment includes broker 7, but no such broker is registered.",
                e.getCause().getMessage());
    }

    private static TopicDescription describe(String topic) throws Exception {
        return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
    }

    private static Set<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(Node::id).collect(Collectors.toSet());
    }
}
