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

import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.protocol.Errors;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The end of a transaction, whatever ended it (EndTxn, a fencing InitProducerId, a timeout, a Prepare state found at
 * start): the Prepare record, then the markers to every partition of the transaction, then the Complete record.
 * Markers that fail are retried after {@code transaction.marker.retry.backoff.ms} until they are written: a
 * transaction once prepared always completes (Kafka's TransactionMarkerChannelManager does the same).
 *
 * <p>Thread-safe; the methods that say so are called under the transactional id's lock.
 */
final class TransactionCompletion {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionCompletion.class);
    /** A single broker never moves its coordinators, so the coordinator epoch stays 0. */
    static final int COORDINATOR_EPOCH = 0;

    private final TransactionCoordinatorConfig config;
    private final TransactionStateStore store;
    private final TransactionMarkers markers;
    private final CoordinatorScheduler scheduler;
    private final Clock clock;

    TransactionCompletion(
            TransactionCoordinatorConfig config,
            TransactionStateStore store,
            TransactionMarkers markers,
            CoordinatorScheduler scheduler,
            Clock clock) {
        this.config = config;
        this.store = store;
        this.markers = markers;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /** Writes {@code prepared} (a Prepare state), then the markers, then the Complete state. Under the lock. */
    CompletableFuture<Errors> end(TransactionMetadata m, TransactionRecord prepared) {
        CompletableFuture<Errors> result = new CompletableFuture<>();
        store.persist(m, prepared).whenComplete((error, failure) -> {
            if (error != Errors.NONE) {
                result.complete(error);
                return;
            }
            m.lock().run(() -> m.setPending(prepared.state().completeState()));
            writeMarkersAndComplete(m, prepared, result);
        });
        return result;
    }

    /**
     * Aborts an Ongoing transaction with the epoch bumped (Kafka's prepareFenceProducerEpoch, then the abort with the
     * broker's finalized transaction version), under the lock.
     */
    CompletableFuture<Errors> fenceAndAbort(TransactionMetadata m, TransactionRecord cur, long now) {
        return end(m, TransactionTransitions.fenceAndPrepareAbort(cur, store.finalizedVersion(), now));
    }

    /** Completes a transaction replayed in a Prepare state {@code prepared}: its markers, then its Complete state. */
    void resume(TransactionMetadata m, TransactionRecord prepared) {
        m.lock().run(() -> m.setPending(prepared.state().completeState()));
        writeMarkersAndComplete(m, prepared, new CompletableFuture<>());
    }

    /** With the Complete state pending: markers, then the Complete record; retried until the markers are written. */
    private void writeMarkersAndComplete(
            TransactionMetadata m, TransactionRecord prepared, CompletableFuture<Errors> result) {
        boolean commit = prepared.state() == TransactionState.PREPARE_COMMIT;
        markers.write(
                        prepared.producerId(),
                        prepared.producerEpoch(),
                        commit,
                        prepared.partitions(),
                        COORDINATOR_EPOCH,
                        prepared.clientTransactionVersion())
                .whenComplete((ok, failure) -> {
                    if (failure != null) {
                        LOG.warn(
                                "Writing the {} markers of transaction {} failed; retrying in {} ms",
                                commit ? "COMMIT" : "ABORT",
                                m.transactionalId(),
                                config.markerRetryBackoffMs(),
                                failure);
                        scheduler.schedule(
                                config.markerRetryBackoffMs(), () -> writeMarkersAndComplete(m, prepared, result));
                        return;
                    }
                    store.write(m, TransactionTransitions.complete(prepared, clock.millis()))
                            .whenComplete((error, f) -> result.complete(error));
                });
    }
}
