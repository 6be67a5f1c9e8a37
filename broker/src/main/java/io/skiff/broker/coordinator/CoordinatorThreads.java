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

import io.skiff.broker.concurrent.DaemonThreads;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The two threads a coordinator runs on: {@code skiff-<name>-writer} appends its records in submission order
 * ({@link CoordinatorWriter}), {@code skiff-<name>-timers} runs its timers ({@link ExecutorCoordinatorScheduler}).
 * Both are daemon threads; {@link #close} stops the timers and lets queued writes finish (for up to ten seconds).
 * Thread-safe.
 */
public final class CoordinatorThreads implements AutoCloseable {
    private static final long WRITER_DRAIN_SECONDS = 10;

    private final String name;
    private final ExecutorService writer;
    private final ExecutorCoordinatorScheduler scheduler;

    /** Starts the threads of the coordinator called {@code name} ("group", "txn"), its timers on the system clock. */
    public CoordinatorThreads(String name) {
        this(name, Clock.systemUTC());
    }

    /** As {@link #CoordinatorThreads(String)}, its timers' deadlines following {@code clock} (the broker's). */
    public CoordinatorThreads(String name, Clock clock) {
        this.name = name;
        this.scheduler = new ExecutorCoordinatorScheduler("skiff-" + name + "-timers", clock);
        this.writer = Executors.newSingleThreadExecutor(DaemonThreads.named("skiff-" + name + "-writer"));
    }

    /** Runs the coordinator's appends, one at a time in submission order. */
    public Executor writer() {
        return writer;
    }

    public CoordinatorScheduler scheduler() {
        return scheduler;
    }

    @Override
    public void close() throws InterruptedException {
        scheduler.close();
        writer.shutdown();
        if (!writer.awaitTermination(WRITER_DRAIN_SECONDS, TimeUnit.SECONDS)) {
            writer.shutdownNow();
        }
    }

    @Override
    public String toString() {
        return "threads of the " + name + " coordinator";
    }
}
