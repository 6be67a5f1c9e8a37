package io.skiff.broker.group.share;

import io.skiff.broker.share.TopicIdPartition;
import java.util.Collection;

/** What the share-partitions learn from the share-group coordinator. Implementations must be thread-safe and quick. */
public interface ShareGroupListener {
    /** The group's assignment now includes {@code partitions}: their share-partitions start (if new). */
    void assigned(String groupId, Collection<TopicIdPartition> partitions);

    /** {@code memberId} left the group or its session expired: what it acquired is released. */
    void memberLeft(String groupId, String memberId);

    /** The group was deleted: its share-partitions are forgotten. */
    void groupDeleted(String groupId);
}
