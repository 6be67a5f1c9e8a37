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

/**
 * What one validated batch tells the log, gathered in the validation walk so that the log's append never walks the
 * batches again: where the batch lies in the append buffer, its offset span, its producer fields and flags, and its
 * greatest timestamp (as sent; a LogAppendTime topic stamps its own time at append).
 *
 * <p>Offsets here are relative to the batch: the absolute ones exist only after {@link
 * ValidatedBatches#assignOffsets}, from {@link ValidatedBatches#baseOffset(int)} and {@link
 * ValidatedBatches#lastOffset(int)}.
 *
 * @param position        index of the batch's first byte, relative to the append buffer's position
 * @param sizeInBytes     the batch's size including the 12-byte offset + length framing
 * @param lastOffsetDelta last offset minus base offset (record count - 1 for a valid batch)
 * @param maxTimestamp    the greatest record timestamp in the batch as sent
 */
public record ValidatedBatch(
        int position,
        int sizeInBytes,
        int lastOffsetDelta,
        int recordCount,
        long producerId,
        short producerEpoch,
        int baseSequence,
        boolean transactional,
        boolean control,
        long maxTimestamp) {

    /** The header facts of {@code view}, located {@code position} bytes after the append buffer's position. */
    public static ValidatedBatch of(RecordBatchView view, int position) {
        return new ValidatedBatch(
                position,
                view.sizeInBytes(),
                view.lastOffsetDelta(),
                view.recordCount(),
                view.producerId(),
                view.producerEpoch(),
                view.baseSequence(),
                view.isTransactional(),
                view.isControl(),
                view.maxTimestamp());
    }

    /** True when the producer id is set (idempotent or transactional producer). */
    public boolean hasProducerId() {
        return producerId != RecordBatchView.NO_PRODUCER_ID;
    }

    /** The sequence of the batch's last record, wrapping as producers do; -1 when the batch has no sequence. */
    public int lastSequence() {
        return baseSequence == RecordBatchView.NO_SEQUENCE
                ? RecordBatchView.NO_SEQUENCE
                : RecordBatchView.incrementSequence(baseSequence, lastOffsetDelta);
    }
}
