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

import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.record.ControlRecords;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import io.skiff.record.RecordReader;
import io.skiff.storage.FileSlice;
import io.skiff.storage.Log;
import io.skiff.storage.LogReadResult;
import io.skiff.storage.producer.AppendOrigin;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * A {@link CoordinatorRecordLog} over one compacted internal topic ({@code __consumer_offsets},
 * {@code __transaction_state}): one uncompressed batch per append, replay by reading every partition from its start
 * (transactional batches through {@link TransactionalReplay}).
 * Like Kafka, the topic is created on the first append (a broker that never uses the coordinator lists no such
 * topic), compacted and without time or size retention, so a coordinator's state is never deleted by segment
 * retention.
 *
 * <p>Thread-safe (creation is synchronized; the partitions serialize appends themselves).
 */
public final class InternalTopicLog implements CoordinatorRecordLog {
    private static final int READ_CHUNK_BYTES = 1 << 20;
    /** The smallest segment.bytes a topic accepts. */
    private static final int MIN_SEGMENT_BYTES = 1024 * 1024;

    private final TopicRegistry registry;
    private final String name;
    private final int partitions;
    private final Map<String, String> configs;
    private volatile Topic topic;

    private InternalTopicLog(
            TopicRegistry registry, String name, int partitions, Map<String, String> configs, Topic existing) {
        this.registry = registry;
        this.name = name;
        this.partitions = partitions;
        this.configs = Map.copyOf(configs);
        this.topic = existing;
    }

    /**
     * Uses topic {@code name} if it exists (its own partition count and configs win), else creates it on the first
     * append with {@code partitions} partitions, compacted, no time or size retention, and segments of
     * {@code segmentBytes} (at least what a topic accepts): closed segments are what the cleaner compacts, so the
     * replay at start reads about one segment plus the latest record of every key.
     */
    public static InternalTopicLog open(TopicRegistry registry, String name, int partitions, int segmentBytes) {
        Topic existing = registry.topic(name).orElse(null);
        Map<String, String> configs = Map.of(
                "cleanup.policy", "compact",
                "retention.ms", "-1",
                "retention.bytes", "-1",
                "segment.bytes", Integer.toString(Math.max(MIN_SEGMENT_BYTES, segmentBytes)));
        return new InternalTopicLog(
                registry, name, existing != null ? existing.partitionCount() : partitions, configs, existing);
    }

    private Topic topic() {
        Topic t = topic;
        if (t == null) {
            synchronized (this) {
                if (topic == null) {
                    topic = registry.getOrCreateInternalTopic(name, partitions, configs);
                }
                t = topic;
            }
        }
        return t;
    }

    @Override
    public int partitionCount() {
        return partitions;
    }

    @Override
    public void append(int partition, List<KeyValue> records, long timestamp) throws IOException {
        append(partition, new RecordBatchBuilder(0L, timestamp), records, timestamp);
    }

    @Override
    public void appendTransactional(
            int partition, long producerId, short producerEpoch, List<KeyValue> records, long timestamp)
            throws IOException {
        // As Kafka's coordinators write them: no sequence, and the log checks only the producer's epoch.
        RecordBatchBuilder builder = new RecordBatchBuilder(0L, timestamp)
                .producer(producerId, producerEpoch, RecordBatchView.NO_SEQUENCE)
                .transactional(true);
        append(partition, builder, records, timestamp);
    }

    private void append(int partition, RecordBatchBuilder builder, List<KeyValue> records, long timestamp)
            throws IOException {
        for (KeyValue kv : records) {
            builder.add(timestamp, kv.key(), kv.value());
        }
        try {
            topic().partition(partition).appendRecords(builder.build(), AppendOrigin.COORDINATOR);
        } catch (RuntimeException e) {
            throw new IOException("Append to " + name + "-" + partition + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void replay(RecordVisitor visitor) throws IOException {
        Topic t = topic;
        if (t == null) {
            return; // never created: nothing stored yet
        }
        for (int p = 0; p < t.partitionCount(); p++) {
            replayPartition(t.partition(p).log(), visitor);
        }
    }

    private static void replayPartition(Log log, RecordVisitor visitor) {
        TransactionalReplay replay = new TransactionalReplay(visitor);
        readPartition(log, replay);
        replay.finish();
    }

    private static void readPartition(Log log, TransactionalReplay replay) {
        long offset = log.logStartOffset();
        while (offset < log.logEndOffset()) {
            LogReadResult read = log.read(offset, READ_CHUNK_BYTES, true);
            if (read.slices().isEmpty()) {
                return;
            }
            long next = offset;
            try {
                for (FileSlice slice : read.slices()) {
                    ByteBuffer bytes = slice.readFully();
                    for (RecordBatchView batch : RecordBatches.iterate(bytes)) {
                        next = Math.max(next, batch.lastOffset() + 1);
                        if (batch.lastOffset() < offset) {
                            continue;
                        }
                        RecordReader reader = new RecordReader(batch);
                        if (batch.isControl()) {
                            if (reader.hasNext()) {
                                Record marker = reader.next();
                                short type = ControlRecords.type(marker);
                                if (type == ControlRecords.COMMIT || type == ControlRecords.ABORT) {
                                    replay.onMarker(batch.producerId(), type == ControlRecords.COMMIT);
                                }
                            }
                            continue;
                        }
                        while (reader.hasNext()) {
                            Record r = reader.next();
                            if (r.offset() < offset || r.key() == null) {
                                continue;
                            }
                            if (batch.isTransactional()) {
                                replay.onTransactionalRecord(batch.producerId(), r.key(), r.value());
                            } else {
                                replay.onRecord(r.key(), r.value());
                            }
                        }
                    }
                }
            } finally {
                read.releaseAll();
            }
            if (next <= offset) {
                return; // no progress: nothing more readable
            }
            offset = next;
        }
    }
}
