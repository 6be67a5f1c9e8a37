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
package io.skiff.broker.coordinator;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Durable storage for a coordinator's records: the partitions of its internal topic ({@code __consumer_offsets}
 * for groups).
 * Implementations must be thread-safe; the coordinator calls {@link #append} from one writer thread.
 */
public interface CoordinatorRecordLog {

    /** A key and value (value null = tombstone). */
    record KeyValue(byte[] key, byte[] value) {}

    /**
     * Visits replayed records in log order. The records of a transaction are visited where its COMMIT marker is
     * (none if it aborted); those of a transaction still open at the end of the log are visited last, as open.
     */
    interface RecordVisitor {
        void onRecord(ByteBuffer key, ByteBuffer valueOrNull);

        /** A record of {@code producerId}'s transaction, which has no marker yet. */
        default void onOpenTransactionalRecord(long producerId, ByteBuffer key, ByteBuffer valueOrNull) {}
    }

    /** How many partitions the internal topic has (key → partition = abs(hash) % count). */
    int partitionCount();

    /** Appends the records as one batch to {@code partition}; returns when the append is done. */
    void append(int partition, List<KeyValue> records, long timestamp) throws IOException;

    /**
     * Appends the records as one transactional batch of {@code producerId} at {@code producerEpoch} (offsets committed
     * inside a transaction): they take effect once the transaction's COMMIT marker follows them in the partition.
     */
    void appendTransactional(
            int partition, long producerId, short producerEpoch, List<KeyValue> records, long timestamp)
            throws IOException;

    /** Reads every record of every partition, oldest first within a partition. */
    void replay(RecordVisitor visitor) throws IOException;
}
