package io.skiff.broker.share;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The share session of one member of one share group (KIP-932): the partitions it fetches, and the epoch its next
 * request must carry. Opened by a ShareFetch with epoch 0, changed by each later request (epoch 1, 2, …; after
 * Integer.MAX_VALUE comes 1), closed with epoch -1.
 *
 * <p>Not thread-safe: {@link ShareSessions} guards it.
 */
final class ShareSession {
    private final String groupId;
    private final String memberId;
    private final Set<TopicIdPartition> partitions = new LinkedHashSet<>();
    private int nextEpoch = 1;

    ShareSession(String groupId, String memberId) {
        this.groupId = groupId;
        this.memberId = memberId;
    }

    String groupId() {
        return groupId;
    }

    String memberId() {
        return memberId;
    }

    int nextEpoch() {
        return nextEpoch;
    }

    void bumpEpoch() {
        nextEpoch = nextEpoch == Integer.MAX_VALUE ? 1 : nextEpoch + 1;
    }

    Set<TopicIdPartition> partitions() {
        return partitions;
    }
}
