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

import static io.skiff.compat.GroupCompatSupport.consumerProtocolProps;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.compat.GroupCompatSupport.Stop;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.SubscriptionPattern;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The consumer group protocol with the official Java consumer 4.1 beyond joins and leaves: static members
 * that restart, a regex subscription that picks up a topic created later, a broker restart, the
 * kafka-consumer-groups tool and Admin's listing by group type.
 */
@Skiff(
        lifecycle = Lifecycle.PER_METHOD,
        properties = {
            "group.consumer.session.timeout.ms=3000",
            "group.min.session.timeout.ms=500" // the classic consumers' 3 s sessions
        })
class ConsumerProtocolGroupsCompatTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** Filled by the extension, and again with the new server after a restart. */
    private SkiffServer server;

    private SkiffBroker broker;
    private final List<GroupConsumer> consumers = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (GroupConsumer c : consumers) {
            c.stop(Stop.LEAVE); // before the extension stops the broker
        }
    }

    private GroupConsumer consumer(Properties props, String topic, ConcurrentLinkedQueue<String> received) {
        GroupConsumer c = new GroupConsumer(props, topic, received);
        consumers.add(c);
        return c;
    }

    @Test
    void aRestartedStaticMemberGetsItsPartitionsBackWithoutMovingOthers() throws Exception {
        server.createTopic("static-t", 6);
        ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
        Properties a = consumerProtocolProps(server, "static-g", null);
        a.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "instance-a");
        Properties b = consumerProtocolProps(server, "static-g", null);
        b.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "instance-b");
        GroupConsumer ca = consumer(a, "static-t", received);
        GroupConsumer cb = consumer(b, "static-t", received);
        await().atMost(WAIT)
                .until(() -> ca.assignment().size() == 3 && cb.assignment().size() == 3);
        Set<TopicPartition> ofA = ca.assignment();
        Set<TopicPartition> ofB = cb.assignment();
        int revocationsOfA = ca.revocations();

        cb.stop(Stop.CRASH); // a static member closing without leaving (epoch -2): it keeps its partitions
        consumers.remove(cb);
        GroupConsumer cb2 = consumer(b, "static-t", received);
        await().atMost(WAIT).until(() -> cb2.assignment().equals(ofB));
        assertEquals(ofA, ca.assignment());
        assertEquals(revocationsOfA, ca.revocations(), "the other member gave nothing up");
    }

    @Test
    void aRegexSubscriptionPicksUpATopicCreatedLater() throws Exception {
        server.createTopic("orders-eu", 2);
        List<String> produced = new ArrayList<>(GroupCompatSupport.produce(server, "orders-eu", 2, "eu", 20));
        ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
        Properties p = consumerProtocolProps(server, "regex-g", null);
        Thread poller = new Thread(() -> {
            try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p)) {
                c.subscribe(new SubscriptionPattern("orders-.*"));
                while (!Thread.currentThread().isInterrupted()) {
                    c.poll(Duration.ofMillis(100)).forEach(r -> received.add(r.value()));
                }
            } catch (org.apache.kafka.common.errors.InterruptException e) {
                // stopped by the test
            }
        });
        poller.start();
        try {
            await().atMost(WAIT).until(() -> new HashSet<>(received).containsAll(produced));
            server.createTopic("orders-us", 3);
            server.createTopic("payments", 1);
            produced.addAll(GroupCompatSupport.produce(server, "orders-us", 3, "us", 30));
            GroupCompatSupport.produce(server, "payments", 1, "not-matched", 5);
            await().atMost(WAIT).until(() -> new HashSet<>(received).containsAll(produced));
            assertTrue(received.stream().noneMatch(v -> v.startsWith("not-matched")), "payments is not subscribed");
        } finally {
            poller.interrupt();
            poller.join();
        }
    }

    @Test
    void membersResumeAtTheirCommittedOffsetsAfterABrokerRestart() throws Exception {
        server.createTopic("restart-t", 3);
        List<String> produced = new ArrayList<>(GroupCompatSupport.produce(server, "restart-t", 3, "before", 90));
        ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
        GroupConsumer c = consumer(consumerProtocolProps(server, "restart-g", null), "restart-t", received);
        await().atMost(WAIT).until(() -> new HashSet<>(received).containsAll(produced));
        try (Admin admin = GroupCompatSupport.admin(server)) {
            await().atMost(WAIT)
                    .until(
                            () -> admin
                                            .listConsumerGroupOffsets("restart-g")
                                            .partitionsToOffsetAndMetadata()
                                            .get()
                                            .values()
                                            .stream()
                                            .mapToLong(OffsetAndMetadata::offset)
                                            .sum()
                                    == 90);
        }

        broker.restart(); // the same data directory and port
        produced.addAll(GroupCompatSupport.produce(server, "restart-t", 3, "after", 90));
        await().atMost(WAIT).until(() -> new HashSet<>(received).containsAll(produced));
        Map<String, Long> counts = GroupCompatSupport.countOccurrences(received);
        counts.forEach((v, n) -> assertEquals(1L, n, "delivered again after the restart: " + v));
        assertTrue(c.failure() == null, () -> "consumer failed: " + c.failure());
    }

    @Test
    void theConsumerGroupsToolDescribesAndResetsAConsumerProtocolGroup() throws Exception {
        server.createTopic("cli-t", 2);
        GroupCompatSupport.produce(server, "cli-t", 2, "r", 100); // 50 per partition
        ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
        GroupConsumer c = consumer(consumerProtocolProps(server, "cli-g", "range"), "cli-t", received);
        await().atMost(WAIT)
                .until(() -> received.size() == 100 && c.assignment().size() == 2);

        String state = GroupCompatSupport.runConsumerGroupCommand(
                "--bootstrap-server", server.bootstrapServers(), "--describe", "--group", "cli-g", "--state");
        assertTrue(
                state.lines().anyMatch(l -> l.startsWith("cli-g") && l.contains("range") && l.contains("Stable")),
                state);
        String members = GroupCompatSupport.runConsumerGroupCommand(
                "--bootstrap-server", server.bootstrapServers(), "--describe", "--group", "cli-g", "--members");
        assertTrue(
                members.lines()
                        .anyMatch(l -> l.startsWith("cli-g")
                                && l.trim().split("\\s+")[4].equals("2")),
                members);
        String offsets = GroupCompatSupport.runConsumerGroupCommand(
                "--bootstrap-server", server.bootstrapServers(), "--describe", "--group", "cli-g");
        long rowsAtEnd = offsets.lines()
                .map(l -> l.trim().split("\\s+"))
                .filter(cols -> cols.length >= 6 && cols[0].equals("cli-g") && cols[1].equals("cli-t"))
                .filter(cols -> cols[3].equals("50") && cols[4].equals("50") && cols[5].equals("0"))
                .count();
        assertEquals(2, rowsAtEnd, offsets);

        c.stop(Stop.LEAVE);
        consumers.remove(c);
        GroupCompatSupport.runConsumerGroupCommand(
                "--bootstrap-server",
                server.bootstrapServers(),
                "--reset-offsets",
                "--to-earliest",
                "--execute",
                "--group",
                "cli-g",
                "--topic",
                "cli-t");
        try (Admin admin = GroupCompatSupport.admin(server)) {
            Map<TopicPartition, OffsetAndMetadata> reset = admin.listConsumerGroupOffsets("cli-g")
                    .partitionsToOffsetAndMetadata()
                    .get();
            assertEquals(0L, reset.get(new TopicPartition("cli-t", 0)).offset());
            assertEquals(0L, reset.get(new TopicPartition("cli-t", 1)).offset());
        }
    }

    @Test
    void adminListsGroupsByType() throws Exception {
        server.createTopic("list-t", 2);
        ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
        GroupConsumer modern = consumer(consumerProtocolProps(server, "modern-g", null), "list-t", received);
        GroupConsumer classic = consumer(
                GroupCompatSupport.consumerProps(
                        server, "classic-g", org.apache.kafka.clients.consumer.RangeAssignor.class.getName()),
                "list-t",
                received);
        await().atMost(WAIT)
                .until(() ->
                        modern.assignment().size() == 2 && classic.assignment().size() == 2);
        try (Admin admin = GroupCompatSupport.admin(server)) {
            var consumerOnly = admin.listGroups(new ListGroupsOptions().withTypes(Set.of(GroupType.CONSUMER)))
                    .all()
                    .get();
            assertEquals(
                    List.of("modern-g"),
                    consumerOnly.stream().map(GroupListing::groupId).toList());
            assertEquals(
                    GroupState.STABLE,
                    consumerOnly.iterator().next().groupState().orElseThrow());
            var classicOnly = admin.listGroups(new ListGroupsOptions().withTypes(Set.of(GroupType.CLASSIC)))
                    .all()
                    .get();
            assertEquals(
                    List.of("classic-g"),
                    classicOnly.stream().map(GroupListing::groupId).toList());
            var both = admin.listGroups(ListGroupsOptions.forConsumerGroups())
                    .all()
                    .get();
            assertEquals(
                    Set.of("modern-g", "classic-g"),
                    both.stream().map(GroupListing::groupId).collect(java.util.stream.Collectors.toSet()));
            var described = admin.describeConsumerGroups(List.of("modern-g", "classic-g"))
                    .all()
                    .get();
            assertEquals(GroupType.CONSUMER, described.get("modern-g").type());
            assertEquals(GroupType.CLASSIC, described.get("classic-g").type());
        }
    }
}
