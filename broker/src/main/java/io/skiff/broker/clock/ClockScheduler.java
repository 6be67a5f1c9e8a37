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

import io.skiff.broker.concurrent.DaemonThreads;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Timers on one daemon thread whose deadlines follow the broker's clock: a task is due when the clock reaches its
 * deadline. A real-time timer wakes it while the clock runs normally; when a test advances the {@link BrokerClock},
 * every task that became due runs at once; while the clock is paused, nothing becomes due, except the waits that
 * {@link #scheduleWithin} bounds by real time too (a client's request must not outlive its own timeout because a
 * test paused the broker's clock).
 *
 * <p>Tasks run on the scheduler's thread and must be quick. Thread-safe.
 */
public final class ClockScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClockScheduler.class);

    /** A scheduled task; cancelling one that already ran (or a periodic one between runs) is harmless. */
    public interface Timer {
        void cancel();
    }

    private final ScheduledThreadPoolExecutor executor;
    private final Clock clock;
    private final Set<Task> tasks = ConcurrentHashMap.newKeySet();
    private final Runnable stopFollowingClock;

    /** A scheduler on one daemon thread called {@code threadName}, its deadlines on {@code clock}. */
    public ClockScheduler(String threadName, Clock clock) {
        this.clock = clock;
        executor = new ScheduledThreadPoolExecutor(1, DaemonThreads.named(threadName));
        executor.setRemoveOnCancelPolicy(true);
        stopFollowingClock = BrokerClock.onAdvance(clock, () -> {
            try {
                executor.execute(this::runDue);
            } catch (RejectedExecutionException e) {
                // closed: nothing is due any more
            }
        });
    }

    /** Runs {@code task} once when the clock is {@code delayMs} further on (0: as soon as possible, never inline). */
    public Timer schedule(long delayMs, Runnable task) {
        return arm(new Task(task, clock.millis() + Math.max(0, delayMs), 0, false));
    }

    /**
     * Runs {@code task} once when the clock is {@code delayMs} further on or {@code delayMs} of real time have passed,
     * whichever comes first: for waits on behalf of a client (a fetch's max_wait_ms), which an advance ends at once
     * and a paused clock does not stretch.
     */
    public Timer scheduleWithin(long delayMs, Runnable task) {
        return arm(new Task(task, clock.millis() + Math.max(0, delayMs), 0, true));
    }

    /** Runs {@code task} every {@code periodMs} of the clock, first after {@code periodMs}. */
    public Timer schedulePeriodic(long periodMs, Runnable task) {
        return arm(new Task(task, clock.millis() + periodMs, periodMs, false));
    }

    /**
     * Runs {@code task} on the scheduler's thread as soon as possible.
     *
     * @throws RejectedExecutionException once closed
     */
    public void execute(Runnable task) {
        executor.execute(task);
    }

    /** Whether {@link #close} was called: tasks scheduled now never run. */
    public boolean isShutdown() {
        return executor.isShutdown();
    }

    private Task arm(Task task) {
        tasks.add(task);
        task.wakeIn(Math.max(0, task.deadlineMs - clock.millis()));
        return task;
    }

    /** Runs every task whose deadline the clock has reached (after an advance). On the scheduler's thread. */
    private void runDue() {
        for (Task task : tasks) {
            task.fireIfDue(false);
        }
    }

    private static void guarded(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.error("Timer task failed", e);
        }
    }

    /** Stops the thread; scheduled tasks never run. */
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

    /** One scheduled task; its fields are only changed on the scheduler's thread, apart from cancellation. */
    private final class Task implements Timer {
        private final Runnable task;
        private final long periodMs;
        private final boolean realTimeBound;
        private volatile long deadlineMs;
        private volatile boolean cancelled;
        private volatile ScheduledFuture<?> wakeUp;

        Task(Runnable task, long deadlineMs, long periodMs, boolean realTimeBound) {
            this.task = task;
            this.deadlineMs = deadlineMs;
            this.periodMs = periodMs;
            this.realTimeBound = realTimeBound;
        }

        void wakeIn(long delayMs) {
            if (!cancelled && !executor.isShutdown()) {
                try {
                    wakeUp = executor.schedule(() -> fireIfDue(true), delayMs, TimeUnit.MILLISECONDS);
                } catch (RejectedExecutionException e) {
                    // closed meanwhile
                }
            }
        }

        /**
         * Runs the task if the clock reached its deadline (or, bounded by real time, its real-time timer woke it);
         * else, when its real-time timer woke it (the clock was paused), waits for the rest.
         */
        void fireIfDue(boolean fromTimer) {
            if (cancelled) {
                return;
            }
            long now = clock.millis();
            ScheduledFuture<?> pending = wakeUp;
            if (now < deadlineMs && !(fromTimer && realTimeBound)) {
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
                tasks.remove(this);
                guarded(task);
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            tasks.remove(this);
            ScheduledFuture<?> pending = wakeUp;
            if (pending != null) {
                pending.cancel(false);
            }
        }
    }
}
