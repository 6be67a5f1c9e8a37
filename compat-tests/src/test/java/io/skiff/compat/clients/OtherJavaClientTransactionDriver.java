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

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A main program run in a CHILD JVM whose classpath holds another kafka-clients (4.4, 3.9, 2.8) — see
 * {@link OtherJavaClientVersionsCompatTest}: transactions with that client's defaults. A committed transaction of
 * three records, an aborted one of two, offsets sent to a transaction with the group's metadata, a zombie fenced by a
 * new instance with the same transactional id; then what read_committed reads. Prints one fact per line:
 * {@code read V...}, {@code offset N}, {@code fenced true|false}.
 *
 * <p>usage: {@code OtherJavaClientTransactionDriver BOOTSTRAP TOPIC GROUP TRANSACTIONAL_ID}
 *
 * <p>Thread-safety: a single-threaded program.
 */
public final class OtherJavaClientTransactionDriver {
    private OtherJavaClientTransactionDriver() {}

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String topic = args[1];
        String group = args[2];
        String transactionalId = args[3];
        TopicPartition tp = new TopicPartition(topic, 0);
        try (KafkaProducer<String, String> p = producer(bootstrap, transactionalId);
                KafkaConsumer<String, String> groupConsumer = consumer(bootstrap, group, "read_uncommitted")) {
            p.initTransactions();
            p.beginTransaction();
            for (int i = 0; i < 3; i++) {
                p.send(new ProducerRecord<>(topic, 0, null, "c" + i));
            }
            p.commitTransaction();
            p.beginTransaction();
            p.send(new ProducerRecord<>(topic, 0, null, "a0"));
            p.send(new ProducerRecord<>(topic, 0, null, "a1"));
            p.flush();
            p.abortTransaction();
            p.beginTransaction();
            p.send(new ProducerRecord<>(topic, 0, null, "c3"));
            p.sendOffsetsToTransaction(
                    Collections.singletonMap(tp, new OffsetAndMetadata(5)), groupConsumer.groupMetadata());
            p.commitTransaction();
        }
        KafkaProducer<String, String> zombie = producer(bootstrap, transactionalId);
        zombie.initTransactions();
        zombie.beginTransaction();
        zombie.send(new ProducerRecord<>(topic, 0, null, "zombie")).get();
        try (KafkaProducer<String, String> fresh = producer(bootstrap, transactionalId)) {
            fresh.initTransactions();
            fresh.beginTransaction();
            fresh.send(new ProducerRecord<>(topic, 0, null, "c4"));
            fresh.commitTransaction();
        }
        boolean fenced;
        try {
            zombie.commitTransaction();
            fenced = false;
        } catch (RuntimeException e) {
            fenced = e.getClass().getSimpleName().contains("Fenced")
                    || e.getClass().getSimpleName().contains("InvalidProducerEpoch");
        }
        zombie.close(Duration.ZERO);

        List<String> read = new ArrayList<>();
        try (KafkaConsumer<String, String> c = consumer(bootstrap, null, "read_committed")) {
            c.assign(Collections.singletonList(tp));
            c.seekToBeginning(Collections.singletonList(tp));
            Instant deadline = Instant.now().plusSeconds(60);
            while (read.size() < 5 && Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    read.add(r.value());
                }
            }
        }
        System.out.println("read " + String.join(" ", read));
        try (Admin admin = Admin.create(Collections.singletonMap("bootstrap.servers", (Object) bootstrap))) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            System.out.println("offset "
                    + (offsets.get(tp) == null ? "none" : offsets.get(tp).offset()));
        }
        System.out.println("fenced " + fenced);
    }

    private static KafkaProducer<String, String> producer(String bootstrap, String transactionalId) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("transactional.id", transactionalId);
        p.put("max.block.ms", "20000");
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static KafkaConsumer<String, String> consumer(String bootstrap, String group, String isolation) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        if (group != null) {
            p.put("group.id", group);
        }
        p.put("isolation.level", isolation);
        p.put("enable.auto.commit", "false");
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    }
}
