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
import io.skiff.broker.topic.FetchedPartition.FetchError;
import io.skiff.storage.IsolationLevel;
import io.skiff.storage.LogOfflineException;
import io.skiff.storage.LogReadResult;
import io.skiff.storage.OffsetOutOfRangeException;
import io.skiff.storage.StorageException;
import java.io.Closeable;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads for fetch requests, with Kafka's long poll: when fewer than {@code minBytes} are available, the fetch parks
 * (a {@link DelayedFetch} registered on its partitions and on a timer) until appends bring enough bytes, a partition
 * goes away, or {@code maxWaitMs} passes. Nothing polls.
 *
 * <p>Byte limits follow KIP-74: partitions are read in request order, each up to
 * {@code min(partition max, what is left of the request max)}, and the first batch of the first partition that has
 * data is returned whole even if it exceeds the limits, so a consumer can always make progress.
 *
 * <p>Thread-safe. A parked fetch completes on the thread whose append brought its bytes, else (timeout, partition
 * closed) on one timer thread.
 */
public final class FetchService implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(FetchService.class);

    private final ClockScheduler timer;
    private final Set<DelayedFetch> parked = ConcurrentHashMap.newKeySet();

    /** Long polls on the system clock. */
    public FetchService() {
        this(Clock.systemUTC());
    }

    /**
     * Long polls that end when {@code clock} (the broker's) passes their max_wait_ms, or as much real time has passed:
     * an advance ends them at once, a paused clock does not stretch them.
     */
    public FetchService(Clock clock) {
        this.timer = new ClockScheduler("skiff-delayed-fetch", clock);
    }

    /**
     * Fetches from the given partitions.
     *
     * @param partitions what to read, in response order
     * @param maxBytes   the most bytes for the whole response (the first batch excepted, KIP-74)
     * @param minBytes   wait until at least this many bytes are available...
     * @param maxWaitMs  ...but no longer than this
     * @return the per-partition results, in the order of {@code partitions}; the caller owns their slices
     */
    public CompletableFuture<List<FetchedPartition>> fetch(
            List<PartitionFetch> partitions, int maxBytes, int minBytes, long maxWaitMs) {
        List<FetchedPartition> now = readAll(partitions, maxBytes);
        int available = 0;
        boolean failed = false;
        for (FetchedPartition r : now) {
            available += r.bytes();
            failed |= r.error() != FetchError.NONE;
        }
        if (maxWaitMs <= 0 || available >= minBytes || failed || partitions.isEmpty()) {
            return CompletableFuture.completedFuture(now);
        }
        now.forEach(FetchedPartition::release);
        DelayedFetch delayed = new DelayedFetch(this, partitions, maxBytes, minBytes, available);
        parked.add(delayed);
        delayed.park(timer, maxWaitMs);
        return delayed.future();
    }

    /** Number of fetches currently parked (for tests and metrics). */
    public int parkedCount() {
        return parked.size();
    }

    void unparked(DelayedFetch fetch) {
        parked.remove(fetch);
    }

    /** Reads every partition now, sharing {@code maxBytes} between them in order (KIP-74). */
    static List<FetchedPartition> readAll(List<PartitionFetch> partitions, int maxBytes) {
        List<FetchedPartition> results = new ArrayList<>(partitions.size());
        int remaining = Math.max(0, maxBytes);
        boolean minOneBatch = true;
        for (PartitionFetch pf : partitions) {
            FetchedPartition r = read(pf, Math.min(Math.max(0, pf.maxBytes()), remaining), minOneBatch);
            if (r.bytes() > 0) {
                minOneBatch = false;
                remaining = Math.max(0, remaining - r.bytes());
            }
            results.add(r);
        }
        return results;
    }

    /**
     * How many bytes the partitions hold for this fetch right now (what is read is released at once);
     * {@link Integer#MAX_VALUE} if a partition has an error, which must be reported without waiting.
     */
    static int readAvailable(List<PartitionFetch> partitions, int maxBytes) {
        int total = 0;
        for (FetchedPartition r : readAll(partitions, maxBytes)) {
            r.release();
            if (r.error() != FetchError.NONE) {
                return Integer.MAX_VALUE;
            }
            total += r.bytes();
        }
        return total;
    }

    private static FetchedPartition read(PartitionFetch pf, int limit, boolean minOneBatch) {
        Partition p = pf.partition();
        try {
            boolean committed = pf.isolation() == IsolationLevel.READ_COMMITTED;
            if (limit == 0 && !minOneBatch) {
                return new FetchedPartition(
                        pf,
                        FetchError.NONE,
                        List.of(),
                        0,
                        p.highWatermark(),
                        p.logStartOffset(),
                        p.lastStableOffset(),
                        committed ? List.of() : null);
            }
            LogReadResult r = p.read(pf.fetchOffset(), limit, minOneBatch, pf.isolation());
            return new FetchedPartition(
                    pf,
                    FetchError.NONE,
                    r.slices(),
                    r.totalBytes(),
                    r.logEndOffset(),
                    r.logStartOffset(),
                    r.lastStableOffset(),
                    r.abortedTransactions());
        } catch (OffsetOutOfRangeException e) {
            return FetchedPartition.failed(pf, FetchError.OFFSET_OUT_OF_RANGE, p.highWatermark(), p.logStartOffset());
        } catch (UnknownTopicException e) {
            return FetchedPartition.failed(pf, FetchError.UNKNOWN_TOPIC_OR_PARTITION, -1L, -1L);
        } catch (LogOfflineException e) {
            // Logged once when the log went offline.
            return FetchedPartition.failed(pf, FetchError.STORAGE_ERROR, -1L, -1L);
        } catch (StorageException | UncheckedIOException e) {
            LOG.warn("Cannot read {} at offset {}: {}", p.name(), pf.fetchOffset(), e.toString());
            return FetchedPartition.failed(pf, FetchError.STORAGE_ERROR, -1L, -1L);
        }
    }

    /** Completes every parked fetch with what is available now and stops the timer. */
    @Override
    public void close() {
        for (DelayedFetch f : List.copyOf(parked)) {
            f.completeNow();
        }
        timer.close();
    }
}
