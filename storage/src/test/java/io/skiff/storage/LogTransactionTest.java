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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.record.ControlRecords;
import io.skiff.record.InvalidRecordException;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.storage.producer.InvalidTxnStateException;
import io.skiff.storage.producer.TransactionCoordinatorFencedException;
import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactions in the log: the last stable offset, read_committed reads and the {@code .txnindex} of aborted
 * transactions through roll, retention (delete-records and retention.ms), truncation and recovery. Batches and markers come from the record module's
 * builder, as the producer and the transaction coordinator write them.
 */
class LogTransactionTest {
    private static final short EPOCH = 0;
    private static final int COORDINATOR_EPOCH = 3;

    @RegisterExtension
    final LogFixture fixture = new LogFixture("tx-0");

    private final MutableClock clock = fixture.clock;
    private final int[] sequences = new int[10];
    private Log log;

    private Log open(LogConfig config) throws IOException {
        log = fixture.open(config);
        return log;
    }

    /** A transactional batch of producer {@code pid} with {@code values} (sequences continue per producer). */
    private ByteBuffer txn(int pid, String... values) {
        RecordBatchBuilder b = new RecordBatchBuilder(0, clock.millis())
                .producer(pid, EPOCH, sequences[pid])
                .transactional(true);
        for (String v : values) {
            b.add(clock.millis(), null, v.getBytes(StandardCharsets.UTF_8));
        }
        sequences[pid] += values.length;
        return b.build();
    }

    private ByteBuffer plain(String value) {
        return new RecordBatchBuilder(0, clock.millis())
                .add(clock.millis(), null, value.getBytes(StandardCharsets.UTF_8))
                .build();
    }

    private AppendResult end(int pid, boolean commit) {
        return log.append(
                ControlRecords.endTransactionMarker(0, clock.millis(), pid, EPOCH, commit, COORDINATOR_EPOCH),
                AppendOrigin.COORDINATOR);
    }

    private List<Long> committedBaseOffsets(long from) {
        LogReadResult r = log.read(from, Integer.MAX_VALUE, true, IsolationLevel.READ_COMMITTED);
        return TestBatches.split(LogFixture.readAll(r)).stream()
                .map(TestBatches::baseOffset)
                .toList();
    }

    @Test
    void lastStableOffsetStopsAtTheEarliestOpenTransaction() throws IOException {
        open(LogConfig.defaults());
        log.append(plain("a")); // 0
        assertEquals(1, log.lastStableOffset());
        log.append(txn(1, "t1", "t1")); // 1-2
        log.append(txn(2, "t2")); // 3
        log.append(plain("b")); // 4
        assertEquals(1, log.lastStableOffset());
        assertEquals(List.of(0L), committedBaseOffsets(0), "read_committed stops before offset 1");
        LogReadResult uncommitted = log.read(0, Integer.MAX_VALUE, true);
        assertEquals(4, TestBatches.split(LogFixture.readAll(uncommitted)).size(), "read_uncommitted sees all");

        end(1, true); // 5
        assertEquals(3, log.lastStableOffset(), "producer 2's transaction still holds it");
        end(2, false); // 6
        assertEquals(7, log.lastStableOffset());
        assertEquals(List.of(0L, 1L, 3L, 4L, 5L, 6L), committedBaseOffsets(0));
    }

    @Test
    void theLastStableOffsetNeverFallsBelowTheLogStart() throws IOException {
        open(LogConfig.defaults());
        log.append(txn(1, "open")); // 0
        log.append(plain("a")); // 1
        log.append(plain("b")); // 2
        assertEquals(0, log.lastStableOffset());
        log.deleteRecordsBefore(2);
        assertEquals(2, log.lastStableOffset(), "as Kafka: the log start offset bounds it");
        assertEquals(0, log.producerStates().get(0).currentTxnFirstOffset(), "the transaction itself is still open");
    }

    @Test
    void readCommittedReturnsTheAbortedTransactionsOfTheRangeItReturns() throws IOException {
        open(LogConfig.defaults());
        log.append(txn(1, "x")); // 0
        log.append(txn(2, "y")); // 1
        end(1, false); // 2: abort, LSO 1 (producer 2 still open)
        end(2, true); // 3
        log.append(txn(1, "z")); // 4
        end(1, false); // 5: abort, LSO 6
        log.append(plain("p")); // 6

        LogReadResult all = log.read(0, Integer.MAX_VALUE, true, IsolationLevel.READ_COMMITTED);
        assertEquals(List.of(new AbortedTxn(1, 0, 2, 1), new AbortedTxn(1, 4, 5, 6)), all.abortedTransactions());
        all.releaseAll();
        LogReadResult tail = log.read(3, Integer.MAX_VALUE, true, IsolationLevel.READ_COMMITTED);
        assertEquals(List.of(new AbortedTxn(1, 4, 5, 6)), tail.abortedTransactions());
        tail.releaseAll();
        int oneBatch = txn(9, "z").remaining();
        LogReadResult first = log.read(0, oneBatch, true, IsolationLevel.READ_COMMITTED);
        assertEquals(
                List.of(new AbortedTxn(1, 0, 2, 1)),
                first.abortedTransactions(),
                "only transactions overlapping the returned batch (offset 0, next batch at 1)");
        first.releaseAll();
        LogReadResult uncommitted = log.read(0, Integer.MAX_VALUE, true, IsolationLevel.READ_UNCOMMITTED);
        assertNull(uncommitted.abortedTransactions());
        uncommitted.releaseAll();
    }

    @Test
    void markersComeOnlyFromTheBrokerAndFollowKafkasRules() throws IOException {
        open(LogConfig.defaults());
        ByteBuffer commit = ControlRecords.endTransactionMarker(0, clock.millis(), 1, EPOCH, true, 0);
        assertThrows(InvalidRecordException.class, () -> log.append(commit), "clients cannot write control batches");
        log.append(txn(1, "a"));
        assertThrows(InvalidTxnStateException.class, () -> log.append(plainOf(1)));
        end(1, true);
        ByteBuffer zombie = ControlRecords.endTransactionMarker(0, clock.millis(), 1, EPOCH, false, 1);
        assertThrows(TransactionCoordinatorFencedException.class, () -> log.append(zombie, AppendOrigin.COORDINATOR));
        assertEquals(2, log.logEndOffset(), "nothing of a refused append is written");
    }

    /** A non-transactional batch of an idempotent producer. */
    private ByteBuffer plainOf(int pid) {
        ByteBuffer b = new RecordBatchBuilder(0, clock.millis())
                .producer(pid, EPOCH, sequences[pid])
                .add(clock.millis(), null, new byte[] {1})
                .build();
        sequences[pid]++;
        return b;
    }

    @Test
    void theAbortGoesToTheSegmentHoldingItsMarkerAndRollsAndIsDeletedWithIt() throws IOException {
        open(LogConfig.builder().segmentBytes(14).build()); // a segment per batch
        log.append(txn(1, "v")); // 0
        log.append(txn(1, "v")); // 1
        end(1, false); // 2
        log.append(txn(1, "v")); // 3
        end(1, false); // 4
        assertEquals(5, log.segmentCount());
        assertFalse(Files.exists(txnIndex(0)), "no abort in segment 0");
        assertEquals(List.of(new AbortedTxn(1, 0, 2, 3)), entries(2));
        assertEquals(List.of(new AbortedTxn(1, 3, 4, 5)), entries(4));

        log.deleteRecordsBefore(4);
        assertFalse(Files.exists(txnIndex(2)), "deleted with its segment");
        LogReadResult r = log.read(4, Integer.MAX_VALUE, true, IsolationLevel.READ_COMMITTED);
        assertEquals(List.of(new AbortedTxn(1, 3, 4, 5)), r.abortedTransactions());
        r.releaseAll();
    }

    @Test
    void timeRetentionDeletesTheTransactionIndexWithItsSegmentAndKeepsTheNewerOnes() throws IOException {
        open(LogConfig.builder().segmentBytes(14).retentionMs(1000).build()); // a segment per batch
        log.append(txn(1, "old")); // 0
        end(1, false); // 1
        clock.advance(5000);
        log.append(txn(1, "new")); // 2
        end(1, false); // 3
        log.append(plain("p")); // 4, active
        assertTrue(Files.exists(txnIndex(1)));
        assertEquals(List.of(new AbortedTxn(1, 2, 3, 4)), entries(3));

        assertEquals(2, log.applyRetention(), "the two segments older than retention.ms");
        assertEquals(2, log.logStartOffset());
        assertFalse(Files.exists(txnIndex(1)), "deleted with its segment");
        assertEquals(List.of(new AbortedTxn(1, 2, 3, 4)), entries(3), "the newer segment keeps its index");
        LogReadResult r = log.read(2, Integer.MAX_VALUE, true, IsolationLevel.READ_COMMITTED);
        assertEquals(List.of(new AbortedTxn(1, 2, 3, 4)), r.abortedTransactions());
        r.releaseAll();
    }

    @Test
    void recoveryRebuildsTheTransactionIndexAndTheLastStableOffset() throws IOException {
        open(LogConfig.defaults());
        log.append(txn(1, "v")); // 0
        log.append(txn(2, "v")); // 1
        end(1, false); // 2
        log.append(txn(1, "v")); // 3
        end(1, false); // 4
        log.append(txn(1, "v")); // 5, open
        assertEquals(1, log.lastStableOffset());
        List<AbortedTxn> before = entries(0);
        assertEquals(List.of(new AbortedTxn(1, 0, 2, 1), new AbortedTxn(1, 3, 4, 1)), before);
        log.closeUncleanly();
        Files.delete(txnIndex(0));
        open(LogConfig.defaults());
        assertEquals(before, entries(0), "rebuilt by scanning the unflushed segment");
        assertEquals(1, log.lastStableOffset(), "producer 2's transaction (offset 1) is still open");
        end(2, true); // 6
        assertEquals(5, log.lastStableOffset(), "now producer 1's open transaction at 5");
    }

    @Test
    void segmentsBelowTheRecoveryPointKeepTheirIndexAndFeedTheStateFromTheSnapshot() throws IOException {
        open(LogConfig.builder().segmentBytes(14).build()); // a segment per batch
        log.append(txn(1, "v")); // 0
        log.append(txn(2, "v")); // 1
        end(1, false); // 2
        log.append(plain("p")); // 3
        log.closeUncleanly();
        List<BatchInfo> scanned = new ArrayList<>();
        log = fixture.open(LogConfig.builder().segmentBytes(14).build(), scanned::add);
        assertEquals(List.of(3L), scanned.stream().map(BatchInfo::baseOffset).toList());
        assertEquals(List.of(new AbortedTxn(1, 0, 2, 1)), entries(2));
        assertEquals(1, log.lastStableOffset(), "producer 2's open transaction came from the snapshot at 3");
    }

    @Test
    void truncationInRecoveryDropsTheAbortsOfTheCutBatches() throws IOException {
        open(LogConfig.defaults());
        log.append(txn(1, "v")); // 0
        end(1, false); // 1
        log.append(txn(1, "w")); // 2
        end(1, false); // 3
        assertEquals(2, entries(0).size());
        long positionOfLastMarker = Files.size(segmentLog(0))
                - ControlRecords.endTransactionMarker(0, 0, 1, EPOCH, false, 3).remaining();
        log.closeUncleanly();
        corrupt(segmentLog(0), positionOfLastMarker + 30);
        open(LogConfig.defaults());
        assertEquals(3, log.logEndOffset(), "cut at the damaged marker");
        assertEquals(List.of(new AbortedTxn(1, 0, 1, 2)), entries(0));
        assertEquals(2, log.lastStableOffset(), "the second transaction is open again");
    }

    @Test
    void cleanRestartKeepsOpenTransactionsFromTheSnapshot() throws IOException {
        open(LogConfig.defaults());
        log.append(plain("a"));
        log.append(txn(1, "v"));
        log.close();
        List<BatchInfo> scanned = new ArrayList<>();
        log = fixture.open(LogConfig.defaults(), scanned::add);
        assertEquals(List.of(), scanned);
        assertEquals(1, log.lastStableOffset());
        end(1, true);
        assertEquals(3, log.lastStableOffset());
    }

    private Path txnIndex(long base) {
        return fixture.dir().resolve(Segment.fileStem(base) + TransactionIndex.SUFFIX);
    }

    private Path segmentLog(long base) {
        return fixture.dir().resolve(Segment.fileStem(base) + ".log");
    }

    private List<AbortedTxn> entries(long base) throws IOException {
        return new TransactionIndex(txnIndex(base)).all();
    }

    private static void corrupt(Path file, long position) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, position);
            b.put(0, (byte) (b.get(0) ^ 0xff)).rewind();
            ch.write(b, position);
        }
    }
}
