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
package io.skiff.console.action;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.topic.Topic;
import io.skiff.config.MessageTimestampType;
import io.skiff.record.Header;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.AppendResult;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes one record typed into the console, as a producer with acks=all and no idempotence would: the partition given,
 * or the key's partition (murmur2, as the Java client's default partitioner) or partition 0 without a key. Stateless
 * and thread-safe.
 */
public final class RecordProducer {
    private final BrokerContext broker;

    public RecordProducer(BrokerContext broker) {
        this.broker = broker;
    }

    /** Where a record went. */
    public record Produced(int partition, long offset) {}

    /**
     * Appends the record.
     *
     * @param partition -1 to choose by key
     * @param key       null for none
     * @param value     null for a tombstone
     */
    public Produced produce(String topicName, int partition, byte[] key, byte[] value, List<Header> headers) {
        Topic topic = broker.topics()
                .topic(topicName)
                .orElseThrow(() -> new ActionException("This server does not host this topic-partition."));
        if (topic.isInternal()) {
            throw new ActionException("Cannot append to internal topic " + topicName);
        }
        int target = partition >= 0 ? partition : partitionFor(key, topic.partitionCount());
        if (!topic.hasPartition(target)) {
            throw new ActionException("This server does not host this topic-partition.");
        }
        long now = broker.clock().millis();
        RecordBatchBuilder builder = new RecordBatchBuilder(0, now).add(now, key, value, headers);
        if (topic.config().messageTimestampType() == MessageTimestampType.LOG_APPEND_TIME) {
            builder.logAppendTime(now);
        }
        ByteBuffer batch = builder.build();
        if (batch.remaining() > topic.config().maxMessageBytes()) {
            throw new ActionException("The record is " + batch.remaining()
                    + " bytes when serialized which is larger than the topic's max.message.bytes "
                    + topic.config().maxMessageBytes() + ".");
        }
        try {
            AppendResult result = topic.partition(target).appendRecords(batch, AppendOrigin.CLIENT);
            return new Produced(target, result.firstOffset());
        } catch (RuntimeException e) {
            throw new ActionException(e.getMessage());
        }
    }

    /** The Java client's partition for a key: murmur2 of the key bytes, positive, modulo the partition count. */
    static int partitionFor(byte[] key, int partitions) {
        if (key == null) {
            return 0;
        }
        return (murmur2(key) & 0x7fffffff) % partitions;
    }

    /** Kafka's murmur2 (the client's {@code Utils.murmur2}), seed 0x9747b28c. */
    static int murmur2(byte[] data) {
        int length = data.length;
        int seed = 0x9747b28c;
        final int m = 0x5bd1e995;
        final int r = 24;
        int h = seed ^ length;
        int length4 = length / 4;
        for (int i = 0; i < length4; i++) {
            int i4 = i * 4;
            int k = (data[i4] & 0xff)
                    + ((data[i4 + 1] & 0xff) << 8)
                    + ((data[i4 + 2] & 0xff) << 16)
                    + ((data[i4 + 3] & 0xff) << 24);
            k *= m;
            k ^= k >>> r;
            k *= m;
            h *= m;
            h ^= k;
        }
        int tail = length4 * 4;
        switch (length % 4) {
            case 3:
                h ^= (data[tail + 2] & 0xff) << 16;
            // fall through
            case 2:
                h ^= (data[tail + 1] & 0xff) << 8;
            // fall through
            case 1:
                h ^= data[tail] & 0xff;
                h *= m;
            // fall through
            default:
        }
        h ^= h >>> 13;
        h *= m;
        h ^= h >>> 15;
        return h;
    }
}
