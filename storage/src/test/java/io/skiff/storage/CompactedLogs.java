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

import io.skiff.record.Codecs;
import io.skiff.record.CompressionType;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordReader;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a log back as a consumer would, for compaction tests. Stateless. */
final class CompactedLogs {
    private CompactedLogs() {}

    /** One data record as read: offset, key, value (null for a tombstone). */
    record Entry(long offset, String key, String value) {}

    /** Every data record from the log start, in offset order (control batches skipped). */
    static List<Entry> records(Log log) {
        return records(log, IsolationLevel.READ_UNCOMMITTED);
    }

    /** Every data record from the log start; READ_COMMITTED skips aborted transactions as the consumer does. */
    static List<Entry> records(Log log, IsolationLevel isolation) {
        List<Entry> out = new ArrayList<>();
        long offset = log.logStartOffset();
        LogReadResult r = log.read(offset, Integer.MAX_VALUE, true, isolation);
        ByteBuffer all = LogFixture.readAll(r);
        List<AbortedTxn> aborted = r.abortedTransactions() == null ? List.of() : r.abortedTransactions();
        for (ByteBuffer b : TestBatches.split(all)) {
            RecordBatchView batch = new RecordBatchView(b, 0);
            if (batch.isControl()) {
                continue;
            }
            if (isolation == IsolationLevel.READ_COMMITTED && batch.isTransactional() && isAborted(batch, aborted)) {
                continue;
            }
            for (Record rec : records(batch)) {
                out.add(new Entry(rec.offset(), string(rec.key()), string(rec.value())));
            }
        }
        return out;
    }

    private static boolean isAborted(RecordBatchView batch, List<AbortedTxn> aborted) {
        for (AbortedTxn t : aborted) {
            if (t.producerId() == batch.producerId()
                    && batch.baseOffset() >= t.firstOffset()
                    && batch.baseOffset() < t.lastOffset()) {
                return true;
            }
        }
        return false;
    }

    /** The records of a batch; a compressed one is decompressed into an uncompressed copy first. */
    static List<Record> records(RecordBatchView batch) {
        if (batch.compressionType() == CompressionType.NONE) {
            return RecordReader.readAll(batch);
        }
        try (InputStream in = Codecs.decompress(
                batch.compressionType(),
                batch.buffer()
                        .slice(
                                batch.start() + RecordBatchView.RECORDS_OFFSET,
                                batch.sizeInBytes() - RecordBatchView.RECORDS_OFFSET))) {
            byte[] records = in.readAllBytes();
            ByteBuffer plain = ByteBuffer.allocate(RecordBatchView.HEADER_SIZE + records.length);
            plain.put(batch.buffer().slice(batch.start(), RecordBatchView.HEADER_SIZE))
                    .put(records)
                    .flip();
            plain.putInt(RecordBatchView.LENGTH_OFFSET, plain.limit() - RecordBatchView.LOG_OVERHEAD);
            plain.putShort(RecordBatchView.ATTRIBUTES_OFFSET, (short) (batch.attributes() & ~0x07));
            return RecordReader.readAll(new RecordBatchView(plain, 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Key → latest value (tombstones remove the key), as a plain map would hold it. */
    static Map<String, String> latest(List<Entry> entries) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Entry e : entries) {
            if (e.value() == null) {
                m.remove(e.key());
            } else {
                m.put(e.key(), e.value());
            }
        }
        return m;
    }

    private static String string(ByteBuffer b) {
        return b == null ? null : StandardCharsets.UTF_8.decode(b.duplicate()).toString();
    }
}
