package io.skiff.broker.group.share;

import io.skiff.broker.share.TopicIdPartition;
import io.skiff.protocol.Errors;
import java.util.Set;

/**
 * The answer to a ShareGroupHeartbeat: an error with its message, or the member's epoch, heartbeat interval and
 * (on joining, or when it changed) its assignment, else null. Immutable.
 */
public record ShareHeartbeatResult(
        Errors error,
        String errorMessage,
        String memberId,
        int memberEpoch,
        int heartbeatIntervalMs,
        Set<TopicIdPartition> assignment) {
    static ShareHeartbeatResult failed(Errors error, String message) {
        return new ShareHeartbeatResult(error, message, null, 0, 0, null);
    }
}
