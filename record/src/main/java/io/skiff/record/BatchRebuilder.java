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

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * Writes a new batch from the records of a validated one: with another codec ({@code compression.type} other than
 * {@code producer}), or with offset deltas 0..n-1 where the producer's were not. Each record keeps its attributes,
 * timestamp delta, key, value and headers byte for byte; only its offset delta (and so its length) is written anew.
 * The header keeps the source's base timestamp and producer fields.
 *
 * <p>Not thread-safe: one rebuilder per batch.
 */
final class BatchRebuilder {
    private final RecordBatchView source;
    private final CompressionType codec;
    private final BatchHeaders.Output bytes;
    private final OutputStream records;
    private final ByteBuffer scratch = ByteBuffer.allocate(5 + 1 + 10 + 5);
    private int count;

    BatchRebuilder(RecordBatchView source, CompressionType codec) {
        this.source = source;
        this.codec = codec;
        this.bytes = new BatchHeaders.Output(Math.max(RecordBatchView.HEADER_SIZE * 2, source.sizeInBytes()));
        bytes.write(new byte[RecordBatchView.HEADER_SIZE], 0, RecordBatchView.HEADER_SIZE);
        try {
            this.records = codec == CompressionType.NONE ? bytes : Codecs.compress(codec, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends the record whose body {@code body} parsed from {@code buf}'s [start, end), with offset delta = count. */
    void add(ByteBuffer buf, int start, int end, RecordBody body) {
        int tail = end - body.keyLengthIndex;
        int bodySize = 1 + Varints.sizeOfVarlong(body.timestampDelta) + Varints.sizeOfVarint(count) + tail;
        scratch.clear();
        Varints.writeVarint(scratch, bodySize);
        scratch.put(body.attributes);
        Varints.writeVarlong(scratch, body.timestampDelta);
        Varints.writeVarint(scratch, count);
        try {
            records.write(scratch.array(), 0, scratch.position());
            if (buf.hasArray()) {
                records.write(buf.array(), buf.arrayOffset() + body.keyLengthIndex, tail);
            } else {
                byte[] copy = new byte[tail];
                buf.get(body.keyLengthIndex, copy);
                records.write(copy);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        count++;
    }

    /** The finished batch (base offset 0, CRC set) with the record count and max timestamp seen. */
    ByteBuffer finish(long maxTimestamp) {
        try {
            records.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ByteBuffer batch = ByteBuffer.wrap(bytes.array(), 0, bytes.size());
        int attributes = (source.attributes() & ~RecordBatchView.COMPRESSION_MASK) | codec.id();
        BatchHeaders.write(batch, source, 0L, attributes, count - 1, source.baseTimestamp(), maxTimestamp, count);
        return batch;
    }
}
