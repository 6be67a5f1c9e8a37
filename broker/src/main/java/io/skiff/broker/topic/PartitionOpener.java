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

import io.skiff.broker.concurrent.DaemonThreads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens (or creates) the partitions of a topic on a few threads at once, and the logs of partitions published
 * before them (large creations, the start of a large data directory) in the background.
 *
 * <p>Why: creating a partition is a handful of file-system calls that each create an inode (its directory, its
 * {@code partition.metadata}, its first segment). They cost kernel time, not Java time — about 0.5 ms each on the
 * 2-core benchmark machine, so 1.5–2 ms per partition and 1.5–2 s for a topic of 1,000 partitions when done one
 * after the other. Inodes in different directories are created in parallel by the kernel, so a few threads cut the
 * wall time of a large create or of the recovery of many partitions. Small topics (below {@link #PARALLEL_FROM}
 * partitions) are opened on the caller's thread: a thread hand-off would cost more than it saves.
 *
 * <p>The threads exist only while there is work: they end after a few seconds idle, so a broker that creates no
 * topics keeps none. Thread-safe; {@link #close} stops the threads (a running {@link #openAll} still completes).
 */
final class PartitionOpener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PartitionOpener.class);

    /** Threads at most: the benchmark machine has 2 cores, and the file-system calls wait on the kernel's locks. */
    static final int THREADS = 4;
    /** Topics with fewer partitions are opened on the caller's thread. */
    static final int PARALLEL_FROM = 8;

    /** Opens partition {@code index}. */
    interface OpenTask<P> {
        P open(int index) throws IOException;
    }

    private final ThreadPoolExecutor executor;

    PartitionOpener() {
        executor = new ThreadPoolExecutor(
                THREADS,
                THREADS,
                5,
                TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(),
                DaemonThreads.numbered("skiff-partition-open-"));
        executor.allowCoreThreadTimeOut(true);
    }

    /**
     * Opens partitions {@code from} (inclusive) to {@code to} (exclusive) and returns them in index order. If any
     * fails, waits for the others, passes every one that opened to {@code undo} and throws the failure of the
     * lowest index.
     */
    <P> List<P> openAll(int from, int to, OpenTask<P> task, Consumer<P> undo) throws IOException {
        int count = to - from;
        List<P> opened = new ArrayList<>(Math.max(count, 0));
        if (count < PARALLEL_FROM) {
            try {
                for (int i = from; i < to; i++) {
                    opened.add(task.open(i));
                }
            } catch (IOException | RuntimeException e) {
                opened.forEach(undo);
                throw e;
            }
            return opened;
        }
        List<Future<P>> futures = new ArrayList<>(count);
        for (int i = from; i < to; i++) {
            int index = i;
            Callable<P> open = () -> task.open(index);
            try {
                futures.add(executor.submit(open));
            } catch (RejectedExecutionException closing) { // the broker is closing: open it here
                FutureTask<P> here = new FutureTask<>(open);
                here.run();
                futures.add(here);
            }
        }
        Throwable failure = null;
        boolean interrupted = false;
        for (Future<P> f : futures) {
            while (true) {
                try {
                    opened.add(f.get());
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // finish waiting: the tasks hold files that must be closed on failure
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause();
                    }
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure == null) {
            return opened;
        }
        opened.forEach(undo);
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof RuntimeException re) {
            throw re;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        throw new UncheckedIOException(new IOException(failure));
    }

    /**
     * Runs {@code work} on every item, on this opener's threads, without waiting; items are shared out in
     * {@link #THREADS} runs. Nothing runs once the opener is closed.
     */
    <T> void inBackground(List<T> items, Consumer<T> work) {
        int runs = Math.min(THREADS, items.size());
        for (int r = 0; r < runs; r++) {
            List<T> share = items.subList(items.size() * r / runs, items.size() * (r + 1) / runs);
            try {
                executor.execute(() -> share.forEach(work));
            } catch (RejectedExecutionException closing) {
                return;
            }
        }
    }

    /**
     * Opens these partitions' logs in the background (their first use may come first). A log that cannot be opened
     * is logged; its next use tries again. With {@code announce}, logs how many there are, and the time once all are
     * open (the start of a large data directory).
     */
    void openLogsInBackground(List<Partition> partitions, boolean announce) {
        long started = System.nanoTime();
        AtomicInteger left = new AtomicInteger(partitions.size());
        if (announce) {
            LOG.info(
                    "Opening the logs of {} partitions in the background (first use opens one at once)",
                    partitions.size());
        }
        inBackground(partitions, p -> {
            openQuietly(p);
            if (left.decrementAndGet() == 0 && announce) {
                LOG.info(
                        "Opened the logs of {} partitions in {} ms",
                        partitions.size(),
                        (System.nanoTime() - started) / 1_000_000);
            }
        });
    }

    private static void openQuietly(Partition p) {
        try {
            p.log();
        } catch (UnknownTopicException deleted) {
            // deleted or the broker is closing: nothing to open (the next start opens what a close left)
        } catch (RuntimeException e) {
            LOG.warn("Cannot open the log of {} (its first use tries again): {}", p.name(), e.toString());
        }
    }

    @Override
    public void close() {
        executor.shutdown();
    }
}
