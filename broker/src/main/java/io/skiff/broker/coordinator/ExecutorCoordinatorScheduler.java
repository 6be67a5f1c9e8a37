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
package io.skiff.broker.coordinator;

import io.skiff.broker.clock.BrokerClock;
import io.skiff.broker.clock.ClockScheduler;
import java.time.Clock;

/**
 * {@link CoordinatorScheduler} on one daemon thread (a {@link ClockScheduler}). Timer tasks only take a key's lock
 * briefly and never do I/O, so one thread serves all keys (groups, transactional ids).
 *
 * <p>Deadlines follow the broker's clock: a task is due when the clock reaches its deadline, so a test that advances
 * the {@link BrokerClock} runs every task that became due at once, and while the clock is paused nothing becomes due.
 *
 * <p>Thread-safe.
 */
public final class ExecutorCoordinatorScheduler implements CoordinatorScheduler, AutoCloseable {
    private final ClockScheduler timers;

    /** A scheduler on one daemon thread called {@code threadName}, on the system clock. */
    public ExecutorCoordinatorScheduler(String threadName) {
        this(threadName, Clock.systemUTC());
    }

    /**
     * A scheduler on one daemon thread called {@code threadName} whose deadlines follow {@code clock} (and its
     * advances, when it is a {@link BrokerClock}).
     */
    public ExecutorCoordinatorScheduler(String threadName, Clock clock) {
        this.timers = new ClockScheduler(threadName, clock);
    }

    @Override
    public Cancellable schedule(long delayMs, Runnable task) {
        return timers.schedule(delayMs, task)::cancel;
    }

    @Override
    public Cancellable schedulePeriodic(long periodMs, Runnable task) {
        return timers.schedulePeriodic(periodMs, task)::cancel;
    }

    @Override
    public void close() {
        timers.close();
    }
}
