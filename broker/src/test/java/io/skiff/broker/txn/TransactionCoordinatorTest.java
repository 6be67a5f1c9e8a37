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
import static io.skiff.broker.txn.TransactionTestBed.ABORT_INTERVAL;
import static io.skiff.broker.txn.TransactionTestBed.B;
import static io.skiff.broker.txn.TransactionTestBed.ID_EXPIRATION;
import static io.skiff.broker.txn.TransactionTestBed.MAX_TIMEOUT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.InMemoryRecordLog;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.protocol.Errors;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The transaction coordinator's state machine against an in-memory log, a manual clock and recorded markers, with
 * Kafka's answers: fencing, retries, concurrent requests, timeouts, replay after a restart.
 */
class TransactionCoordinatorTest {
    private final TransactionTestBed bed = new TransactionTestBed();
    private TransactionCoordinator coordinator;

    @BeforeEach
    void start() throws IOException {
        coordinator = newCoordinator();
    }

    private TransactionCoordinator newCoordinator() throws IOException {
        TransactionCoordinator c = bed.coordinator(bed.log, Runnable::run);
        c.load();
        c.startTimers();
        return c;
    }

    private InitProducerIdResult init(String id) {
        return coordinator.initProducerId(id, 60_000, -1L, (short) -1).join();
    }

    /** Ends transaction "t" of {@code r}'s producer: commit or abort. */
    private Errors end(InitProducerIdResult r, boolean commit) {
        return coordinator
                .endTransaction("t", r.producerId(), r.producerEpoch(), commit)
                .join();
    }

    private InitProducerIdResult begin(String id, TopicPartition... partitions) {
        InitProducerIdResult r = init(id);
        assertEquals(Errors.NONE, r.error());
        assertEquals(
                Errors.NONE,
                coordinator
                        .addPartitions(id, r.producerId(), r.producerEpoch(), Set.of(partitions))
                        .join());
        return r;
    }

    @Test
    void aNewTransactionalIdGetsAProducerIdAndEpochZeroAndEachInitBumpsTheEpoch() {
        InitProducerIdResult first = init("t");
        assertEquals(new InitProducerIdResult(Errors.NONE, 1000L, (short) 0), first);
        assertEquals(new InitProducerIdResult(Errors.NONE, 1000L, (short) 1), init("t"));
        assertEquals(
                TransactionState.EMPTY, coordinator.describe("t").orElseThrow().state());
    }

    @Test
    void timeoutsOutsideTheRangeAreRefused() {
        assertEquals(
                Errors.INVALID_TRANSACTION_TIMEOUT,
                coordinator.initProducerId("t", 0, -1, (short) -1).join().error());
        assertEquals(
                Errors.INVALID_TRANSACTION_TIMEOUT,
                coordinator
                        .initProducerId("t", MAX_TIMEOUT + 1, -1, (short) -1)
                        .join()
                        .error());
        assertEquals(
                Errors.INVALID_REQUEST,
                coordinator.initProducerId("", 1000, -1, (short) -1).join().error());
    }

    @Test
    void addPartitionsChecksTheProducerIdAndEpoch() {
        InitProducerIdResult r = init("t");
        assertEquals(
                Errors.INVALID_PRODUCER_ID_MAPPING,
                coordinator
                        .addPartitions("unknown", r.producerId(), r.producerEpoch(), Set.of(A))
                        .join());
        assertEquals(
                Errors.INVALID_PRODUCER_ID_MAPPING,
                coordinator
                        .addPartitions("t", r.producerId() + 1, r.producerEpoch(), Set.of(A))
                        .join());
        assertEquals(
                Errors.PRODUCER_FENCED,
                coordinator
                        .addPartitions("t", r.producerId(), (short) (r.producerEpoch() - 1), Set.of(A))
                        .join());
        assertEquals(
                Errors.NONE,
                coordinator
                        .addPartitions("t", r.producerId(), r.producerEpoch(), Set.of(A))
                        .join());
        TransactionRecord ongoing = coordinator.describe("t").orElseThrow();
        assertEquals(TransactionState.ONGOING, ongoing.state());
        assertEquals(Set.of(A), ongoing.partitions());
        assertEquals(bed.scheduler.now(), ongoing.txnStartTimestamp());
    }

    @Test
    void commitWritesMarkersToEveryPartitionThenCompletes() {
        InitProducerIdResult r = begin("t", A, B);
        assertEquals(Errors.NONE, end(r, true));
        assertEquals(
                List.of(new RecordingMarkers.Marker(r.producerId(), r.producerEpoch(), true, Set.of(A, B))),
                bed.markers.written());
        TransactionRecord done = coordinator.describe("t").orElseThrow();
        assertEquals(TransactionState.COMPLETE_COMMIT, done.state());
        assertTrue(done.partitions().isEmpty());
        // a retried commit succeeds, an abort of the committed transaction is refused, a new one may begin
        assertEquals(Errors.NONE, end(r, true));
        assertEquals(Errors.INVALID_TXN_STATE, end(r, false));
        assertEquals(
                Errors.NONE,
                coordinator
                        .addPartitions("t", r.producerId(), r.producerEpoch(), Set.of(B))
                        .join());
        assertEquals(Errors.NONE, end(r, false));
        assertEquals(
                new RecordingMarkers.Marker(r.producerId(), r.producerEpoch(), false, Set.of(B)),
                bed.markers.written().get(1));
    }

    @Test
    void endingWithoutAnOpenTransactionIsInvalid() {
        InitProducerIdResult r = init("t");
        assertEquals(Errors.INVALID_TXN_STATE, end(r, true));
        assertEquals(
                Errors.PRODUCER_FENCED,
                coordinator.endTransaction("t", r.producerId(), (short) 5, true).join());
        assertEquals(
                Errors.INVALID_PRODUCER_ID_MAPPING,
                coordinator
                        .endTransaction("nope", r.producerId(), r.producerEpoch(), true)
                        .join());
    }

    @Test
    void aPartitionInTheTransactionStaysVerifiedWhileAnAddOfOthersIsWrittenButNotWhileItEnds() {
        List<Runnable> held = new ArrayList<>(); // writes run when the test says
        TransactionCoordinator c = bed.coordinator(new InMemoryRecordLog(3), held::add);
        var init = c.initProducerId("t", 60_000, -1L, (short) -1);
        held.remove(0).run();
        InitProducerIdResult r = init.join();
        var addA = c.addPartitions("t", r.producerId(), r.producerEpoch(), Set.of(A));
        held.remove(0).run();
        assertEquals(Errors.NONE, addA.join());

        // librdkafka: its offsets partition (A) is committed while the add of its output partition (B) is written
        var addB = c.addPartitions("t", r.producerId(), r.producerEpoch(), Set.of(B));
        assertEquals(Errors.NONE, c.verifyPartition("t", r.producerId(), r.producerEpoch(), A));
        assertEquals(Errors.INVALID_TXN_STATE, c.verifyPartition("t", r.producerId(), r.producerEpoch(), B));
        held.remove(0).run();
        assertEquals(Errors.NONE, addB.join());
        assertEquals(Errors.NONE, c.verifyPartition("t", r.producerId(), r.producerEpoch(), B));

        var end = c.endTransaction("t", r.producerId(), r.producerEpoch(), true);
        assertEquals(Errors.CONCURRENT_TRANSACTIONS, c.verifyPartition("t", r.producerId(), r.producerEpoch(), A));
        while (!held.isEmpty()) {
            held.remove(0).run();
        }
        assertEquals(Errors.NONE, end.join());
        assertEquals(Errors.INVALID_TXN_STATE, c.verifyPartition("t", r.producerId(), r.producerEpoch(), A));
    }

    @Test
    void initDuringAnOpenTransactionAbortsItWithAFencedEpoch() {
        InitProducerIdResult zombie = begin("t", A);
        assertEquals(Errors.CONCURRENT_TRANSACTIONS, init("t").error());
        assertEquals(
                List.of(new RecordingMarkers.Marker(zombie.producerId(), (short) 1, false, Set.of(A))),
                bed.markers.written());
        assertEquals(
                TransactionState.COMPLETE_ABORT,
                coordinator.describe("t").orElseThrow().state());
        InitProducerIdResult fresh = init("t");
        assertEquals(new InitProducerIdResult(Errors.NONE, zombie.producerId(), (short) 2), fresh);
        assertEquals(
                Errors.PRODUCER_FENCED,
                coordinator
                        .addPartitions("t", zombie.producerId(), zombie.producerEpoch(), Set.of(A))
                        .join());
        assertEquals(
                Errors.INVALID_PRODUCER_EPOCH,
                coordinator.verifyPartition("t", zombie.producerId(), zombie.producerEpoch(), A));
    }

    @Test
    void aTransactionOpenLongerThanItsTimeoutIsAbortedAndItsProducerFenced() {
        InitProducerIdResult r = begin("t", A);
        bed.scheduler.advance(59_000);
        assertTrue(bed.markers.written().isEmpty());
        assertEquals(Errors.NONE, coordinator.verifyPartition("t", r.producerId(), r.producerEpoch(), A));
        bed.scheduler.advance(2 * ABORT_INTERVAL);
        assertEquals(
                List.of(new RecordingMarkers.Marker(r.producerId(), (short) 1, false, Set.of(A))),
                bed.markers.written());
        assertEquals(
                TransactionState.COMPLETE_ABORT,
                coordinator.describe("t").orElseThrow().state());
        assertEquals(Errors.PRODUCER_FENCED, end(r, true));
    }

    @Test
    void resumingWithTheCurrentIdAndEpochBumpsAndARetryOfThatBumpGetsTheSameEpoch() {
        InitProducerIdResult r = init("t");
        InitProducerIdResult bumped = coordinator
                .initProducerId("t", 60_000, r.producerId(), r.producerEpoch())
                .join();
        assertEquals(new InitProducerIdResult(Errors.NONE, r.producerId(), (short) 1), bumped);
        // the answer was lost: the producer retries with the epoch it had
        assertEquals(
                bumped,
                coordinator
                        .initProducerId("t", 60_000, r.producerId(), r.producerEpoch())
                        .join());
        assertEquals(
                Errors.PRODUCER_FENCED,
                coordinator.initProducerId("t", 60_000, 4242L, (short) 0).join().error());
    }

    @Test
    void anExhaustedEpochGetsANewProducerId() throws IOException {
        long oldId = 77L;
        bed.storeState(
                coordinatorPartition("t"),
                "t",
                new TransactionRecord(
                        oldId,
                        -1,
                        -1,
                        (short) (Short.MAX_VALUE - 1),
                        (short) -1,
                        60_000,
                        TransactionState.COMPLETE_COMMIT,
                        Set.of(),
                        -1,
                        0,
                        (short) 0));
        coordinator = newCoordinator();
        InitProducerIdResult r = init("t");
        assertEquals(Errors.NONE, r.error());
        assertNotEquals(oldId, r.producerId());
        assertEquals(0, r.producerEpoch());
        assertEquals(oldId, coordinator.describe("t").orElseThrow().previousProducerId());
    }

    @Test
    void stateSurvivesARestartAndAPreparedCommitIsCompletedAtStart() throws IOException {
        InitProducerIdResult r = begin("t", A, B);
        bed.markers.fail = true;
        coordinator.endTransaction("t", r.producerId(), r.producerEpoch(), true);
        assertEquals(
                TransactionState.PREPARE_COMMIT,
                coordinator.describe("t").orElseThrow().state());
        assertEquals(
                Errors.CONCURRENT_TRANSACTIONS,
                coordinator
                        .addPartitions("t", r.producerId(), r.producerEpoch(), Set.of(A))
                        .join());
        coordinator.close();
        bed.markers.fail = false;
        coordinator = newCoordinator(); // a restart over the same log
        assertEquals(
                List.of(new RecordingMarkers.Marker(r.producerId(), r.producerEpoch(), true, Set.of(A, B))),
                bed.markers.written());
        TransactionRecord after = coordinator.describe("t").orElseThrow();
        assertEquals(TransactionState.COMPLETE_COMMIT, after.state());
        assertEquals(r.producerId(), after.producerId());
        assertEquals(new InitProducerIdResult(Errors.NONE, r.producerId(), (short) 1), init("t"));
    }

    @Test
    void failedMarkersAreRetriedUntilWritten() {
        InitProducerIdResult r = begin("t", A);
        bed.markers.fail = true;
        var end = coordinator.endTransaction("t", r.producerId(), r.producerEpoch(), false);
        bed.scheduler.advance(500);
        assertTrue(!end.isDone());
        bed.markers.fail = false;
        bed.scheduler.advance(500);
        assertEquals(Errors.NONE, end.join());
        assertEquals(1, bed.markers.written().size());
        assertEquals(
                TransactionState.COMPLETE_ABORT,
                coordinator.describe("t").orElseThrow().state());
    }

    @Test
    void aFailedLogWriteLeavesTheStateUnchanged() {
        InitProducerIdResult r = init("t");
        bed.log.failAppends = true;
        assertEquals(
                Errors.COORDINATOR_NOT_AVAILABLE,
                coordinator
                        .addPartitions("t", r.producerId(), r.producerEpoch(), Set.of(A))
                        .join());
        assertEquals(
                TransactionState.EMPTY, coordinator.describe("t").orElseThrow().state());
    }

    @Test
    void idleTransactionalIdsExpireWithATombstone() throws IOException {
        init("t");
        bed.scheduler.advance(ID_EXPIRATION + 60_000);
        assertTrue(coordinator.describe("t").isEmpty());
        List<CoordinatorRecordLog.KeyValue> records = bed.log.partition(coordinatorPartition("t"));
        assertEquals(null, records.get(records.size() - 1).value());
        coordinator = newCoordinator();
        assertTrue(coordinator.describe("t").isEmpty());
    }

    private int coordinatorPartition(String id) {
        return coordinator.partitionFor(id);
    }
}
