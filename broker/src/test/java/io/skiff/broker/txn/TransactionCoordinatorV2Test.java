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

import static io.skiff.broker.txn.TransactionTestBed.A;
import static io.skiff.broker.txn.TransactionTestBed.B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.protocol.Errors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * Transaction protocol version 2 (KIP-890) in the coordinator, with Kafka 4.1's answers: the epoch bumped and
 * returned at every end, retries of a completed end, the epoch overflow to a new producer id, fencing, and version
 * 1 clients beside them unchanged.
 */
class TransactionCoordinatorV2Test {
    private static final short TV2 = TransactionVersion.TV_2;
    private static final short TV0 = TransactionVersion.TV_0;
    private final TransactionTestBed bed = new TransactionTestBed();
    /** Writes to the log run when the test says so (or at once, while {@link #writeAtOnce} is set). */
    private final Queue<Runnable> writes = new ArrayDeque<>();

    private boolean writeAtOnce = true;
    private TransactionCoordinator coordinator = newCoordinator();

    private TransactionCoordinator newCoordinator() {
        Executor writer = task -> {
            if (writeAtOnce) {
                task.run();
            } else {
                writes.add(task);
            }
        };
        TransactionCoordinator c = bed.coordinator(bed.log, writer);
        try {
            c.load();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        c.startTimers();
        return c;
    }

    private InitProducerIdResult init(String id) {
        InitProducerIdResult r =
                coordinator.initProducerId(id, 60_000, -1L, (short) -1).join();
        assertEquals(Errors.NONE, r.error());
        return r;
    }

    private Errors add(String id, InitProducerIdResult producer, TopicPartition... partitions) {
        return coordinator
                .addPartitions(id, producer.producerId(), producer.producerEpoch(), Set.of(partitions), TV2)
                .join();
    }

    private InitProducerIdResult end(String id, long producerId, short epoch, boolean commit) {
        return coordinator.endTransaction(id, producerId, epoch, commit, TV2).join();
    }

    private static InitProducerIdResult ok(long producerId, int epoch) {
        return new InitProducerIdResult(Errors.NONE, producerId, (short) epoch);
    }

    private static InitProducerIdResult refused(Errors error) {
        return InitProducerIdResult.error(error);
    }

    @Test
    void everyCommitAndAbortBumpsTheEpochAndReturnsItAndTheMarkersCarryIt() {
        InitProducerIdResult p = init("t");
        assertEquals(ok(1000, 0), p);
        assertEquals(Errors.NONE, add("t", p, A, B));
        InitProducerIdResult afterCommit = end("t", 1000, (short) 0, true);
        assertEquals(ok(1000, 1), afterCommit);
        TransactionRecord committed = coordinator.describe("t").orElseThrow();
        assertEquals(TransactionState.COMPLETE_COMMIT, committed.state());
        assertEquals(1, committed.producerEpoch());
        assertEquals(0, committed.lastProducerEpoch());
        assertEquals(TV2, committed.clientTransactionVersion());

        assertEquals(Errors.NONE, add("t", afterCommit, A));
        assertEquals(ok(1000, 2), end("t", 1000, (short) 1, false));
        assertEquals(
                List.of(
                        new RecordingMarkers.Marker(1000, (short) 1, true, Set.of(A, B)),
                        new RecordingMarkers.Marker(1000, (short) 2, false, Set.of(A))),
                bed.markers.written());
        assertEquals(List.of(2, 2), bed.markers.transactionVersions());
    }

    @Test
    void aRetryOfTheCompletedEndIsAcceptedWithTheCurrentIdAndEpochAndWritesNothing() {
        InitProducerIdResult p = init("t");
        add("t", p, A);
        assertEquals(ok(1000, 1), end("t", 1000, (short) 0, true));
        int recordsAfterCommit = bed.log.recordCount();

        assertEquals(ok(1000, 1), end("t", 1000, (short) 0, true)); // the same EndTxn again
        assertEquals(1, bed.markers.written().size());
        assertEquals(recordsAfterCommit, bed.log.recordCount());
        // Kafka's table: an abort retried after a commit, or a commit with no transaction, is INVALID_TXN_STATE.
        assertEquals(refused(Errors.INVALID_TXN_STATE), end("t", 1000, (short) 0, false));
        assertEquals(refused(Errors.INVALID_TXN_STATE), end("t", 1000, (short) 1, true));
        // An abort at the current epoch with nothing open still bumps the epoch (the client's sends never arrived).
        assertEquals(ok(1000, 2), end("t", 1000, (short) 1, false));
        assertEquals(ok(1000, 2), end("t", 1000, (short) 1, false)); // its retry
        assertEquals(refused(Errors.PRODUCER_FENCED), end("t", 1000, (short) 0, false));
        assertEquals(refused(Errors.PRODUCER_FENCED), end("t", 1000, (short) 5, false));
        assertEquals(refused(Errors.INVALID_PRODUCER_ID_MAPPING), end("t", 999, (short) 2, false));
    }

    @Test
    void anEmptyTransactionalIdAcceptsAnAbortWithABumpButNoCommit() {
        init("t");
        assertEquals(refused(Errors.INVALID_TXN_STATE), end("t", 1000, (short) 0, true));
        assertEquals(ok(1000, 1), end("t", 1000, (short) 0, false));
        assertEquals(
                TransactionState.COMPLETE_ABORT,
                coordinator.describe("t").orElseThrow().state());
        assertEquals(List.of(new RecordingMarkers.Marker(1000, (short) 1, false, Set.of())), bed.markers.written());
    }

    @Test
    void aBumpThatExhaustsTheEpochsContinuesWithANewProducerIdAtEpochZero() throws IOException {
        long oldId = 77L;
        short last = Short.MAX_VALUE - 1;
        bed.storeState(
                coordinator.partitionFor("t"),
                "t",
                new TransactionRecord(
                        oldId, -1, -1, last, (short) -1, 60_000, TransactionState.ONGOING, Set.of(A), 5, 5, TV2));
        coordinator = newCoordinator();

        assertEquals(ok(1000, 0), end("t", oldId, last, true));
        // The markers go out with the old id at the bumped (last possible) epoch.
        assertEquals(
                List.of(new RecordingMarkers.Marker(oldId, Short.MAX_VALUE, true, Set.of(A))), bed.markers.written());
        TransactionRecord now = coordinator.describe("t").orElseThrow();
        assertEquals(1000L, now.producerId());
        assertEquals(oldId, now.previousProducerId());
        assertEquals(-1L, now.nextProducerId());
        assertEquals(0, now.producerEpoch());
        // The PrepareCommit record names the next producer id, in the flexible value v1 (tagged fields).
        List<CoordinatorRecordLog.KeyValue> records = bed.log.partition(coordinator.partitionFor("t"));
        ByteBuffer prepare = ByteBuffer.wrap(records.get(records.size() - 2).value());
        TransactionRecord prepared = TransactionLogCodec.readValue(prepare);
        assertEquals(1, prepare.getShort(0));
        assertEquals(TransactionState.PREPARE_COMMIT, prepared.state());
        assertEquals(1000L, prepared.nextProducerId());
        assertEquals(Short.MAX_VALUE, prepared.producerEpoch());

        // A retry with the old id and epoch is recognised; the next transaction uses the new id.
        assertEquals(ok(1000, 0), end("t", oldId, last, true));
        assertEquals(Errors.NONE, add("t", ok(1000, 0), B));
        assertEquals(ok(1000, 1), end("t", 1000, (short) 0, true));
        // After a restart the state is the same.
        coordinator = newCoordinator();
        assertEquals(1, coordinator.describe("t").orElseThrow().producerEpoch());
    }

    @Test
    void aNewInstanceFencesTheOpenTransactionWithOneBumpAndTheZombieIsFenced() {
        InitProducerIdResult zombie = init("t");
        add("t", zombie, A);
        assertEquals(
                Errors.CONCURRENT_TRANSACTIONS,
                coordinator.initProducerId("t", 60_000, -1L, (short) -1).join().error());
        // The fenced abort follows the broker's version 2: one bump, the last epoch kept.
        assertEquals(List.of(new RecordingMarkers.Marker(1000, (short) 1, false, Set.of(A))), bed.markers.written());
        assertEquals(List.of(2), bed.markers.transactionVersions());
        TransactionRecord aborted = coordinator.describe("t").orElseThrow();
        assertEquals(TransactionState.COMPLETE_ABORT, aborted.state());
        assertEquals(0, aborted.lastProducerEpoch());
        assertEquals(ok(1000, 2), init("t"));
        assertEquals(refused(Errors.PRODUCER_FENCED), end("t", 1000, (short) 0, true));
        assertEquals(
                Errors.PRODUCER_FENCED,
                coordinator.addPartitions("t", 1000, (short) 0, Set.of(B), TV2).join());
    }

    @Test
    void aVersionOneClientBesideKeepsItsEpochAndGetsNoIdInTheAnswer() {
        InitProducerIdResult v2 = init("two");
        InitProducerIdResult v1 = init("one");
        add("two", v2, A);
        assertEquals(
                Errors.NONE,
                coordinator
                        .addPartitions("one", v1.producerId(), v1.producerEpoch(), Set.of(B))
                        .join());
        assertEquals(ok(v2.producerId(), 1), end("two", v2.producerId(), (short) 0, true));
        assertEquals(
                new InitProducerIdResult(Errors.NONE, -1L, (short) -1),
                coordinator
                        .endTransaction("one", v1.producerId(), v1.producerEpoch(), true, TV0)
                        .join());
        TransactionRecord one = coordinator.describe("one").orElseThrow();
        assertEquals(0, one.producerEpoch());
        assertEquals(TV0, one.clientTransactionVersion());
        assertEquals(List.of(2, 0), bed.markers.transactionVersions());
        // Version 1 rules for its retry: the same epoch, NONE.
        assertEquals(
                Errors.NONE,
                coordinator
                        .endTransaction("one", v1.producerId(), (short) 0, true)
                        .join());
    }

    @Test
    void theProducesOwnAddRetriesWhileAnotherChangeIsBeingWritten() {
        InitProducerIdResult p = init("t");
        writeAtOnce = false;
        CompletableFuture<Errors> first =
                coordinator.addPartitions("t", p.producerId(), p.producerEpoch(), Set.of(A), TV2);
        CompletableFuture<Errors> fromProduce =
                coordinator.addPartitionsForProduce("t", p.producerId(), p.producerEpoch(), Set.of(B));
        assertFalse(fromProduce.isDone()); // answered CONCURRENT_TRANSACTIONS, retried after a backoff
        writes.remove().run();
        assertEquals(Errors.NONE, first.join());
        bed.scheduler.advance(ConcurrentTransactionsRetry.BACKOFF_MS);
        writes.remove().run();
        assertEquals(Errors.NONE, fromProduce.join());
        assertEquals(Set.of(A, B), coordinator.describe("t").orElseThrow().partitions());
    }

    @Test
    void theProducesOwnAddGivesUpAfterItsDeadline() {
        InitProducerIdResult p = init("t");
        writeAtOnce = false;
        coordinator.addPartitions("t", p.producerId(), p.producerEpoch(), Set.of(A), TV2);
        CompletableFuture<Errors> fromProduce =
                coordinator.addPartitionsForProduce("t", p.producerId(), p.producerEpoch(), Set.of(B));
        for (long waited = 0;
                waited <= ConcurrentTransactionsRetry.MAX_MS;
                waited += ConcurrentTransactionsRetry.BACKOFF_MS) {
            bed.scheduler.advance(ConcurrentTransactionsRetry.BACKOFF_MS);
        }
        assertEquals(Errors.CONCURRENT_TRANSACTIONS, fromProduce.join());
    }
}
