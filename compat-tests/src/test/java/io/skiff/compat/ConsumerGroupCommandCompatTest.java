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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Kafka CLI tool kafka-consumer-groups (ConsumerGroupCommand from kafka-tools 4.1.1, run in-process):
 * {@code --describe} shows the right current offset, log-end offset and lag per partition, and
 * {@code --reset-offsets --to-earliest --execute} moves the committed offsets to the start.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = GroupCompatSupport.MIN_SESSION_TIMEOUT)
class ConsumerGroupCommandCompatTest {
    private static final String TOPIC = "cli-topic";
    private static final String GROUP = "cli-group";

    /** Filled by the extension: a broker per test. */
    private SkiffServer server;

    @BeforeEach
    void start() throws Exception {
        server.createTopic(TOPIC, 2);
        GroupCompatSupport.produce(server, TOPIC, 2, "r", 100); // 50 per partition
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(GroupCompatSupport.consumerProps(server, GROUP, RangeAssignor.class.getName()))) {
            consumer.subscribe(List.of(TOPIC));
            int[] seen = {0};
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                seen[0] += consumer.poll(Duration.ofMillis(100)).count();
                return seen[0] >= 100;
            });
            consumer.commitSync(Map.of(
                    new TopicPartition(TOPIC, 0),
                    new OffsetAndMetadata(30),
                    new TopicPartition(TOPIC, 1),
                    new OffsetAndMetadata(40)));
        }
    }

    @Test
    void describeShowsLag() throws Exception {
        String out = runTool("--bootstrap-server", server.bootstrapServers(), "--describe", "--group", GROUP);
        Map<Integer, long[]> rows = new HashMap<>();
        for (String line : out.split("\n")) {
            String[] cols = line.trim().split("\\s+");
            if (cols.length >= 6 && cols[0].equals(GROUP) && cols[1].equals(TOPIC)) {
                rows.put(
                        Integer.parseInt(cols[2]),
                        new long[] {Long.parseLong(cols[3]), Long.parseLong(cols[4]), Long.parseLong(cols[5])});
            }
        }
        assertEquals(2, rows.size(), () -> "one row per partition in:\n" + out);
        assertEquals(List.of(30L, 50L, 20L), List.of(rows.get(0)[0], rows.get(0)[1], rows.get(0)[2]), out);
        assertEquals(List.of(40L, 50L, 10L), List.of(rows.get(1)[0], rows.get(1)[1], rows.get(1)[2]), out);
    }

    @Test
    void resetOffsetsToEarliest() throws Exception {
        String out = runTool(
                "--bootstrap-server",
                server.bootstrapServers(),
                "--reset-offsets",
                "--to-earliest",
                "--execute",
                "--group",
                GROUP,
                "--topic",
                TOPIC);
        assertTrue(out.contains(GROUP), out);
        try (Admin admin = GroupCompatSupport.admin(server)) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(GROUP)
                    .partitionsToOffsetAndMetadata()
                    .get();
            assertEquals(0L, offsets.get(new TopicPartition(TOPIC, 0)).offset());
            assertEquals(0L, offsets.get(new TopicPartition(TOPIC, 1)).offset());
        }
        String described = runTool("--bootstrap-server", server.bootstrapServers(), "--describe", "--group", GROUP);
        assertTrue(
                described
                        .lines()
                        .anyMatch(l -> l.trim().split("\\s+").length >= 6
                                && l.trim().split("\\s+")[5].equals("50")),
                "lag is now the whole partition:\n" + described);
    }

    private static String runTool(String... args) throws Exception {
        return GroupCompatSupport.runConsumerGroupCommand(args);
    }
}
