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
package io.skiff.compat.robustness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker killed with SIGKILL inside an open transaction: after the restart the coordinator, replayed from
 * {@code __transaction_state}, aborts the transaction when its timeout expires; its records are never delivered to
 * read_committed, the last stable offset moves past them, and the transactional id is usable again.
 */
class TransactionCrashCompatTest {
    private static final String TOPIC = "txn-crash";

    @TempDir
    Path dir;

    @Test
    void anOpenTransactionIsAbortedAtItsTimeoutAfterARestart() throws Exception {
        TopicPartition tp = new TopicPartition(TOPIC, 0);
        String[] overrides = {"transaction.abort.timed.out.transaction.cleanup.interval.ms=200"};
        try (ChildBroker first = ChildBroker.start(dir, overrides)) {
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", first.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1)))
                        .all()
                        .get();
            }
            KafkaProducer<String, String> producer = producer(first.bootstrapServers(), "crash-1");
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(TOPIC, "lost-1")).get();
            producer.send(new ProducerRecord<>(TOPIC, "lost-2")).get();
            first.kill();
            producer.close(Duration.ZERO);
        }
        try (ChildBroker second = ChildBroker.start(dir, overrides)) {
            String bootstrap = second.bootstrapServers();
            try (KafkaConsumer<String, String> committed = consumer(bootstrap)) {
                // two records and the ABORT marker the coordinator writes once the 3 s timeout expired
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> committed.endOffsets(List.of(tp)).get(tp) == 3L);
                try (KafkaProducer<String, String> producer = producer(bootstrap, "crash-1")) {
                    producer.initTransactions();
                    producer.beginTransaction();
                    producer.send(new ProducerRecord<>(TOPIC, "kept"));
                    producer.commitTransaction();
                }
                committed.assign(List.of(tp));
                committed.seekToBeginning(List.of(tp));
                List<String> values = new ArrayList<>();
                await().atMost(Duration.ofSeconds(30)).until(() -> {
                    for (ConsumerRecord<String, String> r : committed.poll(Duration.ofMillis(100))) {
                        values.add(r.value());
                    }
                    return committed.position(tp) >= 5L; // past the new transaction's COMMIT marker
                });
                assertEquals(List.of("kept"), values);
            }
        }
    }

    /**
     * Consume-transform-produce's offsets, sent to the transaction (acknowledged), then the broker killed before the
     * commit: after the restart on the same port the producer commits, and the group's offset is committed with the
     * transaction's records, as Kafka keeps such offsets in {@code __consumer_offsets} from TxnOffsetCommit on.
     */
    @Test
    void offsetsSentToATransactionAreCommittedWithItAfterABrokerKilledBeforeTheCommit() throws Exception {
        TopicPartition input = new TopicPartition(TOPIC + "-in", 0);
        TopicPartition output = new TopicPartition(TOPIC + "-out", 0);
        String group = "crash-group";
        KafkaProducer<String, String> producer;
        String port;
        try (ChildBroker first = ChildBroker.start(dir)) {
            String bootstrap = first.bootstrapServers();
            port = bootstrap.substring(bootstrap.lastIndexOf(':') + 1);
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(
                                new NewTopic(input.topic(), 1, (short) 1), new NewTopic(output.topic(), 1, (short) 1)))
                        .all()
                        .get();
            }
            producer = producer(bootstrap, "crash-offsets");
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(output.topic(), "copied")).get();
            producer.sendOffsetsToTransaction(
                    Map.of(input, new OffsetAndMetadata(3)), new ConsumerGroupMetadata(group));
            first.kill();
        }
        try (ChildBroker second = ChildBroker.start(dir, "listeners=PLAINTEXT://127.0.0.1:" + port)) {
            String bootstrap = second.bootstrapServers();
            producer.commitTransaction();
            producer.close();
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                OffsetAndMetadata offset = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata()
                        .get()
                        .get(input);
                assertEquals(new OffsetAndMetadata(3), offset, "the offset committed with the transaction");
            }
            try (KafkaConsumer<String, String> committed = consumer(bootstrap)) {
                committed.assign(List.of(output));
                committed.seekToBeginning(List.of(output));
                List<String> values = new ArrayList<>();
                await().atMost(Duration.ofSeconds(30)).until(() -> {
                    committed.poll(Duration.ofMillis(100)).forEach(r -> values.add(r.value()));
                    return !values.isEmpty();
                });
                assertEquals(List.of("copied"), values);
            }
        }
    }

    private static KafkaProducer<String, String> producer(String bootstrap, String transactionalId) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("transactional.id", transactionalId);
        p.put("transaction.timeout.ms", "3000");
        p.put("max.block.ms", "20000");
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static KafkaConsumer<String, String> consumer(String bootstrap) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("isolation.level", "read_committed");
        p.put("enable.auto.commit", "false");
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    }
}
