package io.skiff.broker.group.offsets;

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.TopicPartition;
import java.util.Map;

/** The outcome of OffsetDelete: a group error, else one error per partition. Immutable, thread-safe. */
public record OffsetDeleteResult(GroupError error, Map<TopicPartition, GroupError> partitions) {}
