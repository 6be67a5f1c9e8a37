package io.skiff.broker.group.consumer;

import io.skiff.broker.group.common.GroupError;

/**
 * The answer to a ConsumerGroupHeartbeat: an error (with Kafka's message), or the member's id, epoch, the
 * heartbeat interval and, when it changed or was asked for, its assignment (null = not sent). Immutable.
 */
public record ConsumerHeartbeatResult(
        GroupError error,
        String errorMessage,
        String memberId,
        int memberEpoch,
        int heartbeatIntervalMs,
        MemberAssignment assignment) {

    public static ConsumerHeartbeatResult error(GroupError error, String message) {
        return new ConsumerHeartbeatResult(error, message, null, 0, 0, null);
    }
}
