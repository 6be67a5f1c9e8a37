package io.skiff.broker.topic;

/**
 * One partition of a fetch: where to read and how many bytes at most.
 *
 * @param partition   the partition to read
 * @param fetchOffset the first offset wanted
 * @param maxBytes    the most bytes to return for this partition (a first batch may exceed it, KIP-74)
 */
public record PartitionFetch(Partition partition, long fetchOffset, int maxBytes) {}
