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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.quota.ClientQuotaFilter;
import org.apache.kafka.common.quota.ClientQuotaFilterComponent;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * Client quotas with the Java client: set and described with the Admin API, kept across a restart, and enforced as
 * Kafka enforces them: a producer and a consumer over their byte-rate quotas report throttle time (their
 * {@code produce-throttle-time-max} / {@code fetch-throttle-time-max} metrics, read from the brokers' answers), and
 * the data moves no faster than the quota allows after the first ten seconds' worth. The bounds are lower bounds
 * only: a slow machine cannot make them fail.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class ClientQuotasCompatTest {
    /** Filled by the extension, and again with the new server after a restart. */
    private SkiffServer server;

    private SkiffBroker broker;

    private static ClientQuotaEntity clientId(String id) {
        Map<String, String> entity = new HashMap<>();
        entity.put(ClientQuotaEntity.CLIENT_ID, id);
        return new ClientQuotaEntity(entity);
    }

    private static void setQuota(Admin admin, ClientQuotaEntity entity, String key, Double value) throws Exception {
        admin.alterClientQuotas(
                        List.of(new ClientQuotaAlteration(entity, List.of(new ClientQuotaAlteration.Op(key, value)))))
                .all()
                .get();
    }

    @Test
    void quotasAreSetDescribedRefusedAndKeptAcrossARestart() throws Exception {
        ClientQuotaEntity alice = new ClientQuotaEntity(Map.of(ClientQuotaEntity.USER, "alice"));
        Map<String, String> defaultUserAndApp = new HashMap<>();
        defaultUserAndApp.put(ClientQuotaEntity.USER, null);
        defaultUserAndApp.put(ClientQuotaEntity.CLIENT_ID, "app");
        ClientQuotaEntity defaultUserApp = new ClientQuotaEntity(defaultUserAndApp);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            setQuota(admin, alice, "producer_byte_rate", 1024.0);
            setQuota(admin, alice, "request_percentage", 50.0);
            setQuota(admin, defaultUserApp, "consumer_byte_rate", 4096.0);
            ExecutionException refused =
                    assertThrows(ExecutionException.class, () -> setQuota(admin, alice, "producer_byte_rate", -1.0));
            assertInstanceOf(InvalidRequestException.class, refused.getCause());
            assertEquals(
                    "Quota producer_byte_rate must be greater than 0",
                    refused.getCause().getMessage());

            assertEquals(
                    Map.of(
                            alice, Map.of("producer_byte_rate", 1024.0, "request_percentage", 50.0),
                            defaultUserApp, Map.of("consumer_byte_rate", 4096.0)),
                    admin.describeClientQuotas(ClientQuotaFilter.all())
                            .entities()
                            .get());
            assertEquals(
                    Map.of(defaultUserApp, Map.of("consumer_byte_rate", 4096.0)),
                    admin.describeClientQuotas(ClientQuotaFilter.containsOnly(List.of(
                                    ClientQuotaFilterComponent.ofDefaultEntity(ClientQuotaEntity.USER),
                                    ClientQuotaFilterComponent.ofEntity(ClientQuotaEntity.CLIENT_ID, "app"))))
                            .entities()
                            .get());
            setQuota(admin, alice, "request_percentage", null); // removed
        }
        broker.restart();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            assertEquals(
                    Map.of(
                            alice, Map.of("producer_byte_rate", 1024.0),
                            defaultUserApp, Map.of("consumer_byte_rate", 4096.0)),
                    admin.describeClientQuotas(ClientQuotaFilter.all())
                            .entities()
                            .get());
        }
    }

    @Test
    void producerAndConsumerOverTheirByteRatesAreThrottled() throws Exception {
        int quota = 10 * 1024; // bytes per second
        int recordSize = 1024;
        int records = 130; // 130 KiB: the first 100 KiB (ten seconds' worth) pass, the rest at 10 KiB/s
        double minSeconds = 0.5 * (records * recordSize - 10.0 * quota) / quota;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            server.createTopic("throttled", 1);
            server.createTopic("throttled-read", 1);
            setQuota(admin, clientId("slow-producer"), "producer_byte_rate", (double) quota);
            setQuota(admin, clientId("slow-consumer"), "consumer_byte_rate", (double) quota);
        }
        // The consumer reads what a producer without a quota wrote, so that both throttled clients run at once:
        // each quota is its own client id's, and each waits out its own.
        try (KafkaProducer<byte[], byte[]> filler = producer("fast-producer")) {
            for (int i = 0; i < records; i++) {
                filler.send(new ProducerRecord<>("throttled-read", new byte[recordSize]));
            }
            filler.flush();
        }
        CompletableFuture<Void> produced = CompletableFuture.runAsync(
                () -> {
                    long start = System.nanoTime();
                    try (KafkaProducer<byte[], byte[]> producer = producer("slow-producer")) {
                        for (int i = 0; i < records; i++) {
                            producer.send(new ProducerRecord<>("throttled", new byte[recordSize]));
                        }
                        producer.flush();
                        double elapsedS = (System.nanoTime() - start) / 1e9;
                        double throttleMax = metric(producer.metrics(), "produce-throttle-time-max");
                        assertTrue(
                                throttleMax > 0,
                                "the producer was told to wait: produce-throttle-time-max " + throttleMax);
                        // What exceeds ten seconds' worth of quota cannot go faster than the quota (half of it: slack
                        // for
                        // request overheads and the window's rounding).
                        assertTrue(
                                elapsedS >= minSeconds,
                                "took " + elapsedS + " s, the quota needs at least " + minSeconds);
                    }
                },
                task -> new Thread(task, "slow-producer").start());

        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "slow-consumer");
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "slow");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        long start = System.nanoTime();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of("throttled-read"));
            int read = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (read < records && System.nanoTime() < deadline) {
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(200));
                read += batch.count();
            }
            assertEquals(records, read);
            double elapsedS = (System.nanoTime() - start) / 1e9;
            double throttleMax = metric(consumer.metrics(), "fetch-throttle-time-max");
            assertTrue(throttleMax > 0, "the consumer was told to wait: fetch-throttle-time-max " + throttleMax);
            assertTrue(elapsedS >= minSeconds, "took " + elapsedS + " s, the quota needs at least " + minSeconds);
        } finally {
            awaitProducer(produced); // also when the consumer failed: no producer left running on a closed broker
        }
    }

    private static void awaitProducer(CompletableFuture<Void> produced) throws Exception {
        try {
            produced.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AssertionError failed) {
                throw failed;
            }
            throw e;
        }
    }

    private KafkaProducer<byte[], byte[]> producer(String clientId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, 4096);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    }

    private static double metric(Map<MetricName, ? extends Metric> metrics, String name) {
        List<Double> values = new ArrayList<>();
        metrics.forEach((n, m) -> {
            if (n.name().equals(name) && m.metricValue() instanceof Double d && !d.isNaN()) {
                values.add(d);
            }
        });
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
