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
package io.skiff.broker.group.consumer;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.coordinator.CoordinatorWriter;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Answers a consumer group request only once the records its change produced are written: a result with nothing to
 * write (or an error) completes after the group's key lock is released, a failed write becomes the caller's
 * COORDINATOR_NOT_AVAILABLE answer. Thread-safe: immutable.
 *
 * @param <R> the request's result
 */
final class RecordsThenReply<R> {
    private final CoordinatorWriter store;
    private final Clock clock;
    private final Predicate<R> failed;
    private final Function<R, R> writeFailed;

    /**
     * @param failed      whether a result is an error (nothing is written then)
     * @param writeFailed the answer instead of a result whose records could not be written
     */
    RecordsThenReply(CoordinatorWriter store, Clock clock, Predicate<R> failed, Function<R, R> writeFailed) {
        this.store = store;
        this.clock = clock;
        this.failed = failed;
        this.writeFailed = writeFailed;
    }

    /** Writes the records, then completes the response (after the lock is released). */
    void complete(ConsumerGroup group, CompletableFuture<R> response, R result, List<KeyValue> records) {
        if (records.isEmpty() || failed.test(result)) {
            group.keyLock().defer(() -> response.complete(result));
            return;
        }
        store.append(group.groupId(), records, clock.millis())
                .whenComplete((ok, failure) -> response.complete(failure == null ? result : writeFailed.apply(result)));
    }
}
