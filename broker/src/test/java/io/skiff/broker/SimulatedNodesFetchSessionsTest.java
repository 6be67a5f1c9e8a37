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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.control.FaultRule;
import io.skiff.broker.control.FaultSpec;
import io.skiff.broker.diagnostics.FetchSessionView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each node of a simulated cluster keeps its own incremental fetch sessions, as Kafka's brokers do: the operators'
 * view lists every node's, and a fault rule on a partition matches the incremental fetches its leader receives
 * (which name no partition: the session holds them).
 */
class SimulatedNodesFetchSessionsTest {
    private static SimulatedCluster cluster;

    @BeforeAll
    static void start() {
        cluster = SimulatedCluster.start(Map.of());
    }

    @AfterAll
    static void stop() {
        SimulatedCluster.close(cluster);
    }

    @Test
    void aRuleOnAPartitionMatchesTheIncrementalFetchesToItsLeaderAndTheSessionIsListedUnderThatNode() throws Exception {
        SkiffServer server = cluster.server();
        cluster.admin()
                .createTopics(List.of(new NewTopic("sessions", 3, (short) 3)))
                .all()
                .get();
        int partition = 0;
        while (server.nodes().leader("sessions", partition)
                == server.nodes().ids().get(0)) {
            partition++;
        }
        int leader = server.nodes().leader("sessions", partition);
        TopicPartition tp = new TopicPartition("sessions", partition);
        Properties producerProps = new Properties();
        producerProps.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("sessions", partition, null, "first"))
                    .get();
        }
        Properties consumerProps = new Properties();
        consumerProps.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(consumerProps, new StringDeserializer(), new StringDeserializer())) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            List<ConsumerRecord<String, String>> got = new ArrayList<>();
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(got::add);
                return !got.isEmpty();
            });
            String name = "sessions-" + partition;
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> server.fetchSessions().stream()
                            .anyMatch(s -> s.partitions().contains(name)));
            List<Integer> holders = server.fetchSessions().stream()
                    .filter(s -> s.partitions().contains(name))
                    .map(FetchSessionView::nodeId)
                    .toList();
            assertEquals(List.of(leader), holders, "the session is the leader's");

            FaultRule hold = server.faults()
                    .add(FaultSpec.builder()
                            .api("Fetch")
                            .topic("sessions")
                            .partition(partition)
                            .hold());
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                consumer.poll(Duration.ofMillis(100));
                return hold.applied() >= 1;
            });
            hold.release();
        }
    }
}
