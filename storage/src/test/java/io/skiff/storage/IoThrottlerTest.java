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

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code log.cleaner.io.max.bytes.per.second}: the throttler holds callers to the rate, on a fake clock. */
class IoThrottlerTest {
    private static final long SECOND = 1_000_000_000L;

    private long now = 5 * SECOND;
    private final List<Long> sleeps = new ArrayList<>();

    private IoThrottler throttler(double bytesPerSecond) {
        return new IoThrottler(bytesPerSecond, () -> now, nanos -> {
            sleeps.add(nanos);
            now += nanos;
        });
    }

    @Test
    void holdsAStreamOfReadsAndWritesToTheConfiguredRate() {
        IoThrottler t = throttler(1_000_000); // 1 MB/s
        long start = now;
        long total = 0;
        for (int i = 0; i < 160; i++) { // 10 MiB in 64 KiB chunks, with no time passing but the throttler's sleeps
            t.acquire(64 * 1024);
            total += 64 * 1024;
        }
        double seconds = (now - start) / (double) SECOND;
        double expected = total / 1_000_000.0;
        assertTrue(
                seconds >= expected - 0.1 && seconds <= expected + 0.1,
                total + " bytes took " + seconds + " s at 1 MB/s, expected about " + expected);
        assertTrue(sleeps.size() > 50, "sleeps in small steps: " + sleeps.size());
    }

    @Test
    void aCallerBelowTheRateNeverWaits() {
        IoThrottler t = throttler(1_000_000);
        for (int i = 0; i < 100; i++) {
            t.acquire(10_000); // 10 kB every 20 ms: 0.5 MB/s
            now += 20_000_000L;
        }
        assertEquals(List.of(), sleeps);
    }

    @Test
    void unlimitedNeverWaitsAndTheLimitMustBePositive() {
        IoThrottler.unlimited().acquire(Long.MAX_VALUE / 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> throttler(0));
        assertTrue(e.getMessage().contains("log.cleaner.io.max.bytes.per.second"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> throttler(-5));
    }
}
