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
package io.skiff.compat;

import io.skiff.record.ControlRecords;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.Log;
import io.skiff.storage.LogConfig;
import io.skiff.storage.producer.AppendOrigin;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * Writes a partition holding committed, aborted and open transactions straight into its log (there is no
 * transaction coordinator yet), with the record builder's batches and markers, for clients to read with either
 * isolation level:
 * <pre>
 *   0 a   1-2 c1 c2 (producer 1000)   3 x1 (producer 2000)   4 COMMIT 1000   5 ABORT 2000   6 b
 *   7 open (producer 1000, never ended)   8 after
 * </pre>
 * Stateless; thread-safe.
 */
public final class TransactionalPartitionFixture {
    /** The last stable offset: the open transaction's first offset. */
    public static final long LAST_STABLE_OFFSET = 7;

    public static final long LOG_END_OFFSET = 9;
    /** What read_committed returns, by offset order. */
    public static final List<String> COMMITTED = List.of("a", "c1", "c2", "b");
    /** What read_uncommitted returns (control records are never delivered). */
    public static final List<String> ALL = List.of("a", "c1", "c2", "x1", "b", "open", "after");

    private static final long COMMITTING = 1000L;
    private static final long ABORTING = 2000L;

    private TransactionalPartitionFixture() {}

    /** Appends the batches above to the (existing, empty) partition directory of a stopped broker. */
    public static void write(Path partitionDir) throws IOException {
        try (Log log = Log.open(partitionDir, LogConfig.defaults(), Clock.systemUTC(), null)) {
            log.append(data(-1, 0, "a"));
            log.append(data(COMMITTING, 0, "c1", "c2"));
            log.append(data(ABORTING, 0, "x1"));
            log.append(marker(COMMITTING, true), AppendOrigin.COORDINATOR);
            log.append(marker(ABORTING, false), AppendOrigin.COORDINATOR);
            log.append(data(-1, 0, "b"));
            log.append(data(COMMITTING, 2, "open"));
            log.append(data(-1, 0, "after"));
            if (log.lastStableOffset() != LAST_STABLE_OFFSET || log.logEndOffset() != LOG_END_OFFSET) {
                throw new IllegalStateException(
                        "unexpected log: LSO " + log.lastStableOffset() + ", end " + log.logEndOffset());
            }
        }
    }

    private static ByteBuffer data(long producerId, int sequence, String... values) {
        RecordBatchBuilder b = new RecordBatchBuilder(0, 1_000L).partitionLeaderEpoch(0);
        if (producerId >= 0) {
            b.producer(producerId, (short) 0, sequence).transactional(true);
        }
        for (String v : values) {
            b.add(1_000L, null, v.getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }

    private static ByteBuffer marker(long producerId, boolean commit) {
        return ControlRecords.endTransactionMarker(0, 2_000L, producerId, (short) 0, commit, 0);
    }
}
