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
package io.skiff.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrentReadWriteTest {
    @TempDir
    Path dir;

    @Test
    void readersDuringAppendsOnlySeeWholeValidBatches() throws Exception {
        MutableClock clock = new MutableClock(1_700_000_000_000L);
        Log log = Log.open(
                dir.resolve("c-0"),
                LogConfig.builder()
                        .segmentBytes(64 * 1024)
                        .indexIntervalBytes(1024)
                        .build(),
                clock,
                null);
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong batchesChecked = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<?> writer = pool.submit(() -> {
                for (int i = 0; i < 3000; i++) {
                    int records = 1 + i % 7;
                    log.append(TestBatches.sized(clock.millis(), records, 10 + (i * 37) % 500));
                }
                done.set(true);
                return null;
            });
            List<Future<?>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                readers.add(pool.submit(() -> {
                    ThreadLocalRandom rnd = ThreadLocalRandom.current();
                    while (!done.get() || batchesChecked.get() == 0) {
                        long end = log.logEndOffset();
                        if (end == 0) {
                            continue;
                        }
                        long from = rnd.nextLong(end);
                        LogReadResult res = log.read(from, rnd.nextInt(1, 200_000), true);
                        ByteBuffer all = LogFixture.readAll(res);
                        assertEquals(res.totalBytes(), all.remaining());
                        long expectedBase = -1;
                        for (ByteBuffer b : TestBatches.split(all)) {
                            LogAppendReadTest.assertCrcValid(b);
                            long base = TestBatches.baseOffset(b);
                            if (expectedBase >= 0) {
                                assertEquals(expectedBase, base, "batches are contiguous");
                            } else {
                                assertTrue(base <= from, "first batch holds the requested offset");
                            }
                            expectedBase = base + TestBatches.recordCount(b);
                            assertEquals(
                                    TestBatches.recordCount(b),
                                    TestBatches.values(b).size());
                            batchesChecked.incrementAndGet();
                        }
                        assertTrue(expectedBase > from, "read returned the requested offset");
                    }
                    return null;
                }));
            }
            writer.get(2, TimeUnit.MINUTES);
            for (Future<?> f : readers) {
                f.get(2, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
            log.close();
        }
        assertTrue(batchesChecked.get() > 0);
    }
}
