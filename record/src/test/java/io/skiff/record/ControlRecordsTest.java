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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.junit.jupiter.api.Test;

class ControlRecordsTest {
    /** Kafka's end-transaction marker batch, without a partition leader epoch. */
    private static ByteBuffer kafkaMarker(
            long offset, long timestamp, long producerId, short epoch, ControlRecordType type, int coordinatorEpoch) {
        return MemoryRecords.withEndTransactionMarker(
                        offset,
                        timestamp,
                        RecordBatch.NO_PARTITION_LEADER_EPOCH,
                        producerId,
                        epoch,
                        new EndTransactionMarker(type, coordinatorEpoch))
                .buffer();
    }

    @Test
    void commitMarkerIsByteIdenticalToKafkas() {
        ByteBuffer kafka = kafkaMarker(30L, 1234L, 77L, (short) 4, ControlRecordType.COMMIT, 6);
        ByteBuffer ours = ControlRecords.endTransactionMarker(30L, 1234L, 77L, (short) 4, true, 6);
        assertEquals(kafka, ours);
        List<Record> records = RecordReader.readAll(new RecordBatchView(ours));
        assertTrue(ControlRecords.isCommit(records.get(0)));
    }

    @Test
    void abortMarkerIsByteIdenticalToKafkas() {
        ByteBuffer kafka = kafkaMarker(0L, 99L, 5L, (short) 0, ControlRecordType.ABORT, 0);
        ByteBuffer ours = ControlRecords.endTransactionMarker(0L, 99L, 5L, (short) 0, false, 0);
        assertEquals(kafka, ours);
        Record marker = RecordReader.readAll(new RecordBatchView(ours)).get(0);
        assertFalse(ControlRecords.isCommit(marker));
        assertEquals(ControlRecords.ABORT, ControlRecords.type(marker));
    }
}
