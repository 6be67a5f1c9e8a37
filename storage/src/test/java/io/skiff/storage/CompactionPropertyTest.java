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

import io.skiff.storage.CompactedLogs.Entry;
import io.skiff.testsupport.MutableClock;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random sequences of keyed appends, tombstones, cleanings, clock moves and reopens (clean and after a crash): the
 * compacted log read from the start maps every key to its latest value, as a plain map does, with offsets
 * increasing, and every record read is one that was written at that offset.
 */
class CompactionPropertyTest {
    private static final long RETENTION = 1000;

    @Property(tries = 60)
    void theCompactedLogMapsEveryKeyToItsLatestValue(
            @ForAll @Size(min = 1, max = 120) List<@IntRange(min = 0, max = 9999) Integer> ops) throws IOException {
        LogFixture fixture = LogFixture.started("p-0");
        MutableClock clock = fixture.clock;
        LogConfig config = LogConfig.builder()
                .compact(true)
                .keysRequired(true)
                .segmentBytes(500)
                .deleteRetentionMs(RETENTION)
                .build();
        Map<String, String> model = new LinkedHashMap<>();
        Map<Long, Entry> written = new HashMap<>();
        Log log = fixture.open(config);
        LogCleaner cleaner = LogCleaner.start(
                new CleanerConfig(false, 1, 64 * OffsetMap.ENTRY_SIZE, 0.9, Double.MAX_VALUE, 0),
                fixture.tmp(),
                clock,
                List::of);
        try {
            int n = 0;
            for (int op : ops) {
                int kind = op % 20;
                if (kind < 13) {
                    String key = "k" + (op / 20 % 12);
                    String value = kind == 0 ? null : "v" + n++;
                    long offset = log.append(LogCleanerTest.keyed(clock.millis(), key, value))
                            .firstOffset();
                    written.put(offset, new Entry(offset, key, value));
                    if (value == null) {
                        model.remove(key);
                    } else {
                        model.put(key, value);
                    }
                } else if (kind < 16) {
                    cleaner.compactNow(log);
                } else if (kind < 18) {
                    clock.advance(op / 20 % 3 == 0 ? RETENTION + 1 : 100);
                } else if (kind == 18) {
                    log.close();
                    log = fixture.open(config);
                } else {
                    log.closeUncleanly();
                    log = fixture.open(config);
                }
                List<Entry> read = CompactedLogs.records(log);
                assertEquals(model, CompactedLogs.latest(read), "after op " + op);
                LogCleanerTest.assertIncreasing(read);
                for (Entry e : read) {
                    assertEquals(written.get(e.offset()), e, "a record read is the one written at its offset");
                }
                assertEquals(0, log.logStartOffset());
            }
            // After the delete horizon of every tombstone has passed, two cleanings leave no tombstone below the
            // active segment.
            clock.advance(RETENTION + 1);
            cleaner.compactNow(log);
            clock.advance(RETENTION + 1);
            cleaner.compactNow(log);
            long active = log.activeSegmentBase();
            for (Entry e : CompactedLogs.records(log)) {
                assertTrue(e.offset() >= active || e.value() != null, "tombstone left after its horizon: " + e);
            }
        } finally {
            cleaner.close();
            fixture.cleanUp();
        }
    }
}
