package io.skiff.broker.txn;

import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.protocol.Errors;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Retries an operation answered CONCURRENT_TRANSACTIONS, as Kafka's broker retries the implicit add of a Produce
 * v12+ (add.partitions.to.txn.retry.backoff.ms = 20 and .max.ms = 100 by default): the produce request is expensive
 * to retry from the client, and the error is common while the previous transaction is being completed. After the
 * deadline the last answer is returned. Thread-safe (stateless apart from its thread-safe collaborators).
 */
final class ConcurrentTransactionsRetry {
    static final long BACKOFF_MS = 20;
    static final long MAX_MS = 100;

    private final CoordinatorScheduler scheduler;
    private final Clock clock;

    ConcurrentTransactionsRetry(CoordinatorScheduler scheduler, Clock clock) {
        this.scheduler = scheduler;
        this.clock = clock;
    }

    CompletableFuture<Errors> run(Supplier<CompletableFuture<Errors>> operation) {
        CompletableFuture<Errors> result = new CompletableFuture<>();
        attempt(operation, clock.millis() + MAX_MS, result);
        return result;
    }

    private void attempt(
            Supplier<CompletableFuture<Errors>> operation, long deadline, CompletableFuture<Errors> result) {
        operation.get().whenComplete((error, failure) -> {
            if (failure != null) {
                result.completeExceptionally(failure);
            } else if (error == Errors.CONCURRENT_TRANSACTIONS && clock.millis() < deadline) {
                scheduler.schedule(BACKOFF_MS, () -> attempt(operation, deadline, result));
            } else {
                result.complete(error);
            }
        });
    }
}
