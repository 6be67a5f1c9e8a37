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
package io.skiff.broker.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.event.Level;

/**
 * Logs a kind of event at most once per interval, counting what it left out, so that a client sending
 * garbage in a loop cannot flood the broker's log.
 *
 * <p>Only calls that SLF4J 1.7 also has (kafka-clients brings slf4j-api 1.7, which often wins on a test classpath),
 * and a logging failure never reaches the caller: callers log on a path that must still close a connection.
 *
 * <p>Thread-safe: the decision to log is one compare-and-set.
 */
final class ThrottledLogger {
    private final Logger log;
    private final Level level;
    private final long intervalNanos;
    private final LongSupplier nanoTime;
    private final AtomicLong nextAllowedNanos;
    private final AtomicLong suppressed = new AtomicLong();

    /**
     * The interval of the broker's throttled log lines: 10 s, or the system property {@value #INTERVAL_PROPERTY} in
     * milliseconds (0 logs every event: tests that check each log path set it).
     */
    static final String INTERVAL_PROPERTY = "skiff.log.throttle.ms";

    /** At most one line per {@link #INTERVAL_PROPERTY} (10 s by default). */
    ThrottledLogger(Logger log, Level level) {
        this(log, level, Long.getLong(INTERVAL_PROPERTY, 10_000L), TimeUnit.MILLISECONDS);
    }

    ThrottledLogger(Logger log, Level level, long interval, TimeUnit unit) {
        this(log, level, unit.toNanos(interval), System::nanoTime);
    }

    ThrottledLogger(Logger log, Level level, long intervalNanos, LongSupplier nanoTime) {
        this.log = log;
        this.level = level;
        this.intervalNanos = intervalNanos;
        this.nanoTime = nanoTime;
        this.nextAllowedNanos = new AtomicLong(nanoTime.getAsLong());
    }

    /** Logs {@code message} (SLF4J format) unless a message was logged less than one interval ago. */
    void log(String message, Object... args) {
        long now = nanoTime.getAsLong();
        long next = nextAllowedNanos.get();
        if (now - next < 0 || !nextAllowedNanos.compareAndSet(next, now + intervalNanos)) {
            suppressed.incrementAndGet();
            return;
        }
        long skipped = suppressed.getAndSet(0);
        String text = skipped == 0 ? message : message + " (" + skipped + " similar messages suppressed)";
        try {
            switch (level) {
                case ERROR -> log.error(text, args);
                case WARN -> log.warn(text, args);
                case INFO -> log.info(text, args);
                case DEBUG -> log.debug(text, args);
                case TRACE -> log.trace(text, args);
            }
        } catch (RuntimeException | LinkageError loggingFailed) {
            // A broken logging setup (a binding for another SLF4J version, a failing appender) must not stop the
            // caller's clean-up; there is nowhere left to report it.
        }
    }
}
