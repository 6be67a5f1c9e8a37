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

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tracks transactions while the cleaner walks a range of the log in offset order (Kafka's
 * {@code CleanedTransactionMetadata}): which transactional batches belong to an aborted transaction (their data is
 * removed), and whether a marker may go because no batch of its transaction is left.
 *
 * <p>Not thread-safe: one instance per walk.
 */
final class CleanedTransactions {
    private final Deque<AbortedTxn> aborted;
    /** Aborted transactions started but not yet ended by their marker in this walk: producer → batch seen. */
    private final Map<Long, Boolean> ongoingAborted = new HashMap<>();
    /** Producers with a transactional data batch seen since their last marker in this walk. */
    private final Set<Long> ongoingCommitted = new HashSet<>();

    /** @param aborted the aborted transactions of the range, by first offset */
    CleanedTransactions(List<AbortedTxn> aborted) {
        this.aborted = new ArrayDeque<>(aborted);
    }

    /** A data batch: true when it belongs to an aborted transaction (so its records are removed). */
    boolean onDataBatch(BatchInfo batch) {
        consumeAbortedUpTo(batch.lastOffset());
        if (!batch.transactional()) {
            return false;
        }
        if (ongoingAborted.containsKey(batch.producerId())) {
            ongoingAborted.put(batch.producerId(), true);
            return true;
        }
        ongoingCommitted.add(batch.producerId());
        return false;
    }

    /**
     * A marker batch: true when no data batch of its transaction was seen in this walk, so the marker itself may go
     * (once its delete horizon has passed).
     *
     * @param abort whether it is an ABORT marker
     */
    boolean onMarker(BatchInfo marker, boolean abort) {
        consumeAbortedUpTo(marker.lastOffset());
        long producerId = marker.producerId();
        if (abort) {
            Boolean dataSeen = ongoingAborted.remove(producerId);
            return dataSeen == null || !dataSeen;
        }
        return !ongoingCommitted.remove(producerId);
    }

    private void consumeAbortedUpTo(long offset) {
        while (!aborted.isEmpty() && aborted.peekFirst().firstOffset() <= offset) {
            AbortedTxn txn = aborted.pollFirst();
            ongoingAborted.putIfAbsent(txn.producerId(), false);
        }
    }
}
