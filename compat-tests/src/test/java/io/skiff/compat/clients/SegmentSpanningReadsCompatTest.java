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
import io.skiff.testkit.Skiff;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A partition spread over several segment files (log.segment.bytes at its 1 MiB minimum) and written as thousands of
 * small batches: kcat, kafkajs and the Java client each read it back from the beginning, in fetch responses that
 * span segments (sent as several file regions), and must see every record exactly once, in order.
 */
@Skiff(properties = "log.segment.bytes=1048576")
class SegmentSpanningReadsCompatTest {
    private static final String TOPIC = "spanning";
    private static final int RECORDS = 40_000;

    private static SkiffServer skiff;
    private static List<String> produced;

    @BeforeAll
    static void startAndFill() throws IOException {
        String kcat = ExternalProcess.require("kcat", "install it with apt-get install kcat (.ci/run does)");
        skiff.createTopic(TOPIC, 1);
        produced = IntStream.range(0, RECORDS)
                .mapToObj(i -> "key-" + i + ":value-" + i + "-padding-padding-padding-padding-padding")
                .toList();
        // Small batches (7 records) so that segment boundaries fall between many batches.
        ExternalProcess.of(
                        kcat,
                        "-b",
                        skiff.bootstrapServers(),
                        "-P",
                        "-t",
                        TOPIC,
                        "-p",
                        "0",
                        "-K:",
                        "-X",
                        "linger.ms=0",
                        "-X",
                        "batch.num.messages=7")
                .run(produced.stream().collect(Collectors.joining("\n", "", "\n")))
                .assertSuccess();
        try (Stream<Path> files = Files.list(skiff.dataDir().resolve(TOPIC + "-0"))) {
            long segments = files.filter(f -> f.toString().endsWith(".log")).count();
            assertTrue(segments >= 3, "the partition spans several segments, found " + segments);
        }
    }

    @Test
    void kcatReadsEveryRecordInOrder() {
        String kcat = ExternalProcess.require("kcat", "install it with apt-get install kcat");
        List<String> consumed = ExternalProcess.of(
                        kcat,
                        "-b",
                        skiff.bootstrapServers(),
                        "-C",
                        "-t",
                        TOPIC,
                        "-o",
                        "beginning",
                        "-e",
                        "-f",
                        "%k:%s\\n")
                .run()
                .assertSuccess()
                .lines();
        assertEquals(produced, consumed);
    }

    @Test
    void kafkajsReadsEveryRecordInOrder() {
        List<String> consumed = Kafkajs.run(
                        skiff.bootstrapServers(), "consume", TOPIC, "spanning-js", String.valueOf(RECORDS))
                .linesStartingWith("record")
                .stream()
                .map(line -> line.split(" "))
                .map(parts -> parts[2] + ":" + parts[3]) // "<partition> <offset> <key> <value> <headers>"
                .toList();
        assertEquals(produced, consumed);
    }

    @Test
    void javaClientReadsEveryRecordInOrder() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        List<String> consumed = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(TOPIC, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> consumed.add(r.key() + ":" + r.value()));
                return consumed.size() >= RECORDS;
            });
        }
        assertEquals(produced, consumed);
    }
}
