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
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link CoordinatorRecordLog} kept in memory, shared across coordinator "restarts" in tests; transactional records
 * and markers are replayed as {@link InternalTopicLog} replays them. Thread-safe.
 */
public final class InMemoryRecordLog implements CoordinatorRecordLog {
    private static final long NO_PRODUCER = -1L;

    /** A record ({@code marker} null), or a marker of {@code producerId}'s transaction. */
    private record Entry(long producerId, KeyValue record, Boolean marker) {}

    private final int partitions;
    private final List<List<Entry>> logs = new ArrayList<>();
    public volatile boolean failAppends;

    public InMemoryRecordLog(int partitions) {
        this.partitions = partitions;
        for (int i = 0; i < partitions; i++) {
            logs.add(new ArrayList<>());
        }
    }

    @Override
    public int partitionCount() {
        return partitions;
    }

    @Override
    public synchronized void append(int partition, List<KeyValue> records, long timestamp) throws IOException {
        appendAs(partition, NO_PRODUCER, records);
    }

    @Override
    public synchronized void appendTransactional(
            int partition, long producerId, short producerEpoch, List<KeyValue> records, long timestamp)
            throws IOException {
        appendAs(partition, producerId, records);
    }

    private void appendAs(int partition, long producerId, List<KeyValue> records) throws IOException {
        if (failAppends) {
            throw new IOException("disk full (test)");
        }
        for (KeyValue kv : records) {
            logs.get(partition).add(new Entry(producerId, kv, null));
        }
    }

    /** Appends the COMMIT or ABORT marker of {@code producerId}'s transaction, as the transaction coordinator does. */
    public synchronized void marker(int partition, long producerId, boolean commit) {
        logs.get(partition).add(new Entry(producerId, null, commit));
    }

    @Override
    public synchronized void replay(RecordVisitor visitor) {
        for (List<Entry> log : logs) {
            TransactionalReplay replay = new TransactionalReplay(visitor);
            for (Entry e : log) {
                if (e.marker() != null) {
                    replay.onMarker(e.producerId(), e.marker());
                    continue;
                }
                ByteBuffer key = ByteBuffer.wrap(e.record().key());
                ByteBuffer value = e.record().value() == null
                        ? null
                        : ByteBuffer.wrap(e.record().value());
                if (e.producerId() == NO_PRODUCER) {
                    replay.onRecord(key, value);
                } else {
                    replay.onTransactionalRecord(e.producerId(), key, value);
                }
            }
            replay.finish();
        }
    }

    public synchronized int recordCount() {
        return (int) logs.stream()
                .flatMap(List::stream)
                .filter(e -> e.marker() == null)
                .count();
    }

    public synchronized List<KeyValue> partition(int p) {
        List<KeyValue> out = new ArrayList<>();
        for (Entry e : logs.get(p)) {
            if (e.marker() == null) {
                out.add(e.record());
            }
        }
        return out;
    }
}
