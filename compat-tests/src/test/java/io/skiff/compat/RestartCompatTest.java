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

import static io.skiff.compat.DataCompatSupport.consumer;
import static io.skiff.compat.DataCompatSupport.producer;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.ProduceRequest;
import org.junit.jupiter.api.Test;

/**
 * A broker restarted on the same data directory and port keeps its data and topic ids, and the
 * producer and consumer that were connected carry on: the idempotent producer's sequence continues (its state is
 * rebuilt from the log) and the consumer keeps reading from where it was.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class RestartCompatTest {
    private static final TopicPartition TP = new TopicPartition("durable", 0);

    /** Filled by the extension, and again with the new server after each restart. */
    private SkiffServer server;

    private SkiffBroker broker;

    private static List<ConsumerRecord<String, String>> poll(KafkaConsumer<String, String> consumer, int count) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            consumer.poll(Duration.ofMillis(100)).forEach(records::add);
            return records.size() >= count;
        });
        return records;
    }

    private static TopicDescription describe(Admin admin, String topic) throws Exception {
        return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
    }

    @Test
    void dataTopicIdsAndRunningClientsSurviveARestart() throws Exception {
        String bootstrap = server.bootstrapServers();
        Uuid topicId;
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(
                            new NewTopic(TP.topic(), 2, (short) 1).configs(Map.of("retention.ms", "123456789"))))
                    .all()
                    .get();
            topicId = describe(admin, TP.topic()).topicId();
        }
        try (KafkaProducer<String, String> producer = producer(
                        bootstrap,
                        ProducerConfig.RETRY_BACKOFF_MS_CONFIG,
                        50,
                        ProducerConfig.RECONNECT_BACKOFF_MS_CONFIG,
                        50);
                KafkaConsumer<String, String> consumer =
                        consumer(bootstrap, "reconnect.backoff.ms", 50, "retry.backoff.ms", 50)) {
            for (int i = 0; i < 10; i++) {
                assertEquals(
                        i,
                        producer.send(new ProducerRecord<>(TP.topic(), 0, "k", "before-" + i))
                                .get()
                                .offset());
            }
            consumer.assign(List.of(TP));
            consumer.seekToBeginning(List.of(TP));
            List<ConsumerRecord<String, String>> before = poll(consumer, 10);
            assertEquals("before-9", before.get(9).value());

            broker.restart(); // the same data directory and port
            assertEquals(1, server.recoveredTopicCount());

            for (int i = 0; i < 10; i++) {
                assertEquals(
                        10 + i,
                        producer.send(new ProducerRecord<>(TP.topic(), 0, "k", "after-" + i))
                                .get()
                                .offset(),
                        "the idempotent producer carries on with its sequence, no duplicates");
            }
            List<ConsumerRecord<String, String>> after = poll(consumer, 10);
            assertEquals(10, after.size());
            for (int i = 0; i < 10; i++) {
                assertEquals(10 + i, after.get(i).offset());
                assertEquals("after-" + i, after.get(i).value());
            }
            assertEquals(Map.of(TP, 20L), consumer.endOffsets(List.of(TP)));
        }
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()))) {
            TopicDescription description = describe(admin, TP.topic());
            assertEquals(topicId, description.topicId());
            assertEquals(2, description.partitions().size());
        }
        try (KafkaConsumer<String, String> fresh = consumer(server.bootstrapServers())) {
            fresh.assign(List.of(TP));
            fresh.seekToBeginning(List.of(TP));
            List<ConsumerRecord<String, String>> all = poll(fresh, 20);
            assertEquals("before-0", all.get(0).value());
            assertEquals("after-9", all.get(19).value());
        }
    }

    @Test
    void producerStateIsRebuiltSoARetryAfterTheRestartIsStillADuplicate() throws Exception {
        server.createTopic(TP.topic(), 1);
        long now = System.currentTimeMillis(); // producer state older than producer.id.expiration.ms is dropped
        MemoryRecords batch = MemoryRecords.withIdempotentRecords(
                Compression.NONE,
                4711L,
                (short) 0,
                0,
                new SimpleRecord(now, "a".getBytes()),
                new SimpleRecord(now, "b".getBytes()),
                new SimpleRecord(now, "c".getBytes()));
        try (RawKafkaConnection connection = new RawKafkaConnection("127.0.0.1", server.port())) {
            assertEquals(0, produce(connection, batch.buffer().duplicate()).baseOffset());
        }
        broker.restart();
        try (RawKafkaConnection connection = new RawKafkaConnection("127.0.0.1", server.port())) {
            ProduceResponseData.PartitionProduceResponse retry =
                    produce(connection, batch.buffer().duplicate());
            assertEquals(Errors.NONE, Errors.forCode(retry.errorCode()));
            assertEquals(0, retry.baseOffset(), "answered from the rebuilt producer state, not appended again");
            ProduceResponseData.PartitionProduceResponse gap = produce(
                    connection,
                    MemoryRecords.withIdempotentRecords(
                                    Compression.NONE, 4711L, (short) 0, 5, new SimpleRecord(now, "gap".getBytes()))
                            .buffer());
            assertEquals(
                    Errors.OUT_OF_ORDER_SEQUENCE_NUMBER,
                    Errors.forCode(gap.errorCode()),
                    "the producer's last sequence (2) is known after the restart");
        }
        try (KafkaConsumer<String, String> consumer = consumer(server.bootstrapServers())) {
            assertEquals(Map.of(TP, 3L), consumer.endOffsets(List.of(TP)));
        }
    }

    private static ProduceResponseData.PartitionProduceResponse produce(
            RawKafkaConnection connection, ByteBuffer records) throws Exception {
        ProduceRequestData data = RawProduce.toPartitionZero(TP.topic(), MemoryRecords.readableRecords(records));
        return RawProduce.onlyPartition(
                connection.send(new ProduceRequest.Builder((short) 12, (short) 12, data).build((short) 12)));
    }

    @Test
    void aTopicCreatedByProducingSurvivesWithItsIdAndPartitionCount() throws Exception {
        broker.restart(Map.of("num.partitions", "3"));
        Uuid id;
        try (KafkaProducer<String, String> producer = producer(server.bootstrapServers());
                Admin admin =
                        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()))) {
            producer.send(new ProducerRecord<>("auto", 2, "k", "v")).get();
            id = describe(admin, "auto").topicId();
        }
        broker.restart(Map.of("num.partitions", "1")); // no effect on "auto"
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()));
                KafkaConsumer<String, String> consumer = consumer(server.bootstrapServers())) {
            TopicDescription description = describe(admin, "auto");
            assertEquals(id, description.topicId());
            assertEquals(3, description.partitions().size());
            TopicPartition tp = new TopicPartition("auto", 2);
            consumer.assign(List.of(tp));
            assertEquals("v", poll(consumer, 1).get(0).value());
        }
    }
}
