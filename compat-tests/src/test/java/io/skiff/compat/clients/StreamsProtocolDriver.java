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

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.ThreadMetadata;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The main of a child JVM whose classpath has only Kafka Streams 4.4.0 and its dependencies
 * ({@link StreamsGroupCompatTest}): a word count (repartition and changelog topics, store "counts") with
 * {@code group.protocol=streams}. It prints its state changes ({@code STATE RUNNING}) and answers commands on stdin:
 * {@code tasks} (its active and standby tasks), {@code host WORD} (the endpoint that owns the word's count, from the
 * metadata the group handed out), {@code count WORD} (the word's count in the local store), {@code close}.
 *
 * <p>Args: bootstrap, application id, input, output, state dir, processing guarantee, application.server port
 * (0 for none).
 */
public final class StreamsProtocolDriver {
    private StreamsProtocolDriver() {}

    public static void main(String[] args) throws Exception {
        Properties props = new Properties();
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, args[1]);
        props.put(StreamsConfig.STATE_DIR_CONFIG, args[4]);
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, args[5]);
        props.put("group.protocol", "streams");
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        if (!args[6].equals("0")) {
            props.put(StreamsConfig.APPLICATION_SERVER_CONFIG, "localhost:" + args[6]);
        }
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, String>stream(args[2])
                .flatMapValues(
                        line -> Arrays.asList(line.toLowerCase(Locale.ROOT).split("\\W+")))
                .groupBy((key, word) -> word, Grouped.with(Serdes.String(), Serdes.String()))
                .count(Materialized.as("counts"))
                .toStream()
                .to(args[3], Produced.with(Serdes.String(), Serdes.Long()));
        KafkaStreams streams = new KafkaStreams(builder.build(), props);
        streams.setStateListener((now, before) -> print("STATE " + now));
        streams.setUncaughtExceptionHandler(e -> {
            print("ERROR " + e);
            return org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse
                    .SHUTDOWN_CLIENT;
        });
        streams.start();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] cmd = line.trim().split(" ");
            try {
                switch (cmd[0]) {
                    case "tasks" -> {
                        TreeSet<String> active = new TreeSet<>();
                        TreeSet<String> standby = new TreeSet<>();
                        for (ThreadMetadata t : streams.metadataForLocalThreads()) {
                            t.activeTasks().forEach(m -> active.add(m.taskId().toString()));
                            t.standbyTasks().forEach(m -> standby.add(m.taskId().toString()));
                        }
                        print("TASKS " + String.join(",", active) + " " + String.join(",", standby));
                    }
                    case "host" -> {
                        KeyQueryMetadata meta = streams.queryMetadataForKey(
                                "counts", cmd[1], Serdes.String().serializer());
                        print("HOST " + cmd[1] + " " + meta.activeHost().host() + ":"
                                + meta.activeHost().port());
                    }
                    case "count" -> {
                        ReadOnlyKeyValueStore<String, Long> store = streams.store(
                                StoreQueryParameters.fromNameAndType("counts", QueryableStoreTypes.keyValueStore()));
                        print("COUNT " + cmd[1] + " " + store.get(cmd[1]));
                    }
                    case "close" -> {
                        streams.close(Duration.ofSeconds(30));
                        print("CLOSED");
                        return;
                    }
                    default -> print("UNKNOWN " + line);
                }
            } catch (RuntimeException e) {
                print("FAILED " + line + " " + e);
            }
        }
        streams.close(Duration.ofSeconds(30));
    }

    private static synchronized void print(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
