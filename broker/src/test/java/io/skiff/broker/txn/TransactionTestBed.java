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

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.coordinator.InMemoryRecordLog;
import io.skiff.broker.coordinator.ManualScheduler;
import io.skiff.broker.group.common.TopicPartition;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a transaction coordinator under test runs on: an in-memory log, a manual clock, recorded markers and producer
 * ids from 1000; with Kafka's default timeouts. Not thread-safe.
 */
final class TransactionTestBed {
    static final int MAX_TIMEOUT = 900_000;
    static final int ABORT_INTERVAL = 1_000;
    static final long ID_EXPIRATION = 3_600_000;
    static final TopicPartition A = new TopicPartition("a", 0);
    static final TopicPartition B = new TopicPartition("b", 1);

    final InMemoryRecordLog log = new InMemoryRecordLog(3);
    final ManualScheduler scheduler = new ManualScheduler(1_000_000L);
    final RecordingMarkers markers = new RecordingMarkers();
    final AtomicLong nextProducerId = new AtomicLong(1000);

    /** Writes {@code record} to the log as {@code id}'s state in {@code partition}: what a coordinator reloads. */
    void storeState(int partition, String id, TransactionRecord record) throws IOException {
        log.append(
                partition,
                List.of(new CoordinatorRecordLog.KeyValue(
                        TransactionLogCodec.key(id), TransactionLogCodec.value(record))),
                0);
    }

    /** A coordinator (not loaded, timers not started) over {@code recordLog} whose writes run on {@code writes}. */
    TransactionCoordinator coordinator(InMemoryRecordLog recordLog, Executor writes) {
        return new TransactionCoordinator(
                new TransactionCoordinatorConfig(MAX_TIMEOUT, ID_EXPIRATION, ABORT_INTERVAL, 60_000, 500),
                recordLog,
                new CoordinatorWriter(recordLog, writes),
                scheduler,
                nextProducerId::getAndIncrement,
                markers,
                scheduler.clock);
    }
}
