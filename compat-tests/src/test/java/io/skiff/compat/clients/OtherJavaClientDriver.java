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
package io.skiff.compat.clients;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A main program run in a CHILD JVM whose classpath holds another kafka-clients (4.4, 3.9, 2.8) instead of the
 * test's 4.1 — see {@link OtherJavaClientVersionsCompatTest}. It uses only API that all those versions share, with default
 * client settings, and prints one fact per line for the test to compare:
 * {@code version V}, {@code sent P OFFSET KEY} (plain producer, then a zstd one), {@code read P OFFSET KEY VALUE
 * HEADERS} (assign + seekToBeginning), {@code group P OFFSET KEY} (subscribe in a group, then commitSync) and
 * {@code committed P OFFSET}; then {@code admin ...} lines from its admin client.
 *
 * <p>usage: {@code OtherJavaClientDriver BOOTSTRAP TOPIC PARTITIONS GROUP COUNT EXPECTED_TOTAL}
 *
 * <p>Thread-safety: a single-threaded program.
 */
public final class OtherJavaClientDriver {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private OtherJavaClientDriver() {}

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String topic = args[1];
        int partitions = Integer.parseInt(args[2]);
        String group = args[3];
        int count = Integer.parseInt(args[4]);
        int expectedTotal = Integer.parseInt(args[5]);
        System.out.println("version " + clientVersion());

        produce(bootstrap, topic, 0, count / 2, null);
        produce(bootstrap, topic, count / 2, count, "zstd");

        List<TopicPartition> all = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            all.add(new TopicPartition(topic, p));
        }
        try (KafkaConsumer<String, String> consumer = consumer(bootstrap, null)) {
            consumer.assign(all);
            consumer.seekToBeginning(all);
            for (ConsumerRecord<String, String> r : pollUntil(consumer, expectedTotal)) {
                System.out.println("read " + r.partition() + " " + r.offset() + " " + r.key() + " " + r.value() + " "
                        + headers(r));
            }
        }

        try (KafkaConsumer<String, String> consumer = consumer(bootstrap, group)) {
            consumer.subscribe(List.of(topic));
            for (ConsumerRecord<String, String> r : pollUntil(consumer, expectedTotal)) {
                System.out.println("group " + r.partition() + " " + r.offset() + " " + r.key());
            }
            consumer.commitSync();
            Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new HashSet<>(all));
            for (TopicPartition tp : all) {
                OffsetAndMetadata offset = committed.get(tp);
                System.out.println("committed " + tp.partition() + " " + (offset == null ? -1 : offset.offset()));
            }
        }

        admin(bootstrap, topic + "-admin", group);
    }

    /** The admin client of this version: topics, partitions, configs and the group the consumer left behind. */
    private static void admin(String bootstrap, String topic, String group) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (Admin admin = Admin.create(props)) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1).configs(Map.of("retention.ms", "123456"))))
                    .all()
                    .get();
            System.out.println(
                    "admin listed " + admin.listTopics().names().get().contains(topic));
            admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(3)))
                    .all()
                    .get();
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            Config config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
            System.out.println(
                    "admin config retention.ms=" + config.get("retention.ms").value());
            System.out.println("admin group-listed "
                    + admin.listConsumerGroups().all().get().stream()
                            .anyMatch(g -> g.groupId().equals(group)));
            ConsumerGroupDescription description =
                    admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            System.out.println("admin group-state " + description.state() + " members="
                    + description.members().size());
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            offsets.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey((a, b) -> Integer.compare(a.partition(), b.partition())))
                    .forEach(e -> System.out.println("admin group-offset "
                            + e.getKey().partition() + " " + e.getValue().offset()));
            admin.deleteTopics(List.of(topic)).all().get();
            System.out.println("admin listed-after-delete "
                    + admin.listTopics().names().get().contains(topic));
        }
    }

    private static void produce(String bootstrap, String topic, int from, int to, String compression) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        if (compression != null) {
            props.put("compression.type", compression);
        }
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (int i = from; i < to; i++) {
                ProducerRecord<String, String> record = new ProducerRecord<>(topic, "old-" + i, "value-" + i);
                record.headers().add("client", clientVersion().getBytes(StandardCharsets.UTF_8));
                RecordMetadata meta = producer.send(record).get();
                System.out.println("sent " + meta.partition() + " " + meta.offset() + " old-" + i);
            }
        }
    }

    private static KafkaConsumer<String, String> consumer(String bootstrap, String group) {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        if (group != null) {
            props.put("group.id", group);
            props.put("auto.offset.reset", "earliest");
        }
        return new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
    }

    private static List<ConsumerRecord<String, String>> pollUntil(KafkaConsumer<String, String> consumer, int n) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (records.size() < n) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("only " + records.size() + " of " + n + " records within " + DEADLINE);
            }
            consumer.poll(Duration.ofMillis(200)).forEach(records::add);
        }
        return records;
    }

    private static String headers(ConsumerRecord<String, String> record) {
        StringBuilder text = new StringBuilder();
        for (Header h : record.headers()) {
            text.append(text.length() == 0 ? "" : ",")
                    .append(h.key())
                    .append('=')
                    .append(new String(h.value(), StandardCharsets.UTF_8));
        }
        return text.toString();
    }

    /**
     * The version of the kafka-clients jar on the classpath, from the properties file every release ships
     * (AppInfoParser, which reads it, moved package in 4.4).
     */
    private static String clientVersion() throws IOException {
        try (InputStream in = KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown").trim();
        }
    }
}
