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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.tools.consumer.group.ConsumerGroupCommand;
import org.apache.kafka.tools.consumer.group.ConsumerGroupCommandOptions;

/**
 * Shared pieces of the consumer-group compat tests: a broker with short group session bounds, a producer
 * of uniquely valued records, and {@link GroupConsumer}, an official KafkaConsumer driven on its own thread
 * with commitSync after each poll.
 */
final class GroupCompatSupport {

    /**
     * Sets the groups' {@code consumer.assignment.interval.ms} to 0. Kafka 4.4 computes a consumer group's target
     * assignment at most once per interval (1 s by default) and answers the members in between with the old one;
     * Skiff assigns at once, as Kafka does at 0 (accepted by Skiff, with no effect). Transcripts compared with Kafka
     * use it so that both brokers assign alike.
     */
    static void assignAtOnce(Admin admin, Collection<String> groups) throws Exception {
        Map<ConfigResource, Collection<AlterConfigOp>> ops = new java.util.HashMap<>();
        for (String group : groups) {
            ops.put(
                    new ConfigResource(ConfigResource.Type.GROUP, group),
                    List.of(new AlterConfigOp(
                            new ConfigEntry("consumer.assignment.interval.ms", "0"), AlterConfigOp.OpType.SET)));
        }
        admin.incrementalAlterConfigs(ops).all().get();
    }
    /** Consumer session timeout used by the tests (the broker's minimum is lowered to allow it). */
    static final int SESSION_TIMEOUT_MS = 3000;

    static final int HEARTBEAT_INTERVAL_MS = 300;

    private GroupCompatSupport() {}

    /** The broker setting the group tests run with (for {@code @Skiff}): the classic consumers' 3 s sessions. */
    static final String MIN_SESSION_TIMEOUT = "group.min.session.timeout.ms=500";

    static Admin admin(SkiffServer server) {
        return admin(server.bootstrapServers());
    }

    static Admin admin(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        return Admin.create(p);
    }

    /** Deletes {@code group} (if it still exists) and {@code topic}: what a test leaves in a broker shared with others. */
    static void deleteGroupAndTopic(String bootstrap, String group, String topic) throws Exception {
        try (Admin admin = admin(bootstrap)) {
            try {
                admin.deleteConsumerGroups(List.of(group)).all().get();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                    throw e;
                }
            }
            admin.deleteTopics(List.of(topic)).all().get();
        }
    }

    /** Sends {@code count} records with values {@code prefix-i}, round-robin over the partitions; returns the values. */
    static List<String> produce(SkiffServer server, String topic, int partitions, String prefix, int count) {
        return produce(server.bootstrapServers(), topic, partitions, prefix, count);
    }

    /**
     * The bootstrap servers of a run parameterized by {@code target}: "skiff", the test's broker, or "kafka", the
     * shared real Kafka (whose behaviour is the spec).
     */
    static String bootstrapOf(String target, SkiffServer skiff) {
        return target.equals("skiff")
                ? skiff.bootstrapServers()
                : RealKafka.shared().bootstrapServers();
    }

    /** The same, to the broker at {@code bootstrap} (Skiff or a real Kafka). */
    static List<String> produce(String bootstrap, String topic, int partitions, String prefix, int count) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        List<String> values = new ArrayList<>();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < count; i++) {
                String v = prefix + "-" + i;
                producer.send(new ProducerRecord<>(topic, i % partitions, "k" + i, v));
                values.add(v);
            }
            producer.flush();
        }
        return values;
    }

    /** Waits until every member is healthy and the members own the topic's partitions once each, evenly. */
    static void awaitSettled(String topic, int partitions, List<GroupConsumer> members, Duration wait) {
        await().atMost(wait).untilAsserted(() -> {
            for (GroupConsumer m : members) {
                assertTrue(m.failure() == null, () -> "consumer failed: " + m.failure());
            }
            assertTrue(
                    coversExactlyOnce(topic, partitions, members),
                    () -> "assignments "
                            + members.stream().map(GroupConsumer::assignment).toList());
            int expected = partitions / members.size();
            for (GroupConsumer m : members) {
                assertEquals(expected, m.assignment().size(), "even spread");
            }
        });
    }

    /** Waits until {@code received} holds every produced value. */
    static void awaitReceived(Collection<String> received, List<String> produced, Duration wait) {
        await().atMost(wait).until(() -> new HashSet<>(received).containsAll(produced));
    }

    static ConsumerGroupDescription described(Admin admin, String group) throws Exception {
        return admin.describeConsumerGroups(List.of(group))
                .describedGroups()
                .get(group)
                .get();
    }

    /** Fails unless {@code d} has two classic members and one of the consumer protocol (an upgraded group). */
    static void assertTwoClassicMembersAndOneOfTheConsumerProtocol(ConsumerGroupDescription d) {
        assertEquals(
                List.of(false, false, true),
                d.members().stream()
                        .map(m -> m.upgraded().orElseThrow())
                        .sorted()
                        .toList(),
                "two classic members, one of the consumer protocol");
    }

    /** The group as ListGroups lists it (any type). */
    static GroupListing listed(Admin admin, String group) throws Exception {
        return admin.listGroups(new ListGroupsOptions()).all().get().stream()
                .filter(g -> g.groupId().equals(group))
                .findFirst()
                .orElseThrow();
    }

    /** A consumer of {@code group} that starts at the earliest offset and commits only when the test does. */
    static Properties groupConsumerProps(String bootstrap, String group) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return p;
    }

    static Properties consumerProps(SkiffServer server, String group, String assignor) {
        Properties p = groupConsumerProps(server.bootstrapServers(), group);
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, String.valueOf(SESSION_TIMEOUT_MS));
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, String.valueOf(HEARTBEAT_INTERVAL_MS));
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, assignor);
        return p;
    }

    /**
     * A classic consumer ({@code group.protocol=classic}) of the mixed-group tests, on Skiff or on Kafka: the
     * assignor class {@code assignor}, a 10 s session (Kafka's lower bound is 6 s) and a quick heartbeat.
     */
    static Properties classicProps(String bootstrap, String group, String assignor) {
        Properties p = groupConsumerProps(bootstrap, group);
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, assignor);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "300");
        return p;
    }

    /** A consumer of the KIP-848 consumer group protocol on any broker; the broker's assignor and timeouts. */
    static Properties consumerProtocolProps(String bootstrap, String group) {
        Properties p = groupConsumerProps(bootstrap, group);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        return p;
    }

    /**
     * Properties of a consumer of the KIP-848 consumer group protocol ({@code group.protocol=consumer}): the
     * broker's assignor {@code remoteAssignor} (null = the broker's default); session and heartbeat settings
     * come from the broker.
     */
    static Properties consumerProtocolProps(SkiffServer server, String group, String remoteAssignor) {
        Properties p = consumerProtocolProps(server.bootstrapServers(), group);
        if (remoteAssignor != null) {
            p.put(ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG, remoteAssignor);
        }
        return p;
    }

    /** {@code props} with the static membership id {@code instanceId}. */
    static Properties asStatic(Properties props, String instanceId) {
        props.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId);
        return props;
    }

    /** Fails unless the members' assignments are disjoint and together cover partitions 0..n-1 of {@code topic}. */
    static boolean coversExactlyOnce(String topic, int partitions, Collection<GroupConsumer> members) {
        Set<TopicPartition> seen = new HashSet<>();
        int total = 0;
        for (GroupConsumer m : members) {
            total += m.assignment().size();
            seen.addAll(m.assignment());
        }
        Set<TopicPartition> expected = new HashSet<>();
        for (int i = 0; i < partitions; i++) {
            expected.add(new TopicPartition(topic, i));
        }
        return total == partitions && seen.equals(expected);
    }

    /** How a {@link GroupConsumer} stops. */
    enum Stop {
        /** close(): sends LeaveGroup, the group rebalances at once. */
        LEAVE,
        /** close without leaving: the broker notices only when the session times out (a crash). */
        CRASH
    }

    /**
     * A KafkaConsumer subscribed to one topic, polled on its own thread: each poll's records are recorded,
     * then committed with commitSync before the next poll. Thread-safe accessors.
     */
    static final class GroupConsumer implements AutoCloseable {
        private final Thread thread;
        private final AtomicReference<Stop> stop = new AtomicReference<>();
        private volatile Set<TopicPartition> assignment = Set.of();
        private final ConcurrentLinkedQueue<String> received;
        private final AtomicInteger revocations = new AtomicInteger();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final CountDownLatch stopped = new CountDownLatch(1);
        private volatile int generation = -1;

        GroupConsumer(Properties props, String topic, ConcurrentLinkedQueue<String> received) {
            this.received = received;
            this.thread =
                    new Thread(() -> run(props, topic), "group-consumer-" + props.get(ConsumerConfig.GROUP_ID_CONFIG));
            this.thread.setDaemon(true);
            this.thread.start();
        }

        private void run(Properties props, String topic) {
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
                consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                    @Override
                    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                        if (!partitions.isEmpty()) {
                            revocations.incrementAndGet();
                            commit(consumer); // last chance to commit what was processed of these partitions
                        }
                    }

                    @Override
                    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}

                    @Override
                    public void onPartitionsLost(Collection<TopicPartition> partitions) {
                        // owned by someone else already: committing them would fail
                    }
                });
                while (stop.get() == null) {
                    var records = consumer.poll(Duration.ofMillis(100));
                    for (ConsumerRecord<String, String> r : records) {
                        received.add(r.value());
                    }
                    if (!records.isEmpty()) {
                        commit(consumer);
                    }
                    assignment = Set.copyOf(consumer.assignment());
                    generation = consumer.groupMetadata().generationId();
                }
                if (stop.get() == Stop.CRASH) {
                    consumer.close(CloseOptions.groupMembershipOperation(
                            CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP));
                }
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                assignment = Set.of();
                stopped.countDown();
            }
        }

        /**
         * commitSync of everything consumed so far. While a cooperative rebalance is in progress the client
         * refuses (RebalanceInProgressException, as with Kafka); the next commit, or the one in
         * onPartitionsRevoked, then covers these records.
         */
        private static void commit(KafkaConsumer<String, String> consumer) {
            try {
                consumer.commitSync();
            } catch (RebalanceInProgressException e) {
                // retried by the next commit
            }
        }

        Set<TopicPartition> assignment() {
            return assignment;
        }

        int generation() {
            return generation;
        }

        int revocations() {
            return revocations.get();
        }

        Throwable failure() {
            return failure.get();
        }

        /** Stops polling and closes the consumer as {@code how} says; waits until it is closed. */
        void stop(Stop how) throws InterruptedException {
            stop.compareAndSet(null, how);
            stopped.await();
            if (failure.get() != null) {
                throw new AssertionError("consumer failed", failure.get());
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop(Stop.LEAVE);
        }
    }

    static Map<String, Long> countOccurrences(Collection<String> values) {
        Map<String, Long> out = new java.util.HashMap<>();
        values.forEach(v -> out.merge(v, 1L, Long::sum));
        return out;
    }

    /** Runs kafka-consumer-groups' entry point without its System.exit wrapper, returning what it printed. */
    static String runConsumerGroupCommand(String... args) throws Exception {
        return runToolMethod(
                "kafka-consumer-groups",
                ConsumerGroupCommand.class,
                ConsumerGroupCommandOptions.class,
                ConsumerGroupCommandOptions.fromArgs(args));
    }

    /**
     * Calls a Kafka tool's private static {@code run(options)} (its entry point without the System.exit wrapper) and
     * returns what it printed on standard output; a failure is an AssertionError with that output.
     */
    static <O> String runToolMethod(String name, Class<?> tool, Class<O> optionsType, O options) throws Exception {
        Method run = tool.getDeclaredMethod("run", optionsType);
        run.setAccessible(true);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            run.invoke(null, options);
        } catch (InvocationTargetException e) {
            throw new AssertionError(name + " failed: " + captured, e.getCause());
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
