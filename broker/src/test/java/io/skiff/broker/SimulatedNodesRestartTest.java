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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.cluster.PartitionReplicas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout of a simulated cluster survives a restart, as a Kafka cluster's metadata does: replicas, leaders, leader
 * epochs, ISR, lagging replicas and stopped nodes, kept in the data directory's {@code simulated-replicas}.
 */
class SimulatedNodesRestartTest {
    @TempDir
    Path dataDir;

    private SkiffServer start(int nodes) {
        return SkiffServer.builder().nodes(nodes).dataDir(dataDir).start();
    }

    private static Admin admin(SkiffServer kafka) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        return Admin.create(props);
    }

    @Test
    void replicasLeadersIsrAndStoppedNodesAreKeptAcrossARestart() throws Exception {
        List<PartitionReplicas> before = new ArrayList<>();
        try (SkiffServer kafka = start(3);
                Admin admin = admin(kafka)) {
            admin.createTopics(List.of(new NewTopic("kept", 3, (short) 3)))
                    .all()
                    .get();
            admin.createTopics(List.of(new NewTopic("pair", 2, (short) 2)))
                    .all()
                    .get();
            int leader = kafka.nodes().leader("kept", 0);
            int other = kafka.nodes().replicas("kept", 0).replicas().stream()
                    .filter(r -> r != leader)
                    .findFirst()
                    .orElseThrow();
            kafka.nodes().moveLeader("kept", 0, other);
            int follower = kafka.nodes().replicas("kept", 1).replicas().get(2);
            kafka.nodes().setLagging("kept", 1, follower, true);
            kafka.nodes().stop(3);
            for (int p = 0; p < 3; p++) {
                before.add(kafka.nodes().replicas("kept", p));
            }
            before.add(kafka.nodes().replicas("pair", 0));
            before.add(kafka.nodes().replicas("pair", 1));
            assertTrue(Files.exists(dataDir.resolve("simulated-replicas")));
        }
        try (SkiffServer kafka = start(3);
                Admin admin = admin(kafka)) {
            assertFalse(kafka.nodes().isRunning(3), "a stopped node stays stopped");
            assertTrue(kafka.nodes().isRunning(1));
            List<PartitionReplicas> after = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                after.add(kafka.nodes().replicas("kept", p));
            }
            after.add(kafka.nodes().replicas("pair", 0));
            after.add(kafka.nodes().replicas("pair", 1));
            assertEquals(before, after);
            assertEquals(Set.of(1, 2), ids(admin.describeCluster().nodes().get()));
            TopicDescription kept =
                    admin.describeTopics(List.of("kept")).allTopicNames().get().get("kept");
            for (TopicPartitionInfo p : kept.partitions()) {
                PartitionReplicas expected = before.get(p.partition());
                assertEquals(expected.leader(), p.leader().id());
                assertEquals(expected.isr(), p.isr().stream().map(Node::id).toList());
            }
            kafka.nodes().start(3);
            assertTrue(kafka.nodes().replicas("kept", 2).isr().contains(3), "started, it rejoins the ISR");
        }
        try (SkiffServer kafka = start(3)) {
            assertTrue(kafka.nodes().isRunning(3), "its start is kept too");
        }
    }

    @Test
    void aDeletedTopicLeavesTheLayoutAndAnotherNodeCountPlacesAfresh() throws Exception {
        try (SkiffServer kafka = start(3);
                Admin admin = admin(kafka)) {
            admin.createTopics(List.of(new NewTopic("gone", 1, (short) 3)))
                    .all()
                    .get();
            admin.createTopics(List.of(new NewTopic("stays", 1, (short) 3)))
                    .all()
                    .get();
            admin.deleteTopics(List.of("gone")).all().get();
            kafka.nodes().stop(2);
            String layout = Files.readString(dataDir.resolve("simulated-replicas"));
            assertFalse(layout.contains(" gone "), layout);
            assertTrue(layout.contains(" stays "), layout);
        }
        try (SkiffServer kafka = start(4)) {
            assertTrue(kafka.nodes().isRunning(2), "a layout for other nodes is not used");
            // placed afresh, with default.replication.factor as any topic Skiff knows no layout of
            assertEquals(1, kafka.nodes().replicas("stays", 0).replicas().size());
        }
    }

    @Test
    void aTopicMayHaveReplicasOnStoppedNodesAsKafkaPlacesOnFencedBrokers() throws Exception {
        try (SkiffServer kafka = start(3)) {
            kafka.nodes().stop(2);
        }
        // A client made now is given the running nodes only (one made before could be connecting to node 2 as it stops)
        try (SkiffServer kafka = start(3);
                Admin admin = admin(kafka)) {
            assertFalse(kafka.nodes().isRunning(2), "stopped before the restart, stopped after");
            // Kafka's controller counts registered brokers, fenced ones too: RF 3 with one of three stopped is fine
            admin.createTopics(List.of(new NewTopic("with-one-down", 4, (short) 3)))
                    .all()
                    .get();
            for (int p = 0; p < 4; p++) {
                PartitionReplicas r = kafka.nodes().replicas("with-one-down", p);
                assertEquals(Set.of(1, 2, 3), Set.copyOf(r.replicas()));
                assertNotEquals(2, r.leader(), "a stopped node never leads");
                assertNotEquals(2, r.replicas().get(0), "nor comes first");
                assertFalse(r.isr().contains(2));
            }
            // an explicit assignment needs a running replica in each partition, as Kafka needs an unfenced broker
            ExecutionException created = assertThrows(
                    ExecutionException.class,
                    () -> admin.createTopics(List.of(new NewTopic("only-on-2", Map.of(0, List.of(2)))))
                            .all()
                            .get());
            assertInstanceOf(InvalidReplicaAssignmentException.class, created.getCause());
            assertEquals(
                    "All brokers specified in the manual partition assignment for partition 0 are fenced or in"
                            + " controlled shutdown.",
                    created.getCause().getMessage());
            ExecutionException grown = assertThrows(
                    ExecutionException.class,
                    () -> admin.createPartitions(
                                    Map.of("with-one-down", NewPartitions.increaseTo(5, List.of(List.of(2)))))
                            .all()
                            .get());
            assertInstanceOf(InvalidReplicaAssignmentException.class, grown.getCause());
            assertEquals(
                    "All brokers specified in the manual partition assignment for partition 4 are fenced or in"
                            + " controlled shutdown.",
                    grown.getCause().getMessage());
            kafka.nodes().start(2);
            assertTrue(kafka.nodes().replicas("with-one-down", 0).isr().contains(2));
        }
    }

    private static Set<Integer> ids(java.util.Collection<Node> nodes) {
        return Set.copyOf(nodes.stream().map(Node::id).toList());
    }
}
