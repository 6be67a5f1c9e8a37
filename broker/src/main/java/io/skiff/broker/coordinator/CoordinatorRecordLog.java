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

    /** Visits replayed records in log order. */
    interface RecordVisitor {
        void onRecord(ByteBuffer key, ByteBuffer valueOrNull);
    }

    /** How many partitions the internal topic has (key → partition = abs(hash) % count). */
    int partitionCount();

    /** Appends the records as one batch to {@code partition}; returns when the append is done. */
    void append(int partition, List<KeyValue> records, long timestamp) throws IOException;

    /** Reads every record of every partition, oldest first within a partition. */
    void replay(RecordVisitor visitor) throws IOException;
}
