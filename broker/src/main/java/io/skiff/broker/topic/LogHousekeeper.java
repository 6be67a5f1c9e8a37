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

import io.skiff.broker.clock.BrokerClock;
import io.skiff.broker.concurrent.DaemonThreads;
import io.skiff.storage.CleanerConfig;
import io.skiff.storage.Log;
import io.skiff.storage.LogCleaner;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Periodic log maintenance on one background thread, every {@code log.retention.check.interval.ms}: rolls segments
 * that are older than {@code segment.ms}, deletes segments past {@code retention.ms} / {@code retention.bytes},
 * and forgets producers idle for {@code producer.id.expiration.ms}. Once a second it also flushes partitions whose
 * topic sets a finite {@code flush.ms} and whose last flush is older than that. It owns the {@link LogCleaner},
 * whose {@code log.cleaner.threads} threads compact the logs of topics with {@code cleanup.policy=compact}.
 *
 * <p>The topic list is a snapshot taken under the registry's map lock; all disk work happens afterwards, under each
 * topic's lifecycle read lock only (so a deletion waits for the partition being worked on, and no request waits
 * for the disk work). Errors are logged and the next run tries again.
 *
 * <p>Thread-safe: all work runs on the single housekeeping thread.
 */
final class LogHousekeeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LogHousekeeper.class);
    private static final long FLUSH_CHECK_INTERVAL_MS = 1000;

    private final Supplier<Collection<Topic>> topics;
    private final long producerIdExpirationMs;
    private final Clock clock;
    private final ScheduledExecutorService executor;
    private final Map<Partition, Long> lastFlush = new ConcurrentHashMap<>();
    private final LogCleaner cleaner;
    private volatile Runnable stopFollowingClock = () -> {};

    private LogHousekeeper(
            Supplier<Collection<Topic>> topics,
            long producerIdExpirationMs,
            Clock clock,
            CleanerConfig cleanerConfig,
            Path dataDir) {
        this.topics = topics;
        this.cleaner = LogCleaner.start(cleanerConfig, dataDir, clock, this::logs);
        this.producerIdExpirationMs = producerIdExpirationMs;
        this.clock = clock;
        this.executor = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("skiff-log-housekeeping"));
    }

    static LogHousekeeper start(
            Supplier<Collection<Topic>> topics,
            long checkIntervalMs,
            long producerIdExpirationMs,
            Clock clock,
            CleanerConfig cleanerConfig,
            Path dataDir) {
        LogHousekeeper h = new LogHousekeeper(topics, producerIdExpirationMs, clock, cleanerConfig, dataDir);
        long interval = Math.max(1, checkIntervalMs);
        h.executor.scheduleWithFixedDelay(h::runMaintenance, interval, interval, TimeUnit.MILLISECONDS);
        h.executor.scheduleWithFixedDelay(
                h::runFlushes, FLUSH_CHECK_INTERVAL_MS, FLUSH_CHECK_INTERVAL_MS, TimeUnit.MILLISECONDS);
        // A test that advances the broker clock sees time-based roll, retention and producer expiry at once.
        h.stopFollowingClock = BrokerClock.onAdvance(clock, () -> h.executor.execute(h::runMaintenance));
        return h;
    }

    /** The logs of every partition, for the cleaner (which skips those that are not compacted). */
    private List<Log> logs() {
        List<Log> logs = new ArrayList<>();
        for (Topic topic : topics.get()) {
            for (Partition p : topic.partitions()) {
                try {
                    logs.add(p.log());
                } catch (RuntimeException e) {
                    // deleted before its log was created, or the log cannot be created: nothing to clean
                }
            }
        }
        return logs;
    }

    /** The cleaner, for compacting a topic on request. */
    LogCleaner cleaner() {
        return cleaner;
    }

    /** One pass of roll, retention and producer expiration over every partition. */
    void runMaintenance() {
        int deletedSegments = 0;
        for (Topic topic : topics.get()) {
            for (Partition p : topic.partitions()) {
                try {
                    // Inside the try: a partition published before its log (a large new topic) opens it here, and
                    // an exception must not end the scheduled maintenance.
                    if (p.log().isOffline()) {
                        continue; // logged once when it went offline
                    }
                    deletedSegments += topic.whileOpen(() -> {
                        p.log().maybeRoll();
                        int deleted = p.log().applyRetention();
                        p.expireProducers(producerIdExpirationMs);
                        return deleted;
                    });
                } catch (UnknownTopicException e) {
                    lastFlush.remove(p); // deleted meanwhile
                } catch (RuntimeException e) {
                    LOG.warn("Maintenance of {} failed: {}", p.name(), e.toString());
                }
            }
        }
        if (deletedSegments > 0) {
            LOG.info("Retention deleted {} segments", deletedSegments);
        }
    }

    /** Flushes the partitions whose topic's flush.ms has elapsed since their last flush. */
    void runFlushes() {
        long now = clock.millis();
        for (Topic topic : topics.get()) {
            long flushMs = topic.config().flushMs();
            if (flushMs == Long.MAX_VALUE) {
                continue;
            }
            for (Partition p : topic.partitions()) {
                try {
                    if (p.log().isOffline()) {
                        continue;
                    }
                    long last = lastFlush.computeIfAbsent(p, k -> now);
                    if (now - last < flushMs) {
                        continue;
                    }
                    topic.whileOpen(() -> {
                        p.log().flush();
                        return null;
                    });
                    lastFlush.put(p, now);
                } catch (UnknownTopicException e) {
                    lastFlush.remove(p);
                } catch (RuntimeException e) {
                    LOG.warn("Flush of {} failed: {}", p.name(), e.toString());
                }
            }
        }
    }

    @Override
    public void close() {
        stopFollowingClock.run();
        cleaner.close();
        executor.shutdownNow();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
