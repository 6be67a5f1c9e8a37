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

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * What the classes that write a batch anew (the rebuilder, the cleaner's filter) share: the v2 header written over
 * the first {@link RecordBatchView#HEADER_SIZE} bytes of the new batch, the CRC last, and a byte output whose array
 * becomes the batch without a copy. Stateless.
 */
final class BatchHeaders {
    private BatchHeaders() {}

    /**
     * Writes the header of the batch {@code out} (position 0 to its limit) from {@code source}'s partition leader
     * epoch and producer fields and the given values, then its CRC.
     */
    static void write(
            ByteBuffer out,
            RecordBatchView source,
            long baseOffset,
            int attributes,
            int lastOffsetDelta,
            long baseTimestamp,
            long maxTimestamp,
            int count) {
        out.putLong(RecordBatchView.BASE_OFFSET_OFFSET, baseOffset);
        out.putInt(RecordBatchView.LENGTH_OFFSET, out.limit() - RecordBatchView.LOG_OVERHEAD);
        out.putInt(RecordBatchView.PARTITION_LEADER_EPOCH_OFFSET, source.partitionLeaderEpoch());
        out.put(RecordBatchView.MAGIC_OFFSET, RecordBatchView.MAGIC_V2);
        out.putShort(RecordBatchView.ATTRIBUTES_OFFSET, (short) attributes);
        out.putInt(RecordBatchView.LAST_OFFSET_DELTA_OFFSET, lastOffsetDelta);
        out.putLong(RecordBatchView.BASE_TIMESTAMP_OFFSET, baseTimestamp);
        out.putLong(RecordBatchView.MAX_TIMESTAMP_OFFSET, maxTimestamp);
        out.putLong(RecordBatchView.PRODUCER_ID_OFFSET, source.producerId());
        out.putShort(RecordBatchView.PRODUCER_EPOCH_OFFSET, source.producerEpoch());
        out.putInt(RecordBatchView.BASE_SEQUENCE_OFFSET, source.baseSequence());
        out.putInt(RecordBatchView.RECORD_COUNT_OFFSET, count);
        new RecordBatchView(out, 0).updateCrc();
    }

    /** A byte array output whose array is handed out without a copy, and that stays open when a codec closes it. */
    static final class Output extends ByteArrayOutputStream {
        Output(int size) {
            super(size);
        }

        byte[] array() {
            return buf;
        }

        @Override
        public void close() {
            // The array stays readable after the codec's stream closes this output.
        }
    }
}
