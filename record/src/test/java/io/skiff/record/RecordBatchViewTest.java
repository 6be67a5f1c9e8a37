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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordBatchViewTest {

    private static ByteBuffer batch(long baseOffset, int records) {
        RecordBatchBuilder b = new RecordBatchBuilder(baseOffset, 1000L);
        for (int i = 0; i < records; i++) {
            b.add(1000L + i, ("k" + i).getBytes(), ("v" + i).getBytes());
        }
        return b.build();
    }

    @Test
    void rewritingOffsetAndEpochKeepsTheCrcValid() {
        RecordBatchView view = new RecordBatchView(batch(0, 3));
        long crc = view.crc();
        view.setBaseOffset(500);
        view.setPartitionLeaderEpoch(9);
        assertEquals(500, view.baseOffset());
        assertEquals(502, view.lastOffset());
        assertEquals(503, view.nextOffset());
        assertEquals(9, view.partitionLeaderEpoch());
        assertEquals(crc, view.crc());
        assertTrue(view.isValid());
    }

    @Test
    void aFlippedRecordByteIsDetectedByTheCrc() {
        ByteBuffer buf = batch(0, 2);
        int last = buf.limit() - 1;
        buf.put(last, (byte) (buf.get(last) ^ 0x01));
        RecordBatchView view = new RecordBatchView(buf);
        assertFalse(view.isValid());
        CorruptRecordException e = assertThrows(CorruptRecordException.class, view::validate);
        assertTrue(e.getMessage().contains("CRC"), e.getMessage());
    }

    @Test
    void aFlippedAttributeBitIsDetectedByTheCrc() {
        ByteBuffer buf = batch(0, 1);
        buf.put(RecordBatchView.ATTRIBUTES_OFFSET + 1, (byte) 0x10);
        assertFalse(new RecordBatchView(buf).isValid());
    }

    @Test
    void legacyMagicIsRejectedWithAClearMessage() {
        ByteBuffer buf = batch(0, 1);
        buf.put(RecordBatchView.MAGIC_OFFSET, (byte) 1);
        CorruptRecordException e =
                assertThrows(CorruptRecordException.class, () -> new RecordBatchView(buf).validate());
        assertTrue(e.getMessage().contains("magic 1"), e.getMessage());
    }

    @Test
    void truncatedBatchIsRejected() {
        ByteBuffer buf = batch(0, 2);
        buf.limit(buf.limit() - 1);
        CorruptRecordException e = assertThrows(CorruptRecordException.class, () -> new RecordBatchView(buf));
        assertTrue(e.getMessage().contains("announces"), e.getMessage());
        ByteBuffer tiny = ByteBuffer.allocate(11);
        assertThrows(CorruptRecordException.class, () -> new RecordBatchView(tiny));
    }

    @Test
    void negativeBatchLengthIsRejected() {
        ByteBuffer buf = batch(0, 1);
        buf.putInt(RecordBatchView.LENGTH_OFFSET, -5);
        assertThrows(CorruptRecordException.class, () -> new RecordBatchView(buf));
    }

    @Test
    void iterateRejectsATrailingFragment() {
        ByteBuffer a = batch(0, 1);
        ByteBuffer two = ByteBuffer.allocate(a.remaining() + 20);
        two.put(a.duplicate()).put(a.duplicate().limit(20)).flip();
        Iterator<RecordBatchView> it = RecordBatches.iterate(two).iterator();
        assertTrue(it.next().isValid());
        assertTrue(it.hasNext());
        assertThrows(CorruptRecordException.class, it::next);
    }

    @Test
    void iterateOverAnEmptyBufferYieldsNothing() {
        assertFalse(RecordBatches.iterate(ByteBuffer.allocate(0)).iterator().hasNext());
    }

    @Test
    void lastSequenceWrapsPastIntMaxLikeKafkaProducers() {
        ByteBuffer buf = new RecordBatchBuilder(0, 0)
                .producer(1, (short) 0, Integer.MAX_VALUE - 1)
                .add(0, null, new byte[1])
                .add(0, null, new byte[1])
                .add(0, null, new byte[1])
                .build();
        RecordBatchView view = new RecordBatchView(buf);
        assertEquals(Integer.MAX_VALUE - 1, view.baseSequence());
        assertEquals(0, view.lastSequence());
        assertEquals(-1, new RecordBatchView(batch(0, 3)).lastSequence());
        assertEquals(5, RecordBatchView.incrementSequence(3, 2));
        assertEquals(0, RecordBatchView.incrementSequence(Integer.MAX_VALUE, 1));
    }

    @Test
    void setLogAppendTimeChangesTypeAndMaxTimestampAndStaysValid() {
        RecordBatchView view = new RecordBatchView(batch(0, 2));
        assertEquals(TimestampType.CREATE_TIME, view.timestampType());
        assertEquals(1001L, view.maxTimestamp());
        view.setLogAppendTime(5000L);
        assertEquals(TimestampType.LOG_APPEND_TIME, view.timestampType());
        assertEquals(5000L, view.maxTimestamp());
        assertTrue(view.isValid());
        assertEquals(
                List.of(5000L, 5000L),
                RecordReader.readAll(view).stream().map(Record::timestamp).toList());
    }

    @Test
    void sliceCoversExactlyTheBatch() {
        ByteBuffer a = batch(0, 1);
        ByteBuffer b = batch(1, 2);
        ByteBuffer both = ByteBuffer.allocate(a.remaining() + b.remaining())
                .put(a.duplicate())
                .put(b.duplicate())
                .flip();
        Iterator<RecordBatchView> it = RecordBatches.iterate(both).iterator();
        it.next();
        RecordBatchView second = it.next();
        assertEquals(a.remaining(), second.start());
        assertEquals(b, second.slice());
    }

    @Test
    void unknownCompressionCodecIsCorrupt() {
        ByteBuffer buf = batch(0, 1);
        buf.putShort(RecordBatchView.ATTRIBUTES_OFFSET, (short) 6);
        RecordBatchView view = new RecordBatchView(buf);
        assertThrows(CorruptRecordException.class, view::compressionType);
    }
}
