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

/**
 * Runs the coordinator's timers (session, rebalance, initial-delay, pending-sync, offset expiry).
 * Production uses {@link ExecutorCoordinatorScheduler}; tests use a manual implementation that runs due
 * tasks when the test advances its clock, so timeouts are deterministic. Implementations must be
 * thread-safe.
 */
public interface CoordinatorScheduler {

    /** A scheduled task that can be cancelled; cancelling a task that already ran is a no-op. */
    interface Cancellable {
        void cancel();
    }

    /** Runs {@code task} once, {@code delayMs} from now (0 = as soon as possible, never inline). */
    Cancellable schedule(long delayMs, Runnable task);

    /** Runs {@code task} every {@code periodMs}, first after {@code periodMs}. */
    Cancellable schedulePeriodic(long periodMs, Runnable task);
}
