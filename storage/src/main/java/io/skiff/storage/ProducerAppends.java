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
package io.skiff.storage;

import io.skiff.record.InvalidRecordException;
import io.skiff.record.ValidatedBatch;
import io.skiff.record.ValidatedBatches;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.storage.producer.BatchMetadata;
import io.skiff.storage.producer.CompletedTxn;
import io.skiff.storage.producer.ProducerAppendInfo;
import io.skiff.storage.producer.ProducerBatch;
import io.skiff.storage.producer.ProducerStateManager;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The producer-state side of one append, as Kafka's UnifiedLog analyses it: every batch with a producer id is
 * checked against its producer's state (epoch, sequence, open transaction, marker) before anything is written, a
 * client retry of a recent batch is recognised as a duplicate, and once the batches are written the state is updated
 * and each transaction a marker ended is completed (an aborted one is added to the active segment's transaction
 * index with the log's last stable offset).
 * <p>Not thread-safe: used under the log's write lock.
 */
final class ProducerAppends {
    private final Map<Long, ProducerAppendInfo> infos = new LinkedHashMap<>();
    private final List<CompletedTxn> completed = new ArrayList<>(0);
    private BatchMetadata duplicate;

    private ProducerAppends() {}

    /**
     * Validates the producer facts of {@code batches} (offsets already assigned) against {@code state}.
     *
     * @throws InvalidRecordException a client sent a control batch
     * @throws io.skiff.storage.producer.ProducerStateException a batch breaks the producer's epoch, sequence or
     *     transaction rules
     */
    static ProducerAppends analyze(
            ValidatedBatches batches,
            ProducerStateManager state,
            AppendOrigin origin,
            int transactionVersion,
            long appendTime) {
        ProducerAppends a = new ProducerAppends();
        for (int i = 0; i < batches.count(); i++) {
            ValidatedBatch meta = batches.batch(i);
            if (origin == AppendOrigin.CLIENT && meta.control()) {
                throw new InvalidRecordException("Clients are not allowed to write control records");
            }
            if (!meta.hasProducerId()) {
                continue;
            }
            ProducerBatch b = new ProducerBatch(
                    meta.producerId(),
                    meta.producerEpoch(),
                    meta.baseSequence(),
                    meta.lastSequence(),
                    batches.baseOffset(i),
                    batches.lastOffset(i),
                    appendTime >= 0 ? appendTime : meta.maxTimestamp(),
                    meta.transactional(),
                    meta.control(),
                    meta.control() ? TxnMarkers.read(batches.view(i)) : null);
            if (origin == AppendOrigin.CLIENT) {
                BatchMetadata dup = state.findDuplicate(b).orElse(null);
                if (dup != null) {
                    a.duplicate = dup;
                    return a;
                }
            }
            // Not computeIfAbsent: under C1 (the launched broker's JIT) a capturing lambda per batch is a slow
            // allocation through a method handle (Unsafe.allocateInstance in the profiles).
            ProducerAppendInfo info = a.infos.get(b.producerId());
            if (info == null) {
                info = state.prepareUpdate(b.producerId(), origin);
                a.infos.put(b.producerId(), info);
            }
            CompletedTxn txn = info.append(b, transactionVersion);
            if (txn != null) {
                a.completed.add(txn);
            }
        }
        return a;
    }

    /** The already-written batch this append retries (the whole append is then skipped), or null. */
    BatchMetadata duplicate() {
        return duplicate;
    }

    /** Applies the analysed append once its batches are written. */
    void apply(ProducerStateManager state, TransactionIndex txnIndex) throws IOException {
        for (ProducerAppendInfo info : infos.values()) {
            state.update(info);
        }
        for (CompletedTxn txn : completed) {
            if (txn.aborted()) {
                txnIndex.append(new AbortedTxn(
                        txn.producerId(), txn.firstOffset(), txn.lastOffset(), state.lastStableOffset(txn)));
            }
            state.completeTxn(txn);
        }
    }
}
