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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Nodes of a simulated three-node cluster stop and start under real clients: leaders and coordinators move, acks=all
 * follows min.insync.replicas, and a consumer with client.rack reads from its rack's replica.
 */
class SimulatedNodeFailoverTest {
    private static SimulatedCluster cluster;
    private static SkiffServer kafka;
    private static Admin admin;

    @BeforeAll
    static void start() {
        cluster = SimulatedCluster.start(
                Map.of("replica.selector.class", "org.apache.kafka.common.replica.RackAwareReplicaSelector"));
        kafka = cluster.server();
        admin = cluster.admin();
    }

    @AfterEach
    void allNodesRunAgain() {
        for (int id : kafka.nodes().ids()) {
            kafka.nodes().start(id);
        }
    }

    @AfterAll
    static void stop() {
        SimulatedCluster.close(cluster);
    }

    @Test
    void anIdempotentAcksAllProducerKeepsProducingWhileItsLeaderStops() throws Exception {
        createTopic("orders", 1, Map.of("min.insync.replicas", "2"));
        int leader = kafka.nodes().leader("orders", 0);
        List<String> sent = new ArrayList<>();
        try (KafkaProducer<String, String> producer = producer(true)) {
            List<Future<RecordMetadata>> acks = new ArrayList<>();
            for (int i = 0; i < 600; i++) {
                if (i == 200) {
                    acks.get(199).get(); // the leader has taken records before it stops
                    kafka.nodes().stop(leader);
                }
                String value = "r" + i;
                sent.add(value);
                acks.add(producer.send(new ProducerRecord<>("orders", value)));
            }
            for (Future<RecordMetadata> ack : acks) {
                ack.get(); // every record is acknowledged
            }
        }
        int newLeader = kafka.nodes().leader("orders", 0);
        assertNotEquals(leader, newLeader, "an in-sync replica took over");
        assertEquals(1, kafka.nodes().replicas("orders", 0).leaderEpoch(), "the leader change bumps the epoch");
        assertEquals(sent, readAll("orders", sent.size()), "every acknowledged record once, in order");
    }

    @Test
    void acksAllGetsNotEnoughReplicasWithTwoOfThreeNodesStoppedAndSucceedsOnceOneIsBack() throws Exception {
        createTopic("payments", 1, Map.of("min.insync.replicas", "2"));
        int leader = kafka.nodes().leader("payments", 0);
        List<Integer> followers = new ArrayList<>(kafka.nodes().ids());
        followers.remove(Integer.valueOf(leader));
        kafka.nodes().stop(followers.get(0));
        kafka.nodes().stop(followers.get(1));
        assertEquals(List.of(leader), kafka.nodes().replicas("payments", 0).isr());
        try (KafkaProducer<String, String> producer = producer(false)) {
            ExecutionException e = assertThrows(
                    ExecutionException.class,
                    () -> producer.send(new ProducerRecord<>("payments", "refused"))
                            .get());
            assertInstanceOf(NotEnoughReplicasException.class, e.getCause());

            kafka.nodes().start(followers.get(1));
            assertEquals(2, kafka.nodes().replicas("payments", 0).isr().size(), "it rejoined the ISR");
            RecordMetadata ok =
                    producer.send(new ProducerRecord<>("payments", "accepted")).get();
            assertEquals(0, ok.offset(), "the refused record was never appended");
        }
    }

    @Test
    void aConsumerGroupKeepsConsumingWhenItsCoordinatorsNodeStops() throws Exception {
        createTopic("events", 1, Map.of());
        try (KafkaProducer<String, String> producer = producer(true);
                KafkaConsumer<String, String> consumer = consumer("followers", null)) {
            consumer.subscribe(List.of("events"));
            producer.send(new ProducerRecord<>("events", "before")).get();
            assertEquals(List.of("before"), poll(consumer, 1));
            consumer.commitSync();
            int coordinator = admin.describeConsumerGroups(List.of("followers"))
                    .all()
                    .get()
                    .get("followers")
                    .coordinator()
                    .id();
            kafka.nodes().stop(coordinator);
            producer.send(new ProducerRecord<>("events", "after")).get();
            assertEquals(List.of("after"), poll(consumer, 1));
            consumer.commitSync();
            int moved = admin.describeConsumerGroups(List.of("followers"))
                    .all()
                    .get()
                    .get("followers")
                    .coordinator()
                    .id();
            assertNotEquals(coordinator, moved, "the coordinator moved with the leadership of its partition");
            assertEquals(
                    2,
                    admin.listConsumerGroupOffsets("followers")
                            .partitionsToOffsetAndMetadata()
                            .get()
                            .values()
                            .iterator()
                            .next()
                            .offset());
        }
    }

    @Test
    void aTransactionalProducerKeepsCommittingWhenItsCoordinatorsNodeStops() throws Exception {
        createTopic("ledger", 1, Map.of());
        Properties props = new Properties();
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "ledger-writer");
        try (KafkaProducer<String, String> producer = producer(true, props)) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("ledger", "first"));
            producer.commitTransaction();
            int coordinator = admin.describeTransactions(List.of("ledger-writer"))
                    .description("ledger-writer")
                    .get()
                    .coordinatorId();
            kafka.nodes().stop(coordinator);
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("ledger", "second"));
            producer.commitTransaction();
            int moved = admin.describeTransactions(List.of("ledger-writer"))
                    .description("ledger-writer")
                    .get()
                    .coordinatorId();
            assertNotEquals(coordinator, moved, "the coordinator moved with the leadership of its partition");
        }
        Properties readCommitted = new Properties();
        readCommitted.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, String> consumer = consumer(null, null, readCommitted)) {
            consumer.assign(List.of(new org.apache.kafka.common.TopicPartition("ledger", 0)));
            consumer.seekToBeginning(consumer.assignment());
            assertEquals(List.of("first", "second"), poll(consumer, 2));
        }
    }

    @Test
    void aConsumerWithClientRackReadsFromTheReplicaInItsRack() throws Exception {
        admin.createTopics(List.of(new NewTopic("racked", Map.of(0, List.of(1, 2, 3)))))
                .all()
                .get();
        try (KafkaProducer<String, String> producer = producer(true)) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>("racked", "v" + i));
            }
            producer.flush();
        }
        try (KafkaConsumer<String, String> consumer = consumer(null, "c")) {
            consumer.assign(List.of(new org.apache.kafka.common.TopicPartition("racked", 0)));
            consumer.seekToBeginning(consumer.assignment());
            assertEquals(10, poll(consumer, 10).size());
            assertEquals(3.0, preferredReadReplica(consumer), "node 3 is in rack c; the leader, node 1, in rack a");
        }
    }

    private static double preferredReadReplica(KafkaConsumer<?, ?> consumer) {
        for (Map.Entry<MetricName, ? extends Metric> e : consumer.metrics().entrySet()) {
            if (e.getKey().name().equals("preferred-read-replica")) {
                return ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        return -1;
    }

    @Test
    void withTheFirstNodeStoppedPortAndBootstrapServersNameRunningNodesThatClientsReach() throws Exception {
        int first = kafka.nodes().ids().get(0);
        int second = kafka.nodes().ids().get(1);
        int third = kafka.nodes().ids().get(2);
        int firstPort = kafka.port();
        assertEquals(kafka.nodes().port(first), firstPort);
        kafka.nodes().stop(first);

        assertEquals(kafka.nodes().port(second), kafka.port(), "the first running node's port");
        assertEquals(
                kafka.nodes().bootstrapServers(second) + "," + kafka.nodes().bootstrapServers(third),
                kafka.bootstrapServers(),
                "only the running nodes");
        Properties props = new Properties();
        props.put(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                host(kafka.nodes().bootstrapServers(second)) + ":" + kafka.port());
        try (Admin fromPort = Admin.create(props)) {
            assertEquals(2, fromPort.describeCluster().nodes().get().size(), "a client of port() reaches the cluster");
        }
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (Admin fromBootstrap = Admin.create(props)) {
            assertEquals(2, fromBootstrap.describeCluster().nodes().get().size());
        }

        kafka.nodes().start(first);
        assertEquals(firstPort, kafka.port(), "the first node listens on its port again");
        assertEquals(3, kafka.bootstrapServers().split(",").length);
    }

    private static String host(String hostAndPort) {
        return hostAndPort.substring(0, hostAndPort.lastIndexOf(':'));
    }

    private static void createTopic(String name, int partitions, Map<String, String> configs) throws Exception {
        admin.createTopics(List.of(new NewTopic(name, partitions, (short) 3).configs(configs)))
                .all()
                .get();
    }

    private static KafkaProducer<String, String> producer(boolean idempotent) {
        return producer(idempotent, new Properties());
    }

    private static KafkaProducer<String, String> producer(boolean idempotent, Properties extra) {
        Properties props = new Properties();
        props.putAll(extra);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, Boolean.toString(idempotent));
        if (!idempotent) {
            props.put(ProducerConfig.RETRIES_CONFIG, "0");
        }
        props.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, "20");
        props.put(ProducerConfig.RECONNECT_BACKOFF_MS_CONFIG, "20");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(props);
    }

    private static KafkaConsumer<String, String> consumer(String group, String rack) {
        return consumer(group, rack, new Properties());
    }

    private static KafkaConsumer<String, String> consumer(String group, String rack, Properties extra) {
        Properties props = new Properties();
        props.putAll(extra);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        if (group != null) {
            props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        }
        if (rack != null) {
            props.put(ConsumerConfig.CLIENT_RACK_CONFIG, rack);
        }
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.RECONNECT_BACKOFF_MS_CONFIG, "20");
        props.put(ConsumerConfig.RETRY_BACKOFF_MS_CONFIG, "20");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return new KafkaConsumer<>(props);
    }

    private static List<String> readAll(String topic, int count) {
        try (KafkaConsumer<String, String> consumer = consumer(null, null)) {
            consumer.assign(List.of(new org.apache.kafka.common.TopicPartition(topic, 0)));
            consumer.seekToBeginning(consumer.assignment());
            return poll(consumer, count);
        }
    }

    /** Polls until {@code count} records came (or the wait times out), and checks no more follow at once. */
    private static List<String> poll(KafkaConsumer<String, String> consumer, int count) {
        List<String> values = new ArrayList<>();
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                values.add(r.value());
            }
            return values.size() >= count;
        });
        assertTrue(values.size() == count, "more records than expected: " + values);
        return values;
    }
}
