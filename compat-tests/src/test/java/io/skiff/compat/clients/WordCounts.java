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
package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;

/**
 * The input and the output of the word count {@link StreamsApp} runs, as the tests write and read them: lines sent
 * with their words added to the expected counts, and the output's two partitions read until they hold those counts.
 *
 * <p>Stateless.
 */
final class WordCounts {
    private WordCounts() {}

    /** Sends each line to {@code input} (the line as key and value) and adds its words to {@code expected}. */
    static void send(String bootstrap, String input, List<String> lines, Map<String, Long> expected) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (String line : lines) {
                producer.send(new ProducerRecord<>(input, line, line)).get();
                addWords(line, expected);
            }
        }
    }

    /** Counts the words of {@code line} in {@code expected} as the word count does: lower case, split at non-words. */
    static void addWords(String line, Map<String, Long> expected) {
        for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
            expected.merge(word, 1L, Long::sum);
        }
    }

    /**
     * Reads the two partitions of {@code output} from the start (read_committed or not) until the latest count of
     * every word is the {@code expected} one, for at most {@code atMost}.
     */
    static void await(
            String bootstrap, String output, Map<String, Long> expected, boolean readCommitted, Duration atMost) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, readCommitted ? "read_committed" : "read_uncommitted");
        Map<String, Long> counts = new HashMap<>();
        try (KafkaConsumer<String, Long> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer())) {
            List<TopicPartition> partitions = List.of(new TopicPartition(output, 0), new TopicPartition(output, 1));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Awaitility.await("word counts " + expected).atMost(atMost).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> counts.put(r.key(), r.value()));
                return counts.equals(expected);
            });
        }
        assertEquals(expected, counts);
    }
}
