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
package io.skiff.broker.topic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.config.ConfigException;
import io.skiff.storage.OffsetOutOfRangeException;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin helper's additions: createPartitions, alterTopicConfig, deleteRecordsBefore. */
class TopicAdminChangesTest {
    @TempDir
    Path dir;

    @Test
    void concurrentPartitionIncreasesEndAtTheLargestAndArePersisted() throws Exception {
        try (TopicRegistry registry = TopicTestSupport.open(dir)) {
            registry.createTopic("t", 1, Map.of());
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<CompletableFuture<Void>> all = new ArrayList<>();
                for (int count = 2; count <= 9; count++) {
                    int target = count;
                    all.add(CompletableFuture.runAsync(
                            () -> {
                                try {
                                    registry.createPartitions("t", target);
                                } catch (IllegalArgumentException e) {
                                    // a larger increase won the race: not an increase any more
                                }
                            },
                            pool));
                }
                CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).join();
            } finally {
                pool.shutdown();
            }
            Topic topic = registry.topic("t").orElseThrow();
            assertEquals(9, topic.partitionCount());
            for (int i = 0; i < 9; i++) {
                assertEquals(i, topic.partition(i).index());
                topic.partition(i).appendRecords(TopicTestSupport.batch(1), AppendOrigin.CLIENT);
            }
        }
        try (TopicRegistry reopened = TopicTestSupport.open(dir)) {
            Topic topic = reopened.topic("t").orElseThrow();
            assertEquals(9, topic.partitionCount());
            assertEquals(1, topic.partition(8).highWatermark());
        }
    }

    @Test
    void partitionCountMustGrow() throws Exception {
        try (TopicRegistry registry = TopicTestSupport.open(dir)) {
            registry.createTopic("t", 3, Map.of());
            assertThrows(IllegalArgumentException.class, () -> registry.createPartitions("t", 3));
            assertThrows(UnknownTopicException.class, () -> registry.createPartitions("missing", 3));
            assertEquals(3, registry.topic("t").orElseThrow().partitionCount());
        }
    }

    @Test
    void invalidConfigChangesNothing() throws Exception {
        try (TopicRegistry registry = TopicTestSupport.open(dir)) {
            registry.createTopic("t", 1, Map.of("retention.ms", "1000"));
            assertThrows(ConfigException.class, () -> registry.alterTopicConfig("t", Map.of("segment.bytes", "1")));
            assertEquals(
                    Map.of("retention.ms", "1000"),
                    registry.topic("t").orElseThrow().config().overrides());
            assertEquals(
                    1000,
                    registry.topic("t")
                            .orElseThrow()
                            .partition(0)
                            .log()
                            .config()
                            .retentionMs());
        }
        try (TopicRegistry reopened = TopicTestSupport.open(dir)) {
            assertEquals(
                    Map.of("retention.ms", "1000"),
                    reopened.topic("t").orElseThrow().config().overrides());
        }
    }

    @Test
    void deleteRecordsBeyondTheEndIsOutOfRange() throws Exception {
        try (TopicRegistry registry = TopicTestSupport.open(dir)) {
            Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
            p.appendRecords(TopicTestSupport.batch(3), AppendOrigin.CLIENT);
            assertThrows(OffsetOutOfRangeException.class, () -> p.deleteRecordsBefore(4));
            assertEquals(3, p.deleteRecordsBefore(3));
            assertEquals(3, p.logStartOffset());
        }
    }
}
