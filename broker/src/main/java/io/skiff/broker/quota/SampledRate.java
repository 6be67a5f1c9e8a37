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
package io.skiff.broker.quota;

/**
 * A rate per second over a window of samples, with the arithmetic of Kafka's quota sensors ({@code Rate} over a
 * {@code SampledStat} of {@code quota.window.num} samples of {@code quota.window.size.seconds} each), so a client
 * is throttled when and for as long as Kafka would throttle it:
 * <ul>
 *   <li>a value goes into the current sample; a sample older than one window is replaced by a new one starting at
 *       the recording time, round-robin over the samples;</li>
 *   <li>samples that began {@code samples × window} or more ago are reset before measuring;</li>
 *   <li>the rate is the sum of the samples over the time since the oldest sample began, that time being padded to at
 *       least {@code samples − 1} whole windows (so a client's first burst is measured over ten seconds, not over
 *       the milliseconds it took), and at least 1 ms.</li>
 * </ul>
 *
 * <p>Thread-safe: synchronized.
 */
final class SampledRate {
    private final int samples;
    private final long windowMs;
    private final long[] start;
    private final double[] value;
    /** Samples created so far (they are created lazily, as Kafka's list grows). */
    private int created;

    private int current;
    private volatile long lastRecordMs;

    SampledRate(int samples, long windowMs) {
        this.samples = samples;
        this.windowMs = windowMs;
        this.start = new long[samples];
        this.value = new double[samples];
    }

    /** Adds {@code amount} at {@code nowMs} (negative to take back what was recorded) and returns the rate then. */
    synchronized double record(double amount, long nowMs) {
        lastRecordMs = nowMs;
        if (created == 0) {
            created = 1;
            start[0] = nowMs;
        } else if (nowMs - start[current] >= windowMs) {
            current = (current + 1) % samples;
            if (current >= created) {
                created++;
            }
            start[current] = nowMs;
            value[current] = 0;
        }
        value[current] += amount;
        return rate(nowMs);
    }

    /** The rate per second at {@code nowMs}. */
    synchronized double rate(long nowMs) {
        purgeObsolete(nowMs);
        double sum = 0;
        for (int i = 0; i < created; i++) {
            sum += value[i];
        }
        return sum / (windowSizeMs(nowMs) / 1000.0);
    }

    /** The time the rate is measured over at {@code nowMs}, in ms (Kafka's {@code Rate.windowSize}). */
    synchronized long windowSizeMs(long nowMs) {
        purgeObsolete(nowMs);
        long oldest = nowMs;
        for (int i = 0; i < created; i++) {
            oldest = Math.min(oldest, start[i]);
        }
        long elapsed = nowMs - oldest;
        long fullWindows = elapsed / windowMs;
        if (fullWindows < samples - 1) {
            elapsed += (samples - 1 - fullWindows) * windowMs;
        }
        return Math.max(elapsed, 1);
    }

    /** When a value was last recorded (for expiring idle rates). */
    long lastRecordMs() {
        return lastRecordMs;
    }

    private void purgeObsolete(long nowMs) {
        long expireAge = samples * windowMs;
        for (int i = 0; i < created; i++) {
            if (nowMs - start[i] >= expireAge) {
                start[i] = nowMs;
                value[i] = 0;
            }
        }
    }
}
