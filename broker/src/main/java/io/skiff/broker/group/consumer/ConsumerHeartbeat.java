package io.skiff.broker.group.consumer;

import java.util.List;

/**
 * A ConsumerGroupHeartbeat request as the coordinator sees it (null = field not sent). Immutable.
 *
 * @param owned the partitions the member owns (topic_partitions), or null when not sent
 */
public record ConsumerHeartbeat(
        String groupId,
        String memberId,
        int memberEpoch,
        String instanceId,
        String rackId,
        int rebalanceTimeoutMs,
        List<String> subscribedTopicNames,
        String subscribedTopicRegex,
        String serverAssignor,
        MemberAssignment owned,
        String clientId,
        String clientHost,
        short apiVersion) {

    /** Kafka's member epochs with a meaning of their own. */
    static final int JOIN_EPOCH = 0;

    static final int LEAVE_EPOCH = -1;
    public static final int STATIC_LEAVE_EPOCH = -2;

    /** A full request (sent on joining and after errors) gets the whole assignment back. */
    public boolean isFull() {
        return rebalanceTimeoutMs != -1
                && (subscribedTopicNames != null || subscribedTopicRegex != null)
                && owned != null;
    }
}
