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

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.protocol.Errors;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transaction coordinator: Kafka's state machine per transactional id (Empty, Ongoing, PrepareCommit,
 * PrepareAbort, CompleteCommit, CompleteAbort, Dead, with PrepareEpochFence as the pending state of a fenced
 * transaction). The ids and their state are kept by {@link TransactionStateStore} (Kafka's TransactionStateManager):
 * persisted in {@code __transaction_state}, replayed at start, idle ids expired.
 *
 * <p>Each change is first written to the log (on the coordinator runtime's single writer) and only then applied;
 * while it is written, other requests for the same id get CONCURRENT_TRANSACTIONS, as in Kafka. Ending a
 * transaction writes PrepareCommit/PrepareAbort, then the markers to every partition of the transaction, then
 * CompleteCommit/CompleteAbort; the client is answered once the transaction is complete (Kafka answers after the
 * Prepare record; answering later spares the client the CONCURRENT_TRANSACTIONS retries of its next transaction).
 * A transaction found in a Prepare state at start is completed; an Ongoing one open longer than its timeout is
 * aborted with a bumped epoch (fencing its producer), as Kafka does.
 *
 * <p>Clients of transaction protocol versions 1 and 2 ({@link TransactionVersion}) are served side by side; each
 * request says which version its client uses. Version 2 clients get an epoch bump at every commit and abort
 * ({@link EndTxnV2Rules}), their partitions and groups are added by the broker ({@link #addPartitionsForProduce}),
 * and their markers carry the bumped epoch. Fencing and timeouts follow the broker's finalized version, as Kafka's
 * do. The states themselves are built by {@link TransactionTransitions}, a transaction ended by
 * {@link TransactionCompletion}.
 *
 * <p>Thread-safe: the work on one transactional id is serialized by its {@link TransactionMetadata#lock()}; no
 * lock is held while the log or the partitions are written.
 */
public final class TransactionCoordinator implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionCoordinator.class);
    private final TransactionCoordinatorConfig config;
    private final TransactionStateStore store;
    private final CoordinatorScheduler scheduler;
    private final LongSupplier producerIds;
    private final TransactionCompletion completion;
    private final Clock clock;
    private final List<CoordinatorScheduler.Cancellable> timers = new ArrayList<>();
    private final List<AutoCloseable> owned = new ArrayList<>();
    private final ConcurrentTransactionsRetry concurrentRetry;

    /**
     * @param producerIds hands out new producer ids (may block on the disk: called on the caller's thread)
     */
    public TransactionCoordinator(
            TransactionCoordinatorConfig config,
            CoordinatorRecordLog recordLog,
            CoordinatorWriter writer,
            CoordinatorScheduler scheduler,
            LongSupplier producerIds,
            TransactionMarkers markers,
            Clock clock) {
        this.config = config;
        this.store = new TransactionStateStore(recordLog, writer, clock);
        this.scheduler = scheduler;
        this.producerIds = producerIds;
        this.completion = new TransactionCompletion(config, store, markers, scheduler, clock);
        this.clock = clock;
        this.concurrentRetry = new ConcurrentTransactionsRetry(scheduler, clock);
    }

    // ------------------------------------------------------------------ lifecycle

    /**
     * Replays {@code __transaction_state} (the last record of each id wins, a tombstone removes it), then completes
     * the transactions stopped between Prepare and Complete, and starts the timers.
     */
    public void load() throws IOException {
        int loaded = store.load();
        for (TransactionMetadata meta : store.all()) {
            TransactionRecord r = meta.current();
            if (r.state().isPrepare()) {
                LOG.info("Completing transaction {} found in {} at start", meta.transactionalId(), r.state());
                completion.resume(meta, r);
            }
        }
        if (loaded > 0) {
            LOG.info("Loaded {} transactional ids from __transaction_state", store.size());
        }
    }

    /** Starts the timers: abort of timed-out transactions and removal of expired transactional ids. */
    public void startTimers() {
        synchronized (timers) {
            timers.add(scheduler.schedulePeriodic(config.abortTimedOutIntervalMs(), this::abortTimedOutTransactions));
            timers.add(scheduler.schedulePeriodic(config.removeExpiredIntervalMs(), this::removeExpiredIds));
        }
    }

    /** Closes {@code resource} (the runtime's threads) when this coordinator is closed, after the timers stop. */
    void own(AutoCloseable resource) {
        synchronized (timers) {
            owned.add(resource);
        }
    }

    @Override
    public void close() {
        synchronized (timers) {
            timers.forEach(CoordinatorScheduler.Cancellable::cancel);
            timers.clear();
            for (AutoCloseable resource : owned) {
                try {
                    resource.close();
                } catch (Exception e) {
                    LOG.warn("Closing the transaction coordinator's {} failed", resource, e);
                }
            }
            owned.clear();
        }
    }

    /** The {@code __transaction_state} partition of a transactional id, as Kafka computes it. */
    public int partitionFor(String transactionalId) {
        return store.partitionFor(transactionalId);
    }

    // ------------------------------------------------------------------ InitProducerId

    /**
     * InitProducerId with a transactional id: a new producer id for a new id, else the epoch bumped (fencing older
     * instances), a new producer id when the epoch is exhausted, and an open transaction aborted first (the client
     * is told CONCURRENT_TRANSACTIONS and retries).
     *
     * @param expectedProducerId    the producer's current id (v3+), or -1
     * @param expectedProducerEpoch its epoch, or -1
     */
    public CompletableFuture<InitProducerIdResult> initProducerId(
            String transactionalId, int timeoutMs, long expectedProducerId, short expectedProducerEpoch) {
        if (transactionalId.isEmpty()) {
            return done(InitProducerIdResult.error(Errors.INVALID_REQUEST));
        }
        if (timeoutMs <= 0 || timeoutMs > config.maxTimeoutMs()) {
            return done(InitProducerIdResult.error(Errors.INVALID_TRANSACTION_TIMEOUT));
        }
        TransactionMetadata meta = store.get(transactionalId);
        if (meta == null) {
            long producerId = producerIds.getAsLong();
            long now = clock.millis();
            meta = store.getOrCreate(
                    transactionalId,
                    id -> new TransactionMetadata(
                            id,
                            new TransactionRecord(
                                    producerId,
                                    -1L,
                                    -1L,
                                    TransactionRecord.NO_EPOCH,
                                    TransactionRecord.NO_EPOCH,
                                    timeoutMs,
                                    TransactionState.EMPTY,
                                    Set.of(),
                                    -1L,
                                    now,
                                    (short) 0)));
        }
        TransactionMetadata m = meta;
        boolean hasExpected = expectedProducerId != -1L;
        return m.lock().call(() -> {
            if (m.pending() != null) {
                return done(InitProducerIdResult.error(Errors.CONCURRENT_TRANSACTIONS));
            }
            TransactionRecord cur = m.current();
            if (hasExpected
                    && !TransactionTransitions.isValidProducerId(cur, expectedProducerId, expectedProducerEpoch)) {
                return done(InitProducerIdResult.error(Errors.PRODUCER_FENCED));
            }
            long now = clock.millis();
            switch (cur.state()) {
                case EMPTY, COMPLETE_COMMIT, COMPLETE_ABORT -> {
                    TransactionRecord next;
                    if (cur.epochExhausted() && (!hasExpected || expectedProducerEpoch == cur.producerEpoch())) {
                        next = TransactionTransitions.rotateProducerId(
                                cur, producerIds.getAsLong(), timeoutMs, hasExpected, now);
                    } else {
                        next = TransactionTransitions.incrementEpoch(
                                cur, timeoutMs, hasExpected, expectedProducerEpoch, now);
                        if (next == null) {
                            return done(InitProducerIdResult.error(Errors.PRODUCER_FENCED));
                        }
                    }
                    return store.persist(m, next)
                            .thenApply(error -> error == Errors.NONE
                                    ? new InitProducerIdResult(Errors.NONE, next.producerId(), next.producerEpoch())
                                    : InitProducerIdResult.error(error));
                }
                case ONGOING -> {
                    // Abort the open transaction with a fenced epoch; the client retries and gets the next bump.
                    CompletableFuture<InitProducerIdResult> result = new CompletableFuture<>();
                    completion
                            .fenceAndAbort(m, cur, now)
                            .whenComplete((r, e) ->
                                    result.complete(InitProducerIdResult.error(Errors.CONCURRENT_TRANSACTIONS)));
                    return result;
                }
                default -> {
                    return done(InitProducerIdResult.error(Errors.CONCURRENT_TRANSACTIONS));
                }
            }
        });
    }

    // ------------------------------------------------------------------ AddPartitionsToTxn / AddOffsetsToTxn

    /** Adds partitions to the transaction of a version 1 client (AddPartitionsToTxn v0-3). */
    public CompletableFuture<Errors> addPartitions(
            String transactionalId, long producerId, short producerEpoch, Set<TopicPartition> partitions) {
        return addPartitions(transactionalId, producerId, producerEpoch, partitions, TransactionVersion.TV_0);
    }

    /**
     * Adds partitions to the producer's transaction, beginning it if none is open (Kafka's
     * handleAddPartitionsToTransaction).
     *
     * @param clientTransactionVersion the client's transaction version, kept in the transaction's state: 2 when the
     *                                 broker adds the partitions of a Produce v12+ or TxnOffsetCommit v5+ itself
     */
    public CompletableFuture<Errors> addPartitions(
            String transactionalId,
            long producerId,
            short producerEpoch,
            Set<TopicPartition> partitions,
            short clientTransactionVersion) {
        if (transactionalId == null || transactionalId.isEmpty()) {
            return done(Errors.INVALID_REQUEST);
        }
        TransactionMetadata m = store.get(transactionalId);
        if (m == null) {
            return done(Errors.INVALID_PRODUCER_ID_MAPPING);
        }
        return m.lock().call(() -> {
            TransactionRecord cur = m.current();
            if (cur.producerId() != producerId) {
                return done(Errors.INVALID_PRODUCER_ID_MAPPING);
            }
            if (cur.producerEpoch() != producerEpoch) {
                return done(Errors.PRODUCER_FENCED);
            }
            if (m.pending() != null || cur.state().isPrepare()) {
                return done(Errors.CONCURRENT_TRANSACTIONS);
            }
            if (cur.state() == TransactionState.ONGOING && cur.partitions().containsAll(partitions)) {
                return done(Errors.NONE);
            }
            if (cur.state() != TransactionState.ONGOING && !cur.state().isIdle()) {
                return done(Errors.INVALID_TXN_STATE);
            }
            return store.persist(
                    m, TransactionTransitions.addPartitions(cur, partitions, clientTransactionVersion, clock.millis()));
        });
    }

    /**
     * The broker's own add of the partitions of a Produce v12+ from a transaction protocol version 2 client (Kafka's
     * AddPartitionsToTxnManager with ADD_PARTITION): as {@link #addPartitions}, retrying CONCURRENT_TRANSACTIONS for a
     * short while, see {@link ConcurrentTransactionsRetry}.
     */
    public CompletableFuture<Errors> addPartitionsForProduce(
            String transactionalId, long producerId, short producerEpoch, Set<TopicPartition> partitions) {
        return concurrentRetry.run(
                () -> addPartitions(transactionalId, producerId, producerEpoch, partitions, TransactionVersion.TV_2));
    }

    /**
     * Whether {@code partition} is in the open transaction of this producer, for the produce path and
     * TxnOffsetCommit, as Kafka's transaction verification answers: NONE if it is; INVALID_PRODUCER_ID_MAPPING for an
     * unknown transactional id or another producer id; INVALID_PRODUCER_EPOCH for another epoch;
     * CONCURRENT_TRANSACTIONS while the transaction is ending; INVALID_TXN_STATE otherwise. An add of other
     * partitions being written does not matter (Kafka's verification ignores pending adds too): a client commonly adds
     * its output partitions while its offsets, already added, are committed.
     */
    public Errors verifyPartition(
            String transactionalId, long producerId, short producerEpoch, TopicPartition partition) {
        TransactionMetadata m = transactionalId == null ? null : store.get(transactionalId);
        if (m == null) {
            return Errors.INVALID_PRODUCER_ID_MAPPING;
        }
        return m.lock().call(() -> {
            TransactionRecord cur = m.current();
            if (cur.producerId() != producerId) {
                return Errors.INVALID_PRODUCER_ID_MAPPING;
            }
            if (producerEpoch != cur.producerEpoch()) {
                return Errors.INVALID_PRODUCER_EPOCH;
            }
            if (cur.state().isPrepare() || (m.pending() != null && m.pending() != TransactionState.ONGOING)) {
                return Errors.CONCURRENT_TRANSACTIONS;
            }
            if (cur.state() != TransactionState.ONGOING || !cur.partitions().contains(partition)) {
                return Errors.INVALID_TXN_STATE;
            }
            return Errors.NONE;
        });
    }

    // ------------------------------------------------------------------ EndTxn

    /** Commits or aborts the transaction of a version 1 client (EndTxn v0-4): the epoch stays. */
    public CompletableFuture<Errors> endTransaction(
            String transactionalId, long producerId, short producerEpoch, boolean commit) {
        return endTransaction(transactionalId, producerId, producerEpoch, commit, TransactionVersion.TV_0)
                .thenApply(InitProducerIdResult::error);
    }

    /**
     * Commits or aborts the producer's transaction. Answered once it is complete; for a transaction version 2 client
     * with the producer id and epoch to continue with (the epoch bumped, or a new producer id at epoch 0 when the
     * epochs are exhausted), for version 1 with -1 and -1.
     */
    public CompletableFuture<InitProducerIdResult> endTransaction(
            String transactionalId,
            long producerId,
            short producerEpoch,
            boolean commit,
            short clientTransactionVersion) {
        if (transactionalId == null || transactionalId.isEmpty()) {
            return done(InitProducerIdResult.error(Errors.INVALID_REQUEST));
        }
        TransactionMetadata m = store.get(transactionalId);
        if (m == null) {
            return done(InitProducerIdResult.error(Errors.INVALID_PRODUCER_ID_MAPPING));
        }
        if (TransactionVersion.supportsEpochBump(clientTransactionVersion)) {
            return m.lock().call(() -> endWithEpochBump(m, producerId, producerEpoch, commit));
        }
        return m.lock()
                .call(() -> endKeepingEpoch(m, producerId, producerEpoch, commit))
                .thenApply(error -> error == Errors.NONE
                        ? new InitProducerIdResult(Errors.NONE, -1L, TransactionRecord.NO_EPOCH)
                        : InitProducerIdResult.error(error));
    }

    /** Transaction version 2 (Kafka's endTransaction): see {@link EndTxnV2Rules}. Under the lock. */
    private CompletableFuture<InitProducerIdResult> endWithEpochBump(
            TransactionMetadata m, long producerId, short producerEpoch, boolean commit) {
        TransactionRecord cur = m.current();
        EndTxnV2Rules.Decision decision = EndTxnV2Rules.decide(cur, m.pending(), producerId, producerEpoch, commit);
        if (decision instanceof EndTxnV2Rules.Refuse refuse) {
            return done(InitProducerIdResult.error(refuse.error()));
        }
        if (decision instanceof EndTxnV2Rules.Retried) {
            return done(new InitProducerIdResult(Errors.NONE, cur.producerId(), cur.producerEpoch()));
        }
        EndTxnV2Rules.Prepare prepare = (EndTxnV2Rules.Prepare) decision;
        long nextProducerId = cur.epochExhausted() ? producerIds.getAsLong() : -1L;
        TransactionRecord prepared = TransactionTransitions.prepareEnd(
                cur,
                prepare.state(),
                TransactionVersion.TV_2,
                nextProducerId,
                prepare.noPartitionAdded(),
                clock.millis());
        TransactionRecord continued = TransactionTransitions.complete(prepared, prepared.txnLastUpdateTimestamp());
        return completion
                .end(m, prepared)
                .thenApply(error -> error == Errors.NONE
                        ? new InitProducerIdResult(Errors.NONE, continued.producerId(), continued.producerEpoch())
                        : InitProducerIdResult.error(error));
    }

    /** Transaction version 1 (Kafka's endTransactionWithTV1): the epoch stays. Under the lock. */
    private CompletableFuture<Errors> endKeepingEpoch(
            TransactionMetadata m, long producerId, short producerEpoch, boolean commit) {
        TransactionRecord cur = m.current();
        if (cur.producerId() != producerId) {
            return done(Errors.INVALID_PRODUCER_ID_MAPPING);
        }
        if (cur.producerEpoch() != producerEpoch) {
            return done(Errors.PRODUCER_FENCED);
        }
        if (m.pending() != null) {
            return done(Errors.CONCURRENT_TRANSACTIONS);
        }
        return switch (cur.state()) {
            case ONGOING ->
                completion.end(
                        m,
                        TransactionTransitions.prepareEnd(
                                cur,
                                commit ? TransactionState.PREPARE_COMMIT : TransactionState.PREPARE_ABORT,
                                TransactionVersion.TV_0,
                                -1L,
                                false,
                                clock.millis()));
            case COMPLETE_COMMIT -> done(commit ? Errors.NONE : Errors.INVALID_TXN_STATE);
            case COMPLETE_ABORT -> done(commit ? Errors.INVALID_TXN_STATE : Errors.NONE);
            case PREPARE_COMMIT -> done(commit ? Errors.CONCURRENT_TRANSACTIONS : Errors.INVALID_TXN_STATE);
            case PREPARE_ABORT -> done(commit ? Errors.INVALID_TXN_STATE : Errors.CONCURRENT_TRANSACTIONS);
            default -> done(Errors.INVALID_TXN_STATE);
        };
    }

    /**
     * Follows the finalized {@code transaction.version} (UpdateFeatures): it decides the TransactionLogValue version
     * written and whether a timed-out transaction's abort bumps the epoch, as Kafka's coordinator reads its finalized
     * level. Until called, {@link TransactionVersion#FINALIZED}.
     */
    public void finalizedVersion(IntSupplier level) {
        store.finalizedVersion(level);
    }

    // ------------------------------------------------------------------ timers

    /** Aborts, with a bumped epoch, every Ongoing transaction older than its timeout. */
    void abortTimedOutTransactions() {
        long now = clock.millis();
        for (TransactionMetadata m : store.all()) {
            m.lock().run(() -> {
                TransactionRecord cur = m.current();
                if (cur.state() == TransactionState.ONGOING
                        && m.pending() == null
                        && cur.txnStartTimestamp() + cur.timeoutMs() <= now) {
                    LOG.info(
                            "Aborting transaction {} of producer {}: open longer than its timeout of {} ms",
                            m.transactionalId(),
                            cur.producerId(),
                            cur.timeoutMs());
                    completion.fenceAndAbort(m, cur, now);
                }
            });
        }
    }

    /** Forgets transactional ids without an open transaction that have been idle longer than their expiration. */
    void removeExpiredIds() {
        store.removeExpiredIds(config.transactionalIdExpirationMs());
    }

    // ------------------------------------------------------------------ views

    /** The current state of a transactional id, if it is known. */
    public Optional<TransactionRecord> describe(String transactionalId) {
        return store.describe(transactionalId);
    }

    /** Every known transactional id with its current state. */
    public Map<String, TransactionRecord> all() {
        return store.snapshot();
    }

    private static <T> CompletableFuture<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }
}
