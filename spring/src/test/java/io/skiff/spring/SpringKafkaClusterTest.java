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
package io.skiff.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.testkit.SkiffTopic;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * A Spring Kafka test as written for a three-broker {@code @EmbeddedKafka}; only the annotation was changed, from
 * {@code @EmbeddedKafka(count = 3, partitions = 3, topics = "orders", bootstrapServersProperty =
 * "spring.kafka.bootstrap-servers")}.
 */
@SpringJUnitConfig(SpringKafkaClusterTest.Config.class)
@EmbeddedSkiff(nodes = 3, topics = @SkiffTopic(name = "orders", partitions = 3))
class SpringKafkaClusterTest {
    @Configuration
    @EnableKafka
    static class Config {
        @Value("${spring.kafka.bootstrap-servers}")
        String bootstrapServers;

        @Bean
        KafkaTemplate<String, String> template() {
            return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    bootstrapServers,
                    ProducerConfig.ACKS_CONFIG,
                    "all",
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                    StringSerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                    StringSerializer.class)));
        }

        @Bean
        ConcurrentKafkaListenerContainerFactory<String, String> kafkaListenerContainerFactory() {
            ConcurrentKafkaListenerContainerFactory<String, String> factory =
                    new ConcurrentKafkaListenerContainerFactory<>();
            factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    bootstrapServers,
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                    "earliest",
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                    StringDeserializer.class,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                    StringDeserializer.class)));
            return factory;
        }

        @Bean
        KafkaAdmin admin() {
            return new KafkaAdmin(Map.of("bootstrap.servers", bootstrapServers));
        }

        @Bean
        NewTopic payments() {
            return new NewTopic("payments", 2, (short) 3).configs(Map.of("min.insync.replicas", "2"));
        }

        @Bean
        Listener listener() {
            return new Listener();
        }
    }

    static class Listener {
        final BlockingQueue<String> received = new LinkedBlockingQueue<>();

        @KafkaListener(topics = "orders", groupId = "order-service")
        void onOrder(String value) {
            received.add(value);
        }
    }

    @Autowired
    KafkaTemplate<String, String> template;

    @Autowired
    Listener listener;

    @Autowired
    KafkaAdmin admin;

    @Test
    void theListenerReceivesWhatTheTemplateSendsThroughTheCluster() throws Exception {
        template.send("orders", "o-1", "first order").get(30, TimeUnit.SECONDS);
        assertEquals("first order", listener.received.poll(30, TimeUnit.SECONDS));
    }

    @Test
    void kafkaAdminCreatesAReplicationFactorThreeTopicOnThreeBrokers() throws Exception {
        try (AdminClient client = AdminClient.create(admin.getConfigurationProperties())) {
            assertEquals(3, client.describeCluster().nodes().get().size());
            TopicDescription payments = client.describeTopics(List.of("payments"))
                    .allTopicNames()
                    .get()
                    .get("payments");
            assertEquals(2, payments.partitions().size());
            assertEquals(3, payments.partitions().get(0).replicas().size());
            assertEquals(3, payments.partitions().get(1).isr().size());
        }
        template.send("payments", "p-1", "paid").get(30, TimeUnit.SECONDS);
    }
}
