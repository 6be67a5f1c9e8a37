package io.skiff.broker.group.streams;

import io.skiff.broker.group.common.GroupError;
import java.util.List;

/**
 * The answer to a StreamsGroupHeartbeat: the member's epoch, the intervals, the group's statuses, its tasks when
 * they changed (else null) and the endpoint-to-partitions map when the member's copy is older (else null).
 * Immutable, thread-safe.
 */
public record StreamsHeartbeatResult(
        GroupError error,
        String errorMessage,
        String memberId,
        int memberEpoch,
        int heartbeatIntervalMs,
        int taskOffsetIntervalMs,
        long acceptableRecoveryLag,
        List<ConfiguredTopology.Status> statuses,
        TaskAssignment assignment,
        int endpointInformationEpoch,
        List<EndpointPartitions> partitionsByEndpoint) {

    /** One member's endpoint and the topic partitions of its active and standby tasks. */
    public record EndpointPartitions(
            StreamsGroupMember.Endpoint endpoint,
            java.util.Map<String, List<Integer>> active,
            java.util.Map<String, List<Integer>> standby) {}

    public static StreamsHeartbeatResult error(GroupError error, String message) {
        return new StreamsHeartbeatResult(error, message, "", 0, 0, 0, -1, List.of(), null, 0, null);
    }
}
