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
package io.skiff.benchmarks.storage;

import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.CleanerConfig;
import io.skiff.storage.Log;
import io.skiff.storage.LogCleaner;
import io.skiff.storage.LogConfig;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;

/**
 * Cleaner throughput: fills a compacted log (default 1 GiB, 1 KiB values, 16 records a batch, 256 MiB segments) whose
 * keys are 1% unique, then compacts it once and reports MiB/s of log read by the cleaner, the offset map's memory and
 * the heap in use after the cleaning. One JVM per run, so the numbers are not blended with other benchmarks.
 *
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -Xmx1g -cp benchmarks/target/benchmarks.jar io.skiff.benchmarks.storage.CleanerThroughput [MiB] [unique%]
 * </pre>
 */
public final class CleanerThroughput {
    private static final int VALUE_BYTES = 1024;
    private static final int RECORDS_PER_BATCH = 16;

    private CleanerThroughput() {}

    public static void main(String[] args) throws Exception {
        long targetBytes = (args.length > 0 ? Long.parseLong(args[0]) : 1024) << 20;
        double uniquePercent = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
        Path data = BenchLogs.baseDir();
        try {
            Clock clock = Clock.systemUTC();
            LogConfig config = LogConfig.builder()
                    .compact(true)
                    .keysRequired(true)
                    .segmentBytes(256 << 20)
                    .build();
            Log log = Log.open(data.resolve(BenchLogs.LOG_NAME), config, clock, null);
            long recordsEstimate = targetBytes / (VALUE_BYTES + 30);
            long uniqueKeys = Math.max(1, (long) (recordsEstimate * uniquePercent / 100));
            byte[] value = new byte[VALUE_BYTES];
            long records = 0;
            long fillStart = System.nanoTime();
            while (log.sizeInBytes() < targetBytes) {
                RecordBatchBuilder b = new RecordBatchBuilder(0, clock.millis());
                for (int i = 0; i < RECORDS_PER_BATCH; i++) {
                    byte[] key = String.format(Locale.ROOT, "key-%012d", records++ % uniqueKeys)
                            .getBytes(StandardCharsets.UTF_8);
                    value[0] = (byte) records;
                    b.add(clock.millis(), key, value.clone());
                }
                ByteBuffer batch = b.build();
                log.append(batch);
            }
            log.flush();
            double fillSeconds = (System.nanoTime() - fillStart) / 1e9;
            long sizeBefore = log.sizeInBytes();
            System.out.printf(
                    Locale.ROOT,
                    "filled %.1f MiB (%d records, %d unique keys, %d segments) in %.1f s%n",
                    sizeBefore / 1048576.0,
                    records,
                    uniqueKeys,
                    log.segmentCount(),
                    fillSeconds);

            try (LogCleaner cleaner = LogCleaner.start(CleanerConfig.DEFAULTS, data, clock, List::of)) {
                System.gc();
                long heapBefore = usedHeap();
                long start = System.nanoTime();
                LogCleaner.CompactionResult r = cleaner.compactNow(log);
                double seconds = (System.nanoTime() - start) / 1e9;
                System.gc();
                long heapAfter = usedHeap(); // what the cleaner keeps: its offset map
                System.out.printf(
                        Locale.ROOT,
                        "cleaned %.1f MiB in %.2f s: %.1f MiB/s (log read while rewriting; the key map pass reads"
                                + " the dirty section once more)%n",
                        r.bytesRead() / 1048576.0,
                        seconds,
                        r.bytesRead() / 1048576.0 / seconds);
                System.out.printf(
                        Locale.ROOT,
                        "size %.1f MiB -> %.1f MiB, %d records removed, %d segments rewritten%n",
                        sizeBefore / 1048576.0,
                        log.sizeInBytes() / 1048576.0,
                        r.recordsRemoved(),
                        r.segmentsCleaned());
                System.out.printf(
                        Locale.ROOT,
                        "offset map: %.1f MiB; heap in use after a GC: %.1f MiB before, %.1f MiB after (max heap %.0f MiB)%n",
                        cleaner.offsetMapBytes() / 1048576.0,
                        heapBefore / 1048576.0,
                        heapAfter / 1048576.0,
                        Runtime.getRuntime().maxMemory() / 1048576.0);
            }
            log.close();
        } finally {
            BenchLogs.deleteTree(data);
        }
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
