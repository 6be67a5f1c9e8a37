package io.skiff.broker.producer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProducerStateManagerTest {
    private final ProducerStateManager state = new ProducerStateManager("t-0");
    private long nextOffset;

    /** Checks and, when accepted, "writes" a batch of {@code count} records. Returns its first offset. */
    private long append(long pid, short epoch, int baseSeq, int count) {
        ProducerBatch b = new ProducerBatch(pid, epoch, baseSeq, ProducerStateManager.lastSequence(baseSeq, count - 1));
        Optional<BatchMetadata> dup = state.check(List.of(b), true);
        if (dup.isPresent()) {
            return dup.get().firstOffset();
        }
        long first = nextOffset;
        nextOffset += count;
        state.onAppended(b, first, first + count - 1, 1000L);
        return first;
    }

    @Test
    void unknownProducerMayStartAtAnySequence() {
        assertEquals(0, append(7, (short) 0, 42, 3));
        assertEquals(Optional.of(44), state.lastSequenceOf(7));
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
        assertEquals(5, state.batchesOf(1).size());
    }

    @Test
    void olderEpochIsRejectedAndNewEpochMustStartAtZero() {
        append(1, (short) 3, 0, 1);
        InvalidProducerEpochException stale =
                assertThrows(InvalidProducerEpochException.class, () -> append(1, (short) 2, 1, 1));
        assertTrue(stale.getMessage().contains("smaller than the last seen epoch 3"), stale.getMessage());
        assertThrows(OutOfOrderSequenceException.class, () -> append(1, (short) 4, 5, 1));
        assertEquals(1, append(1, (short) 4, 0, 1));
        assertEquals(Optional.of((short) 4), state.epochOf(1));
        assertEquals(1, state.batchesOf(1).size(), "a new epoch forgets the old epoch's batches");
    }

    @Test
    void sequenceWrapsAroundAfterIntMax() {
        append(1, (short) 0, Integer.MAX_VALUE - 1, 2);
        assertEquals(Optional.of(Integer.MAX_VALUE), state.lastSequenceOf(1));
        assertEquals(2, append(1, (short) 0, 0, 1));
        assertEquals(3, ProducerStateManager.lastSequence(Integer.MAX_VALUE - 1, 5));
    }

    @Test
    void severalBatchesOfOneAppendAreCheckedAgainstEachOther() {
        ProducerBatch a = new ProducerBatch(1, (short) 0, 0, 1);
        ProducerBatch b = new ProducerBatch(1, (short) 0, 2, 3);
        ProducerBatch gap = new ProducerBatch(1, (short) 0, 5, 5);
        assertEquals(Optional.empty(), state.check(List.of(a, b), true));
        assertThrows(OutOfOrderSequenceException.class, () -> state.check(List.of(a, gap), true));
        assertEquals(0, state.producerCount(), "check alone changes nothing");
    }

    @Test
    void coordinatorAppendsSkipSequenceChecksButNotEpochChecks() {
        append(1, (short) 1, 0, 1);
        assertEquals(Optional.empty(), state.check(List.of(new ProducerBatch(1, (short) 1, 77, 77)), false));
        assertThrows(
                InvalidProducerEpochException.class,
                () -> state.check(List.of(new ProducerBatch(1, (short) 0, 1, 1)), false));
    }

    @Test
    void idleProducersExpire() {
        state.onAppended(new ProducerBatch(1, (short) 0, 0, 0), 0, 0, 1_000L);
        state.onAppended(new ProducerBatch(2, (short) 0, 0, 0), 1, 1, 5_000L);
        assertEquals(1, state.removeExpired(11_000L, 10_000L));
        assertEquals(Optional.empty(), state.epochOf(1));
        assertEquals(Optional.of((short) 0), state.epochOf(2));
    }

    @Test
    void loadedBatchesRestoreDuplicateDetection() {
        state.loadBatch(new ProducerBatch(9, (short) 2, 0, 4), 100, 104, 1L);
        state.loadBatch(new ProducerBatch(9, (short) 2, 5, 9), 105, 109, 2L);
        Optional<BatchMetadata> dup = state.check(List.of(new ProducerBatch(9, (short) 2, 5, 9)), true);
        assertEquals(Optional.of(new BatchMetadata(5, 9, 105, 109, 2L)), dup);
        assertEquals(Optional.empty(), state.check(List.of(new ProducerBatch(9, (short) 2, 10, 10)), true));
    }
}
