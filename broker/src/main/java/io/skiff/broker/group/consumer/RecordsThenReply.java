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
import java.util.function.Supplier;

/**
 * Answers a consumer group request only once the records its change produced are written: a result with nothing to
 * write (or an error) completes after the group's key lock is released, a failed write becomes the caller's
 * COORDINATOR_NOT_AVAILABLE answer. Stateless, thread-safe.
 */
public final class RecordsThenReply {
    private RecordsThenReply() {}

    public static <R> void complete(
            CoordinatorWriter store,
            Clock clock,
            ConsumerGroup group,
            CompletableFuture<R> response,
            R result,
            boolean failed,
            List<KeyValue> records,
            Supplier<R> writeFailed) {
        if (records.isEmpty() || failed) {
            group.keyLock().defer(() -> response.complete(result));
            return;
        }
        store.append(group.groupId(), records, clock.millis())
                .whenComplete((ok, failure) -> response.complete(failure == null ? result : writeFailed.get()));
    }
}
