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
package io.skiff.storage;

import io.skiff.record.ControlRecords;
import io.skiff.record.CorruptRecordException;
import io.skiff.record.InvalidRecordException;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordReader;
import io.skiff.storage.producer.TxnMarker;
import java.nio.ByteBuffer;
import java.util.NoSuchElementException;

/**
 * Reads the end-transaction marker of a control batch: its one control record's type (COMMIT or ABORT, see
 * {@link ControlRecords}) and the coordinator epoch in its value. Stateless; thread-safe.
 */
final class TxnMarkers {
    private TxnMarkers() {}

    /**
     * The marker of the control batch {@code batch} (wholly present), or null if the batch holds no record
     * (compaction may leave it empty) or a control record of another type.
     *
     * @throws InvalidRecordException if the control record is malformed
     */
    static TxnMarker read(RecordBatchView batch) {
        if (batch.recordCount() == 0) {
            return null;
        }
        try {
            Record record = new RecordReader(batch).next();
            short type = ControlRecords.type(record);
            if (type != ControlRecords.ABORT && type != ControlRecords.COMMIT) {
                return null;
            }
            ByteBuffer value = record.value();
            if (value == null || value.remaining() < 6) {
                throw new InvalidRecordException("end-transaction marker value must be at least 6 bytes");
            }
            return new TxnMarker(type == ControlRecords.COMMIT, value.getInt(value.position() + 2));
        } catch (CorruptRecordException | NoSuchElementException e) {
            throw new InvalidRecordException("malformed control record: " + e.getMessage());
        }
    }
}
