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
package io.skiff.storage.producer;

/**
 * What producer state needs to know of one batch with a producer id, once its offsets are assigned.
 *
 * <p>Immutable; thread-safe.
 *
 * @param producerId    the producer id ({@code >= 0})
 * @param producerEpoch the producer epoch
 * @param baseSequence  sequence of the first record (-1 for control batches)
 * @param lastSequence  sequence of the last record (wraps around after {@link Integer#MAX_VALUE})
 * @param firstOffset   offset of the first record
 * @param lastOffset    offset of the last record
 * @param timestamp     the batch's max timestamp (the append time on LogAppendTime logs)
 * @param transactional the batch's transactional flag
 * @param marker        the end-transaction marker of a control batch, null for data batches (and for a control
 *                      batch left empty by compaction)
 * @param control       the batch's control flag
 */
public record ProducerBatch(
        long producerId,
        short producerEpoch,
        int baseSequence,
        int lastSequence,
        long firstOffset,
        long lastOffset,
        long timestamp,
        boolean transactional,
        boolean control,
        TxnMarker marker) {

    /** The sequence {@code delta} after {@code baseSequence}, wrapping past {@link Integer#MAX_VALUE} to 0. */
    public static int lastSequence(int baseSequence, int delta) {
        if (baseSequence < 0) {
            return baseSequence;
        }
        long last = (long) baseSequence + delta;
        return last > Integer.MAX_VALUE ? (int) (last - Integer.MAX_VALUE - 1) : (int) last;
    }

    /** The sequence {@code delta} before {@code lastSequence}, wrapping below 0 to {@link Integer#MAX_VALUE}. */
    static int firstSequence(int lastSequence, int delta) {
        if (lastSequence < 0) {
            return lastSequence;
        }
        return lastSequence < delta ? Integer.MAX_VALUE - (delta - lastSequence) + 1 : lastSequence - delta;
    }
}
