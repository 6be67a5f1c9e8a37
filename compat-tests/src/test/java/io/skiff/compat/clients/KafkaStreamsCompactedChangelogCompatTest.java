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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.processor.StateRestoreListener;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka Streams restores a state store from a changelog that Skiff compacted: the app keeps the latest value per key
 * in a store (changelog topic, {@code cleanup.policy=compact}), stops, the changelog is compacted, and the app
 * starts again with an empty state directory. The restored store holds exactly the latest value of every key, and
 * restoring read fewer records than were written to the changelog.
 */
// Small segments so the changelog has closed segments to compact; the test compacts when it wants to.
@Skiff(
        lifecycle = Lifecycle.PER_METHOD,
        properties = {"log.segment.bytes=1048576", "log.cleaner.enable=false"})
class KafkaStreamsCompactedChangelogCompatTest {
    private static final String APP = "skiff-latest";
    private static final String INPUT = "latest-input";
    private static final String STORE = "latest";
    private static final String CHANGELOG = APP + "-" + STORE + "-changelog";

    private SkiffServer skiff;
    private final LocalStreams apps = new LocalStreams();
    private KafkaStreams streams;
    private final AtomicLong restored = new AtomicLong();

    @BeforeEach
    void start() {
        skiff.createTopic(INPUT, 1);
    }

    @AfterEach
    void stop() {
        apps.close();
    }

    @Test
    void aRestartedAppRestoresItsStoreFromTheCompactedChangelog(@TempDir Path first, @TempDir Path second)
            throws Exception {
        Map<String, String> expected = new HashMap<>();
        streams = startStreams(first);
        String pad = "p".repeat(1000);
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < 3000; i++) {
                String key = "key-" + (i % 40);
                String value = i + "-" + pad;
                producer.send(new ProducerRecord<>(INPUT, key, value));
                expected.put(key, value);
            }
        }
        awaitStore(expected);
        streams.close(new KafkaStreams.CloseOptions().leaveGroup(true).timeout(Duration.ofSeconds(30)));

        long changelogRecords = skiff.compactTopic(CHANGELOG);
        assertTrue(changelogRecords > 0, "compaction removed changelog records");

        restored.set(0);
        streams = startStreams(second);
        awaitStore(expected);
        assertTrue(restored.get() > 0, "the store was restored from the changelog");
        assertTrue(restored.get() <= 3000 - changelogRecords, "restored " + restored.get() + " records");
    }

    private KafkaStreams startStreams(Path stateDir) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(INPUT, Consumed.with(Serdes.String(), Serdes.String()))
                .groupByKey()
                .reduce((a, b) -> b, Materialized.<String, String, KeyValueStore<Bytes, byte[]>>as(STORE));
        Properties props = LocalStreams.config(APP, skiff.bootstrapServers(), stateDir);
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 200);
        // Every update reaches the changelog (no caching), so it holds many versions of each key.
        props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 10_000);
        KafkaStreams app = new KafkaStreams(builder.build(), props);
        app.setGlobalStateRestoreListener(new StateRestoreListener() {
            @Override
            public void onRestoreStart(TopicPartition tp, String store, long start, long end) {}

            @Override
            public void onBatchRestored(TopicPartition tp, String store, long batchEndOffset, long numRestored) {
                restored.addAndGet(numRestored);
            }

            @Override
            public void onRestoreEnd(TopicPartition tp, String store, long totalRestored) {}
        });
        return apps.start(app, Duration.ofSeconds(90));
    }

    private void awaitStore(Map<String, String> expected) {
        Map<String, String> seen = new HashMap<>();
        Awaitility.await("the store holds the latest value of every key")
                .atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(() -> {
                    seen.clear();
                    ReadOnlyKeyValueStore<String, String> store = streams.store(
                            StoreQueryParameters.fromNameAndType(STORE, QueryableStoreTypes.keyValueStore()));
                    try (KeyValueIterator<String, String> all = store.all()) {
                        while (all.hasNext()) {
                            KeyValue<String, String> kv = all.next();
                            seen.put(kv.key, kv.value);
                        }
                    }
                    return seen.equals(expected) || apps.failed();
                });
        apps.assertNoErrors();
        assertEquals(expected, seen);
    }

    private KafkaProducer<String, String> producer() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }
}
