package io.skiff.broker.topic;

import io.skiff.storage.IsolationLevel;

/**
 * One partition of a fetch: where to read, how many bytes at most and what may be read.
 *
 * @param partition   the partition to read
 * @param fetchOffset the first offset wanted
 * @param maxBytes    the most bytes to return for this partition (a first batch may exceed it, KIP-74)
 * @param isolation   READ_COMMITTED stops at the last stable offset and reports aborted transactions
 */
public record PartitionFetch(Partition partition, long fetchOffset, int maxBytes, IsolationLevel isolation) {
    /** A read_uncommitted fetch. */
    public PartitionFetch(Partition partition, long fetchOffset, int maxBytes) {
        this(partition, fetchOffset, maxBytes, IsolationLevel.READ_UNCOMMITTED);
    }
}
