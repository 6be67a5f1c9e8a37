package io.skiff.storage;

import io.skiff.record.RecordBatchView;

/** The header facts of one stored batch, as handed to a {@link BatchListener}. */
public record BatchInfo(
        long baseOffset,
        long lastOffset,
        long producerId,
        short producerEpoch,
        int baseSequence,
        int recordCount,
        boolean transactional,
        boolean control,
        long maxTimestamp,
        int sizeInBytes) {

    /** The header facts of the batch {@code view} shows. */
    static BatchInfo of(RecordBatchView view) {
        return new BatchInfo(
                view.baseOffset(),
                view.lastOffset(),
                view.producerId(),
                view.producerEpoch(),
                view.baseSequence(),
                view.recordCount(),
                view.isTransactional(),
                view.isControl(),
                view.maxTimestamp(),
                view.sizeInBytes());
    }
}
