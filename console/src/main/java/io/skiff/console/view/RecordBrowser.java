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
package io.skiff.console.view;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.record.BatchDecompressor;
import io.skiff.record.Header;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import io.skiff.record.RecordReader;
import io.skiff.storage.AbortedTxn;
import io.skiff.storage.FileSlice;
import io.skiff.storage.Log;
import io.skiff.storage.LogReadResult;
import io.skiff.storage.OffsetOutOfRangeException;
import io.skiff.storage.producer.ProducerStateEntry;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a page of records of one partition for the console, as a read_uncommitted consumer sees them, with each
 * record's transaction state: {@code none} (not transactional), {@code open} (its producer's transaction is still
 * open), {@code aborted} (the transaction index lists it) or {@code committed}. Control records are left out.
 * Stateless and thread-safe; reads hold no broker lock (the log's own read path).
 */
public final class RecordBrowser {
    /** The largest page; a page reads at most this many bytes per request to the log too. */
    public static final int MAX_RECORDS = 500;

    private static final int READ_BYTES = 1024 * 1024;

    /** Where a page starts. */
    public enum From {
        BEGINNING,
        END,
        OFFSET,
        TIMESTAMP
    }

    /** One header, value as bytes (null for none). */
    public record HeaderView(String key, byte[] value) {}

    /** One record. */
    public record RecordView(
            int partition,
            long offset,
            long timestamp,
            byte[] key,
            byte[] value,
            List<HeaderView> headers,
            long producerId,
            String transaction) {}

    /** A page: the records and the partition's offsets when read. */
    public record Page(
            String topic,
            int partition,
            long logStartOffset,
            long logEndOffset,
            long lastStableOffset,
            long firstOffsetAsked,
            List<RecordView> records) {}

    private final BrokerContext broker;

    public RecordBrowser(BrokerContext broker) {
        this.broker = broker;
    }

    /**
     * Up to {@code limit} records of a partition from a position: the beginning, the last {@code limit} before the
     * end, an offset, or the first record at or after a timestamp (epoch ms) — keeping only those whose key, value or
     * a header value contains {@code search} as text (null or empty: all), searching at most {@code scanLimit}
     * records.
     *
     * @throws IllegalArgumentException for an unknown topic or partition
     */
    public Page read(String topicName, int partition, From from, long at, int limit, String search, int scanLimit) {
        Topic topic = broker.topics()
                .topic(topicName)
                .orElseThrow(() -> new IllegalArgumentException("no topic " + topicName));
        if (!topic.hasPartition(partition)) {
            throw new IllegalArgumentException("topic " + topicName + " has no partition " + partition);
        }
        int max = Math.max(1, Math.min(limit, MAX_RECORDS));
        Partition p = topic.partition(partition);
        Log log = p.log();
        long start = log.logStartOffset();
        long end = log.logEndOffset();
        long first = switch (from) {
            case BEGINNING -> start;
            case END -> Math.max(start, end - max);
            case OFFSET -> Math.max(start, Math.min(at, end));
            case TIMESTAMP ->
                p.offsetForTimestamp(at).map(t -> Math.max(start, t.offset())).orElse(end);
        };
        byte[] needle =
                search == null || search.isEmpty() ? null : search.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        List<RecordView> records = new ArrayList<>();
        Map<Long, Long> openTxnFirstOffsets = openTransactions(log);
        long position = first;
        int scanned = 0;
        while (position < end && records.size() < max && scanned < Math.max(max, scanLimit)) {
            List<RecordView> batchRecords = new ArrayList<>();
            long next = readFrom(p, position, batchRecords);
            if (next <= position) {
                break;
            }
            List<AbortedTxn> aborted = log.abortedTransactions(position, next);
            for (RecordView r : batchRecords) {
                if (r.offset() < first) {
                    continue;
                }
                scanned++;
                if (needle == null || matches(r, needle)) {
                    records.add(withTransactionState(r, openTxnFirstOffsets, aborted));
                    if (records.size() == max) {
                        break;
                    }
                }
            }
            position = next;
        }
        return new Page(topicName, partition, start, end, log.lastStableOffset(), first, records);
    }

    /** Reads the batches from {@code offset}; returns the offset after the last batch read. */
    private static long readFrom(Partition p, long offset, List<RecordView> out) {
        LogReadResult result;
        try {
            result = p.read(offset, READ_BYTES, true);
        } catch (OffsetOutOfRangeException e) {
            return offset;
        }
        long next = offset;
        try {
            for (FileSlice slice : result.slices()) {
                ByteBuffer bytes = slice.readFully();
                for (RecordBatchView batch : RecordBatches.iterate(bytes)) {
                    next = Math.max(next, batch.lastOffset() + 1);
                    if (batch.isControl()) {
                        continue;
                    }
                    RecordBatchView plain = BatchDecompressor.uncompressed(batch);
                    long producerId = batch.isTransactional() ? batch.producerId() : -1;
                    for (Record r : RecordReader.readAll(plain)) {
                        List<HeaderView> headers = new ArrayList<>();
                        for (Header h : r.headers()) {
                            headers.add(new HeaderView(h.key(), h.valueBytes()));
                        }
                        out.add(new RecordView(
                                p.index(),
                                r.offset(),
                                r.timestamp(),
                                r.keyBytes(),
                                r.valueBytes(),
                                headers,
                                producerId,
                                producerId >= 0 ? "?" : "none"));
                    }
                }
            }
        } finally {
            result.releaseAll();
        }
        return next;
    }

    /** The first offset of each producer's open transaction on this log. */
    private static Map<Long, Long> openTransactions(Log log) {
        Map<Long, Long> open = new HashMap<>();
        for (ProducerStateEntry e : log.producerStates()) {
            if (e.currentTxnFirstOffset() >= 0) {
                open.put(e.producerId(), e.currentTxnFirstOffset());
            }
        }
        return open;
    }

    private static RecordView withTransactionState(
            RecordView r, Map<Long, Long> openTxnFirstOffsets, List<AbortedTxn> aborted) {
        if (r.producerId() < 0) {
            return r;
        }
        Long openFrom = openTxnFirstOffsets.get(r.producerId());
        String state;
        if (openFrom != null && r.offset() >= openFrom) {
            state = "open";
        } else if (isAborted(r, aborted)) {
            state = "aborted";
        } else {
            state = "committed";
        }
        return new RecordView(
                r.partition(), r.offset(), r.timestamp(), r.key(), r.value(), r.headers(), r.producerId(), state);
    }

    private static boolean isAborted(RecordView r, List<AbortedTxn> aborted) {
        for (AbortedTxn t : aborted) {
            if (t.producerId() == r.producerId() && r.offset() >= t.firstOffset() && r.offset() <= t.lastOffset()) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(RecordView r, byte[] needle) {
        if (contains(r.key(), needle) || contains(r.value(), needle)) {
            return true;
        }
        for (HeaderView h : r.headers()) {
            if (contains(h.value(), needle)) {
                return true;
            }
        }
        return false;
    }

    static boolean contains(byte[] haystack, byte[] needle) {
        if (haystack == null || needle.length > haystack.length) {
            return false;
        }
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
