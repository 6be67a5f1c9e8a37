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

/**
 * The log cleaner's broker-wide settings (Kafka's {@code log.cleaner.*} keys).
 *
 * @param enabled            {@code log.cleaner.enable}: run cleaner threads at all (an explicit compaction still works)
 * @param threads            {@code log.cleaner.threads}: cleaner threads, at most this many logs cleaned at once
 * @param dedupeBufferSize   {@code log.cleaner.dedupe.buffer.size}: offset map memory, shared by the threads
 * @param loadFactor         {@code log.cleaner.io.buffer.load.factor}: how full an offset map gets
 * @param maxIoBytesPerSecond {@code log.cleaner.io.max.bytes.per.second}: read plus written, all threads together
 * @param backoffMs          {@code log.cleaner.backoff.ms}: a thread's pause when no log needs cleaning
 *
 * <p>Immutable; thread-safe.
 */
public record CleanerConfig(
        boolean enabled,
        int threads,
        long dedupeBufferSize,
        double loadFactor,
        double maxIoBytesPerSecond,
        long backoffMs) {

    /** Kafka's defaults: enabled, 1 thread, 128 MiB, 0.9, unlimited, 15 s. */
    public static final CleanerConfig DEFAULTS = new CleanerConfig(true, 1, 128L << 20, 0.9, Double.MAX_VALUE, 15_000);

    public CleanerConfig {
        if (threads < 0) {
            throw new IllegalArgumentException("log.cleaner.threads must be >= 0 but was " + threads);
        }
        if (dedupeBufferSize < 2L * OffsetMap.ENTRY_SIZE * Math.max(1, threads)) {
            throw new IllegalArgumentException("log.cleaner.dedupe.buffer.size of " + dedupeBufferSize
                    + " is too small for " + threads + " cleaner threads");
        }
        if (!(loadFactor > 0 && loadFactor <= 1)) {
            throw new IllegalArgumentException(
                    "log.cleaner.io.buffer.load.factor must be in (0, 1] but was " + loadFactor);
        }
        if (!(maxIoBytesPerSecond > 0)) {
            throw new IllegalArgumentException(
                    "log.cleaner.io.max.bytes.per.second must be positive but was " + maxIoBytesPerSecond);
        }
        if (backoffMs < 0) {
            throw new IllegalArgumentException("log.cleaner.backoff.ms must be >= 0 but was " + backoffMs);
        }
    }

    /** The offset map memory of one thread (Kafka splits the buffer between threads; at most 2 GiB each). */
    long mapBytesPerThread() {
        return Math.min(Integer.MAX_VALUE, dedupeBufferSize / Math.max(1, threads));
    }
}
