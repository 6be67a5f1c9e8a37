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
package io.skiff.broker.coordinator;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single writer of a coordinator's records to its {@link CoordinatorRecordLog}: appends run on a
 * dedicated executor (one thread in production), in submission order. Callers submit while holding the
 * key's lock — submitting never blocks — so a key's records reach the log in the order its state changed,
 * and no lock is held while the disk is written. Thread-safe.
 */
public final class CoordinatorWriter {
    private static final Logger LOG = LoggerFactory.getLogger(CoordinatorWriter.class);

    private final CoordinatorRecordLog recordLog;
    private final Executor writer;

    public CoordinatorWriter(CoordinatorRecordLog recordLog, Executor writer) {
        this.recordLog = recordLog;
        this.writer = writer;
    }

    /** The internal-topic partition of a key (group id, transactional id), as Kafka computes it. */
    public int partitionFor(String key) {
        int h = key.hashCode();
        return (h == Integer.MIN_VALUE ? 0 : Math.abs(h)) % recordLog.partitionCount();
    }

    /** Appends the records of {@code key}; the future completes (on the writer) once they are in the log. */
    public CompletableFuture<Void> append(String key, List<CoordinatorRecordLog.KeyValue> records, long timestamp) {
        return write(key, records, partition -> recordLog.append(partition, records, timestamp));
    }

    /**
     * Appends the records of {@code key} as a transactional batch of {@code producerId} at {@code producerEpoch}
     * ({@link CoordinatorRecordLog#appendTransactional}); the future completes once they are in the log.
     */
    public CompletableFuture<Void> appendTransactional(
            String key,
            long producerId,
            short producerEpoch,
            List<CoordinatorRecordLog.KeyValue> records,
            long timestamp) {
        return write(
                key,
                records,
                partition -> recordLog.appendTransactional(partition, producerId, producerEpoch, records, timestamp));
    }

    /** One append to a partition's log. */
    @FunctionalInterface
    private interface Append {
        void to(int partition) throws IOException;
    }

    private CompletableFuture<Void> write(String key, List<CoordinatorRecordLog.KeyValue> records, Append append) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (records.isEmpty()) {
            done.complete(null);
            return done;
        }
        int partition = partitionFor(key);
        try {
            writer.execute(() -> {
                try {
                    append.to(partition);
                    done.complete(null);
                } catch (Exception | Error e) {
                    LOG.warn("Failed to append {} records of {} to partition {}", records.size(), key, partition, e);
                    done.completeExceptionally(e);
                }
            });
        } catch (RuntimeException rejected) {
            done.completeExceptionally(rejected);
        }
        return done;
    }
}
