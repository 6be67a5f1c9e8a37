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
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.requests.FetchRequest;
import org.apache.kafka.common.requests.FetchResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A topic's {@code compression.type}: {@code producer} stores batches with the producer's codec, any codec
 * recompresses, {@code uncompressed} decompresses; the stored codec is what a Fetch returns. Checked against Skiff
 * and a real Kafka 4.1 ({@link RealKafka}) alike; the Java consumer reads every record back.
 */
class TopicCompressionCompatTest {
    @RegisterExtension
    static final DataCompatSupport.Broker BROKER = new DataCompatSupport.Broker();

    @Test
    void skiffStoresTheTopicsCodec() throws Exception {
        check(BROKER.bootstrapServers());
    }

    @Test
    void realKafkaStoresTheTopicsCodec() throws Exception {
        check(RealKafka.shared().bootstrapServers());
    }

    /** topic compression.type, producer compression.type, codec a fetch must return. */
    private record Case(String topicCodec, String producerCodec, String stored) {}

    private static void check(String bootstrap) throws Exception {
        List<Case> cases = List.of(
                new Case("producer", "lz4", "lz4"),
                new Case("zstd", "none", "zstd"),
                new Case("gzip", "snappy", "gzip"),
                new Case("uncompressed", "lz4", "none"));
        Map<String, Case> topics = new LinkedHashMap<>();
        for (Case c : cases) {
            topics.put("codec-" + c.topicCodec() + "-" + UUID.randomUUID(), c);
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            List<NewTopic> newTopics = new ArrayList<>();
            topics.forEach((name, c) -> newTopics.add(
                    new NewTopic(name, 1, (short) 1).configs(Map.of("compression.type", c.topicCodec()))));
            admin.createTopics(newTopics).all().get(30, TimeUnit.SECONDS);
            // Returns once every partition has its leader on the broker (Admin retries NOT_LEADER_OR_FOLLOWER).
            Map<TopicPartition, OffsetSpec> latest = new LinkedHashMap<>();
            topics.keySet().forEach(name -> latest.put(new TopicPartition(name, 0), OffsetSpec.latest()));
            admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS);
        }
        Map<String, String> expected = new LinkedHashMap<>();
        Map<String, String> stored = new LinkedHashMap<>();
        String[] host = bootstrap.split(":");
        for (Map.Entry<String, Case> t : topics.entrySet()) {
            try (KafkaProducer<String, String> producer = producer(
                    bootstrap,
                    ProducerConfig.COMPRESSION_TYPE_CONFIG,
                    t.getValue().producerCodec())) {
                List<Future<RecordMetadata>> sent = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    sent.add(producer.send(new ProducerRecord<>(t.getKey(), 0, "k" + i, "value " + i)));
                }
                for (Future<RecordMetadata> f : sent) {
                    f.get(30, TimeUnit.SECONDS);
                }
            }
            expected.put(t.getValue().toString(), t.getValue().stored());
            try (RawKafkaConnection connection = new RawKafkaConnection(host[0], Integer.parseInt(host[1]))) {
                stored.put(t.getValue().toString(), storedCodecs(connection, t.getKey()));
            }
            assertEquals(20, readAll(bootstrap, t.getKey()).size(), t.getKey());
        }
        assertEquals(expected, stored);
    }

    /** The codecs of the batches a Fetch (v12, by topic name) returns for partition 0, joined by commas. */
    private static String storedCodecs(RawKafkaConnection connection, String topic) throws Exception {
        TopicPartition tp = new TopicPartition(topic, 0);
        Map<TopicPartition, FetchRequest.PartitionData> partitions =
                Map.of(tp, new FetchRequest.PartitionData(Uuid.ZERO_UUID, 0L, 0L, 1 << 20, Optional.empty()));
        FetchResponse response = connection.send(
                FetchRequest.Builder.forConsumer((short) 12, 500, 1, partitions).build((short) 12));
        FetchResponseData.PartitionData data =
                response.data().responses().get(0).partitions().get(0);
        List<String> codecs = new ArrayList<>();
        for (RecordBatch batch : ((MemoryRecords) data.records()).batches()) {
            String name = batch.compressionType().name;
            if (!codecs.contains(name)) {
                codecs.add(name);
            }
        }
        return String.join(",", codecs);
    }

    private static List<ConsumerRecord<String, String>> readAll(String bootstrap, String topic) {
        TopicPartition tp = new TopicPartition(topic, 0);
        try (KafkaConsumer<String, String> consumer = consumer(bootstrap)) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            List<ConsumerRecord<String, String>> out = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (out.size() < 20 && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            return out;
        }
    }
}
