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
package io.skiff.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.Test;

/** {@code @Skiff(nodes = 3)}: a simulated three-node cluster, which clients see with its replicas. */
@Skiff(nodes = 3)
class SkiffNodesTest {
    @Test
    void threeNodesTakeAReplicationFactorThreeTopic(SkiffServer kafka, @BootstrapServers String bootstrap)
            throws Exception {
        assertEquals(List.of(1, 2, 3), kafka.nodes().ids());
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(props)) {
            assertEquals(3, admin.describeCluster().nodes().get().size());
            admin.createTopics(List.of(new NewTopic("replicated", 2, (short) 3)))
                    .all()
                    .get();
            TopicDescription topic = admin.describeTopics(List.of("replicated"))
                    .allTopicNames()
                    .get()
                    .get("replicated");
            assertEquals(3, topic.partitions().get(0).replicas().size());
            assertEquals(3, topic.partitions().get(1).isr().size());
        }
        assertEquals(
                Map.of("skiff.simulated.nodes", "3"),
                Map.of("skiff.simulated.nodes", kafka.config().originals().get("skiff.simulated.nodes")));
    }
}
