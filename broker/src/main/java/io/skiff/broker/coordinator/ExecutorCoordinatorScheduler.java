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
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link CoordinatorScheduler} on one daemon thread of a {@link ScheduledThreadPoolExecutor}. Timer tasks
 * only take a key's lock briefly and never do I/O, so one thread serves all keys (groups, transactional ids).
 *
 * <p>Deadlines follow the broker's clock: a task is due when the clock reaches its deadline. A real-time timer wakes
 * it when the clock runs normally; when a test advances the {@link BrokerClock}, every task that became due runs at
 * once; while the clock is paused, nothing becomes due.
 *
 * <p>Thread-safe.
 */
public final class ExecutorCoordinatorScheduler implements CoordinatorScheduler, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutorCoordinatorScheduler.class);

    private final ScheduledThreadPoolExecutor executor;
    private final Clock clock;
    private final Set<Timer> timers = ConcurrentHashMap.newKeySet();
    private final Runnable stopFollowingClock;

    /** A scheduler on one daemon thread called {@code threadName}, on the system clock. */
    public ExecutorCoordinatorScheduler(String threadName) {
        this(threadName, Clock.systemUTC());
    }

    /**
     * A scheduler on one daemon thread called {@code threadName} whose deadlines follow {@code clock} (and its
     * advances, when it is a {@link BrokerClock}).
     */
    public ExecutorCoordinatorScheduler(String threadName, Clock clock) {
        this.clock = clock;
        executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
        stopFollowingClock = BrokerClock.onAdvance(clock, () -> executor.execute(this::runDue));
    }

    @Override
    public Cancellable schedule(long delayMs, Runnable task) {
        return arm(new Timer(task, clock.millis() + Math.max(0, delayMs), 0));
    }

    @Override
    public Cancellable schedulePeriodic(long periodMs, Runnable task) {
        return arm(new Timer(task, clock.millis() + periodMs, periodMs));
    }

    private Timer arm(Timer timer) {
        timers.add(timer);
        timer.wakeIn(Math.max(0, timer.deadlineMs - clock.millis()));
        return timer;
    }

    /** Runs every task whose deadline the clock has reached (after an advance). On the executor thread. */
    private void runDue() {
        for (Timer timer : timers) {
            timer.fireIfDue(false);
        }
    }

    private static void guarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.error("Coordinator timer task failed", e);
        }
    }

    @Override
    public void close() {
        stopFollowingClock.run();
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One scheduled task; its fields are only changed on the executor thread, apart from cancellation. */
    private final class Timer implements Cancellable {
        private final Runnable task;
        private final long periodMs;
        private volatile long deadlineMs;
        private volatile boolean cancelled;
        private volatile ScheduledFuture<?> wakeUp;

        Timer(Runnable task, long deadlineMs, long periodMs) {
            this.task = task;
            this.deadlineMs = deadlineMs;
            this.periodMs = periodMs;
        }

        void wakeIn(long delayMs) {
            if (!cancelled && !executor.isShutdown()) {
                wakeUp = executor.schedule(() -> fireIfDue(true), delayMs, TimeUnit.MILLISECONDS);
            }
        }

        /**
         * Runs the task if the clock reached its deadline; else, when its real-time timer woke it (the clock was
         * paused), waits for the rest.
         */
        void fireIfDue(boolean fromTimer) {
            if (cancelled) {
                return;
            }
            long now = clock.millis();
            ScheduledFuture<?> pending = wakeUp;
            if (now < deadlineMs) {
                if (fromTimer) {
                    wakeIn(deadlineMs - now);
                }
                return;
            }
            if (pending != null && !fromTimer) {
                pending.cancel(false);
            }
            if (periodMs > 0) {
                deadlineMs = Math.max(deadlineMs + periodMs, now + 1);
                guarded(task);
                wakeIn(Math.max(0, deadlineMs - clock.millis()));
            } else {
                cancelled = true;
                timers.remove(this);
                guarded(task);
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            timers.remove(this);
            ScheduledFuture<?> pending = wakeUp;
            if (pending != null) {
                pending.cancel(false);
            }
        }
    }
}
