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

import io.skiff.broker.SkiffServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Measures, with the official Java client and default consumer settings: (1) the time from subscribe() to
 * the first record for a fresh group with one consumer; (2) how long a 3-consumer group on a 6-partition
 * topic takes to rebalance after one member leaves (close() → the two others own 3 partitions each).
 * Not a test: run it by hand, against an in-process Skiff (no argument, or "-") or any broker (bootstrap
 * argument), with the classic group protocol (default) or the consumer group protocol (KIP-848):
 * <pre>
 * mvn -q -B -o -pl compat-tests -am test-compile
 * java -cp "compat-tests/target/test-classes:$(cat cp.txt)" io.skiff.compat.GroupTimingMeasurement [host:port|-] [classic|consumer]
 * </pre>
 */
public final class GroupTimingMeasurement {
    private static final int RUNS = 5;
    private static final int PARTITIONS = 6;

    /** The group.protocol of every consumer (classic or consumer). */
    private static String groupProtocol = "classic";

    private GroupTimingMeasurement() {}

    public static void main(String[] args) throws Exception {
        SkiffServer skiff = null;
        String bootstrap;
        if (args.length > 1) {
            groupProtocol = args[1];
        }
        if (args.length > 0 && !args[0].equals("-")) {
            bootstrap = args[0];
        } else {
            skiff = SkiffServer.builder().port(0).start();
            bootstrap = skiff.bootstrapServers();
        }
        try {
            String topic = "timing-" + UUID.randomUUID().toString().substring(0, 8);
            try (Admin admin = Admin.create(props(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
                        .all()
                        .get();
            }
            produce(bootstrap, topic);
            List<Long> firstRecord = new ArrayList<>();
            List<Long> rebalance = new ArrayList<>();
            for (int i = 0; i < RUNS + 1; i++) { // the first run warms up the JVM and is dropped
                long a = subscribeToFirstRecordMs(bootstrap, topic);
                long b = rebalanceAfterLeaveMs(bootstrap, topic);
                if (i > 0) {
                    firstRecord.add(a);
                    rebalance.add(b);
                }
            }
            System.out.printf(
                    "broker=%s group.protocol=%s runs=%d%n",
                    skiff != null ? "skiff(in-process)" : bootstrap, groupProtocol, RUNS);
            System.out.printf("subscribe->first record ms: %s median=%d%n", firstRecord, median(firstRecord));
            System.out.printf("3-member rebalance after leave ms: %s median=%d%n", rebalance, median(rebalance));
        } finally {
            if (skiff != null) {
                skiff.close();
            }
        }
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1]);
        }
        return p;
    }

    private static void produce(String bootstrap, String topic) {
        Properties p = props(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < PARTITIONS * 10; i++) {
                producer.send(new ProducerRecord<>(topic, i % PARTITIONS, null, "v" + i));
            }
            producer.flush();
        }
    }

    private static Properties consumerProps(String bootstrap, String group) {
        return props(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG,
                group,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class.getName(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.GROUP_PROTOCOL_CONFIG,
                groupProtocol);
    }

    private static long subscribeToFirstRecordMs(String bootstrap, String topic) {
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(consumerProps(bootstrap, "first-" + UUID.randomUUID()))) {
            long start = System.nanoTime();
            consumer.subscribe(List.of(topic));
            while (consumer.poll(Duration.ofMillis(10)).isEmpty()) {
                if (System.nanoTime() - start > 120_000_000_000L) {
                    throw new IllegalStateException("no record within 2 minutes");
                }
            }
            return (System.nanoTime() - start) / 1_000_000;
        }
    }

    /** A consumer polled on its own thread; publishes its assignment. */
    private static final class Member implements AutoCloseable {
        final KafkaConsumer<String, String> consumer;
        final AtomicBoolean running = new AtomicBoolean(true);
        volatile Set<TopicPartition> assignment = Set.of();
        final Thread thread;

        Member(String bootstrap, String group, String topic) {
            consumer = new KafkaConsumer<>(consumerProps(bootstrap, group));
            thread = new Thread(() -> {
                consumer.subscribe(List.of(topic));
                while (running.get()) {
                    consumer.poll(Duration.ofMillis(10));
                    assignment = Set.copyOf(consumer.assignment());
                }
                consumer.close();
            });
            thread.start();
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            thread.join();
        }
    }

    private static long rebalanceAfterLeaveMs(String bootstrap, String topic) throws Exception {
        String group = "rebalance-" + UUID.randomUUID();
        Member a = new Member(bootstrap, group, topic);
        Member b = new Member(bootstrap, group, topic);
        Member c = new Member(bootstrap, group, topic);
        try {
            waitUntil(() -> a.assignment.size() == 2 && b.assignment.size() == 2 && c.assignment.size() == 2);
            long start = System.nanoTime();
            c.close();
            waitUntil(() -> a.assignment.size() == 3 && b.assignment.size() == 3);
            return (System.nanoTime() - start) / 1_000_000;
        } finally {
            a.close();
            b.close();
            c.close();
        }
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("condition not reached within 2 minutes");
            }
            Thread.sleep(1);
        }
    }
}
