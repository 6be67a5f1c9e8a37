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

    @Test
    void commitMarkerIsByteIdenticalToKafkas() {
        ByteBuffer kafka = MemoryRecords.withEndTransactionMarker(
                        30L,
                        1234L,
                        RecordBatch.NO_PARTITION_LEADER_EPOCH,
                        77L,
                        (short) 4,
                        new EndTransactionMarker(ControlRecordType.COMMIT, 6))
                .buffer();
        ByteBuffer ours = ControlRecords.endTransactionMarker(30L, 1234L, 77L, (short) 4, true, 6);
        assertEquals(kafka, ours);
        List<Record> records = RecordReader.readAll(new RecordBatchView(ours));
        assertTrue(ControlRecords.isCommit(records.get(0)));
    }

    @Test
    void abortMarkerIsByteIdenticalToKafkas() {
        ByteBuffer kafka = MemoryRecords.withEndTransactionMarker(
                        0L,
                        99L,
                        RecordBatch.NO_PARTITION_LEADER_EPOCH,
                        5L,
                        (short) 0,
                        new EndTransactionMarker(ControlRecordType.ABORT, 0))
                .buffer();
        ByteBuffer ours = ControlRecords.endTransactionMarker(0L, 99L, 5L, (short) 0, false, 0);
        assertEquals(kafka, ours);
        Record marker = RecordReader.readAll(new RecordBatchView(ours)).get(0);
        assertFalse(ControlRecords.isCommit(marker));
        assertEquals(ControlRecords.ABORT, ControlRecords.type(marker));
    }
}
