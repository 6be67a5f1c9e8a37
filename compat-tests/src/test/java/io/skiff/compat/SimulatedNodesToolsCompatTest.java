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
package io.skiff.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.broker.cluster.PartitionReplicas;
import io.skiff.compat.clients.ExternalProcess;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * kcat -L and Kafka 4.4's kafka-topics --describe against a simulated cluster of three nodes: three brokers, the
 * controller, and each partition of a replication factor 3 topic with its leader, replicas and ISR on the three nodes
 * (and after a node stops, two brokers and ISRs without it).
 *
 * <p>Needs {@code kcat} on the PATH (Debian: {@code apt-get install kcat}); fails, never skips, without it.
 */
@Skiff(nodes = 3, properties = "skiff.simulated.racks=a,b,c")
class SimulatedNodesToolsCompatTest {
    private static SkiffServer skiff;
    private static String kcat;

    @BeforeAll
    static void start() throws Exception {
        kcat = ExternalProcess.require("kcat", "install it with apt-get install kcat (.ci/run does)");
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        try (Admin admin = Admin.create(props)) {
            admin.createTopics(List.of(new NewTopic("kcat-rf3", 3, (short) 3)))
                    .all()
                    .get();
        }
    }

    private static String metadata() {
        List<String> command = new ArrayList<>(List.of(kcat, "-b", skiff.bootstrapServers(), "-L"));
        return ExternalProcess.of(command).run().assertSuccess().stdout();
    }

    private static String partitionLines(String topic, int partitions) {
        StringBuilder expected = new StringBuilder();
        for (int p = 0; p < partitions; p++) {
            PartitionReplicas r = skiff.nodes().replicas(topic, p);
            expected.append("    partition ")
                    .append(p)
                    .append(", leader ")
                    .append(r.leader())
                    .append(", replicas: ")
                    .append(join(r.replicas()))
                    .append(", isrs: ")
                    .append(join(r.isr()))
                    .append('\n');
        }
        return expected.toString();
    }

    private static String join(List<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    @Test
    void showsThreeBrokersAndEachPartitionsReplicasAndIsrOnThreeNodes() {
        String out = metadata();
        assertTrue(out.contains(" 3 brokers:\n"), out);
        for (int id : skiff.nodes().ids()) {
            String line =
                    "  broker " + id + " at " + skiff.nodes().bootstrapServers(id) + (id == 1 ? " (controller)" : "");
            assertTrue(out.contains(line + "\n"), line + " in\n" + out);
        }
        assertTrue(out.contains("  topic \"kcat-rf3\" with 3 partitions:\n" + partitionLines("kcat-rf3", 3)), out);
        for (int p = 0; p < 3; p++) {
            assertEquals(3, skiff.nodes().replicas("kcat-rf3", p).isr().size());
        }
    }

    @Test
    void kafkaTopicsDescribeShowsReplicationFactorThreeWithReplicasAndIsrOnThreeNodes() {
        ExternalProcess.Result r = ExternalProcess.java(
                        RealKafka.libs() + "/*",
                        "org.apache.kafka.tools.TopicCommand",
                        "--bootstrap-server",
                        skiff.bootstrapServers(),
                        "--describe",
                        "--topic",
                        "kcat-rf3")
                .run();
        String out = r.assertSuccess().stdout();
        assertTrue(out.contains("Topic: kcat-rf3\t"), out);
        assertTrue(out.contains("\tPartitionCount: 3\tReplicationFactor: 3\t"), out);
        for (int p = 0; p < 3; p++) {
            PartitionReplicas replicas = skiff.nodes().replicas("kcat-rf3", p);
            String line = "\tTopic: kcat-rf3\tPartition: " + p + "\tLeader: " + replicas.leader() + "\tReplicas: "
                    + join(replicas.replicas()) + "\tIsr: " + join(replicas.isr());
            assertTrue(out.contains(line + "\t") || out.contains(line + "\n"), line + " in\n" + out);
            assertEquals(3, replicas.replicas().size());
        }
    }

    @Test
    void aStoppedNodeLeavesTheBrokersAndTheIsrs() {
        skiff.nodes().stop(2);
        try {
            String out = metadata();
            assertTrue(out.contains(" 2 brokers:\n"), out);
            assertTrue(!out.contains("  broker 2 at "), out);
            assertTrue(out.contains("  topic \"kcat-rf3\" with 3 partitions:\n" + partitionLines("kcat-rf3", 3)), out);
            for (int p = 0; p < 3; p++) {
                PartitionReplicas r = skiff.nodes().replicas("kcat-rf3", p);
                assertEquals(3, r.replicas().size());
                assertTrue(!r.isr().contains(2) && r.leader() != 2, r.toString());
            }
        } finally {
            skiff.nodes().start(2);
        }
    }
}
