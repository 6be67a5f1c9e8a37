package io.skiff.broker.group.streams;

import java.util.Map;

/**
 * A StreamsGroupHeartbeat request in domain terms. Nullable fields mean "unchanged since the last heartbeat".
 * Immutable, thread-safe.
 *
 * @param ownedActive the active tasks the member owns (null if unchanged)
 */
public record StreamsHeartbeat(
        String groupId,
        String memberId,
        int memberEpoch,
        int endpointInformationEpoch,
        String instanceId,
        String rackId,
        int rebalanceTimeoutMs,
        StreamsTopology topology,
        Tasks ownedActive,
        Tasks ownedStandby,
        Tasks ownedWarmup,
        String processId,
        StreamsGroupMember.Endpoint userEndpoint,
        Map<String, String> clientTags,
        boolean shutdownApplication,
        String clientId,
        String clientHost) {
    public static final int JOIN_EPOCH = 0;
    public static final int LEAVE_EPOCH = -1;
    public static final int STATIC_LEAVE_EPOCH = -2;
}
