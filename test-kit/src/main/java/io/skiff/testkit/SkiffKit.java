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

import io.skiff.broker.SkiffServer;
import io.skiff.broker.clock.BrokerClock;
import io.skiff.broker.control.Faults;
import io.skiff.broker.control.StorageFaults;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Helpers that spare a test the usual Kafka boilerplate: client properties, sending and reading records, waiting for
 * a consumer group, offsets and topics. Works with the user's own kafka-clients (3.1 or newer) against any broker
 * reachable at the bootstrap servers, Skiff or Kafka. Records are read with String (de)serializers unless given
 * others.
 *
 * <p>Thread-safe: the shared Admin client and producer it creates on first use are thread-safe; each read uses its
 * own consumer. {@link #close()} closes the shared clients.
 */
public final class SkiffKit implements AutoCloseable {
    private static final long POLL_INTERVAL_MS = 20;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final String bootstrapServers;
    private final SkiffServer server;
    private Admin admin;
    private KafkaProducer<String, String> producer;

    /** Helpers for the broker at {@code bootstrapServers}. */
    public SkiffKit(String bootstrapServers) {
        this.bootstrapServers = Objects.requireNonNull(bootstrapServers);
        this.server = null;
    }

    /** Helpers for an in-process broker, with {@link #reset()}. */
    public SkiffKit(SkiffServer server) {
        this.bootstrapServers = server.bootstrapServers();
        this.server = server;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    // ------------------------------------------------------------------ client properties

    /** Producer properties: bootstrap servers and String serializers; add or replace entries as needed. */
    public Map<String, Object> producerProperties() {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return props;
    }

    /**
     * Consumer properties: bootstrap servers, the group (null for none), String deserializers and
     * {@code auto.offset.reset=earliest}, so a consumer sees what was produced before it joined.
     */
    public Map<String, Object> consumerProperties(String groupId) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        if (groupId != null) {
            props.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        }
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return props;
    }

    /** Admin client properties: the bootstrap servers. */
    public Map<String, Object> adminProperties() {
        Map<String, Object> props = new HashMap<>();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return props;
    }

    /** A new String producer; the caller closes it. */
    public KafkaProducer<String, String> newProducer() {
        return new KafkaProducer<>(producerProperties());
    }

    /** A new String consumer in {@code groupId} reading from the earliest offset; the caller closes it. */
    public KafkaConsumer<String, String> newConsumer(String groupId) {
        return new KafkaConsumer<>(consumerProperties(groupId));
    }

    /** The kit's Admin client, created on first use and closed with the kit. */
    public synchronized Admin admin() {
        if (admin == null) {
            admin = Admin.create(adminProperties());
        }
        return admin;
    }

    // ------------------------------------------------------------------ records

    /** Sends one record with the kit's producer and waits for its acknowledgement. */
    public RecordMetadata send(String topic, String key, String value) {
        KafkaProducer<String, String> shared;
        synchronized (this) {
            if (producer == null) {
                producer = newProducer();
            }
            shared = producer;
        }
        return get(shared.send(new ProducerRecord<>(topic, key, value)), "send to " + topic);
    }

    /** The first record of the topic (any partition), waiting up to {@code timeout} for it. */
    public ConsumerRecord<String, String> readRecord(String topic, Duration timeout) {
        return readRecords(topic, 1, timeout).get(0);
    }

    /** The first {@code count} records of the topic, from every partition, waiting up to {@code timeout}. */
    public List<ConsumerRecord<String, String>> readRecords(String topic, int count, Duration timeout) {
        return readRecords(topic, count, timeout, new StringDeserializer(), new StringDeserializer());
    }

    /**
     * The first {@code count} records of the topic, from every partition (in each partition's order), read from the
     * beginning without a consumer group, waiting up to {@code timeout}.
     *
     * @throws AssertionError naming what was read when fewer records arrive in time
     */
    public <K, V> List<ConsumerRecord<K, V>> readRecords(
            String topic, int count, Duration timeout, Deserializer<K> keys, Deserializer<V> values) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Object> props = consumerProperties(null);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<ConsumerRecord<K, V>> records = new ArrayList<>();
        try (KafkaConsumer<K, V> consumer = new KafkaConsumer<>(props, keys, values)) {
            List<TopicPartition> partitions = awaitPartitions(consumer, topic, deadline, timeout);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (records.size() < count) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("Expected " + count + " records from topic " + topic + " within " + timeout
                            + ", got " + records.size() + ": " + records);
                }
                for (ConsumerRecord<K, V> r : consumer.poll(Duration.ofNanos(Math.min(left, 100_000_000L)))) {
                    if (records.size() < count) {
                        records.add(r);
                    }
                }
            }
        }
        return records;
    }

    private static List<TopicPartition> awaitPartitions(
            KafkaConsumer<?, ?> consumer, String topic, long deadline, Duration timeout) {
        while (true) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofMillis(500));
            if (infos != null && !infos.isEmpty()) {
                List<TopicPartition> partitions = new ArrayList<>();
                infos.forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
                return partitions;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("Topic " + topic + " did not appear within " + timeout);
            }
            pause();
        }
    }

    // ------------------------------------------------------------------ groups and offsets

    /**
     * Waits until the consumer group is Stable with at least one member, and returns each member's assigned
     * partitions by member id.
     *
     * @throws AssertionError naming the last state seen when the group is not Stable in time
     */
    public Map<String, Set<TopicPartition>> awaitGroupStable(String groupId, Duration timeout) {
        return awaitGroupStable(groupId, 1, timeout);
    }

    /** Like {@link #awaitGroupStable(String, Duration)}, until the Stable group has exactly {@code members}. */
    @SuppressWarnings("deprecation") // state(): groupState() needs kafka-clients 4.0; state() is in 3.x and 4.x
    public Map<String, Set<TopicPartition>> awaitGroupStable(String groupId, int members, Duration timeout) {
        ConsumerGroupDescription last = await(timeout, () -> {
            ConsumerGroupDescription d = describeGroupIfExists(groupId);
            return d != null
                            && d.state() == org.apache.kafka.common.ConsumerGroupState.STABLE
                            && d.members().size() == members
                    ? d
                    : null;
        });
        if (last == null) {
            ConsumerGroupDescription seen = describeGroupIfExists(groupId);
            throw new AssertionError("Group " + groupId + " is not Stable with " + members + " members within "
                    + timeout + ": "
                    + (seen == null
                            ? "it does not exist"
                            : seen.state() + " with " + seen.members().size()));
        }
        Map<String, Set<TopicPartition>> assignment = new TreeMap<>();
        for (MemberDescription m : last.members()) {
            assignment.put(m.consumerId(), Set.copyOf(m.assignment().topicPartitions()));
        }
        return assignment;
    }

    /**
     * Waits until the group has committed, on every partition it has offsets for or is assigned, the end offset: it
     * has consumed and committed everything produced so far.
     *
     * @throws AssertionError with the remaining lag per partition when that does not happen in time
     */
    public void awaitZeroLag(String groupId, Duration timeout) {
        Map<TopicPartition, Long> done = await(timeout, () -> {
            Map<TopicPartition, Long> lag = lag(groupId);
            return lag.values().stream().allMatch(l -> l == 0) ? lag : null;
        });
        if (done == null) {
            throw new AssertionError("Group " + groupId + " still lags after " + timeout + ": " + lag(groupId));
        }
    }

    /**
     * The group's lag per partition: end offset minus committed offset, for the partitions it has committed offsets
     * for or is assigned (a partition without a committed offset counts from 0).
     */
    public Map<TopicPartition, Long> lag(String groupId) {
        Map<TopicPartition, Long> committed = committedOffsets(groupId);
        Set<TopicPartition> partitions = new HashSet<>(committed.keySet());
        ConsumerGroupDescription group = describeGroupIfExists(groupId);
        if (group != null) {
            for (MemberDescription m : group.members()) {
                partitions.addAll(m.assignment().topicPartitions());
            }
        }
        Map<TopicPartition, Long> ends = endOffsets(partitions);
        Map<TopicPartition, Long> lag = new TreeMap<>(
                java.util.Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
        for (TopicPartition tp : partitions) {
            lag.put(tp, Math.max(0, ends.getOrDefault(tp, 0L) - committed.getOrDefault(tp, 0L)));
        }
        return lag;
    }

    /** The group's committed offsets (partitions without one are left out). */
    public Map<TopicPartition, Long> committedOffsets(String groupId) {
        Map<TopicPartition, OffsetAndMetadata> offsets = get(
                admin().listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata(),
                "committed offsets of " + groupId);
        Map<TopicPartition, Long> result = new LinkedHashMap<>();
        offsets.forEach((tp, om) -> {
            if (om != null) {
                result.put(tp, om.offset());
            }
        });
        return result;
    }

    /** The end offset (the offset the next record will get) of every partition of the topic. */
    public Map<TopicPartition, Long> endOffsets(String topic) {
        TopicDescription description = get(
                        admin().describeTopics(List.of(topic)).allTopicNames(), "describe " + topic)
                .get(topic);
        List<TopicPartition> partitions = new ArrayList<>();
        description.partitions().forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
        return endOffsets(partitions);
    }

    /** The end offsets of the given partitions. */
    public Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
        partitions.forEach(tp -> request.put(tp, OffsetSpec.latest()));
        Map<TopicPartition, Long> result = new LinkedHashMap<>();
        if (request.isEmpty()) {
            return result;
        }
        get(admin().listOffsets(request).all(), "end offsets").forEach((tp, info) -> result.put(tp, info.offset()));
        return result;
    }

    /** The group's description, or null when the broker does not know it (yet): Kafka 4 answers GROUP_ID_NOT_FOUND. */
    private ConsumerGroupDescription describeGroupIfExists(String groupId) {
        try {
            return get(admin().describeConsumerGroups(List.of(groupId)).all(), "describe group " + groupId)
                    .get(groupId);
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.GroupIdNotFoundException) {
                return null;
            }
            throw e;
        }
    }

    // ------------------------------------------------------------------ topics

    public void createTopic(String name, int partitions) {
        createTopic(name, partitions, Map.of());
    }

    /** Creates a topic with topic-level configuration (Kafka's keys) and replication factor 1. */
    public void createTopic(String name, int partitions, Map<String, String> config) {
        NewTopic topic = new NewTopic(name, partitions, (short) 1).configs(config);
        get(admin().createTopics(List.of(topic)).all(), "create topic " + name);
    }

    public void deleteTopics(String... names) {
        get(admin().deleteTopics(List.of(names)).all(), "delete topics " + List.of(names));
    }

    /**
     * Empties the in-process broker: deletes every topic and consumer group ({@link SkiffServer#reset()}).
     *
     * @throws IllegalStateException when the kit was made for bootstrap servers only, or groups still have members
     */
    public void reset() {
        server("reset()").reset();
    }

    /**
     * The broker's fault rules ({@link SkiffServer#faults()}): add one, then wait for it with Awaitility:
     *
     * <pre>{@code
     * FaultRule rule = kafka.faults().add(FaultSpec.builder().api("Produce").error("NOT_LEADER_OR_FOLLOWER").count(3));
     * await().until(rule::applied, n -> n == 3);
     * }</pre>
     *
     * @throws IllegalStateException when the kit was made for bootstrap servers only
     */
    public Faults faults() {
        return server("faults()").faults();
    }

    /**
     * Helpers for share groups (KIP-932): stable groups, consuming with acknowledgements, lag. They use the share-group
     * API of kafka-clients 4.4 and load only when called, so the rest of the kit keeps working with older clients.
     */
    public ShareGroupKit shareGroups() {
        return new ShareGroupKit(this);
    }

    /** The broker's storage faults ({@link SkiffServer#storageFaults()}). */
    public StorageFaults storageFaults() {
        return server("storageFaults()").storageFaults();
    }

    /** The broker's clock ({@link SkiffServer#clock()}): advance or pause it. */
    public BrokerClock clock() {
        return server("clock()").clock();
    }

    private SkiffServer server(String what) {
        if (server == null) {
            throw new IllegalStateException(
                    what + " needs the in-process SkiffServer; this kit only knows " + bootstrapServers);
        }
        return server;
    }

    /** Closes the kit's Admin client and producer. */
    @Override
    public synchronized void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
            producer = null;
        }
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
    }

    // ------------------------------------------------------------------ waiting

    /** Polls {@code check} until it returns non-null or the timeout passes (then null). */
    static <T> T await(Duration timeout, Supplier<T> check) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            T result = check.get();
            if (result != null || System.nanoTime() - deadline >= 0) {
                return result;
            }
            pause();
        }
    }

    private static void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(POLL_INTERVAL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting", e);
        }
    }

    static <T> T get(java.util.concurrent.Future<T> future, String what) {
        try {
            return future.get(REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + " did not complete within " + REQUEST_TIMEOUT, e);
        }
    }
}
