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
package io.skiff.broker.handler;

import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.record.CompressionType;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What the produce path needs of one partition's records, read in a single walk over their batch headers before
 * storage validates every record: Kafka's request-level checks (exactly one v2 batch, zstd only from Produce v7)
 * and the producer of the first batch, which the transaction checks (the implicit add of Produce v12+, the
 * verification before it) go by. Immutable; thread-safe.
 *
 * @param buffer        the records, as the request holds them
 * @param error         NONE, or the request-level check the records fail
 * @param failure       thrown while walking (a batch cut short), or null; {@code error} is then NONE
 * @param firstReadable a first batch was found (none in empty records, or when the first one is cut short)
 * @param transactional the first batch has a v2 header and is transactional
 * @param producerId    the first batch's producer id (-1 unless it has a v2 header)
 * @param producerEpoch the first batch's producer epoch (-1 unless it has a v2 header)
 */
record ProducedBatches(
        ByteBuffer buffer,
        Errors error,
        RuntimeException failure,
        boolean firstReadable,
        boolean transactional,
        long producerId,
        short producerEpoch) {

    /** Walks every partition's records of {@code request} once, at the request's version. */
    static Map<ProduceRequest.PartitionProduceData, ProducedBatches> of(ProduceRequest request, short version) {
        Map<ProduceRequest.PartitionProduceData, ProducedBatches> out = new IdentityHashMap<>();
        for (ProduceRequest.TopicProduceData td : request.topicData()) {
            for (ProduceRequest.PartitionProduceData pd : td.partitionData()) {
                if (pd.records() instanceof ByteBufferRecords records) {
                    out.put(pd, of(records.buffer(), version));
                }
            }
        }
        return out;
    }

    /** Walks the batch headers of {@code batches}, stopping at the first that fails a check. */
    static ProducedBatches of(ByteBuffer batches, short version) {
        int count = 0;
        Errors error = Errors.NONE;
        boolean transactional = false;
        long producerId = RecordBatchView.NO_PRODUCER_ID;
        short producerEpoch = -1;
        try {
            for (RecordBatchView b : RecordBatches.iterate(batches)) {
                count++;
                if (b.sizeInBytes() < RecordBatchView.HEADER_SIZE || b.magic() != RecordBatchView.MAGIC_V2) {
                    error = Errors.INVALID_RECORD;
                    break;
                }
                if (count == 1) {
                    transactional = b.isTransactional();
                    producerId = b.producerId();
                    producerEpoch = b.producerEpoch();
                }
                if ((b.attributes() & 0x07) == CompressionType.ZSTD.id() && version < 7) {
                    error = Errors.UNSUPPORTED_COMPRESSION_TYPE;
                    break;
                }
            }
        } catch (RuntimeException e) {
            return new ProducedBatches(batches, Errors.NONE, e, count > 0, transactional, producerId, producerEpoch);
        }
        if (error == Errors.NONE && count != 1) {
            error = Errors.INVALID_RECORD;
        }
        return new ProducedBatches(batches, error, null, count > 0, transactional, producerId, producerEpoch);
    }
}
