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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Kafka 4.1 Admin describeCluster, describeLogDirs, describeTopics and a consumer's leader-epoch validation. */
class AdminMiscCompatTest {
    @RegisterExtension
    static final DataCompatSupport.Broker BROKER = new DataCompatSupport.Broker();

    @Test
    void describeClusterShowsThisNodeAsBrokerAndController() throws Exception {
        DescribeClusterResult cluster = BROKER.admin().describeCluster();
        assertEquals(BROKER.server().clusterId(), cluster.clusterId().get());
        Node controller = cluster.controller().get();
        assertEquals(BROKER.server().nodeId(), controller.id());
        List<Node> nodes = List.copyOf(cluster.nodes().get());
        assertEquals(1, nodes.size());
        assertEquals(BROKER.server().port(), nodes.get(0).port());
        assertFalse(nodes.get(0).isFenced());
    }

    @Test
    void describeTopicsPaginatesThroughDescribeTopicPartitions() throws Exception {
        BROKER.admin()
                .createTopics(List.of(new NewTopic("wide", 5, (short) 1), new NewTopic("narrow", 1, (short) 1)))
                .all()
                .get();
        Map<String, TopicDescription> topics = BROKER.admin()
                .describeTopics(List.of("wide", "narrow"), new DescribeTopicsOptions().partitionSizeLimitPerResponse(2))
                .allTopicNames()
                .get();
        TopicDescription wide = topics.get("wide");
        assertEquals(5, wide.partitions().size());
        for (int i = 0; i < 5; i++) {
            assertEquals(i, wide.partitions().get(i).partition());
            assertEquals(
                    BROKER.server().nodeId(), wide.partitions().get(i).leader().id());
            assertEquals(1, wide.partitions().get(i).isr().size());
        }
        assertEquals(1, topics.get("narrow").partitions().size());
        assertFalse(wide.isInternal());
        assertTrue(wide.topicId() != null && !wide.topicId().toString().isEmpty());
    }

    @Test
    void describeLogDirsReportsPartitionSizes() throws Exception {
        BROKER.admin()
                .createTopics(List.of(new NewTopic("sized", 1, (short) 1)))
                .all()
                .get();
        try (KafkaProducer<String, String> producer = DataCompatSupport.producer(BROKER.bootstrapServers())) {
            producer.send(new ProducerRecord<>("sized", 0, "k", "x".repeat(1000)))
                    .get();
        }
        int nodeId = BROKER.server().nodeId();
        Map<String, LogDirDescription> dirs = BROKER.admin()
                .describeLogDirs(List.of(nodeId))
                .allDescriptions()
                .get()
                .get(nodeId);
        assertEquals(1, dirs.size());
        LogDirDescription dir = dirs.values().iterator().next();
        assertEquals(
                BROKER.server().dataDir().toAbsolutePath().toString(),
                dirs.keySet().iterator().next());
        ReplicaInfo replica = dir.replicaInfos().get(new TopicPartition("sized", 0));
        assertTrue(replica.size() > 1000, "size " + replica.size());
        assertEquals(0, replica.offsetLag());
        assertTrue(dir.totalBytes().orElseThrow() > 0);
        assertTrue(dir.usableBytes().orElseThrow() > 0);
    }

    @Test
    void consumerSeekWithLeaderEpochIsValidatedAndReads() throws Exception {
        BROKER.admin()
                .createTopics(List.of(new NewTopic("epochs", 1, (short) 1)))
                .all()
                .get();
        TopicPartition tp = new TopicPartition("epochs", 0);
        try (KafkaProducer<String, String> producer = DataCompatSupport.producer(BROKER.bootstrapServers())) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>("epochs", 0, null, "e" + i)).get();
            }
        }
        try (KafkaConsumer<String, String> consumer = DataCompatSupport.consumer(BROKER.bootstrapServers())) {
            consumer.assign(List.of(tp));
            // The seek carries leader epoch 0: the consumer validates it with OffsetForLeaderEpoch before fetching.
            consumer.seek(tp, new OffsetAndMetadata(3, Optional.of(0), ""));
            List<ConsumerRecord<String, String>> records = DataCompatSupport.readExactly(consumer, List.of(tp), 2);
            assertEquals("e3", records.get(0).value());
            assertEquals(Optional.of(0), records.get(0).leaderEpoch());
        }
    }
}
