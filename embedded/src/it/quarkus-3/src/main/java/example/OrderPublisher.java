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
package example;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Publishes orders to the "orders" topic of the Kafka at kafka.bootstrap.servers. */
@ApplicationScoped
public class OrderPublisher {
    private final KafkaProducer<String, String> producer;

    public OrderPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.producer = new KafkaProducer<>(
                Map.of("bootstrap.servers", bootstrapServers), new StringSerializer(), new StringSerializer());
    }

    public void publish(String id, String order) throws ExecutionException, InterruptedException {
        producer.send(new ProducerRecord<>("orders", id, order)).get();
    }

    @PreDestroy
    void close() {
        producer.close();
    }
}
