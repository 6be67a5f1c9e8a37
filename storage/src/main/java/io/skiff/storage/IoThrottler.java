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

import java.util.function.LongSupplier;

/**
 * Bounds the cleaner's disk I/O, read and written, to {@code log.cleaner.io.max.bytes.per.second} across all
 * cleaner threads: callers report bytes as they go, and one that finds the rate of the current period above the
 * limit sleeps until it is back under it (as Kafka's {@code Throttler}).
 *
 * <p>Thread-safe: the accounting is synchronized; sleeping happens outside the lock.
 */
final class IoThrottler {
    private static final long PERIOD_NANOS = 100_000_000L;

    /** Waits; {@link #SLEEP} in production, a fake clock's advance in tests. */
    @FunctionalInterface
    interface Sleeper {
        Sleeper SLEEP = nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));

        void sleep(long nanos) throws InterruptedException;
    }

    private final double bytesPerSecond;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private long periodStart;
    private long periodBytes;

    IoThrottler(double bytesPerSecond) {
        this(bytesPerSecond, System::nanoTime, Sleeper.SLEEP);
    }

    IoThrottler(double bytesPerSecond, LongSupplier nanoTime, Sleeper sleeper) {
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException(
                    "log.cleaner.io.max.bytes.per.second must be positive but was " + bytesPerSecond);
        }
        this.bytesPerSecond = bytesPerSecond;
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
        this.periodStart = nanoTime.getAsLong();
    }

    /** No limit. */
    static IoThrottler unlimited() {
        return new IoThrottler(Double.MAX_VALUE);
    }

    /** Accounts {@code bytes}; sleeps while the rate is above the limit. */
    void acquire(long bytes) {
        if (bytesPerSecond >= Double.MAX_VALUE) {
            return;
        }
        long sleepNanos = 0;
        synchronized (this) {
            periodBytes += bytes;
            long now = nanoTime.getAsLong();
            long elapsed = now - periodStart;
            if (elapsed >= PERIOD_NANOS || periodBytes >= bytesPerSecond * PERIOD_NANOS / 1e9) {
                long needed = (long) (periodBytes / bytesPerSecond * 1e9);
                sleepNanos = Math.max(0, needed - elapsed);
                periodStart = now + sleepNanos;
                periodBytes = 0;
            }
        }
        if (sleepNanos > 0) {
            try {
                sleeper.sleep(sleepNanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
