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
package io.skiff.broker.share;

import io.skiff.broker.clock.ClockScheduler;
import io.skiff.broker.topic.AppendListener;
import io.skiff.broker.topic.Partition;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A ShareFetch that acquired nothing and waits, at most {@code maxWaitMs}, for something to acquire: woken by an
 * append to one of its partitions or by records of its share-partitions becoming available again (released, lock
 * expired), it tries again on the share executor; the timer answers it empty. It completes exactly once.
 *
 * <p>Thread-safe: wake-ups may come from any thread; an attempt runs on the share executor only.
 */
final class DelayedShareFetch implements AppendListener {
    private final Supplier<Map<TopicIdPartition, AcquiredRecords>> attempt;
    private final Runnable unpark;
    private final ClockScheduler executor;
    private final CompletableFuture<Map<TopicIdPartition, AcquiredRecords>> future = new CompletableFuture<>();
    private final AtomicBoolean wakePending = new AtomicBoolean();
    private volatile ClockScheduler.Timer timeout;

    DelayedShareFetch(
            Supplier<Map<TopicIdPartition, AcquiredRecords>> attempt, Runnable unpark, ClockScheduler executor) {
        this.attempt = attempt;
        this.unpark = unpark;
        this.executor = executor;
    }

    CompletableFuture<Map<TopicIdPartition, AcquiredRecords>> future() {
        return future;
    }

    void startTimer(long maxWaitMs) {
        timeout = executor.scheduleWithin(maxWaitMs, () -> complete(Map.of()));
    }

    /** Something may be acquirable now: try again (once per burst of wake-ups). */
    void wake() {
        if (future.isDone() || !wakePending.compareAndSet(false, true)) {
            return;
        }
        executor.execute(() -> {
            wakePending.set(false);
            if (future.isDone()) {
                return;
            }
            Map<TopicIdPartition, AcquiredRecords> got = attempt.get();
            if (!got.isEmpty()) {
                complete(got);
            }
        });
    }

    private void complete(Map<TopicIdPartition, AcquiredRecords> result) {
        if (future.complete(result)) {
            ClockScheduler.Timer t = timeout;
            if (t != null) {
                t.cancel();
            }
            unpark.run();
        }
    }

    @Override
    public void onAppend(Partition partition, int bytes) {
        wake();
    }

    @Override
    public void onClosed(Partition partition) {
        complete(Map.of());
    }
}
