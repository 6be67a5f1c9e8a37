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
