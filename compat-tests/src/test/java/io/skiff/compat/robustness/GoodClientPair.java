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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A well-behaved kafka-clients producer and consumer working on one partition in the background: the producer sends
 * numbered values one at a time (acks=all) and records each acknowledged offset; the consumer reads from the start
 * and records what it sees. Any exception either meets is kept for the test to assert on.
 *
 * <p>Thread-safe: the lists are concurrent; start/stop from one thread.
 */
final class GoodClientPair implements AutoCloseable {
    /** An acknowledged or consumed record. */
    record Seen(long offset, String value) {}

    private final TopicPartition partition;
    private final String bootstrap;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final AtomicBoolean producing = new AtomicBoolean(true);
    private final AtomicBoolean consuming = new AtomicBoolean(true);
    private final List<Seen> acknowledged = new CopyOnWriteArrayList<>();
    private final List<Seen> consumed = new CopyOnWriteArrayList<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final List<Future<?>> running = new ArrayList<>();

    GoodClientPair(String bootstrap, TopicPartition partition) {
        this.bootstrap = bootstrap;
        this.partition = partition;
    }

    void start() {
        running.add(threads.submit(this::produce));
        running.add(threads.submit(this::consume));
    }

    private void produce() {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            for (int i = 0; producing.get(); i++) {
                String value = "good-" + i;
                RecordMetadata meta = producer.send(
                                new ProducerRecord<>(partition.topic(), partition.partition(), null, value))
                        .get(30, TimeUnit.SECONDS);
                acknowledged.add(new Seen(meta.offset(), value));
            }
        } catch (Throwable t) {
            errors.add(t);
        }
    }

    private void consume() {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            while (consuming.get()) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    consumed.add(new Seen(r.offset(), r.value()));
                }
            }
        } catch (Throwable t) {
            errors.add(t);
        }
    }

    /** Stops the producer and waits for it; the consumer keeps reading. */
    void stopProducing() throws Exception {
        producing.set(false);
        running.get(0).get(60, TimeUnit.SECONDS);
    }

    List<Seen> acknowledged() {
        return List.copyOf(acknowledged);
    }

    List<Seen> consumed() {
        return List.copyOf(consumed);
    }

    List<Throwable> errors() {
        return List.copyOf(errors);
    }

    @Override
    public void close() throws Exception {
        producing.set(false);
        consuming.set(false);
        threads.shutdown();
        if (!threads.awaitTermination(60, TimeUnit.SECONDS)) {
            threads.shutdownNow();
        }
    }
}
