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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Committed offsets are durable: after a broker restart on the same data directory the group is back
 * (Empty) with its offsets and metadata, and a consumer of the group resumes exactly at them.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = GroupCompatSupport.MIN_SESSION_TIMEOUT)
class GroupOffsetsRestartCompatTest {
    private static final String TOPIC = "durable";
    private static final String GROUP = "durable-group";
    private static final int PARTITIONS = 3;
    private static final int PER_PARTITION = 30;
    private static final int COMMITTED = 20;

    /** Filled by the extension, and again with the new server after the restart. */
    private SkiffServer server;

    @Test
    void committedOffsetsSurviveRestartAndConsumerResumesThere(SkiffBroker broker) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            commit.put(new TopicPartition(TOPIC, p), new OffsetAndMetadata(COMMITTED, "note-" + p));
        }
        server.createTopic(TOPIC, PARTITIONS);
        GroupCompatSupport.produce(server, TOPIC, PARTITIONS, "r", PARTITIONS * PER_PARTITION);
        try (KafkaConsumer<String, String> consumer = consumer(server)) {
            consumer.subscribe(List.of(TOPIC));
            int[] seen = {0};
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                seen[0] += consumer.poll(Duration.ofMillis(100)).count();
                return seen[0] >= PARTITIONS * PER_PARTITION;
            });
            consumer.commitSync(commit);
        }

        broker.restart(); // the same data directory and port
        try (Admin admin = GroupCompatSupport.admin(server)) {
            Map<TopicPartition, OffsetAndMetadata> stored = admin.listConsumerGroupOffsets(GROUP)
                    .partitionsToOffsetAndMetadata()
                    .get();
            assertEquals(PARTITIONS, stored.size());
            commit.forEach((tp, om) -> {
                assertEquals(COMMITTED, stored.get(tp).offset(), tp.toString());
                assertEquals(om.metadata(), stored.get(tp).metadata(), tp.toString());
            });
            assertEquals(
                    GroupState.EMPTY,
                    admin.describeConsumerGroups(List.of(GROUP))
                            .describedGroups()
                            .get(GROUP)
                            .get()
                            .groupState());

            Map<Integer, Long> firstOffset = new HashMap<>();
            int[] count = {0};
            try (KafkaConsumer<String, String> consumer = consumer(server)) {
                consumer.subscribe(List.of(TOPIC));
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                        firstOffset.putIfAbsent(r.partition(), r.offset());
                        count[0]++;
                    }
                    return count[0] >= PARTITIONS * (PER_PARTITION - COMMITTED);
                });
                consumer.poll(Duration.ofMillis(200)).forEach(r -> count[0]++);
            }
            for (int p = 0; p < PARTITIONS; p++) {
                assertEquals(COMMITTED, firstOffset.get(p), "partition " + p + " resumes at its committed offset");
            }
            assertEquals(PARTITIONS * (PER_PARTITION - COMMITTED), count[0], "nothing before the commit re-read");
        }
    }

    private static KafkaConsumer<String, String> consumer(SkiffServer server) {
        Properties p = GroupCompatSupport.consumerProps(server, GROUP, RangeAssignor.class.getName());
        return new KafkaConsumer<>(p);
    }
}
