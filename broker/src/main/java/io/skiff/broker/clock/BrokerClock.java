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
package io.skiff.broker.clock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's one clock: real time (of the clock it wraps) plus what a test advanced it by, frozen while paused.
 * Every component that reads time takes this clock; components whose waits must follow it listen to
 * {@link #onAdvance} and look at their deadlines again when it jumps (see the README for which do).
 *
 * <p>Thread-safe: the offset and the pause are guarded by this; listeners run on the advancing thread, after the
 * time has moved.
 */
public final class BrokerClock extends Clock {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerClock.class);

    private final Clock base;
    private final List<Runnable> advanceListeners = new CopyOnWriteArrayList<>();
    private long offsetMs; // guarded by this
    private long pausedAtBaseMs = -1; // guarded by this; -1 when running

    public BrokerClock(Clock base) {
        this.base = Objects.requireNonNull(base);
    }

    /** The broker's clock over the system clock. */
    public static BrokerClock system() {
        return new BrokerClock(Clock.systemUTC());
    }

    @Override
    public synchronized long millis() {
        long baseMs = pausedAtBaseMs >= 0 ? pausedAtBaseMs : base.millis();
        return baseMs + offsetMs;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        if (zone.equals(ZoneOffset.UTC)) {
            return this;
        }
        throw new UnsupportedOperationException("the broker clock is in UTC");
    }

    /**
     * Moves the clock forward at once, then lets the components that wait on it look at their deadlines: what has
     * become due (retention, transaction and session timeouts...) happens now, on this thread or theirs.
     *
     * @throws IllegalArgumentException for a negative duration (time never goes back)
     */
    public void advance(Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("ms: the clock only moves forward, not by " + by.toMillis() + " ms");
        }
        synchronized (this) {
            offsetMs = Math.addExact(offsetMs, by.toMillis());
        }
        LOG.info("Broker clock advanced by {} ms, now {}", by.toMillis(), instant());
        for (Runnable listener : advanceListeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.warn("A component failed to catch up with the advanced clock", e);
            }
        }
    }

    /** Stops the clock: it reads the same until resumed or advanced. Idempotent. */
    public synchronized void pause() {
        if (pausedAtBaseMs < 0) {
            pausedAtBaseMs = base.millis();
            LOG.info("Broker clock paused at {}", instant());
        }
    }

    /** Lets the clock run again from where it stood (the pause is not made up for). Idempotent. */
    public synchronized void resume() {
        if (pausedAtBaseMs >= 0) {
            offsetMs -= base.millis() - pausedAtBaseMs;
            pausedAtBaseMs = -1;
            LOG.info("Broker clock resumed at {}", instant());
        }
    }

    public synchronized boolean isPaused() {
        return pausedAtBaseMs >= 0;
    }

    /** Runs {@code listener} after every {@link #advance}. */
    public void onAdvance(Runnable listener) {
        advanceListeners.add(Objects.requireNonNull(listener));
    }

    /** Stops calling a listener (a component that closes). */
    public void removeAdvanceListener(Runnable listener) {
        advanceListeners.remove(listener);
    }

    /** Calls {@code listener} after every advance of {@code clock} if it is a broker clock; returns how to stop. */
    public static Runnable onAdvance(java.time.Clock clock, Runnable listener) {
        if (clock instanceof BrokerClock bc) {
            bc.onAdvance(listener);
            return () -> bc.removeAdvanceListener(listener);
        }
        return () -> {};
    }
}
