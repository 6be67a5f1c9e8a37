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
