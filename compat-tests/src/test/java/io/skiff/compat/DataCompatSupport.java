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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SkiffExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The broker a compat test runs against ({@link Broker}), client factories and a polling helper. */
public final class DataCompatSupport {
    private DataCompatSupport() {}

    static KafkaProducer<String, String> producer(String bootstrap, Object... keyValues) {
        return producer(bootstrap, pairs(keyValues));
    }

    /** A producer of strings to {@code bootstrap} with {@code configs} on top of the client's defaults. */
    public static KafkaProducer<String, String> producer(String bootstrap, Map<String, ?> configs) {
        return new KafkaProducer<>(producerProps(bootstrap, StringSerializer.class, configs));
    }

    static KafkaProducer<byte[], byte[]> bytesProducer(String bootstrap, Object... keyValues) {
        return new KafkaProducer<>(producerProps(bootstrap, ByteArraySerializer.class, pairs(keyValues)));
    }

    static KafkaConsumer<String, String> consumer(String bootstrap, Object... keyValues) {
        return consumer(bootstrap, null, pairs(keyValues));
    }

    /**
     * A consumer of strings from {@code bootstrap} in {@code group} (null: none) that reads from the earliest offset
     * and commits only when told, with {@code configs} on top.
     */
    public static KafkaConsumer<String, String> consumer(String bootstrap, String group, Map<String, ?> configs) {
        return new KafkaConsumer<>(consumerProps(bootstrap, StringDeserializer.class, group, configs));
    }

    static KafkaConsumer<byte[], byte[]> bytesConsumer(String bootstrap) {
        return new KafkaConsumer<>(consumerProps(bootstrap, ByteArrayDeserializer.class, null, Map.of()));
    }

    private static Properties producerProps(String bootstrap, Class<?> serializer, Map<String, ?> configs) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, serializer.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, serializer.getName());
        p.putAll(configs);
        return p;
    }

    private static Properties consumerProps(
            String bootstrap, Class<?> deserializer, String group, Map<String, ?> configs) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, deserializer.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, deserializer.getName());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        if (group != null) {
            p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        }
        p.putAll(configs);
        return p;
    }

    /** The pairs {@code key1, value1, key2, value2, ...} as a map. */
    private static Map<String, Object> pairs(Object... keyValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** Assigns the partitions and polls until {@code count} records arrived (Awaitility, no sleeps). */
    static <K, V> List<ConsumerRecord<K, V>> readExactly(
            KafkaConsumer<K, V> consumer, Collection<TopicPartition> partitions, int count) {
        consumer.assign(partitions);
        List<ConsumerRecord<K, V>> out = new ArrayList<>();
        // Each check polls for as long as records come, so many records are read in one go, not a poll per check.
        await().atMost(Duration.ofSeconds(30)).pollDelay(Duration.ZERO).until(() -> {
            int polled;
            do {
                ConsumerRecords<K, V> records = consumer.poll(Duration.ofMillis(100));
                records.forEach(out::add);
                polled = records.count();
            } while (polled > 0 && out.size() < count);
            return out.size() >= count;
        });
        return out;
    }

    /**
     * A Skiff broker for a test, started by the project's JUnit extension ({@link SkiffExtension}) with the helpers the
     * data tests share: registered with {@code @RegisterExtension} on a static field it serves the whole class, on an
     * instance field each test gets a fresh one. It listens on 127.0.0.1, a free port, with a temporary data
     * directory deleted on close; {@link #admin()} is the extension's Admin client, created on first use and closed
     * before the broker.
     *
     * <p>Thread-safe as {@link SkiffExtension} is.
     */
    static final class Broker implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
        private final SkiffExtension skiff;

        Broker() {
            this(Map.of());
        }

        /** A broker with these broker configs. */
        Broker(Map<String, String> config) {
            SkiffExtension.Builder builder = SkiffExtension.builder().bootstrapServersProperty(null);
            config.forEach(builder::brokerProperty);
            this.skiff = builder.build();
        }

        SkiffServer server() {
            return skiff.server();
        }

        String bootstrapServers() {
            return skiff.bootstrapServers();
        }

        Admin admin() {
            return skiff.kit().admin();
        }

        /** The offsets {@code group} has committed, by partition (OffsetFetch through the Admin client). */
        Map<TopicPartition, OffsetAndMetadata> committedOffsets(String group) throws Exception {
            return admin().listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
        }

        /** The producers with state on {@code partition}, as DescribeProducers tells them. */
        List<ProducerState> activeProducers(TopicPartition partition) throws Exception {
            return admin().describeProducers(List.of(partition))
                    .partitionResult(partition)
                    .get()
                    .activeProducers();
        }

        /** Creates a topic of {@code partitions} partitions (replication factor 1) and waits for it. */
        void createTopic(String topic, int partitions) throws Exception {
            admin().createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
                    .all()
                    .get();
        }

        /** A transactional producer of strings with {@code transactionalId}, its transactions initialized. */
        KafkaProducer<String, String> transactional(String transactionalId) {
            KafkaProducer<String, String> p =
                    producer(bootstrapServers(), "transactional.id", transactionalId, "max.block.ms", "10000");
            p.initTransactions();
            return p;
        }

        @Override
        public void beforeAll(ExtensionContext context) {
            skiff.beforeAll(context);
        }

        @Override
        public void beforeEach(ExtensionContext context) {
            skiff.beforeEach(context);
        }

        @Override
        public void afterEach(ExtensionContext context) {
            skiff.afterEach(context);
        }

        @Override
        public void afterAll(ExtensionContext context) {
            skiff.afterAll(context);
        }
    }
}
