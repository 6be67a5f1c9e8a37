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

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Control records: the single record of a control batch. Its key is {@code version int16 (0),
 * type int16} (ABORT = 0, COMMIT = 1); an end-transaction marker's value is {@code version int16
 * (0), coordinatorEpoch int32}.
 *
 * <p>Thread-safety: stateless.
 */
public final class ControlRecords {
    public static final short ABORT = 0;
    public static final short COMMIT = 1;
    private static final short CURRENT_VERSION = 0;

    private ControlRecords() {}

    /**
     * A transactional control batch holding one COMMIT or ABORT marker for {@code producerId},
     * exactly as Kafka's transaction coordinator writes it.
     */
    public static ByteBuffer endTransactionMarker(
            long baseOffset,
            long timestamp,
            long producerId,
            short producerEpoch,
            boolean commit,
            int coordinatorEpoch) {
        ByteBuffer key = ByteBuffer.allocate(4)
                .putShort(CURRENT_VERSION)
                .putShort(commit ? COMMIT : ABORT)
                .flip();
        ByteBuffer value = ByteBuffer.allocate(6)
                .putShort(CURRENT_VERSION)
                .putInt(coordinatorEpoch)
                .flip();
        return new RecordBatchBuilder(baseOffset, timestamp)
                .producer(producerId, producerEpoch, RecordBatchView.NO_SEQUENCE)
                .transactional(true)
                .control(true)
                .add(timestamp, key, value, List.of())
                .build();
    }

    /**
     * The control type of a control batch's record ({@link #ABORT}, {@link #COMMIT}, or another
     * type Kafka defines).
     *
     * @throws CorruptRecordException when the key is too short to be a control key
     */
    public static short type(Record record) {
        ByteBuffer key = record.key();
        if (key == null || key.remaining() < 4) {
            throw new CorruptRecordException("control record key must be at least 4 bytes");
        }
        return key.getShort(key.position() + 2);
    }

    /** True when the control record is a COMMIT marker. */
    public static boolean isCommit(Record record) {
        return type(record) == COMMIT;
    }
}
