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
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.FetchedPartition.FetchError;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetchServiceTest {
    private static final long LONG_WAIT_MS = 60_000;

    @TempDir
    Path dir;

    private TopicRegistry registry;
    private FetchService fetches;

    @BeforeEach
    void setUp() throws Exception {
        registry = open(dir);
        fetches = new FetchService();
    }

    @AfterEach
    void tearDown() {
        fetches.close();
        registry.close();
    }

    @Test
    void availableDataIsReturnedAtOnce() {
        Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
        p.appendRecords(batch(2), AppendOrigin.CLIENT);
        List<FetchedPartition> r = fetches.fetch(List.of(new PartitionFetch(p, 0, 1 << 20)), 1 << 20, 1, LONG_WAIT_MS)
                .join();
        assertEquals(FetchError.NONE, r.get(0).error());
        assertTrue(r.get(0).bytes() > 0);
        assertEquals(2, r.get(0).highWatermark());
        assertEquals(0, r.get(0).logStartOffset());
        r.get(0).release();
    }

    @Test
    void parkedFetchIsWokenByAnAppend() {
        Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
        CompletableFuture<List<FetchedPartition>> f =
                fetches.fetch(List.of(new PartitionFetch(p, 0, 1 << 20)), 1 << 20, 1, LONG_WAIT_MS);
        assertFalse(f.isDone());
        assertEquals(1, fetches.parkedCount());
        p.appendRecords(batch(1), AppendOrigin.CLIENT);
        await().atMost(Duration.ofSeconds(10)).until(f::isDone);
        FetchedPartition r = f.join().get(0);
        assertTrue(r.bytes() > 0);
        assertEquals(1, r.highWatermark());
        assertEquals(0, fetches.parkedCount());
        r.release();
    }

    /** The append that brings the bytes completes the fetch itself, before it returns (no hand-over of latency). */
    @Test
    void parkedFetchIsCompletedByTheAppendingThread() {
        Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
        CompletableFuture<List<FetchedPartition>> f =
                fetches.fetch(List.of(new PartitionFetch(p, 0, 1 << 20)), 1 << 20, 1, LONG_WAIT_MS);
        CompletableFuture<Thread> completedOn = f.thenApply(r -> Thread.currentThread());
        p.appendRecords(batch(1), AppendOrigin.CLIENT);
        assertTrue(f.isDone(), "completed when the append returned");
        assertEquals(Thread.currentThread(), completedOn.join());
        f.join().get(0).release();
    }

    @Test
    void parkedFetchWaitsForMinBytesThenTimesOutWithWhatThereIs() {
        Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
        CompletableFuture<List<FetchedPartition>> f =
                fetches.fetch(List.of(new PartitionFetch(p, 0, 1 << 20)), 1 << 20, 1 << 20, 200);
        p.appendRecords(batch(1), AppendOrigin.CLIENT);
        await().atMost(Duration.ofSeconds(10)).until(f::isDone);
        FetchedPartition r = f.join().get(0);
        assertTrue(r.bytes() > 0, "the timer completes the fetch with the data that arrived");
        r.release();
    }

    @Test
    void emptyPartitionTimesOutEmpty() {
        Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
        CompletableFuture<List<FetchedPartition>> f =
                fetches.fetch(List.of(new PartitionFetch(p, 0, 1 << 20)), 1 << 20, 1, 50);
        await().atMost(Duration.ofSeconds(10)).until(f::isDone);
        assertEquals(0, f.join().get(0).bytes());
        assertEquals(FetchError.NONE, f.join().get(0).error());
    }

    @Test
    void deletingTheTopicReleasesTheWaitingFetch() {
        Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
        CompletableFuture<List<FetchedPartition>> f =
                fetches.fetch(List.of(new PartitionFetch(p, 0, 1 << 20)), 1 << 20, 1, LONG_WAIT_MS);
        registry.deleteTopic("t");
        await().atMost(Duration.ofSeconds(10)).until(f::isDone);
        assertEquals(FetchError.UNKNOWN_TOPIC_OR_PARTITION, f.join().get(0).error());
    }

    @Test
    void offsetOutsideTheLogIsOutOfRange() {
        Partition p = registry.createTopic("t", 1, Map.of()).partition(0);
        List<FetchedPartition> r = fetches.fetch(List.of(new PartitionFetch(p, 5, 100)), 100, 1, LONG_WAIT_MS)
                .join();
        assertEquals(FetchError.OFFSET_OUT_OF_RANGE, r.get(0).error());
    }

    @Test
    void firstBatchIsReturnedWholeEvenAboveTheLimitsButNothingMore() {
        Topic t = registry.createTopic("t", 2, Map.of());
        // Each batch's size, taken before the append: its records' timestamp deltas make sizes differ slightly.
        ByteBuffer first = batch(50);
        ByteBuffer second = batch(50);
        ByteBuffer other = batch(50);
        int firstSize = first.remaining();
        int secondSize = second.remaining();
        int otherSize = other.remaining();
        t.partition(0).appendRecords(first, AppendOrigin.CLIENT);
        t.partition(0).appendRecords(second, AppendOrigin.CLIENT);
        t.partition(1).appendRecords(other, AppendOrigin.CLIENT);
        List<FetchedPartition> r = fetches.fetch(
                        List.of(new PartitionFetch(t.partition(0), 0, 10), new PartitionFetch(t.partition(1), 0, 10)),
                        10,
                        1,
                        0)
                .join();
        assertEquals(1, r.get(0).slices().size() == 0 ? 0 : 1);
        int oneBatch = r.get(0).bytes();
        assertEquals(firstSize, oneBatch, "one whole batch despite max 10 (KIP-74)");
        assertEquals(0, r.get(1).bytes(), "the request's byte budget is used up");
        r.forEach(FetchedPartition::release);
        List<FetchedPartition> both = fetches.fetch(
                        List.of(
                                new PartitionFetch(t.partition(0), 0, 1 << 20),
                                new PartitionFetch(t.partition(1), 0, 1 << 20)),
                        1 << 20,
                        1,
                        0)
                .join();
        assertEquals(firstSize + secondSize, both.get(0).bytes());
        assertEquals(otherSize, both.get(1).bytes());
        both.forEach(FetchedPartition::release);
    }
}
