package io.skiff.broker.group.share;

import io.skiff.broker.share.TopicIdPartition;
import java.util.List;
import java.util.Set;

/**
 * A member of a share group: who it is, what it subscribes to, its epoch and the partitions assigned to it. Share
 * groups have no revocation step: a member takes its new assignment, and the group's assignment epoch, at its next
 * heartbeat.
 *
 * <p>Not thread-safe: its {@link ShareGroup}'s monitor guards it.
 */
final class ShareGroupMember {
    final String memberId;
    final String clientId;
    final String clientHost;
    String rackId;
    List<String> subscribedTopicNames;
    int memberEpoch;
    Set<TopicIdPartition> assignment = Set.of();
    long sessionDeadline;

    ShareGroupMember(String memberId, String clientId, String clientHost) {
        this.memberId = memberId;
        this.clientId = clientId;
        this.clientHost = clientHost;
    }
}
