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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordReaderTest {

    private static ByteBuffer twoRecords() {
        return new RecordBatchBuilder(10, 100)
                .add(100, "a".getBytes(), "1".getBytes(), List.of(Header.of("h", "x")))
                .add(90, null, "2".getBytes(), List.of())
                .build();
    }

    @Test
    void readsOffsetsTimestampsAndContent() {
        List<Record> records = RecordReader.readAll(new RecordBatchView(twoRecords()));
        assertEquals(2, records.size());
        assertEquals(10, records.get(0).offset());
        assertEquals(11, records.get(1).offset());
        assertEquals(100, records.get(0).timestamp());
        assertEquals(90, records.get(1).timestamp(), "negative timestamp deltas are allowed");
        assertArrayEquals("a".getBytes(), records.get(0).keyBytes());
        assertArrayEquals("x".getBytes(), records.get(0).headers().get(0).valueBytes());
        assertEquals(null, records.get(1).key());
        assertTrue(records.get(0).key().isReadOnly(), "slices are read-only views of the batch");
    }

    @Test
    void recordCountLargerThanContentIsCorrupt() {
        ByteBuffer buf = twoRecords();
        buf.putInt(RecordBatchView.RECORD_COUNT_OFFSET, 3);
        RecordReader reader = new RecordReader(new RecordBatchView(buf));
        reader.next();
        reader.next();
        CorruptRecordException e = assertThrows(CorruptRecordException.class, reader::next);
        assertTrue(e.getMessage().contains("announces 3"), e.getMessage());
    }

    @Test
    void recordCountSmallerThanContentIsCorrupt() {
        ByteBuffer buf = twoRecords();
        buf.putInt(RecordBatchView.RECORD_COUNT_OFFSET, 1);
        RecordReader reader = new RecordReader(new RecordBatchView(buf));
        reader.next();
        assertThrows(CorruptRecordException.class, reader::hasNext);
    }

    @Test
    void keyLengthBeyondTheRecordIsCorrupt() {
        ByteBuffer buf = new RecordBatchBuilder(0, 0)
                .add(0, "k".getBytes(), "v".getBytes())
                .build();
        // record: length(1) attributes(1) tsDelta(1) offsetDelta(1) keyLength(1)...
        int keyLengthIndex = RecordBatchView.RECORDS_OFFSET + 4;
        assertEquals(2, buf.get(keyLengthIndex), "zig-zag 1");
        buf.put(keyLengthIndex, (byte) 40); // 20 bytes: more than the record holds
        CorruptRecordException e =
                assertThrows(CorruptRecordException.class, () -> RecordReader.readAll(new RecordBatchView(buf)));
        assertTrue(e.getMessage().contains("key length 20"), e.getMessage());
    }

    @Test
    void recordLengthBeyondTheBatchIsCorrupt() {
        ByteBuffer buf = new RecordBatchBuilder(0, 0)
                .add(0, "k".getBytes(), "v".getBytes())
                .build();
        buf.put(RecordBatchView.RECORDS_OFFSET, (byte) 100);
        assertThrows(CorruptRecordException.class, () -> RecordReader.readAll(new RecordBatchView(buf)));
    }

    @Test
    void manyRecordsWithLargeValuesRoundTrip() {
        RecordBatchBuilder b = new RecordBatchBuilder(0, 0);
        for (int i = 0; i < 300; i++) {
            b.add(i * 1000L, null, new byte[i * 7]);
        }
        List<Record> records = RecordReader.readAll(new RecordBatchView(b.build()));
        assertEquals(300, records.size());
        assertEquals(299, records.get(299).offset());
        assertEquals(299_000L, records.get(299).timestamp());
        assertEquals(299 * 7, records.get(299).value().remaining());
    }

    @Test
    void builderRefusesAnEmptyBatch() {
        assertThrows(IllegalStateException.class, () -> new RecordBatchBuilder(0, 0).build());
    }
}
