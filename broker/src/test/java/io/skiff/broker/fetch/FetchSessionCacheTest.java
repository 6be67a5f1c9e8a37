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
package io.skiff.broker.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.diagnostics.FetchSessionView;
import io.skiff.protocol.message.FetchRequest;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Kafka's eviction rules of {@code FetchSessionCacheShard}, with explicit times. */
class FetchSessionCacheTest {
    private static final long EVICTION = 1_000;

    private static int create(FetchSessionCache cache, long now, boolean privileged, int size) {
        return cache.maybeCreateSession(now, privileged, size, false, () -> partitions(size));
    }

    private static LinkedHashMap<FetchPartitionKey, CachedPartition> partitions(int size) {
        LinkedHashMap<FetchPartitionKey, CachedPartition> map = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            FetchPartitionKey key = FetchPartitionKey.byName("t", i);
            map.put(key, new CachedPartition(key, new FetchRequest.FetchPartition().setPartition(i)));
        }
        return map;
    }

    @Test
    void viewsCopyTheSessionsMostRecentlyUsedFirst() {
        FetchSessionCache cache = new FetchSessionCache(10, EVICTION);
        int older = create(cache, 5, false, 1);
        int newer = create(cache, 7, true, 2);
        List<FetchSessionView> views = cache.views(3);
        assertEquals(List.of(newer, older), views.stream().map(v -> v.id()).toList());
        assertEquals(new FetchSessionView(3, newer, 1, true, false, 7, 7, List.of("t-0", "t-1")), views.get(0));
    }

    @Test
    void sessionIdsArePositiveAndUnique() {
        FetchSessionCache cache = new FetchSessionCache(500, EVICTION);
        Set<Integer> ids = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            int id = create(cache, 0, false, 1);
            assertTrue(id > 0, "id " + id);
            assertTrue(ids.add(id), "duplicate id " + id);
        }
        assertEquals(500, cache.size());
        assertEquals(500, cache.totalPartitions());
    }

    @Test
    void aFullCacheOfYoungSessionsCreatesNoSession() {
        FetchSessionCache cache = new FetchSessionCache(2, EVICTION);
        assertNotEquals(0, create(cache, 0, false, 1));
        assertNotEquals(0, create(cache, 0, false, 1));
        // Young sessions (created within the eviction time) may not be evicted by consumers, even by a bigger one.
        assertEquals(0, create(cache, 10, false, 100));
        assertEquals(2, cache.size());
        assertEquals(0, cache.evictions());
    }

    @Test
    void noSlotsMeansNoSessions() {
        FetchSessionCache cache = new FetchSessionCache(0, EVICTION);
        assertEquals(0, create(cache, 0, false, 5));
        assertEquals(0, create(cache, EVICTION * 10, true, 5));
        assertEquals(0, cache.size());
    }

    @Test
    void theLeastRecentlyUsedSessionIsEvictedOnceStale() {
        FetchSessionCache cache = new FetchSessionCache(2, EVICTION);
        int a = create(cache, 0, false, 10);
        int b = create(cache, 500, false, 10);
        FetchSession sessionA = cache.get(a).orElseThrow();
        cache.touch(sessionA, 600); // a is now used more recently than b
        // At 1501 b has been unused for more than the eviction time: even a smaller newcomer takes its place.
        int c = create(cache, 1_501, false, 1);
        assertNotEquals(0, c);
        assertTrue(cache.get(a).isPresent());
        assertFalse(cache.get(b).isPresent(), "b was the least recently used and stale");
        assertEquals(1, cache.evictions());
        assertEquals(11, cache.totalPartitions());
    }

    @Test
    void aBiggerNewcomerEvictsTheSmallestOldSession() {
        FetchSessionCache cache = new FetchSessionCache(3, EVICTION);
        int small = create(cache, 0, false, 2);
        int medium = create(cache, 0, false, 5);
        int large = create(cache, 0, false, 9);
        // All three keep being used (not stale) but are older than the eviction time.
        for (int id : new int[] {small, medium, large}) {
            cache.touch(cache.get(id).orElseThrow(), 1_500);
        }
        // Not more partitions than the smallest (2): refused, the tie goes to the existing session.
        assertEquals(0, create(cache, 1_600, false, 2));
        int newcomer = create(cache, 1_600, false, 3);
        assertNotEquals(0, newcomer);
        assertFalse(cache.get(small).isPresent());
        assertTrue(cache.get(medium).isPresent());
        assertTrue(cache.get(large).isPresent());
        assertEquals(5 + 9 + 3, cache.totalPartitions());
    }

    @Test
    void aPrivilegedNewcomerMayEvictAYoungConsumerSession() {
        FetchSessionCache cache = new FetchSessionCache(1, EVICTION);
        int consumer = create(cache, 0, false, 50);
        assertEquals(0, create(cache, 10, false, 100), "a consumer cannot evict a young session");
        int follower = create(cache, 10, true, 1);
        assertNotEquals(0, follower);
        assertFalse(cache.get(consumer).isPresent());
        // A young privileged session is safe from everyone, even another follower.
        assertEquals(0, create(cache, 20, true, 100));
        assertEquals(0, create(cache, 20, false, 100));
    }

    @Test
    void removeForgetsTheSessionAndItsPartitions() {
        FetchSessionCache cache = new FetchSessionCache(10, EVICTION);
        int a = create(cache, 0, false, 4);
        int b = create(cache, 0, false, 6);
        assertTrue(cache.remove(a));
        assertFalse(cache.remove(a));
        assertFalse(cache.get(a).isPresent());
        assertEquals(1, cache.size());
        assertEquals(6, cache.totalPartitions());
        assertTrue(cache.remove(b));
        assertEquals(0, cache.totalPartitions());
    }
}
