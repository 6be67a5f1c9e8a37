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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.record.CompressionType;
import io.skiff.record.ControlRecords;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.record.RecordBatchView;
import io.skiff.storage.CompactedLogs.Entry;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cleaner's rules on one log, driven through {@link LogCleaner#compactNow} with an injected clock. */
class LogCleanerTest {
    private static final long DAY = 24L * 60 * 60 * 1000;

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(1_700_000_000_000L);
    private final List<Log> logs = new ArrayList<>();
    private LogCleaner cleaner;
    private Log log;

    @AfterEach
    void tearDown() {
        if (cleaner != null) {
            cleaner.close();
        }
        if (log != null && !log.isClosed()) {
            log.close();
        }
    }

    private LogConfig.Builder compacted() {
        return LogConfig.builder().compact(true).keysRequired(true).segmentBytes(600);
    }

    private Log open(LogConfig config) throws IOException {
        log = Log.open(tmp.resolve("t-0"), config, clock, null);
        logs.clear();
        logs.add(log);
        if (cleaner == null) {
            cleaner = LogCleaner.start(
                    new CleanerConfig(false, 1, 1 << 20, 0.9, Double.MAX_VALUE, 15_000), tmp, clock, () -> logs);
        }
        return log;
    }

    static ByteBuffer keyed(long ts, String key, String value) {
        return new RecordBatchBuilder(0, ts).add(ts, bytes(key), bytes(value)).build();
    }

    static byte[] bytes(String s) {
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void keepsTheLatestValueOfEveryKeyWithGapsAndTheLogStart() throws IOException {
        open(compacted().build());
        Map<String, String> expected = new LinkedHashMap<>();
        for (int round = 0; round < 30; round++) {
            for (int k = 0; k < 5; k++) {
                log.append(keyed(clock.millis(), "k" + k, "v" + round));
                expected.put("k" + k, "v" + round);
            }
            if (round % 10 == 3) { // written once: stays, with gaps around it
                log.append(keyed(clock.millis(), "once" + round, "o"));
                expected.put("once" + round, "o");
            }
        }
        long sizeBefore = log.sizeInBytes();
        long end = log.logEndOffset();
        LogCleaner.CompactionResult result = cleaner.compactNow(log);
        assertTrue(result.segmentsCleaned() > 1, result.toString());
        assertTrue(log.sizeInBytes() < sizeBefore / 2, log.sizeInBytes() + " of " + sizeBefore);
        assertEquals(0, log.logStartOffset());
        assertEquals(end, log.logEndOffset());
        List<Entry> after = CompactedLogs.records(log);
        assertEquals(expected, CompactedLogs.latest(after));
        assertIncreasing(after);
        // Only the active segment may still hold older values of a key.
        long activeBase = log.activeSegmentBase();
        Map<String, Long> seen = new LinkedHashMap<>();
        for (Entry e : after) {
            if (e.offset() < activeBase) {
                assertFalse(seen.containsKey(e.key()), "key " + e.key() + " twice below the active segment");
                seen.put(e.key(), e.offset());
            }
        }
        assertTrue(after.size() < 100, "records removed: " + after.size());
        assertEquals(end - 1, after.get(after.size() - 1).offset(), after.toString());
        assertNotEquals(List.of(), gaps(after));
        assertEquals(result.endOffset(), cleaner.firstDirtyOffset(log));
        assertTrue(Files.readString(tmp.resolve(LogCleaner.CHECKPOINT_FILE)).contains("t 0 " + result.endOffset()));
        // Reopen: the cleaned segments are the log now.
        log.close();
        open(compacted().build());
        assertEquals(after, CompactedLogs.records(log));
        assertNoCleanerFiles();
    }

    @Test
    void tombstonesStayUntilDeleteRetentionAfterTheCleaningThatKeptThem() throws IOException {
        open(compacted().deleteRetentionMs(DAY).build());
        for (int i = 0; i < 20; i++) {
            log.append(keyed(clock.millis(), "a", "a" + i));
            log.append(keyed(clock.millis(), "b", "b" + i));
        }
        log.append(keyed(clock.millis(), "a", null)); // tombstone
        for (int i = 0; i < 20; i++) {
            log.append(keyed(clock.millis(), "c", "c" + i));
        }
        cleaner.compactNow(log);
        List<Entry> first = CompactedLogs.records(log);
        assertTrue(first.stream().anyMatch(e -> e.key().equals("a") && e.value() == null), "tombstone kept");
        assertFalse(first.stream().anyMatch(e -> e.key().equals("a") && e.value() != null), "old values of a gone");

        clock.advance(DAY - 1);
        cleaner.compactNow(log);
        assertTrue(CompactedLogs.records(log).stream().anyMatch(e -> e.key().equals("a")), "before the horizon");

        clock.advance(2);
        cleaner.compactNow(log);
        List<Entry> last = CompactedLogs.records(log);
        assertFalse(last.stream().anyMatch(e -> e.key().equals("a")), "tombstone gone after the horizon: " + last);
        assertEquals("b19", CompactedLogs.latest(last).get("b"));
    }

    @Test
    void compactAndDeleteAlsoAppliesRetentionToCleanedSegments() throws IOException {
        // Emptied segments are aged by their file's modification time, as in Kafka: run on the wall clock.
        clock.advance(System.currentTimeMillis() - clock.millis());
        open(compacted().deleteRetention(true).retentionMs(60_000).build());
        for (int i = 0; i < 100; i++) {
            log.append(keyed(clock.millis(), "k" + (i % 3), "v" + i));
        }
        cleaner.compactNow(log);
        assertEquals(0, log.logStartOffset());
        clock.advance(120_000);
        assertTrue(log.applyRetention() > 0, "cleaned segments past retention.ms are deleted");
        assertTrue(log.logStartOffset() > 0);
        assertEquals(log.logStartOffset(), CompactedLogs.records(log).get(0).offset());
    }

    @Test
    void cleanerThreadsCompactDirtyCompactedLogsAndLeaveOthersAlone() throws IOException {
        Log a = Log.open(tmp.resolve("a-0"), compacted().build(), clock, null);
        Log b = Log.open(tmp.resolve("b-0"), compacted().build(), clock, null);
        Log plain = Log.open(
                tmp.resolve("plain-0"), LogConfig.builder().segmentBytes(600).build(), clock, null);
        try {
            for (int i = 0; i < 100; i++) {
                a.append(keyed(clock.millis(), "k" + (i % 4), "a" + i));
                b.append(keyed(clock.millis(), "k" + (i % 7), "b" + i));
                plain.append(keyed(clock.millis(), "k", "p" + i));
            }
            Map<String, String> latestA = CompactedLogs.latest(CompactedLogs.records(a));
            Map<String, String> latestB = CompactedLogs.latest(CompactedLogs.records(b));
            try (LogCleaner threads = LogCleaner.start(
                    new CleanerConfig(true, 2, 1 << 20, 0.9, Double.MAX_VALUE, 10),
                    tmp,
                    clock,
                    () -> List.of(a, b, plain))) {
                Awaitility.await("both compacted logs cleaned")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> threads.firstDirtyOffset(a) > 0 && threads.firstDirtyOffset(b) > 0);
            }
            assertEquals(latestA, CompactedLogs.latest(CompactedLogs.records(a)));
            assertEquals(latestB, CompactedLogs.latest(CompactedLogs.records(b)));
            assertTrue(CompactedLogs.records(a).size() < 100
                    && CompactedLogs.records(b).size() < 100);
            assertEquals(100, CompactedLogs.records(plain).size(), "a log without compact is never cleaned");
            String checkpoint = Files.readString(tmp.resolve(LogCleaner.CHECKPOINT_FILE));
            assertTrue(
                    checkpoint.contains("a 0 ") && checkpoint.contains("b 0 ") && !checkpoint.contains("plain"),
                    checkpoint);
        } finally {
            a.close();
            b.close();
            plain.close();
        }
    }

    @Test
    void theDirtiestLogIsPickedFirstAndACleanOneNotAtAll() throws IOException {
        LogConfig config = compacted().minCleanableDirtyRatio(0.05).build();
        Log light = Log.open(tmp.resolve("light-0"), config, clock, null);
        Log heavy = Log.open(tmp.resolve("heavy-0"), config, clock, null);
        Log clean = Log.open(tmp.resolve("clean-0"), config, clock, null);
        logs.addAll(List.of(light, heavy, clean));
        cleaner = LogCleaner.start(
                new CleanerConfig(false, 1, 1 << 20, 0.9, Double.MAX_VALUE, 15_000), tmp, clock, () -> logs);
        try {
            for (int i = 0; i < 60; i++) {
                light.append(keyed(clock.millis(), "k" + i, "v"));
                heavy.append(keyed(clock.millis(), "k" + (i % 3), "v" + i));
                clean.append(keyed(clock.millis(), "k" + i, "v"));
            }
            cleaner.compactNow(light);
            cleaner.compactNow(clean);
            for (int i = 0; i < 20; i++) {
                light.append(keyed(clock.millis(), "k" + i, "w")); // a little dirt after the cleaning
            }
            double lightRatio = cleaner.offsetsToClean(light, clock.millis()).dirtyRatio();
            assertTrue(lightRatio > 0.05 && lightRatio < 0.9, "light's dirty ratio: " + lightRatio);
            assertEquals(1.0, cleaner.offsetsToClean(heavy, clock.millis()).dirtyRatio());

            assertEquals(heavy, cleaner.grabFilthiest().log(), "the dirtiest first");
            assertEquals(light, cleaner.grabFilthiest().log(), "then the next, the first being in progress");
            assertEquals(null, cleaner.grabFilthiest(), "a log with nothing dirty is not picked");
        } finally {
            light.close();
            heavy.close();
            clean.close();
        }
    }

    @Test
    void aRecordOlderThanMaxCompactionLagMakesTheLogCleanableWhateverItsRatio() throws IOException {
        open(compacted().maxCompactionLagMs(60_000).minCleanableDirtyRatio(1.0).build());
        for (int i = 0; i < 40; i++) {
            log.append(keyed(clock.millis(), "k" + i, "v" + i)); // all distinct: nothing to gain
        }
        cleaner.compactNow(log);
        for (int i = 0; i < 40; i++) {
            log.append(keyed(clock.millis(), "k" + i, "w" + i));
        }
        LogCleaner.CleanableOffsets fresh = cleaner.offsetsToClean(log, clock.millis());
        assertTrue(fresh.dirtyRatio() < 1.0);
        assertFalse(fresh.maxLagDue());
        clock.advance(60_001);
        assertTrue(cleaner.offsetsToClean(log, clock.millis()).maxLagDue());
    }

    @Test
    void neverCleansTheActiveSegment() throws IOException {
        open(compacted().segmentBytes(1 << 20).build());
        for (int i = 0; i < 50; i++) {
            log.append(keyed(clock.millis(), "k", "v" + i));
        }
        LogCleaner.CompactionResult r = cleaner.compactNow(log);
        assertEquals(0, r.segmentsCleaned());
        assertEquals(50, CompactedLogs.records(log).size());
    }

    @Test
    void respectsMinCompactionLag() throws IOException {
        open(compacted().minCompactionLagMs(60_000).build());
        for (int i = 0; i < 100; i++) {
            log.append(keyed(clock.millis(), "k", "v" + i));
        }
        cleaner.compactNow(log);
        assertEquals(100, CompactedLogs.records(log).size(), "records younger than the lag stay");
        clock.advance(60_001);
        cleaner.compactNow(log);
        assertTrue(CompactedLogs.records(log).size() < 100);
    }

    @Test
    void rewritesCompressedBatchesWithTheirCodec() throws IOException {
        open(compacted().compression(CompressionType.GZIP).build());
        for (int i = 0; i < 40; i++) {
            RecordBatchBuilder b = new RecordBatchBuilder(0, clock.millis());
            for (int k = 0; k < 4; k++) {
                b.add(clock.millis(), bytes("k" + (i % 2 == 0 ? k : k + 4)), bytes("v" + i));
            }
            log.append(b.build());
        }
        cleaner.compactNow(log);
        List<Entry> after = CompactedLogs.records(log);
        assertEquals(
                8,
                after.stream()
                        .filter(e -> e.offset() < log.activeSegmentBase())
                        .map(Entry::key)
                        .distinct()
                        .count());
        for (ByteBuffer b : TestBatches.split(LogFixture.readAll(log.read(0, Integer.MAX_VALUE, true)))) {
            assertEquals(CompressionType.GZIP, new RecordBatchView(b, 0).compressionType());
        }
        assertEquals("v39", CompactedLogs.latest(after).get("k4"));
        assertEquals("v38", CompactedLogs.latest(after).get("k0"));
    }

    @Test
    void keepsAnEmptyBatchWhereAProducersLastSequenceIs() throws IOException {
        open(compacted().build());
        for (int i = 0; i < 30; i++) {
            ByteBuffer b = new RecordBatchBuilder(0, clock.millis())
                    .producer(7, (short) 0, i)
                    .add(clock.millis(), bytes("k"), bytes("v" + i))
                    .build();
            log.append(b);
        }
        // A later writer supersedes the producer's last record.
        for (int i = 0; i < 30; i++) {
            log.append(keyed(clock.millis(), "k", "w" + i));
        }
        cleaner.compactNow(log);
        boolean emptyFound = false;
        for (ByteBuffer b : TestBatches.split(LogFixture.readAll(log.read(0, Integer.MAX_VALUE, true)))) {
            RecordBatchView v = new RecordBatchView(b, 0);
            if (v.producerId() == 7) {
                assertEquals(0, v.recordCount());
                assertEquals(29, v.lastSequence());
                emptyFound = true;
            }
        }
        assertTrue(emptyFound, "the producer's last batch stays, empty");
        // The producer continues where it was.
        log.append(new RecordBatchBuilder(0, clock.millis())
                .producer(7, (short) 0, 30)
                .add(clock.millis(), bytes("k"), bytes("x"))
                .build());
        log.close();
        open(compacted().build());
        assertEquals(30, log.producerState(7).orElseThrow().lastSequence());
    }

    @Test
    void removesAbortedDataThenItsMarkerAfterTheHorizonAndReadCommittedSeesTheSame() throws IOException {
        open(compacted().deleteRetentionMs(1000).build());
        int seq = 0;
        for (int t = 0; t < 6; t++) {
            for (int i = 0; i < 3; i++) {
                log.append(new RecordBatchBuilder(0, clock.millis())
                        .producer(5, (short) 0, seq++)
                        .transactional(true)
                        .add(clock.millis(), bytes("k" + i), bytes("t" + t))
                        .build());
            }
            boolean commit = t % 2 == 0;
            log.append(
                    ControlRecords.endTransactionMarker(0, clock.millis(), 5, (short) 0, commit, 1),
                    AppendOrigin.COORDINATOR);
            log.append(keyed(clock.millis(), "plain" + t, "p" + t));
        }
        for (int i = 0; i < 30; i++) {
            log.append(keyed(clock.millis(), "filler", "f" + i));
        }
        Map<String, String> committedBefore =
                CompactedLogs.latest(CompactedLogs.records(log, IsolationLevel.READ_COMMITTED));
        assertEquals("t4", committedBefore.get("k0"));
        cleaner.compactNow(log);
        assertEquals(committedBefore, CompactedLogs.latest(CompactedLogs.records(log, IsolationLevel.READ_COMMITTED)));
        List<Entry> uncommitted = CompactedLogs.records(log);
        assertFalse(
                uncommitted.stream()
                        .anyMatch(e -> e.value() != null && e.value().matches("t[135]")),
                "aborted data removed: " + uncommitted);
        int markersAfterFirst = markers();
        assertTrue(markersAfterFirst > 0);
        clock.advance(10);
        cleaner.compactNow(log); // sets the markers' horizon
        clock.advance(1001);
        cleaner.compactNow(log);
        assertTrue(markers() < markersAfterFirst, "markers of emptied transactions go after the horizon");
        assertEquals(committedBefore, CompactedLogs.latest(CompactedLogs.records(log, IsolationLevel.READ_COMMITTED)));
    }

    @Test
    void neverCleansAnOpenTransactionsDataAwayAndCleansItOnceItCommitted() throws IOException {
        open(compacted().build());
        for (int i = 0; i < 20; i++) {
            log.append(keyed(clock.millis(), "k", "before" + i));
        }
        long txnOffset = log.append(new RecordBatchBuilder(0, clock.millis())
                        .producer(5, (short) 0, 0)
                        .transactional(true)
                        .add(clock.millis(), bytes("k"), bytes("open"))
                        .build())
                .firstOffset();
        for (int i = 0; i < 40; i++) { // newer values of k, in later segments
            log.append(keyed(clock.millis(), "k", "after" + i));
        }
        assertEquals(txnOffset, log.lastStableOffset());
        assertTrue(log.segments().floor(txnOffset).baseOffset() > 2, "segments of values before the transaction");
        assertTrue(
                log.activeSegmentBase() > log.segments().floor(txnOffset).baseOffset(), "the open txn is not active");

        cleaner.compactNow(log);
        List<Entry> whileOpen = CompactedLogs.records(log);
        assertTrue(
                whileOpen.contains(new Entry(txnOffset, "k", "open")),
                "the open transaction's record is kept although newer values of its key exist: " + whileOpen);
        long txnSegment = log.segments().floor(txnOffset).baseOffset();
        assertEquals(
                1,
                whileOpen.stream().filter(e -> e.offset() < txnSegment).count(),
                "below the open transaction's segment only the latest value of k there is left: " + whileOpen);

        log.append(
                ControlRecords.endTransactionMarker(0, clock.millis(), 5, (short) 0, true, 1),
                AppendOrigin.COORDINATOR);
        for (int i = 0; i < 20; i++) {
            log.append(keyed(clock.millis(), "filler", "f" + i)); // roll past the marker
        }
        cleaner.compactNow(log);
        List<Entry> committed = CompactedLogs.records(log);
        assertFalse(
                committed.stream().anyMatch(e -> "open".equals(e.value())),
                "once committed, the record is superseded by newer values of its key: " + committed);
        assertEquals("after39", CompactedLogs.latest(committed).get("k"));
    }

    @Test
    void aSmallOffsetMapCleansInSeveralPasses() throws IOException {
        log = Log.open(tmp.resolve("t-0"), compacted().build(), clock, null);
        logs.add(log);
        cleaner = LogCleaner.start(
                new CleanerConfig(false, 1, 40 * OffsetMap.ENTRY_SIZE, 0.9, Double.MAX_VALUE, 0),
                tmp,
                clock,
                () -> logs);
        Map<String, String> expected = new LinkedHashMap<>();
        for (int i = 0; i < 400; i++) {
            String k = "k" + (i * 7 % 100);
            log.append(keyed(clock.millis(), k, "v" + i));
            expected.put(k, "v" + i);
        }
        cleaner.compactNow(log);
        List<Entry> after = CompactedLogs.records(log);
        assertEquals(expected, CompactedLogs.latest(after));
        assertIncreasing(after);
    }

    private int markers() {
        int n = 0;
        for (ByteBuffer b : TestBatches.split(LogFixture.readAll(log.read(0, Integer.MAX_VALUE, true)))) {
            if (new RecordBatchView(b, 0).isControl()) {
                n++;
            }
        }
        return n;
    }

    static void assertIncreasing(List<Entry> entries) {
        for (int i = 1; i < entries.size(); i++) {
            assertTrue(entries.get(i).offset() > entries.get(i - 1).offset(), "offsets increase: " + entries);
        }
    }

    static List<Long> gaps(List<Entry> entries) {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < entries.size(); i++) {
            if (entries.get(i).offset() != entries.get(i - 1).offset() + 1) {
                gaps.add(entries.get(i).offset());
            }
        }
        return gaps;
    }

    private void assertNoCleanerFiles() throws IOException {
        try (Stream<Path> files = Files.list(tmp.resolve("t-0"))) {
            List<String> leftovers = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".cleaned") || n.endsWith(".swap"))
                    .toList();
            assertEquals(List.of(), leftovers);
        }
    }
}
