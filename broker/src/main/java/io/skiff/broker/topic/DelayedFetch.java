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
package io.skiff.broker.topic;

import io.skiff.broker.clock.ClockScheduler;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fetch waiting for {@code minBytes}: registered as a listener on each of its partitions and on a timer of the
 * broker's clock (bounded by real time too, see {@link ClockScheduler#scheduleWithin}).
 * Each append adds its size to the bytes known to be available; once they reach {@code minBytes}, or a partition is
 * closed, or the timer fires, the fetch is completed exactly once by reading all partitions again. An append that
 * brings enough bytes completes it on the appending thread, after the append (as Kafka's purgatory completes a
 * delayed fetch on the thread that appended): a hand-over to the timer thread cost every woken consumer a thread
 * switch of latency. A closed partition and the timer complete it on the timer thread. If the caller cancels the
 * future (connection gone), the fetch unparks and releases what it read.
 *
 * <p>Thread-safe: listener callbacks may come from any appending thread; completion is guarded by an atomic flag.
 */
final class DelayedFetch implements AppendListener {
    private final FetchService service;
    private final List<PartitionFetch> partitions;
    private final int maxBytes;
    private final int minBytes;
    private final AtomicLong availableBytes;
    private final AtomicBoolean completing = new AtomicBoolean();
    private final CompletableFuture<List<FetchedPartition>> future = new CompletableFuture<>();
    private volatile ClockScheduler executor;
    private volatile ClockScheduler.Timer timeout;

    DelayedFetch(
            FetchService service, List<PartitionFetch> partitions, int maxBytes, int minBytes, int availableBytes) {
        this.service = service;
        this.partitions = partitions;
        this.maxBytes = maxBytes;
        this.minBytes = minBytes;
        this.availableBytes = new AtomicLong(availableBytes);
    }

    CompletableFuture<List<FetchedPartition>> future() {
        return future;
    }

    void park(ClockScheduler executor, long maxWaitMs) {
        this.executor = executor;
        future.whenComplete((r, e) -> {
            if (e != null) {
                completing.set(true); // cancelled by the caller: never read
                unpark();
            }
        });
        for (PartitionFetch pf : partitions) {
            pf.partition().addListener(this);
        }
        if (executor.isShutdown()) {
            completeNow(); // shutting down
        } else {
            timeout = executor.scheduleWithin(maxWaitMs, this::completeNow);
        }
        // An append between the first read and the listener registration would otherwise be missed.
        if (!completing.get()) {
            int available = FetchService.readAvailable(partitions, maxBytes);
            availableBytes.accumulateAndGet(available, Math::max);
            if (available >= minBytes) {
                trigger();
            }
        }
    }

    /** Called after an append, with no lock held; completes here when the fetch has its bytes. Never throws. */
    @Override
    public void onAppend(Partition partition, int bytes) {
        if (availableBytes.addAndGet(bytes) >= minBytes && completing.compareAndSet(false, true)) {
            try {
                complete();
            } catch (RuntimeException e) {
                future.completeExceptionally(e); // the append succeeded: its caller must not see this
            }
        }
    }

    @Override
    public void onClosed(Partition partition) {
        trigger();
    }

    /** Completes on the timer thread. */
    private void trigger() {
        if (completing.compareAndSet(false, true)) {
            try {
                executor.execute(this::complete);
            } catch (RejectedExecutionException e) {
                complete();
            }
        }
    }

    /** Completes on the calling thread (timer expiry, shutdown). */
    void completeNow() {
        if (completing.compareAndSet(false, true)) {
            complete();
        }
    }

    private void complete() {
        unpark();
        List<FetchedPartition> results = FetchService.readAll(partitions, maxBytes);
        if (!future.complete(results)) {
            results.forEach(FetchedPartition::release);
        }
    }

    private void unpark() {
        ClockScheduler.Timer t = timeout;
        if (t != null) {
            t.cancel();
        }
        for (PartitionFetch pf : partitions) {
            pf.partition().removeListener(this);
        }
        service.unparked(this);
    }
}
