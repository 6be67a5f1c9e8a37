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
package io.skiff.broker.topic;

import io.skiff.record.BatchDecompressor;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordReader;
import io.skiff.record.TimestampType;
import io.skiff.storage.FileSlice;
import io.skiff.storage.Log;
import io.skiff.storage.LogReadResult;
import io.skiff.storage.TimestampOffset;
import java.util.List;
import java.util.Optional;

/**
 * Offsets by timestamp (ListOffsets), refined from the batch the storage index finds to the exact record, as Kafka
 * answers: the first record whose timestamp is at or after the target, and the first record carrying the log's
 * largest timestamp.
 *
 * <p>Storage indexes batches; the records inside a CreateTime batch are read to find the exact one (a compressed
 * batch is decompressed for it, as Kafka does). In a LogAppendTime batch every record has the batch's timestamp, so
 * the batch's base offset is exact.
 *
 * <p>Stateless; thread-safe (storage reads are).
 */
final class TimestampLookup {
    private TimestampLookup() {}

    static Optional<TimestampOffset> offsetForTimestamp(Log log, long target) {
        Optional<TimestampOffset> batch = log.offsetForTimestamp(target);
        if (batch.isEmpty()) {
            return batch;
        }
        return Optional.of(refine(log, batch.get(), r -> r.timestamp() >= target));
    }

    static Optional<TimestampOffset> maxTimestamp(Log log) {
        Optional<TimestampOffset> batch = log.maxTimestampOffset();
        if (batch.isEmpty()) {
            return batch;
        }
        long max = batch.get().timestamp();
        return Optional.of(refine(log, batch.get(), r -> r.timestamp() == max));
    }

    private static TimestampOffset refine(
            Log log, TimestampOffset batchHit, java.util.function.Predicate<Record> wanted) {
        LogReadResult read;
        try {
            read = log.read(batchHit.offset(), 1, true);
        } catch (RuntimeException e) {
            return batchHit; // the batch went away meanwhile (retention); the index answer stands
        }
        try {
            List<FileSlice> slices = read.slices();
            if (slices.isEmpty()) {
                return batchHit;
            }
            RecordBatchView view = new RecordBatchView(slices.get(0).readFully());
            if (view.timestampType() == TimestampType.LOG_APPEND_TIME || view.isControl()) {
                return new TimestampOffset(view.maxTimestamp(), Math.max(view.baseOffset(), batchHit.offset()));
            }
            RecordReader records = new RecordReader(BatchDecompressor.uncompressed(view));
            while (records.hasNext()) {
                Record r = records.next();
                if (r.offset() >= log.logStartOffset() && wanted.test(r)) {
                    return new TimestampOffset(r.timestamp(), r.offset());
                }
            }
            return batchHit;
        } finally {
            read.releaseAll();
        }
    }
}
