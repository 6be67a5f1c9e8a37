package io.skiff.broker.group.common;

import java.util.List;

/**
 * What the coordinator persists about a group (Kafka's GroupMetadataValue): protocol type, generation,
 * chosen protocol, leader, state timestamp and the members with their subscriptions and assignments.
 * Immutable, thread-safe.
 */
public record GroupMetadataSnapshot(
        String protocolType,
        int generation,
        String protocol,
        String leader,
        long currentStateTimestamp,
        List<Member> members) {

    /** One persisted member. */
    public record Member(
            String memberId,
            String groupInstanceId,
            String clientId,
            String clientHost,
            int rebalanceTimeoutMs,
            int sessionTimeoutMs,
            byte[] subscription,
            byte[] assignment) {}
}
