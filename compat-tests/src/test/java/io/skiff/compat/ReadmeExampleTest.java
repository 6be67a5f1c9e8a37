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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The README's "Use it inside your tests" example, kept compiling and working. */
class ReadmeExampleTest {
    static SkiffServer kafka;

    @BeforeAll
    static void startKafka() {
        kafka = SkiffServer.builder().start(); // free port, temporary directory deleted on close
        kafka.createTopic("orders", 3);
    }

    @AfterAll
    static void stopKafka() {
        kafka.close();
    }

    @Test
    void publishesOrders() throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka.bootstrapServers());
        try (var producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("orders", 1, "order-1", "3 apples"))
                    .get();
        }
        props.put("auto.offset.reset", "earliest");
        try (var consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.assign(List.of(new TopicPartition("orders", 1)));
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
                return !records.isEmpty();
            });
            assertEquals(
                    Map.of("order-1", "3 apples"),
                    Map.of(records.get(0).key(), records.get(0).value()));
        }
    }
}
