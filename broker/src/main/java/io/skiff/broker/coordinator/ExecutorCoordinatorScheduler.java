package io.skiff.broker.coordinator;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link CoordinatorScheduler} on one daemon thread of a {@link ScheduledExecutorService}. Timer tasks
 * only take a key's lock briefly and never do I/O, so one thread serves all keys (groups, transactional ids).
 * Thread-safe.
 */
public final class ExecutorCoordinatorScheduler implements CoordinatorScheduler, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutorCoordinatorScheduler.class);

    private final ScheduledThreadPoolExecutor executor;

    /** A scheduler on one daemon thread called {@code threadName}. */
    public ExecutorCoordinatorScheduler(String threadName) {
        executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
    }

    @Override
    public Cancellable schedule(long delayMs, Runnable task) {
        var f = executor.schedule(guarded(task), Math.max(0, delayMs), TimeUnit.MILLISECONDS);
        return () -> f.cancel(false);
    }

    @Override
    public Cancellable schedulePeriodic(long periodMs, Runnable task) {
        var f = executor.scheduleAtFixedRate(guarded(task), periodMs, periodMs, TimeUnit.MILLISECONDS);
        return () -> f.cancel(false);
    }

    private static Runnable guarded(Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("Coordinator timer task failed", e);
            }
        };
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
