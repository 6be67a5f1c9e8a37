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
package io.skiff.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;

/** Batches written and read by kafka-clients, for tests that compare our records code with the official one. */
final class KafkaBatches {
    private KafkaBatches() {}

    static Compression compression(CompressionType type) {
        return switch (type) {
            case NONE -> Compression.NONE;
            case GZIP -> Compression.gzip().build();
            case SNAPPY -> Compression.snappy().build();
            case LZ4 -> Compression.lz4().build();
            case ZSTD -> Compression.zstd().build();
        };
    }

    /** {@code n} records "k<i>" → "v<i>" (every third keyless, every second with a header) at {@code timestamp}. */
    static ByteBuffer batch(CompressionType type, int n, long timestamp) {
        SimpleRecord[] records = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            byte[] key = i % 3 == 2 ? null : utf8("k" + i);
            Header[] headers = i % 2 == 0 ? new Header[] {new RecordHeader("h" + i, utf8("x" + i))} : new Header[0];
            records[i] = new SimpleRecord(timestamp + i, key, utf8("v" + i + "-".repeat(i % 40)), headers);
        }
        return MemoryRecords.withRecords(compression(type), records).buffer();
    }

    /** A batch of {@code n} keyed records, as an idempotent producer writes it. */
    static ByteBuffer keyed(CompressionType type, int n, long timestamp) {
        SimpleRecord[] records = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            records[i] = new SimpleRecord(timestamp, utf8("k" + i), utf8("v" + i));
        }
        return MemoryRecords.withRecords(compression(type), records).buffer();
    }

    /** Every record of every batch in {@code buffer} as kafka-clients decodes them ("key=value|h=v;" strings). */
    static List<String> decode(ByteBuffer buffer) {
        List<String> out = new ArrayList<>();
        MemoryRecords records = MemoryRecords.readableRecords(buffer.duplicate());
        for (RecordBatch batch : records.batches()) {
            batch.ensureValid();
            for (Record r : batch) {
                out.add(describe(r.offset(), r.timestamp(), r.key(), r.value(), r.headers()));
            }
        }
        return out;
    }

    static String describe(long offset, long timestamp, ByteBuffer key, ByteBuffer value, Header[] headers) {
        StringBuilder sb = new StringBuilder();
        sb.append(offset).append('@').append(timestamp).append(' ');
        sb.append(text(key)).append('=').append(text(value));
        for (Header h : headers) {
            sb.append('|')
                    .append(h.key())
                    .append('=')
                    .append(h.value() == null ? "null" : new String(h.value(), StandardCharsets.UTF_8));
        }
        return sb.toString();
    }

    static String text(ByteBuffer b) {
        if (b == null) {
            return "null";
        }
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Recomputes the CRC of the batch at index 0 after a test changed covered bytes. */
    static ByteBuffer fixCrc(ByteBuffer batch) {
        new RecordBatchView(batch, 0).updateCrc();
        return batch;
    }
}
