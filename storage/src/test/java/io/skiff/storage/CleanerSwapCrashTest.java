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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.storage.CompactedLogs.Entry;
import io.skiff.testsupport.MutableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Kills the cleaner after each step of a segment swap (a hook throws there, then the log's handles are dropped
 * without a clean close, as a kill -9 would) and reopens: the log is valid, nothing live is lost, every record read
 * is one that was written at its offset, and each key's latest value is the one last written. A cleaning after the
 * reopen finishes the job.
 */
class CleanerSwapCrashTest {
    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(1_700_000_000_000L);

    @ParameterizedTest
    @EnumSource(SegmentSwap.Step.class)
    void aCrashAtAnyStepOfASwapLosesNothingLive(SegmentSwap.Step crashAfter) throws IOException {
        Path dir = tmp.resolve("t-0");
        LogConfig config = LogConfig.builder()
                .compact(true)
                .keysRequired(true)
                .segmentBytes(2000)
                .build();
        Log log = Log.open(dir, config, clock, null);
        for (int i = 0; i < 300; i++) {
            String key = "k" + (i % 17);
            log.append(LogCleanerTest.keyed(clock.millis(), key, i % 41 == 40 ? null : "v" + i));
        }
        List<Entry> written = CompactedLogs.records(log);
        Map<String, String> latest = CompactedLogs.latest(written);
        long end = log.logEndOffset();

        LogCleaner cleaner =
                LogCleaner.start(new CleanerConfig(false, 1, 1 << 20, 0.9, Double.MAX_VALUE, 0), tmp, clock, List::of);
        cleaner.stepListener(step -> {
            if (step == crashAfter) {
                throw new IOException("simulated crash after " + step);
            }
        });
        assertThrows(RuntimeException.class, () -> cleaner.compactNow(log));
        // Committed but unfinished: no further cleaning of this log until it is opened again.
        assertEquals(crashAfter.compareTo(SegmentSwap.Step.COMMITTED) >= 0, log.swapIncomplete());
        if (log.swapIncomplete()) {
            assertThrows(StorageException.class, () -> cleaner.compactNow(log));
        }
        cleaner.close();
        log.closeUncleanly();

        Log reopened = Log.open(dir, config, clock, null);
        try {
            assertEquals(end, reopened.logEndOffset());
            assertEquals(0, reopened.logStartOffset());
            List<Entry> read = CompactedLogs.records(reopened);
            assertTrue(written.containsAll(read), "only records written, at their offsets: " + read);
            LogCleanerTest.assertIncreasing(read);
            assertEquals(latest, CompactedLogs.latest(read));
            assertNoSwapFiles(dir);

            LogCleaner again = LogCleaner.start(
                    new CleanerConfig(false, 1, 1 << 20, 0.9, Double.MAX_VALUE, 0), tmp, clock, List::of);
            try {
                again.compactNow(reopened);
            } finally {
                again.close();
            }
            List<Entry> cleaned = CompactedLogs.records(reopened);
            assertEquals(latest, CompactedLogs.latest(cleaned));
            assertTrue(cleaned.size() < written.size());
        } finally {
            reopened.close();
        }
    }

    private static void assertNoSwapFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<String> left = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".cleaned") || n.endsWith(".swap"))
                    .toList();
            assertEquals(List.of(), left);
        }
    }
}
