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
