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

/**
 * An uncompressed copy of a stored compressed batch, for the rare reads that need its records on the broker
 * (ListOffsets by timestamp finding the exact record). Fetch never uses it: fetched batches stay file bytes.
 *
 * <p>Stateless; thread-safe.
 */
public final class BatchDecompressor {
    private BatchDecompressor() {}

    /**
     * The batch with the same header fields (base offset, timestamps, producer fields, flags) and records, but no
     * compression; {@code batch} itself when it is not compressed.
     *
     * @throws InvalidRecordException      when the records do not parse
     * @throws UndecodableRecordsException when the codec fails
     */
    public static RecordBatchView uncompressed(RecordBatchView batch) {
        CompressionType codec = batch.compressionType();
        if (codec == CompressionType.NONE) {
            return batch;
        }
        BatchRebuilder rebuilder = new BatchRebuilder(batch, CompressionType.NONE);
        RecordBody body = new RecordBody();
        try (RecordSource records = RecordSource.of(batch, codec)) {
            for (int i = 0; i < batch.recordCount(); i++) {
                records.next(i);
                body.parse(records.buffer(), records.bodyStart(), records.bodyEnd(), i);
                rebuilder.add(records.buffer(), records.bodyStart(), records.bodyEnd(), body);
            }
        }
        ByteBuffer copy = rebuilder.finish(batch.maxTimestamp());
        RecordBatchView view = new RecordBatchView(copy, 0);
        view.setBaseOffset(batch.baseOffset());
        return view;
    }
}
