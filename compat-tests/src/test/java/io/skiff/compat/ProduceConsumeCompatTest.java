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
import static io.skiff.compat.DataCompatSupport.consumer;
import static io.skiff.compat.DataCompatSupport.producer;
import static io.skiff.compat.DataCompatSupport.readExactly;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The default Java producer and an assign-mode consumer round-trip records through Skiff. */
class ProduceConsumeCompatTest {
    @RegisterExtension
    final DataCompatSupport.Broker broker = new DataCompatSupport.Broker();

    @ParameterizedTest
    @ValueSource(strings = {"none", "gzip", "snappy", "lz4", "zstd"})
    void roundTripWithKeysHeadersAndNulls(String compression) throws Exception {
        String topic = "round-trip-" + compression;
        broker.server().createTopic(topic, 2);
        try (KafkaProducer<byte[], byte[]> producer = bytesProducer(
                broker.bootstrapServers(),
                ProducerConfig.COMPRESSION_TYPE_CONFIG,
                compression,
                ProducerConfig.LINGER_MS_CONFIG,
                5)) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                RecordHeaders headers = new RecordHeaders();
                headers.add(new RecordHeader("h", ("hv" + i).getBytes(StandardCharsets.UTF_8)));
                headers.add(new RecordHeader("empty", null));
                byte[] key = i % 10 == 0 ? null : ("k" + i).getBytes(StandardCharsets.UTF_8);
                byte[] value = i % 7 == 0 ? null : ("value-" + i).repeat(5).getBytes(StandardCharsets.UTF_8);
                sent.add(producer.send(new ProducerRecord<>(topic, i % 2, 1000L + i, key, value, headers)));
            }
            for (Future<RecordMetadata> f : sent) {
                assertTrue(f.get().offset() >= 0);
            }
        }
        try (KafkaConsumer<byte[], byte[]> consumer = bytesConsumer(broker.bootstrapServers())) {
            List<ConsumerRecord<byte[], byte[]>> records =
                    readExactly(consumer, List.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1)), 100);
            assertEquals(100, records.size());
            for (ConsumerRecord<byte[], byte[]> r : records) {
                int i = (int) (r.timestamp() - 1000L);
                assertEquals(i % 2, r.partition());
                assertEquals(i / 2, r.offset(), "offsets are dense per partition");
                if (i % 10 == 0) {
                    assertNull(r.key());
                } else {
                    assertArrayEquals(("k" + i).getBytes(StandardCharsets.UTF_8), r.key());
                }
                if (i % 7 == 0) {
                    assertNull(r.value());
                } else {
                    assertEquals(("value-" + i).repeat(5), new String(r.value(), StandardCharsets.UTF_8));
                }
                assertEquals("hv" + i, new String(r.headers().lastHeader("h").value(), StandardCharsets.UTF_8));
                assertNull(r.headers().lastHeader("empty").value());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "all"})
    void everyAcksSettingDelivers(String acks) throws Exception {
        String topic = "acks-" + acks;
        broker.server().createTopic(topic, 1);
        try (KafkaProducer<String, String> producer = producer(
                broker.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG,
                acks,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                acks.equals("all"))) {
            for (int i = 0; i < 20; i++) {
                RecordMetadata md =
                        producer.send(new ProducerRecord<>(topic, "k", "v" + i)).get();
                if (!acks.equals("0")) {
                    assertEquals(i, md.offset());
                }
            }
        }
        try (KafkaConsumer<String, String> consumer = consumer(broker.bootstrapServers())) {
            List<ConsumerRecord<String, String>> records =
                    readExactly(consumer, List.of(new TopicPartition(topic, 0)), 20);
            for (int i = 0; i < 20; i++) {
                assertEquals("v" + i, records.get(i).value());
            }
        }
    }

    @Test
    void producingToAMissingTopicCreatesIt() throws Exception {
        try (KafkaProducer<String, String> producer = producer(broker.bootstrapServers())) {
            RecordMetadata md = producer.send(new ProducerRecord<>("auto-created", "k", "v"))
                    .get();
            assertEquals(0, md.offset());
        }
        try (KafkaConsumer<String, String> consumer = consumer(broker.bootstrapServers())) {
            assertEquals(
                    "v",
                    readExactly(consumer, List.of(new TopicPartition("auto-created", 0)), 1)
                            .get(0)
                            .value());
        }
    }
}
