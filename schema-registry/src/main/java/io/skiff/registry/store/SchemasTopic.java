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
package io.skiff.registry.store;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicExistsException;
import io.skiff.record.BatchDecompressor;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import io.skiff.record.RecordReader;
import io.skiff.storage.FileSlice;
import io.skiff.storage.LogReadResult;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The registry's log: the compacted topic {@code _schemas} (one partition, as Confluent's registry uses it) in the
 * broker's own storage. A change is one batch appended before the registry answers, so it is all there or not at
 * all; the topic sets {@code flush.messages=1}, so an acknowledged change is on disk. Thread-safe (the partition
 * serializes appends).
 */
public final class SchemasTopic {
    public static final String NAME = "_schemas";
    private static final int READ_BYTES = 1024 * 1024;

    private final BrokerContext broker;

    public SchemasTopic(BrokerContext broker) {
        this.broker = broker;
    }

    /** Appends the entries as one batch; returns once the log has them (and, per the topic's config, the disk). */
    public void append(List<SchemaRecords.Entry> entries) {
        long now = broker.clock().millis();
        RecordBatchBuilder builder = new RecordBatchBuilder(0, now);
        for (SchemaRecords.Entry e : entries) {
            builder.add(now, e.key(), e.value());
        }
        ByteBuffer batch = builder.build();
        try {
            partition().appendRecords(batch, AppendOrigin.CLIENT);
        } catch (RuntimeException e) {
            throw RegistryException.storeError("Error while writing to the " + NAME + " topic: " + e.getMessage());
        }
    }

    /** Hands every record of the topic, oldest first, to {@code consumer} (value null for a tombstone). */
    public void replay(BiConsumer<byte[], byte[]> consumer) {
        Optional<Topic> topic = broker.topics().topic(NAME);
        if (topic.isEmpty()) {
            return;
        }
        Partition p = topic.get().partition(0);
        long offset = p.logStartOffset();
        long end = p.highWatermark();
        while (offset < end) {
            LogReadResult result = p.read(offset, READ_BYTES, true);
            long next = offset;
            try {
                for (FileSlice slice : result.slices()) {
                    for (RecordBatchView batch : RecordBatches.iterate(slice.readFully())) {
                        next = Math.max(next, batch.lastOffset() + 1);
                        if (batch.isControl()) {
                            continue;
                        }
                        for (Record r : RecordReader.readAll(BatchDecompressor.uncompressed(batch))) {
                            if (r.offset() >= offset && r.keyBytes() != null) {
                                consumer.accept(r.keyBytes(), r.valueBytes());
                            }
                        }
                    }
                }
            } finally {
                result.releaseAll();
            }
            if (next == offset) {
                break; // nothing readable here: never spin
            }
            offset = next;
        }
    }

    private Partition partition() {
        Optional<Topic> existing = broker.topics().topic(NAME);
        if (existing.isPresent()) {
            return existing.get().partition(0);
        }
        try {
            return broker.topics()
                    .createTopic(NAME, 1, Map.of("cleanup.policy", "compact", "flush.messages", "1"))
                    .partition(0);
        } catch (TopicExistsException createdMeanwhile) {
            return broker.topics().topic(NAME).orElseThrow().partition(0);
        }
    }
}
