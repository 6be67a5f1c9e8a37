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
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Writes the end of a transaction to the partitions it touched: a COMMIT or ABORT control batch to each data
 * partition and the completion of the pending offsets on {@code __consumer_offsets} partitions. Implementations
 * must be thread-safe.
 */
public interface TransactionMarkers {

    /**
     * Writes the markers; the future completes once every partition has its marker (or no longer exists), and fails
     * if some could not be written (the coordinator then retries all of them: a repeated marker is harmless).
     *
     * @param transactionVersion the client's transaction protocol version (2: the epoch was bumped for the marker)
     */
    CompletableFuture<Void> write(
            long producerId,
            short producerEpoch,
            boolean commit,
            Set<TopicPartition> partitions,
            int coordinatorEpoch,
            int transactionVersion);
}
