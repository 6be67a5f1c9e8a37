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

import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.txn.record.TransactionLogKey;
import io.skiff.broker.txn.record.TransactionLogValue;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.Message;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code __transaction_state} records in Kafka's layouts, so Kafka's tools decode them. Each key and value is an
 * int16 schema version followed by the message generated from {@code src/main/schemas/txn}: the key is
 * TransactionLogKey v0; the value is TransactionLogValue v1, flexible, which Kafka writes for every client once
 * transaction.version 1 or higher is finalized (the tagged client transaction version; this broker also tags the
 * previous and next producer ids, which Kafka 4.1 leaves out, so that an epoch overflow in progress survives a
 * restart). v0 is still read. A null value is the tombstone of an expired transactional id. Stateless,
 * thread-safe.
 */
final class TransactionLogCodec {
    private static final short KEY_VERSION = 0;

    private TransactionLogCodec() {}

    static byte[] key(String transactionalId) {
        return encode(KEY_VERSION, new TransactionLogKey().setTransactionalId(transactionalId));
    }

    /** The transactional id of a key, or null for a key of another (future) version. */
    static String readKey(ByteBuffer key) {
        ByteBufferAccessor in = new ByteBufferAccessor(key.duplicate());
        short version = in.readShort();
        if (version != KEY_VERSION) {
            return null;
        }
        return new TransactionLogKey(in, version).transactionalId();
    }

    /** The value in the version Kafka writes at this broker's finalized transaction.version (v1 from level 1). */
    static byte[] value(TransactionRecord r) {
        return value(r, TransactionVersion.logValueVersion(TransactionVersion.FINALIZED));
    }

    /** The value at {@code version} (0, or the flexible 1 with the tagged fields). */
    static byte[] value(TransactionRecord r, short version) {
        Map<String, List<Integer>> byTopic = new TreeMap<>();
        for (TopicPartition tp : r.partitions()) {
            byTopic.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition());
        }
        List<TransactionLogValue.PartitionsSchema> partitions = new ArrayList<>();
        byTopic.forEach((topic, ids) -> {
            ids.sort(null);
            partitions.add(
                    new TransactionLogValue.PartitionsSchema().setTopic(topic).setPartitionIds(ids));
        });
        boolean flexible = version >= 1;
        TransactionLogValue value = new TransactionLogValue()
                .setProducerId(r.producerId())
                .setProducerEpoch(r.producerEpoch())
                .setTransactionTimeoutMs(r.timeoutMs())
                .setTransactionStatus(r.state().id())
                .setTransactionPartitions(partitions)
                .setTransactionLastUpdateTimestampMs(r.txnLastUpdateTimestamp())
                .setTransactionStartTimestampMs(r.txnStartTimestamp())
                .setClientTransactionVersion(r.clientTransactionVersion());
        if (flexible) { // v0 has no place for these (Kafka keeps them in memory only then, too)
            value.setPreviousProducerId(r.previousProducerId()).setNextProducerId(r.nextProducerId());
        }
        return encode(version, value);
    }

    /**
     * Decodes a value (v0 or v1).
     *
     * @throws IllegalArgumentException for a version this broker does not know, or a malformed value
     */
    static TransactionRecord readValue(ByteBuffer bytes) {
        try {
            ByteBufferAccessor in = new ByteBufferAccessor(bytes.duplicate());
            short version = in.readShort();
            if (version != 0 && version != 1) {
                throw new IllegalArgumentException("unknown TransactionLogValue version " + version);
            }
            TransactionLogValue value = new TransactionLogValue(in, version);
            Set<TopicPartition> partitions = new HashSet<>();
            if (value.transactionPartitions() != null) {
                for (TransactionLogValue.PartitionsSchema p : value.transactionPartitions()) {
                    for (int id : p.partitionIds()) {
                        partitions.add(new TopicPartition(p.topic(), id));
                    }
                }
            }
            return new TransactionRecord(
                    value.producerId(),
                    value.previousProducerId(),
                    value.nextProducerId(),
                    value.producerEpoch(),
                    TransactionRecord.NO_EPOCH,
                    value.transactionTimeoutMs(),
                    TransactionState.fromId(value.transactionStatus()),
                    partitions,
                    value.transactionStartTimestampMs(),
                    value.transactionLastUpdateTimestampMs(),
                    value.clientTransactionVersion());
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed TransactionLogValue: " + e, e);
        }
    }

    private static byte[] encode(short version, Message message) {
        ByteBuffer buf = ByteBuffer.allocate(2 + message.size(version));
        buf.putShort(version);
        message.write(new ByteBufferAccessor(buf), version);
        return buf.array();
    }
}
