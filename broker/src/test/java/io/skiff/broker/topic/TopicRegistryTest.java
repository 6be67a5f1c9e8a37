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

import static io.skiff.broker.topic.TopicTestSupport.batch;
import static io.skiff.broker.topic.TopicTestSupport.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.config.ConfigException;
import io.skiff.config.MessageTimestampType;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopicRegistryTest {
    @TempDir
    Path dir;

    @Test
    void createdTopicIsFoundByNameAndIdAndWrittenInKafkasLayout() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Topic t = registry.createTopic("orders", 3, Map.of("retention.ms", "1000"));
            assertSame(t, registry.topic("orders").orElseThrow());
            assertSame(t, registry.topic(t.id()).orElseThrow());
            assertEquals(3, t.partitionCount());
            assertEquals(1000L, t.config().retentionMs());
            assertFalse(t.isInternal());
            for (int p = 0; p < 3; p++) {
                String meta = Files.readString(dir.resolve("orders-" + p).resolve("partition.metadata"));
                assertEquals("version: 0\ntopic_id: " + TopicIds.toBase64(t.id()) + "\n", meta);
            }
            assertTrue(Files.exists(dir.resolve("topics").resolve("orders.properties")));
        }
    }

    @Test
    void topicsSurviveARestartWithIdsConfigsAndData() throws Exception {
        UUID id;
        try (TopicRegistry registry = open(dir)) {
            Topic t = registry.createTopic("events", 2, Map.of("message.timestamp.type", "LogAppendTime"));
            id = t.id();
            t.partition(1).appendRecords(batch(3), AppendOrigin.CLIENT);
        }
        try (TopicRegistry registry = open(dir)) {
            assertEquals(1, registry.recoveredTopicCount());
            Topic t = registry.topic("events").orElseThrow();
            assertEquals(id, t.id());
            assertEquals(2, t.partitionCount());
            assertEquals(MessageTimestampType.LOG_APPEND_TIME, t.config().messageTimestampType());
            assertEquals(3, t.partition(1).highWatermark());
            assertEquals(0, t.partition(0).highWatermark());
        }
    }

    @Test
    void namesOfKafkasMaximumLengthAreCreatedRecoveredAndDeleted() throws Exception {
        // 249 characters, as Kafka accepts: too long for "<name>.properties.tmp" in a 255-byte file name
        String longest = "x".repeat(248) + "1";
        String sibling = "x".repeat(248) + "2"; // same file name prefix, another hash
        UUID id;
        try (TopicRegistry registry = open(dir)) {
            id = registry.createTopic(longest, 2, Map.of("retention.ms", "1000"))
                    .id();
            registry.createTopic(sibling, 1, Map.of());
        }
        try (TopicRegistry registry = open(dir)) {
            assertEquals(2, registry.recoveredTopicCount());
            Topic t = registry.topic(longest).orElseThrow();
            assertEquals(id, t.id());
            assertEquals(2, t.partitionCount());
            assertEquals(1000L, t.config().retentionMs());
            registry.deleteTopic(longest);
        }
        try (TopicRegistry registry = open(dir)) {
            assertEquals(
                    List.of(sibling),
                    registry.topics().stream().map(Topic::name).toList());
        }
    }

    @Test
    void rejectsExistingInvalidAndCollidingNamesAndBadConfigs() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            registry.createTopic("a.b", 1, Map.of());
            assertEquals(
                    "Topic 'a.b' already exists.",
                    assertThrows(TopicExistsException.class, () -> registry.createTopic("a.b", 1, Map.of()))
                            .getMessage());
            assertEquals(
                    "Topic 'a_b' collides with existing topic: a.b",
                    assertThrows(InvalidTopicException.class, () -> registry.createTopic("a_b", 1, Map.of()))
                            .getMessage());
            assertThrows(InvalidTopicException.class, () -> registry.createTopic("bad name", 1, Map.of()));
            assertThrows(ConfigException.class, () -> registry.createTopic("c", 1, Map.of("retention.ms", "soon")));
            assertThrows(ConfigException.class, () -> registry.createTopic("d", 1, Map.of("no.such.key", "1")));
            assertThrows(IllegalArgumentException.class, () -> registry.createTopic("e", 0, Map.of()));
            assertEquals(
                    Set.of("a.b"), registry.topics().stream().map(Topic::name).collect(Collectors.toSet()));
            assertFalse(Files.exists(dir.resolve("c-0")), "a failed creation leaves no files");
        }
    }

    @Test
    void validationCreatesNothing() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            registry.validateNewTopic("v", 4, Map.of("cleanup.policy", "compact"));
            assertTrue(registry.topic("v").isEmpty());
            assertFalse(Files.exists(dir.resolve("v-0")));
        }
    }

    @Test
    void concurrentCreatesOfOneNameHaveOneWinner() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Topic>> creates = new ArrayList<>();
                List<Future<Topic>> getOrCreates = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    creates.add(pool.submit(waitThen(start, () -> registry.createTopic("race", 2, Map.of()))));
                    getOrCreates.add(pool.submit(waitThen(start, () -> registry.getOrCreateTopic("race"))));
                }
                start.countDown();
                int winners = 0;
                for (Future<Topic> f : creates) {
                    try {
                        f.get();
                        winners++;
                    } catch (java.util.concurrent.ExecutionException e) {
                        assertTrue(
                                e.getCause() instanceof TopicExistsException,
                                e.getCause().toString());
                    }
                }
                Topic topic = getOrCreates.get(0).get();
                assertSame(topic, registry.topic("race").orElseThrow());
                for (Future<Topic> f : getOrCreates) {
                    assertSame(topic, f.get());
                }
                assertTrue(winners <= 1, "at most one explicit create wins, got " + winners);
                assertEquals(1, registry.topics().size());
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static <T> Callable<T> waitThen(CountDownLatch latch, Callable<T> action) {
        return () -> {
            latch.await();
            return action.call();
        };
    }

    @Test
    void deleteRemovesFilesAndTheNameCanBeReused() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Topic old = registry.createTopic("gone", 2, Map.of());
            old.partition(0).appendRecords(batch(1), AppendOrigin.CLIENT);
            registry.deleteTopic("gone");
            assertTrue(registry.topic("gone").isEmpty());
            assertTrue(registry.topic(old.id()).isEmpty());
            assertFalse(Files.exists(dir.resolve("gone-0")));
            assertFalse(Files.exists(dir.resolve("gone-1")));
            assertFalse(Files.exists(dir.resolve("topics").resolve("gone.properties")));
            assertThrows(
                    UnknownTopicException.class, () -> old.partition(0).appendRecords(batch(1), AppendOrigin.CLIENT));
            assertThrows(UnknownTopicException.class, () -> registry.deleteTopic("gone"));
            Topic fresh = registry.createTopic("gone", 1, Map.of());
            assertEquals(0, fresh.partition(0).highWatermark());
        }
        try (TopicRegistry registry = open(dir)) {
            assertEquals(1, registry.topic("gone").orElseThrow().partitionCount());
        }
    }

    @Test
    void internalTopicsAreMarkedAndCreatedOnce() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            Topic offsets =
                    registry.getOrCreateInternalTopic("__consumer_offsets", 5, Map.of("cleanup.policy", "compact"));
            assertTrue(offsets.isInternal());
            assertSame(offsets, registry.getOrCreateInternalTopic("__consumer_offsets", 5, Map.of()));
        }
        try (TopicRegistry registry = open(dir)) {
            Topic offsets = registry.topic("__consumer_offsets").orElseThrow();
            assertTrue(offsets.isInternal());
            assertEquals(5, offsets.partitionCount());
        }
    }

    @Test
    void autoCreationUsesBrokerDefaults() throws Exception {
        try (TopicRegistry registry = open(dir, "num.partitions", "4")) {
            assertEquals(4, registry.getOrCreateTopic("auto").partitionCount());
            assertThrows(InvalidTopicException.class, () -> registry.getOrCreateTopic("no/slash"));
        }
    }

    @Test
    void tornPartitionMetadataIsRewrittenFromTheTopicProperties() throws Exception {
        UUID id;
        try (TopicRegistry registry = open(dir)) {
            id = registry.createTopic("x", 1, Map.of()).id();
        }
        Path meta = dir.resolve("x-0").resolve("partition.metadata");
        Files.writeString(meta, "version: 0\ntopic_id: AAA");
        try (TopicRegistry registry = open(dir)) {
            assertEquals(id, registry.topic("x").orElseThrow().id());
        }
        assertEquals("version: 0\ntopic_id: " + TopicIds.toBase64(id) + "\n", Files.readString(meta));
        Files.writeString(meta, "");
        try (TopicRegistry registry = open(dir)) {
            assertEquals(id, registry.topic("x").orElseThrow().id());
        }
        assertEquals("version: 0\ntopic_id: " + TopicIds.toBase64(id) + "\n", Files.readString(meta));
    }

    @Test
    void mismatchedPartitionMetadataStopsStartup() throws Exception {
        try (TopicRegistry registry = open(dir)) {
            registry.createTopic("x", 1, Map.of());
        }
        Files.writeString(
                dir.resolve("x-0").resolve("partition.metadata"),
                "version: 0\ntopic_id: " + TopicIds.toBase64(TopicIds.random()) + "\n");
        Exception e = assertThrows(java.io.IOException.class, () -> open(dir));
        assertTrue(e.getMessage().contains("belongs to topic id"), e.getMessage());
    }

    @Test
    void aLargeTopicIsPublishedBeforeItsLogsAndOpensThemInTheBackgroundOrOnFirstUse() throws Exception {
        int count = TopicBuilder.LATE_OPEN_FROM;
        UUID id;
        try (TopicRegistry registry = open(dir)) {
            Topic t = registry.createTopic("wide", count, Map.of());
            id = t.id();
            assertEquals(count, t.partitionCount());
            // First use opens a log at once, wherever the background opening is.
            t.partition(count - 1).appendRecords(batch(1), AppendOrigin.CLIENT);
            assertEquals(1, t.partition(count - 1).highWatermark());
            String expected = "version: 0\ntopic_id: " + TopicIds.toBase64(id) + "\n";
            org.awaitility.Awaitility.await().untilAsserted(() -> {
                for (int p = 0; p < count; p++) {
                    Path meta = dir.resolve("wide-" + p).resolve("partition.metadata");
                    assertTrue(Files.exists(meta), meta.toString());
                    assertEquals(expected, Files.readString(meta));
                    assertTrue(Files.exists(dir.resolve("wide-" + p).resolve("00000000000000000000.log")));
                }
            });
            registry.createPartitions("wide", count * 2);
            t.partition(count * 2 - 1).appendRecords(batch(1), AppendOrigin.CLIENT);
            org.awaitility.Awaitility.await()
                    .until(() -> Files.exists(dir.resolve("wide-" + count).resolve("partition.metadata")));
        }
        try (TopicRegistry registry = open(dir)) {
            Topic t = registry.topic("wide").orElseThrow();
            assertEquals(id, t.id());
            assertEquals(count * 2, t.partitionCount());
            assertEquals(1, t.partition(count - 1).highWatermark());
            assertEquals(1, t.partition(count * 2 - 1).highWatermark());
        }
    }

    @Test
    void aLargeTopicWhosePartitionDirectoriesACrashPreventedGetsThemAtTheNextStart() throws Exception {
        int count = TopicBuilder.LATE_OPEN_FROM;
        UUID id;
        try (TopicRegistry registry = open(dir)) {
            id = registry.createTopic("wide", count, Map.of()).id();
        }
        // As if the broker had stopped right after the topic's properties file was written.
        for (int p = 0; p < count; p += 7) {
            TopicMetadataStore.deleteRecursively(dir.resolve("wide-" + p));
        }
        try (TopicRegistry registry = open(dir)) {
            Topic t = registry.topic("wide").orElseThrow();
            assertEquals(id, t.id());
            t.partition(7).appendRecords(batch(1), AppendOrigin.CLIENT);
            assertEquals(1, t.partition(7).highWatermark());
            // The others are created by the background opening (a directory this large opens its logs late).
            Path missing = dir.resolve("wide-14").resolve("partition.metadata");
            // The file is written in place (not forced, rewritten at a start that finds it torn): wait for its text.
            String expected = "version: 0\ntopic_id: " + TopicIds.toBase64(id) + "\n";
            org.awaitility.Awaitility.await()
                    .until(() -> Files.exists(missing) && expected.equals(Files.readString(missing)));
        }
    }

    @Test
    void aLargeTopicReplacesWhatAnUnfinishedDeletionLeftBeforeItExists() throws Exception {
        int count = TopicBuilder.LATE_OPEN_FROM;
        Path stale = dir.resolve("wide-3");
        Files.createDirectories(stale);
        Files.writeString(
                stale.resolve("partition.metadata"), "version: 0\ntopic_id: " + TopicIds.toBase64(TopicIds.random()));
        Files.writeString(stale.resolve("00000000000000000000.log"), "junk");
        try (TopicRegistry registry = open(dir)) {
            registry.createTopic("wide", count, Map.of());
        }
        try (TopicRegistry registry = open(dir)) {
            assertEquals(0, registry.topic("wide").orElseThrow().partition(3).highWatermark());
        }
    }

    @Test
    void aLargeDataDirectoryStartsWithItsLogsUnopenedAndOpensThemInTheBackgroundKeepingTheirData() throws Exception {
        int half = TopicBuilder.LATE_OPEN_FROM / 2; // two topics each small enough to be opened at creation
        try (TopicRegistry registry = open(dir)) {
            for (String name : List.of("left", "right")) {
                Topic t = registry.createTopic(name, half, Map.of());
                for (int p = 0; p < half; p += 5) {
                    t.partition(p).appendRecords(batch(p % 3 + 1), AppendOrigin.CLIENT);
                }
            }
        }
        for (int round = 0; round < 2; round++) {
            try (TopicRegistry registry = open(dir)) {
                for (String name : List.of("left", "right")) {
                    Topic t = registry.topic(name).orElseThrow();
                    assertEquals(half, t.partitionCount());
                    for (int p = 0; p < half; p += 5) {
                        assertEquals(p % 3 + 1, t.partition(p).highWatermark(), name + "-" + p);
                    }
                }
                // Every log is opened in the background: opening one removes its clean-shutdown marker.
                org.awaitility.Awaitility.await().untilAsserted(() -> {
                    for (String name : List.of("left", "right")) {
                        for (int p = 0; p < half; p++) {
                            Path marker = dir.resolve(name + "-" + p).resolve(".skiff-clean-shutdown");
                            assertFalse(Files.exists(marker), marker.toString());
                        }
                    }
                });
                registry.topic("right").orElseThrow().partition(1).appendRecords(batch(1), AppendOrigin.CLIENT);
            }
        }
        try (TopicRegistry registry = open(dir)) {
            assertEquals(2, registry.topic("right").orElseThrow().partition(1).highWatermark());
        }
    }

    @Test
    void inALargeDataDirectoryAPartitionThatCannotBeOpenedFailsAloneWhenUsed() throws Exception {
        int half = TopicBuilder.LATE_OPEN_FROM / 2;
        try (TopicRegistry registry = open(dir)) {
            registry.createTopic("left", half, Map.of());
            registry.createTopic("right", half, Map.of());
        }
        Files.writeString(
                dir.resolve("right-3").resolve("partition.metadata"),
                "version: 0\ntopic_id: " + TopicIds.toBase64(TopicIds.random()) + "\n");
        try (TopicRegistry registry = open(dir)) { // a small directory would refuse to start (test above)
            Partition bad = registry.topic("right").orElseThrow().partition(3);
            Exception e = assertThrows(
                    io.skiff.storage.StorageException.class, () -> bad.appendRecords(batch(1), AppendOrigin.CLIENT));
            assertTrue(e.getMessage().contains("belongs to topic id"), e.getMessage());
            Partition good = registry.topic("left").orElseThrow().partition(3);
            good.appendRecords(batch(1), AppendOrigin.CLIENT);
            assertEquals(1, good.highWatermark());
        }
    }

    @Test
    void aLargeTopicDeletedAtOnceLeavesNoPartitionDirectory() throws Exception {
        int count = TopicBuilder.LATE_OPEN_FROM * 2;
        try (TopicRegistry registry = open(dir)) {
            registry.createTopic("brief", count, Map.of());
            registry.deleteTopic("brief");
        }
        for (int p = 0; p < count; p++) {
            assertFalse(Files.exists(dir.resolve("brief-" + p)), "brief-" + p);
        }
    }
}
