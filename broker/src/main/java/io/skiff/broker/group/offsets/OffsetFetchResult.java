package io.skiff.broker.group.offsets;

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import java.util.Map;

/**
 * The committed offsets of one group. A partition mapped to a null {@code offset} has no committed
 * offset (the wire says -1). Immutable, thread-safe.
 */
public record OffsetFetchResult(GroupError error, Map<TopicPartition, PartitionResult> partitions) {

    /** One partition's committed offset (null if none) or error. */
    public record PartitionResult(OffsetAndMetadata offset, GroupError error) {}
}
