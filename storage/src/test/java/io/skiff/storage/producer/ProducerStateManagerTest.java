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
package io.skiff.storage.producer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ProducerStateManagerTest {
    private final ProducerStateManager state = new ProducerStateManager("t-0");
    private long nextOffset;

    private static ProducerBatch data(long pid, short epoch, int baseSeq, int count, long first, boolean txn) {
        return new ProducerBatch(
                pid,
                epoch,
                baseSeq,
                ProducerBatch.lastSequence(baseSeq, count - 1),
                first,
                first + count - 1,
                1000L,
                txn,
                false,
                null);
    }

    /** Checks and, when accepted, "writes" a client batch of {@code count} records. Returns its first offset. */
    private long append(long pid, short epoch, int baseSeq, int count) {
        return append(pid, epoch, baseSeq, count, false);
    }

    private long append(long pid, short epoch, int baseSeq, int count, boolean txn) {
        ProducerBatch b = data(pid, epoch, baseSeq, count, nextOffset, txn);
        Optional<BatchMetadata> dup = state.findDuplicate(b);
        if (dup.isPresent()) {
            return dup.get().firstOffset();
        }
        ProducerAppendInfo info = state.prepareUpdate(pid, AppendOrigin.CLIENT);
        info.append(b, ProducerAppendInfo.LEGACY_TRANSACTION_VERSION);
        state.update(info);
        nextOffset += count;
        state.updateMapEndOffset(nextOffset);
        return b.firstOffset();
    }

    private CompletedTxn marker(long pid, short epoch, boolean commit, int coordinatorEpoch, int tv) {
        ProducerBatch m = new ProducerBatch(
                pid, epoch, -1, -1, nextOffset, nextOffset, 2000L, true, true, new TxnMarker(commit, coordinatorEpoch));
        ProducerAppendInfo info = state.prepareUpdate(pid, AppendOrigin.COORDINATOR);
        CompletedTxn done = info.append(m, tv);
        state.update(info);
        nextOffset++;
        if (done != null) {
            state.completeTxn(done);
        }
        return done;
    }

    @Test
    void unknownProducerMayStartAtAnySequence() {
        assertEquals(0, append(7, (short) 0, 42, 3));
        assertEquals(44, state.entry(7).orElseThrow().lastSequence());
    }

    @Test
    void sequencesMustBeContinuous() {
        append(1, (short) 0, 0, 5);
        assertEquals(5, append(1, (short) 0, 5, 2));
        OutOfOrderSequenceException e =
                assertThrows(OutOfOrderSequenceException.class, () -> append(1, (short) 0, 9, 1));
        assertTrue(
                e.getMessage().contains("9 (incoming seq. number), 6 (current end sequence number)"), e.getMessage());
    }

    @Test
    void retryOfOneOfTheLastFiveBatchesReturnsItsOriginalOffsets() {
        for (int i = 0; i < 6; i++) {
            append(1, (short) 0, i * 2, 2); // offsets 0,2,4,6,8,10
        }
        assertEquals(12, nextOffset);
        assertEquals(2, append(1, (short) 0, 2, 2), "batch 2 of the last five is a duplicate");
        assertEquals(10, append(1, (short) 0, 10, 2));
        assertEquals(12, nextOffset, "duplicates are not written again");
        // The very first batch has been forgotten: it is neither a duplicate nor in sequence.
        assertThrows(OutOfOrderSequenceException.class, () -> append(1, (short) 0, 0, 2));
        assertEquals(5, state.entry(1).orElseThrow().batches().size());
    }

    @Test
    void olderEpochIsRejectedAndNewEpochMustStartAtZero() {
        append(1, (short) 3, 0, 1);
        InvalidProducerEpochException stale =
                assertThrows(InvalidProducerEpochException.class, () -> append(1, (short) 2, 1, 1));
        assertTrue(stale.getMessage().contains("smaller than the last seen epoch 3"), stale.getMessage());
        assertThrows(OutOfOrderSequenceException.class, () -> append(1, (short) 4, 5, 1));
        assertEquals(1, append(1, (short) 4, 0, 1));
        assertEquals(4, state.entry(1).orElseThrow().epoch());
        assertEquals(1, state.entry(1).orElseThrow().batches().size(), "a new epoch forgets the old epoch's batches");
    }

    @Test
    void sequenceWrapsAroundAfterIntMax() {
        append(1, (short) 0, Integer.MAX_VALUE - 1, 2);
        assertEquals(Integer.MAX_VALUE, state.entry(1).orElseThrow().lastSequence());
        assertEquals(2, append(1, (short) 0, 0, 1));
        assertEquals(3, ProducerBatch.lastSequence(Integer.MAX_VALUE - 1, 5));
        assertEquals(Integer.MAX_VALUE - 1, ProducerBatch.firstSequence(3, 5));
    }

    @Test
    void severalBatchesOfOneAppendAreCheckedAgainstEachOther() {
        append(1, (short) 0, 0, 1);
        ProducerAppendInfo info = state.prepareUpdate(1, AppendOrigin.CLIENT);
        info.append(data(1, (short) 0, 1, 2, 1, false), 0);
        info.append(data(1, (short) 0, 3, 2, 3, false), 0);
        assertThrows(OutOfOrderSequenceException.class, () -> info.append(data(1, (short) 0, 6, 1, 5, false), 0));
        assertEquals(0, state.entry(1).orElseThrow().lastSequence(), "validation alone changes nothing");
    }

    @Test
    void anUnknownProducerIsNotSequenceCheckedWithinItsFirstAppend() {
        // Kafka checks against the state before the append; without an epoch there is nothing to check against.
        ProducerAppendInfo info = state.prepareUpdate(1, AppendOrigin.CLIENT);
        info.append(data(1, (short) 0, 0, 2, 0, false), 0);
        info.append(data(1, (short) 0, 5, 1, 2, false), 0);
        state.update(info);
        assertEquals(5, state.entry(1).orElseThrow().lastSequence());
    }

    @Test
    void coordinatorAppendsSkipSequenceChecksButNotEpochChecks() {
        append(1, (short) 1, 0, 1);
        ProducerAppendInfo coordinator = state.prepareUpdate(1, AppendOrigin.COORDINATOR);
        coordinator.append(data(1, (short) 1, 77, 1, 5, false), 0);
        ProducerAppendInfo stale = state.prepareUpdate(1, AppendOrigin.COORDINATOR);
        assertThrows(InvalidProducerEpochException.class, () -> stale.append(data(1, (short) 0, 1, 1, 5, false), 0));
    }

    @Test
    void idleProducersExpireUnlessATransactionIsOpen() {
        append(1, (short) 0, 0, 1);
        append(2, (short) 0, 0, 1, true);
        assertEquals(1, state.removeExpired(11_000L, 10_000L));
        assertEquals(Optional.empty(), state.entry(1));
        assertEquals(0, state.entry(2).orElseThrow().epoch());
    }

    @Test
    void transactionsOpenWithTheirFirstBatchAndCloseWithAMarker() {
        append(1, (short) 0, 0, 2, true); // offsets 0-1
        append(2, (short) 0, 0, 1, true); // offset 2
        append(1, (short) 0, 2, 1, true); // offset 3, same transaction
        assertEquals(OptionalLong.of(0), state.firstUndecidedOffset());
        assertEquals(0, state.entry(1).orElseThrow().currentTxnFirstOffset());

        ProducerBatch abort = new ProducerBatch(1, (short) 0, -1, -1, 4, 4, 2000L, true, true, new TxnMarker(false, 5));
        ProducerAppendInfo info = state.prepareUpdate(1, AppendOrigin.COORDINATOR);
        CompletedTxn done = info.append(abort, 0);
        assertEquals(new CompletedTxn(1, 0, 4, true), done);
        state.update(info);
        assertEquals(2, state.lastStableOffset(done), "producer 2's transaction is still open at offset 2");
        state.completeTxn(done);
        nextOffset = 5;
        assertEquals(OptionalLong.of(2), state.firstUndecidedOffset());

        CompletedTxn commit = marker(2, (short) 0, true, 5, 0);
        assertEquals(new CompletedTxn(2, 2, 5, false), commit);
        assertEquals(OptionalLong.empty(), state.firstUndecidedOffset());
        assertEquals(5, state.entry(1).orElseThrow().coordinatorEpoch());
    }

    @Test
    void nonTransactionalWriteInsideATransactionIsRefused() {
        append(1, (short) 0, 0, 1, true);
        assertThrows(InvalidTxnStateException.class, () -> append(1, (short) 0, 1, 1, false));
    }

    @Test
    void markerRulesFollowKafka() {
        append(1, (short) 3, 0, 1, true);
        assertThrows(InvalidProducerEpochException.class, () -> marker(1, (short) 2, true, 0, 0));
        assertThrows(
                InvalidProducerEpochException.class,
                () -> marker(1, (short) 3, true, 0, 2),
                "transaction version 2 markers carry a bumped epoch");
        assertEquals(new CompletedTxn(1, 0, 1, false), marker(1, (short) 4, true, 7, 2));
        assertNull(marker(1, (short) 4, true, 7, 2), "a retried version-2 marker is accepted and completes nothing");
        assertThrows(TransactionCoordinatorFencedException.class, () -> marker(1, (short) 4, false, 6, 0));
    }

    @Test
    void snapshotRoundTripKeepsTheLastBatchAndOpenTransactions() {
        append(9, (short) 2, 0, 5); // offsets 0-4
        append(9, (short) 2, 5, 5); // offsets 5-9
        append(3, (short) 1, 0, 2, true); // offsets 10-11, open
        ByteBuffer file = ProducerSnapshotFormat.encode(state.entries());
        ProducerStateManager restored = new ProducerStateManager("t-0");
        restored.loadSnapshot(ProducerSnapshotFormat.decode(file), 12);
        assertEquals(12, restored.mapEndOffset());
        ProducerBatch retry = data(9, (short) 2, 5, 5, 12, false);
        assertEquals(Optional.of(new BatchMetadata(5, 9, 5, 9, 1000L)), restored.findDuplicate(retry));
        assertEquals(OptionalLong.of(10), restored.firstUndecidedOffset());
        assertEquals(1, restored.entry(9).orElseThrow().batches().size(), "Kafka's layout keeps the last batch");
    }

    @Test
    void corruptSnapshotsAreDetected() {
        append(9, (short) 2, 0, 5);
        ByteBuffer good = ProducerSnapshotFormat.encode(state.entries());
        ByteBuffer flipped =
                ByteBuffer.allocate(good.remaining()).put(good.duplicate()).flip();
        flipped.put(20, (byte) (flipped.get(20) ^ 1));
        assertThrows(CorruptSnapshotException.class, () -> ProducerSnapshotFormat.decode(flipped));
        ByteBuffer torn = good.duplicate().limit(good.limit() - 3);
        assertThrows(CorruptSnapshotException.class, () -> ProducerSnapshotFormat.decode(torn.slice()));
        assertEquals(
                List.of(9L),
                ProducerSnapshotFormat.decode(good).stream()
                        .map(ProducerStateEntry::producerId)
                        .toList());
    }
}
