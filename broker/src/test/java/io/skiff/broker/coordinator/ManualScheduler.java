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

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.PriorityQueue;

/**
 * Test scheduler with its own clock: tasks run only when the test calls {@link #advance} (or
 * {@link #runDue}), in due-time order, on the test's thread. Not thread-safe beyond what tests need.
 */
public final class ManualScheduler implements CoordinatorScheduler {
    private final PriorityQueue<Task> tasks = new PriorityQueue<>();
    private long now;
    private long seq;

    private final class Task implements Comparable<Task>, Cancellable {
        final long due;
        final long order = seq++;
        final Runnable action;
        final long period;
        boolean cancelled;

        Task(long due, Runnable action, long period) {
            this.due = due;
            this.action = action;
            this.period = period;
        }

        @Override
        public int compareTo(Task o) {
            return due != o.due ? Long.compare(due, o.due) : Long.compare(order, o.order);
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    public ManualScheduler(long startMillis) {
        this.now = startMillis;
    }

    public final Clock clock = new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(now);
        }
    };

    @Override
    public synchronized Cancellable schedule(long delayMs, Runnable task) {
        Task t = new Task(now + Math.max(0, delayMs), task, 0);
        tasks.add(t);
        return t;
    }

    @Override
    public synchronized Cancellable schedulePeriodic(long periodMs, Runnable task) {
        Task t = new Task(now + periodMs, task, periodMs);
        tasks.add(t);
        return t;
    }

    /** Runs the tasks due now (including ones they schedule for now). */
    public void runDue() {
        advance(0);
    }

    /** Moves time forward by {@code ms}, running every task that falls due, in order. */
    public void advance(long ms) {
        long target = now + ms;
        while (true) {
            Task next;
            synchronized (this) {
                next = tasks.peek();
                if (next == null || next.due > target) {
                    now = target;
                    return;
                }
                tasks.poll();
                now = Math.max(now, next.due);
            }
            if (!next.cancelled) {
                next.action.run();
                if (next.period > 0) {
                    synchronized (this) {
                        tasks.add(new Task(next.due + next.period, next.action, next.period));
                    }
                }
            }
        }
    }

    public long now() {
        return now;
    }
}
