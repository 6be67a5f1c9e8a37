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

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.awaitility.Awaitility;

/**
 * Kafka Streams applications run in this JVM (the Kafka Streams of the test classpath), one test's worth: each is
 * started with the errors of its stream threads collected (a failed thread shuts its client down), awaited until it
 * runs, and closed with the others at the end.
 *
 * <p>Not thread-safe, apart from the collected errors.
 */
final class LocalStreams implements AutoCloseable {
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final List<KafkaStreams> started = new ArrayList<>();

    /** What every application here sets: its id, the broker, its state directory, and String keys and values. */
    static Properties config(String appId, String bootstrap, Path stateDir) {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, appId);
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        return props;
    }

    /**
     * The classic stateful word count: the lines of {@code input} split into lower-case words, regrouped by word
     * (topic APP-counts-repartition) and counted in the store "counts" (topic APP-counts-changelog); every new count
     * goes to {@code output}.
     */
    static Topology wordCount(String input, String output) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(input, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMapValues(
                        line -> Arrays.asList(line.toLowerCase(Locale.ROOT).split("\\W+")))
                .groupBy((key, word) -> word, Grouped.with("counts", Serdes.String(), Serdes.String()))
                .count(Materialized.as("counts"))
                .toStream()
                .to(output, Produced.with(Serdes.String(), Serdes.Long()));
        return builder.build();
    }

    /** Starts {@code app} and waits up to {@code atMost} until it runs; fails the test if a stream thread failed. */
    KafkaStreams start(KafkaStreams app, Duration atMost) {
        started.add(app);
        app.setUncaughtExceptionHandler(e -> {
            errors.add(e);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        app.start();
        Awaitility.await("streams RUNNING")
                .atMost(atMost)
                .until(() -> app.state() == KafkaStreams.State.RUNNING || failed());
        assertNoErrors();
        return app;
    }

    /** Whether a stream thread failed (a test's wait stops at once then). */
    boolean failed() {
        return !errors.isEmpty();
    }

    void assertNoErrors() {
        assertTrue(errors.isEmpty(), () -> "Kafka Streams failed: " + errors);
    }

    /** Closes every application started here, 30 s at most each; one the test closed already returns at once. */
    @Override
    public void close() {
        for (KafkaStreams app : started) {
            app.close(Duration.ofSeconds(30));
        }
    }
}
