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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PartitionOpenerTest {
    @Test
    void opensEveryIndexOnceAndReturnsThemInOrder() throws Exception {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        try (PartitionOpener opener = new PartitionOpener()) {
            List<Integer> opened = opener.openAll(
                    5,
                    505,
                    i -> {
                        threads.add(Thread.currentThread().getName());
                        return i;
                    },
                    i -> {
                        throw new AssertionError("nothing to undo");
                    });
            assertEquals(IntStream.range(5, 505).boxed().toList(), opened);
        }
        assertTrue(threads.stream().allMatch(t -> t.startsWith("skiff-partition-open-")), threads.toString());
    }

    @Test
    void smallRangesOpenOnTheCallersThread() throws Exception {
        String caller = Thread.currentThread().getName();
        try (PartitionOpener opener = new PartitionOpener()) {
            List<String> threads = opener.openAll(
                    0,
                    PartitionOpener.PARALLEL_FROM - 1,
                    i -> Thread.currentThread().getName(),
                    t -> {});
            assertEquals(PartitionOpener.PARALLEL_FROM - 1, threads.size());
            assertTrue(threads.stream().allMatch(caller::equals), threads.toString());
        }
    }

    @Test
    void aFailureUndoesEveryOtherOpenAndThrowsTheLowestIndexFailure() {
        Set<Integer> undone = ConcurrentHashMap.newKeySet();
        IOException first = new IOException("disk full at 37");
        try (PartitionOpener opener = new PartitionOpener()) {
            IOException thrown = assertThrows(
                    IOException.class,
                    () -> opener.openAll(
                            0,
                            100,
                            i -> {
                                if (i == 37) {
                                    throw first;
                                }
                                if (i == 80) {
                                    throw new IOException("disk full at 80");
                                }
                                return i;
                            },
                            undone::add));
            assertSame(first, thrown);
        }
        Set<Integer> expected =
                IntStream.range(0, 100).filter(i -> i != 37 && i != 80).boxed().collect(Collectors.toSet());
        assertEquals(expected, undone);
    }

    @Test
    void aRuntimeFailureOnTheCallersThreadUndoesWhatWasOpened() {
        Set<Integer> undone = ConcurrentHashMap.newKeySet();
        try (PartitionOpener opener = new PartitionOpener()) {
            assertThrows(
                    IllegalStateException.class,
                    () -> opener.openAll(
                            0,
                            3,
                            i -> {
                                if (i == 2) {
                                    throw new IllegalStateException("bad");
                                }
                                return i;
                            },
                            undone::add));
        }
        assertEquals(Set.of(0, 1), undone);
    }

    @Test
    void backgroundWorkReachesEveryItemAndNoneRunsAfterClose() throws Exception {
        Set<Integer> done = ConcurrentHashMap.newKeySet();
        PartitionOpener opener = new PartitionOpener();
        opener.inBackground(IntStream.range(0, 50).boxed().toList(), done::add);
        opener.close();
        opener.inBackground(List.of(99), done::add);
        org.awaitility.Awaitility.await().until(() -> done.size() == 50);
        assertEquals(IntStream.range(0, 50).boxed().collect(Collectors.toSet()), done);
    }
}
