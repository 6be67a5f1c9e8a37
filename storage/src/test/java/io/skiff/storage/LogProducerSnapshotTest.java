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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.storage.producer.OutOfOrderSequenceException;
import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Producer state lives with the log: snapshots on roll and close, loaded at open instead of a scan. */
class LogProducerSnapshotTest {
    private static final long PID = 7L;

    @RegisterExtension
    final LogFixture fixture = new LogFixture("p-0");

    private final MutableClock clock = fixture.clock;
    private final List<BatchInfo> scanned = new ArrayList<>();
    private Log log;

    private LogConfig config() {
        // Four two-record batches per segment.
        int size = idempotent(0).remaining();
        return LogConfig.builder().segmentBytes(size * 4).build();
    }

    private ByteBuffer idempotent(int seq) {
        return TestBatches.batch(clock.millis(), PID, (short) 1, seq, false, List.of(new byte[] {1}, new byte[] {2}));
    }

    /** Appends {@code n} two-record batches of producer PID, sequences 0, 2, 4, ... */
    private void fill(int n) throws IOException {
        log = fixture.open(config());
        for (int i = 0; i < n; i++) {
            log.append(idempotent(i * 2));
        }
    }

    private Log reopen() throws IOException {
        scanned.clear();
        log = fixture.open(config(), scanned::add);
        return log;
    }

    private List<Long> snapshotOffsets() throws IOException {
        return ProducerSnapshots.list(fixture.dir()).offsets().stream().toList();
    }

    @Test
    void cleanRestartReadsTheSnapshotAndScansNothing() throws IOException {
        fill(10); // offsets 0-19 in segments 0, 8, 16
        log.close();
        assertEquals(List.of(8L, 16L, 20L), snapshotOffsets(), "one per roll, one at close");
        reopen();
        assertEquals(List.of(), scanned, "a clean restart reads no batch");
        assertEquals(19, log.producerState(PID).orElseThrow().lastSequence());
        AppendResult retry = log.append(idempotent(18));
        assertEquals(0, retry.batchCount(), "the retried last batch is a duplicate");
        assertEquals(18, retry.firstOffset());
        assertThrows(OutOfOrderSequenceException.class, () -> log.append(idempotent(30)));
        assertEquals(20, log.append(idempotent(20)).firstOffset());
    }

    @Test
    void crashRebuildsFromTheRollSnapshotAndScansOnlyTheUnflushedSegment() throws IOException {
        fill(10);
        log.closeUncleanly();
        reopen();
        assertEquals(
                List.of(16L, 18L),
                scanned.stream().map(BatchInfo::baseOffset).toList(),
                "state below 16 comes from the snapshot taken when segment 16 was rolled");
        assertEquals(0, log.append(idempotent(18)).batchCount());
        assertEquals(20, log.append(idempotent(20)).firstOffset());
    }

    @Test
    void corruptSnapshotIsIgnoredDeletedAndTheLogScannedInstead() throws IOException {
        fill(10);
        log.close();
        Path newest = fixture.dir().resolve(Segment.fileStem(20) + ProducerSnapshots.SUFFIX);
        byte[] bytes = Files.readAllBytes(newest);
        bytes[bytes.length - 1] ^= 0x55;
        Files.write(newest, bytes);
        reopen();
        assertFalse(Files.exists(newest), "the corrupt snapshot is deleted");
        assertEquals(
                List.of(16L, 18L),
                scanned.stream().map(BatchInfo::baseOffset).toList(),
                "the next older snapshot (16) is loaded and the rest replayed");
        assertEquals(0, log.append(idempotent(18)).batchCount());
    }

    @Test
    void withoutAnySnapshotTheWholeLogIsReplayed() throws IOException {
        fill(10);
        log.close();
        for (long o : snapshotOffsets()) {
            Files.delete(fixture.dir().resolve(Segment.fileStem(o) + ProducerSnapshots.SUFFIX));
        }
        reopen();
        assertEquals(10, scanned.size());
        assertEquals(19, log.producerState(PID).orElseThrow().lastSequence());
        assertEquals(0, log.append(idempotent(18)).batchCount());
    }

    @Test
    void snapshotsGoWithRetentionAndAboveTheLogEndAfterATruncation() throws IOException {
        fill(10);
        log.deleteRecordsBefore(16);
        assertEquals(List.of(16L), snapshotOffsets(), "snapshots below the first segment are removed");
        log.close();
        Files.write(fixture.dir().resolve(Segment.fileStem(99) + ProducerSnapshots.SUFFIX), new byte[] {0, 1});
        reopen();
        assertEquals(List.of(16L, 20L), snapshotOffsets(), "a snapshot beyond the log end is removed");
        assertTrue(log.producerState(PID).isPresent());
    }
}
