package io.skiff.broker.share;

import io.skiff.broker.topic.Partition;

/** A partition a ShareFetch reads, resolved to the broker's partition. Immutable. */
public record ShareFetchRequestPartition(TopicIdPartition id, Partition partition) {}
