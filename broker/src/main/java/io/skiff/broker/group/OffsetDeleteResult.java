package io.skiff.broker.group;

import java.util.Map;

/** The outcome of OffsetDelete: a group error, else one error per partition. Immutable, thread-safe. */
public record OffsetDeleteResult(GroupError error, Map<TopicPartition, GroupError> partitions) {}
