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

import static io.skiff.compat.DataCompatSupport.bytesConsumer;
import static io.skiff.compat.DataCompatSupport.bytesProducer;
import static io.skiff.compat.DataCompatSupport.readExactly;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The broker's batch size limit (message.max.bytes, per topic max.message.bytes) as the Java producer meets it: a
 * record just under it is stored, one over it fails with RecordTooLargeException from the broker (the producer's
 * own max.request.size check is raised out of the way), and the broker keeps serving afterwards.
 */
class RecordSizeCompatTest {
    /** Kafka's default message.max.bytes: the largest record batch the broker accepts. */
    private static final int MAX_BATCH = 1_048_588;
    /** Bytes of a one-record uncompressed v2 batch beyond the value (batch header 61, record framing, no key). */
    private static final int OVERHEAD = 61 + 20;

    @RegisterExtension
    final DataCompatSupport.Broker broker = new DataCompatSupport.Broker();

    private static byte[] bytes(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    private KafkaProducer<byte[], byte[]> producer() {
        return bytesProducer(
                broker.bootstrapServers(),
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG,
                4 << 20,
                ProducerConfig.BATCH_SIZE_CONFIG,
                4 << 20,
                ProducerConfig.COMPRESSION_TYPE_CONFIG,
                "none",
                ProducerConfig.RETRIES_CONFIG,
                2,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                60_000);
    }

    @Test
    void aRecordNearTheBrokerLimitPassesAndOneAboveFailsAndTheBrokerKeepsServing() throws Exception {
        broker.server().createTopic("sizes", 1);
        byte[] nearLimit = bytes(MAX_BATCH - OVERHEAD - 100, 1);
        byte[] overLimit = bytes(MAX_BATCH + 1, 2);
        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            assertEquals(
                    0,
                    producer.send(new ProducerRecord<>("sizes", nearLimit))
                            .get()
                            .offset());
            ExecutionException e = assertThrows(
                    ExecutionException.class,
                    () -> producer.send(new ProducerRecord<>("sizes", overLimit))
                            .get());
            assertInstanceOf(RecordTooLargeException.class, e.getCause());
            assertEquals(
                    1,
                    producer.send(new ProducerRecord<>("sizes", "after".getBytes()))
                            .get()
                            .offset(),
                    "the same connection keeps working");
        }
        try (KafkaConsumer<byte[], byte[]> consumer = bytesConsumer(broker.bootstrapServers())) {
            List<ConsumerRecord<byte[], byte[]>> records =
                    readExactly(consumer, List.of(new TopicPartition("sizes", 0)), 2);
            assertArrayEquals(nearLimit, records.get(0).value());
            assertEquals("after", new String(records.get(1).value()));
        }
    }

    @Test
    void aTopicsMaxMessageBytesOverridesTheBrokerDefault() throws Exception {
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(
                            List.of(new NewTopic("small", 1, (short) 1).configs(Map.of("max.message.bytes", "2000"))))
                    .all()
                    .get();
        }
        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            byte[] fits = bytes(2000 - OVERHEAD - 20, 3);
            assertEquals(
                    0, producer.send(new ProducerRecord<>("small", fits)).get().offset());
            ExecutionException e = assertThrows(
                    ExecutionException.class,
                    () -> producer.send(new ProducerRecord<>("small", bytes(2100, 4)))
                            .get());
            assertInstanceOf(RecordTooLargeException.class, e.getCause());
            byte[] big = bytes(100_000, 5);
            broker.server().createTopic("default-limit", 1);
            assertEquals(
                    0,
                    producer.send(new ProducerRecord<>("default-limit", big))
                            .get()
                            .offset(),
                    "other topics keep the broker's limit");
        }
        try (KafkaConsumer<byte[], byte[]> consumer = bytesConsumer(broker.bootstrapServers())) {
            List<ConsumerRecord<byte[], byte[]>> records =
                    readExactly(consumer, List.of(new TopicPartition("small", 0)), 1);
            assertEquals(2000 - OVERHEAD - 20, records.get(0).value().length);
            assertEquals(
                    0,
                    Arrays.compare(
                            bytes(2000 - OVERHEAD - 20, 3), records.get(0).value()));
        }
    }
}
