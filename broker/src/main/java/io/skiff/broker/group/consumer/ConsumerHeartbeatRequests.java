package io.skiff.broker.group.consumer;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;

/**
 * A ConsumerGroupHeartbeat's checks before it reaches a group (Kafka's throwIfConsumerGroupHeartbeatRequestIsInvalid)
 * and the member id the coordinator gives a v0 member that joins without one. Stateless, thread-safe.
 */
public final class ConsumerHeartbeatRequests {
    private ConsumerHeartbeatRequests() {}

    /** Kafka's checks of a heartbeat's fields; the INVALID_REQUEST message, or null if valid. */
    public static String validate(ConsumerHeartbeat r) {
        if (r.apiVersion() >= 1 && r.memberId().isEmpty()) {
            return "MemberId can't be empty."; // Kafka checks it first from v1, where the client names itself
        }
        if (r.groupId() == null || r.groupId().isEmpty()) {
            return "GroupId can't be empty.";
        }
        if (r.rackId() != null && r.rackId().isEmpty()) {
            return "RackId can't be empty.";
        }
        if (r.instanceId() != null && r.instanceId().isEmpty()) {
            return "InstanceId can't be empty.";
        }
        if ((r.apiVersion() >= 1 || r.memberEpoch() != ConsumerHeartbeat.JOIN_EPOCH)
                && r.memberId().isEmpty()) {
            return "MemberId can't be empty.";
        }
        if (r.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH) {
            if (r.rebalanceTimeoutMs() == -1) {
                return "RebalanceTimeoutMs must be provided in first request.";
            }
            if (r.owned() == null || !r.owned().isEmpty()) {
                return "TopicPartitions must be empty when (re-)joining.";
            }
            if (r.subscribedTopicNames() == null && r.subscribedTopicRegex() == null) {
                return "Either SubscribedTopicNames or SubscribedTopicRegex must be non-null when (re-)joining.";
            }
        } else if (r.memberEpoch() == ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            if (r.instanceId() == null) {
                return "InstanceId can't be null.";
            }
        } else if (r.memberEpoch() < ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            return "MemberEpoch is invalid.";
        }
        if (r.subscribedTopicRegex() != null && r.subscribedTopicRegex().isEmpty()) {
            return "SubscribedTopicRegex must not be empty.";
        }
        if (r.serverAssignor() != null && r.serverAssignor().isEmpty()) {
            return "ServerAssignor can't be empty.";
        }
        return null;
    }

    /** Kafka's member ids: a random UUID in URL-safe base64 without padding (22 characters). */
    public static String newMemberId() {
        UUID u = UUID.randomUUID();
        ByteBuffer b =
                ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
    }

    public static ConsumerHeartbeat withMemberId(ConsumerHeartbeat r, String memberId) {
        return new ConsumerHeartbeat(
                r.groupId(),
                memberId,
                r.memberEpoch(),
                r.instanceId(),
                r.rackId(),
                r.rebalanceTimeoutMs(),
                r.subscribedTopicNames(),
                r.subscribedTopicRegex(),
                r.serverAssignor(),
                r.owned(),
                r.clientId(),
                r.clientHost(),
                r.apiVersion());
    }
}
