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
package io.skiff.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

@Skiff(topics = {@SkiffTopic(name = "tasks"), @SkiffTopic(name = "jobs", partitions = 2)})
class ShareGroupKitTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    SkiffKit kit;

    @Test
    void consumesAcknowledgesAndReportsTheLagOfAShareGroup() {
        for (int i = 0; i < 10; i++) {
            kit.send("tasks", "k", "task-" + i);
        }
        ShareGroupKit shares = kit.shareGroups();
        shares.readFromEarliest("workers");

        List<ConsumerRecord<String, String>> first = shares.consumeAndAcknowledge("workers", "tasks", 6, TIMEOUT);
        assertEquals(values(0, 6), first.stream().map(ConsumerRecord::value).toList());
        // The records delivered beyond the six were released, so four are still to be acknowledged.
        assertEquals(Map.of(new TopicPartition("tasks", 0), 4L), shares.lag("workers"));

        List<ConsumerRecord<String, String>> rest = shares.consumeAndAcknowledge("workers", "tasks", 4, TIMEOUT);
        assertEquals(
                Set.copyOf(values(6, 10)),
                rest.stream().map(ConsumerRecord::value).collect(Collectors.toSet()));
        shares.awaitZeroLag("workers", TIMEOUT);
        assertEquals(Map.of(new TopicPartition("tasks", 0), 0L), shares.lag("workers"));
    }

    @Test
    void waitsForAStableShareGroupAndReturnsItsAssignment() throws Exception {
        ShareGroupKit shares = kit.shareGroups();
        assertEquals(Map.of(), shares.lag("never-seen"));
        AtomicBoolean running = new AtomicBoolean(true);
        CompletableFuture<Void> polling = CompletableFuture.runAsync(() -> {
            try (KafkaShareConsumer<String, String> consumer = shares.newConsumer("auditors")) {
                consumer.subscribe(List.of("jobs"));
                while (running.get()) {
                    consumer.poll(Duration.ofMillis(50));
                }
            }
        });
        try {
            Map<String, Set<TopicPartition>> assignment = shares.awaitStable("auditors", 1, TIMEOUT);
            assertEquals(1, assignment.size());
            assertEquals(
                    Set.of(new TopicPartition("jobs", 0), new TopicPartition("jobs", 1)),
                    assignment.values().iterator().next());
            AssertionError twoMembers =
                    assertThrows(AssertionError.class, () -> shares.awaitStable("auditors", 2, Duration.ofMillis(300)));
            assertTrue(twoMembers.getMessage().contains("Stable with 1"), twoMembers.getMessage());
        } finally {
            running.set(false);
            polling.get();
        }
    }

    @Test
    void saysHowManyRecordsCameWhenTooFewDo() {
        kit.send("jobs", "k", "only-one");
        ShareGroupKit shares = kit.shareGroups();
        shares.readFromEarliest("short");
        AssertionError tooFew = assertThrows(
                AssertionError.class, () -> shares.consumeAndAcknowledge("short", "jobs", 2, Duration.ofSeconds(3)));
        assertTrue(tooFew.getMessage().contains("read 1 of 2 records of jobs"), tooFew.getMessage());
    }

    private static List<String> values(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> "task-" + i).toList();
    }
}
