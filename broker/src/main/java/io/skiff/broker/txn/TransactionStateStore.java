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
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.protocol.Errors;
import java.io.IOException;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactional ids and their state, kept in {@code __transaction_state} (Kafka's TransactionStateManager): the
 * replay at start, the write of each change before it applies, and the expiry of idle ids. The state machine that
 * decides the changes is {@link TransactionCoordinator}'s.
 *
 * <p>Thread-safe: the map is concurrent; the work on one id is serialized by its {@link TransactionMetadata#lock()}.
 */
final class TransactionStateStore {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionStateStore.class);

    private final CoordinatorRecordLog recordLog;
    private final CoordinatorWriter writer;
    private final Clock clock;
    private final Map<String, TransactionMetadata> transactions = new ConcurrentHashMap<>();
    /** The finalized transaction.version, which decides the value version written (UpdateFeatures may change it). */
    private volatile IntSupplier finalizedVersion = () -> TransactionVersion.FINALIZED;

    TransactionStateStore(CoordinatorRecordLog recordLog, CoordinatorWriter writer, Clock clock) {
        this.recordLog = recordLog;
        this.writer = writer;
        this.clock = clock;
    }

    /**
     * Replays {@code __transaction_state}: the last record of each id wins, a tombstone removes it, and ids left
     * Dead are dropped. Returns how many ids the log held.
     */
    int load() throws IOException {
        Map<String, TransactionRecord> loaded = new LinkedHashMap<>();
        recordLog.replay((key, value) -> {
            String id;
            try {
                id = TransactionLogCodec.readKey(key);
            } catch (RuntimeException e) {
                LOG.warn("Skipping a malformed __transaction_state key: {}", e.toString());
                return;
            }
            if (id == null) {
                return;
            }
            if (value == null) {
                loaded.remove(id);
                return;
            }
            try {
                loaded.put(id, TransactionLogCodec.readValue(value));
            } catch (IllegalArgumentException e) {
                LOG.warn("Skipping a __transaction_state value of {}: {}", id, e.getMessage());
            }
        });
        loaded.forEach((id, r) -> {
            if (r.state() != TransactionState.DEAD) {
                transactions.put(id, new TransactionMetadata(id, r));
            }
        });
        return loaded.size();
    }

    TransactionMetadata get(String transactionalId) {
        return transactions.get(transactionalId);
    }

    /** The metadata of {@code transactionalId}, created by {@code create} if there is none. */
    TransactionMetadata getOrCreate(String transactionalId, Function<String, TransactionMetadata> create) {
        return transactions.computeIfAbsent(transactionalId, create);
    }

    Collection<TransactionMetadata> all() {
        return transactions.values();
    }

    int size() {
        return transactions.size();
    }

    /** The {@code __transaction_state} partition of a transactional id, as Kafka computes it. */
    int partitionFor(String transactionalId) {
        return writer.partitionFor(transactionalId);
    }

    /** Forgets transactional ids without an open transaction that have been idle longer than their expiration. */
    void removeExpiredIds(long transactionalIdExpirationMs) {
        long now = clock.millis();
        for (TransactionMetadata m : transactions.values()) {
            m.lock().run(() -> {
                TransactionRecord cur = m.current();
                if (cur.state().isIdle()
                        && m.pending() == null
                        && cur.txnLastUpdateTimestamp() + transactionalIdExpirationMs <= now) {
                    m.setPending(TransactionState.DEAD);
                    writer.append(
                                    m.transactionalId(),
                                    List.of(new CoordinatorRecordLog.KeyValue(
                                            TransactionLogCodec.key(m.transactionalId()), null)),
                                    now)
                            .whenComplete((ok, failure) -> m.lock().run(() -> {
                                m.setPending(null);
                                if (failure == null) {
                                    m.setCurrent(cur.withState(TransactionState.DEAD, now));
                                    transactions.remove(m.transactionalId(), m);
                                }
                            }));
                }
            });
        }
    }

    // ------------------------------------------------------------------ views

    /** The current state of a transactional id, if it is known. */
    Optional<TransactionRecord> describe(String transactionalId) {
        TransactionMetadata m = transactions.get(transactionalId);
        return m == null ? Optional.empty() : Optional.of(m.lock().call(m::current));
    }

    /** Every known transactional id with its current state. */
    Map<String, TransactionRecord> snapshot() {
        Map<String, TransactionRecord> out = new LinkedHashMap<>();
        transactions.forEach((id, m) -> out.put(id, m.lock().call(m::current)));
        return out;
    }

    // ------------------------------------------------------------------ persistence

    /** Marks {@code next} pending and writes it; applies it once written. Called under the lock. */
    CompletableFuture<Errors> persist(TransactionMetadata m, TransactionRecord next) {
        m.setPending(next.state());
        return write(m, next);
    }

    void finalizedVersion(IntSupplier level) {
        this.finalizedVersion = level;
    }

    short finalizedVersion() {
        return (short) finalizedVersion.getAsInt();
    }

    /** Writes {@code next} (its state already pending) and applies it once written. */
    CompletableFuture<Errors> write(TransactionMetadata m, TransactionRecord next) {
        CompletableFuture<Errors> result = new CompletableFuture<>();
        writer.append(
                        m.transactionalId(),
                        List.of(new CoordinatorRecordLog.KeyValue(
                                TransactionLogCodec.key(m.transactionalId()),
                                TransactionLogCodec.value(next, TransactionVersion.logValueVersion((short)
                                        finalizedVersion.getAsInt())))),
                        clock.millis())
                .whenComplete((ok, failure) -> {
                    m.lock().run(() -> {
                        m.setPending(null);
                        if (failure == null) {
                            m.setCurrent(next);
                        }
                    });
                    result.complete(failure == null ? Errors.NONE : Errors.COORDINATOR_NOT_AVAILABLE);
                });
        return result;
    }
}
