package io.skiff.broker.share;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * What one ShareFetch acquired from one share-partition: the whole batches holding the acquired records (a consumer
 * keeps only the acquired offsets of them) and the acquired ranges with their delivery counts. Immutable.
 */
public record AcquiredRecords(ByteBuffer batches, List<AcquiredRange> ranges) {
    public static final AcquiredRecords NONE = new AcquiredRecords(ByteBuffer.allocate(0), List.of());

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    public int recordCount() {
        long n = 0;
        for (AcquiredRange r : ranges) {
            n += r.lastOffset() - r.firstOffset() + 1;
        }
        return (int) n;
    }
}
