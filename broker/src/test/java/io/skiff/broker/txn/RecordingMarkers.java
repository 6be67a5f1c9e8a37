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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** {@link TransactionMarkers} that records what it is asked to write, and can be told to fail. Thread-safe. */
final class RecordingMarkers implements TransactionMarkers {
    record Marker(long producerId, short epoch, boolean commit, Set<TopicPartition> partitions) {}

    private final List<Marker> written = new ArrayList<>();
    private final List<Integer> transactionVersions = new ArrayList<>();
    volatile boolean fail;

    @Override
    public synchronized CompletableFuture<Void> write(
            long producerId,
            short producerEpoch,
            boolean commit,
            Set<TopicPartition> partitions,
            int coordinatorEpoch,
            int transactionVersion) {
        if (fail) {
            return CompletableFuture.failedFuture(new IllegalStateException("markers refused (test)"));
        }
        written.add(new Marker(producerId, producerEpoch, commit, Set.copyOf(partitions)));
        transactionVersions.add(transactionVersion);
        return CompletableFuture.completedFuture(null);
    }

    /** The transaction version each written marker was asked for, in order. */
    synchronized List<Integer> transactionVersions() {
        return new ArrayList<>(transactionVersions);
    }

    synchronized List<Marker> written() {
        return new ArrayList<>(written);
    }
}
