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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Grouped;

/**
 * One fresh Kafka Streams word count (4 input partitions, a repartition and a changelog topic) on one broker and one
 * group protocol, with the broker's and the client's defaults: the time from start() to RUNNING of the first
 * instance, and, once a second instance shares the tasks, the time from the first instance's close() until the second
 * owns every active task. Prints "start_ms=N takeover_ms=N".
 *
 * <p>usage: java -cp "KAFKA_STREAMS_4_4_JARS/*" bench/StreamsRebalance.java BOOTSTRAP streams|classic
 */
public class StreamsRebalance {
    private static final int PARTITIONS = 4;
    private static final int TASKS = 2 * PARTITIONS; // the source subtopology's and the counting one's

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String protocol = args[1];
        String app = "rebalance-" + protocol + "-" + System.nanoTime();
        String input = app + "-in";
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(input, PARTITIONS, (short) 1))).all().get();
        }
        Path state = Files.createTempDirectory("streams-rebalance");
        KafkaStreams first = start(bootstrap, app, input, protocol, state.resolve("a"));
        long t0 = System.nanoTime();
        first.start();
        await(() -> first.state() == KafkaStreams.State.RUNNING && activeTasks(first) == TASKS);
        long startMs = (System.nanoTime() - t0) / 1_000_000;

        KafkaStreams second = start(bootstrap, app, input, protocol, state.resolve("b"));
        second.start();
        await(() -> activeTasks(second) > 0 && activeTasks(first) + activeTasks(second) == TASKS);
        long t1 = System.nanoTime();
        first.close();
        await(() -> second.state() == KafkaStreams.State.RUNNING && activeTasks(second) == TASKS);
        long takeoverMs = (System.nanoTime() - t1) / 1_000_000;
        second.close();
        System.out.println("start_ms=" + startMs + " takeover_ms=" + takeoverMs);
    }

    private static KafkaStreams start(String bootstrap, String app, String input, String protocol, Path dir) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, app);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(StreamsConfig.STATE_DIR_CONFIG, dir.toString());
        p.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, protocol);
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, String>stream(input)
                .groupBy((k, v) -> v, Grouped.as("words"))
                .count();
        return new KafkaStreams(builder.build(), p);
    }

    private static int activeTasks(KafkaStreams streams) {
        return streams.metadataForLocalThreads().stream()
                .mapToInt(t -> t.activeTasks().size())
                .sum();
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out");
            }
            Thread.sleep(10);
        }
    }
}
