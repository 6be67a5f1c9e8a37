/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.broker.group.streams;

import io.skiff.broker.group.common.GroupError;
import java.util.ArrayList;
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

    /**
     * This answer with Kafka 4.4's note that the member may not create the missing internal topics {@code denied}:
     * appended to the MISSING_INTERNAL_TOPICS status's detail, or a status of its own.
     */
    StreamsHeartbeatResult withCreationDenied(List<String> denied) {
        String note = "Unauthorized to CREATE on topics " + String.join(",", denied) + ".";
        List<ConfiguredTopology.Status> out = new ArrayList<>();
        boolean noted = false;
        for (ConfiguredTopology.Status s : statuses == null ? List.<ConfiguredTopology.Status>of() : statuses) {
            if (!noted && s.code() == ConfiguredTopology.MISSING_INTERNAL_TOPICS) {
                s = new ConfiguredTopology.Status(s.code(), s.detail() + "; " + note);
                noted = true;
            }
            out.add(s);
        }
        if (!noted) {
            out.add(new ConfiguredTopology.Status(ConfiguredTopology.MISSING_INTERNAL_TOPICS, note));
        }
        return new StreamsHeartbeatResult(
                error,
                errorMessage,
                memberId,
                memberEpoch,
                heartbeatIntervalMs,
                taskOffsetIntervalMs,
                acceptableRecoveryLag,
                List.copyOf(out),
                assignment,
                endpointInformationEpoch,
                partitionsByEndpoint);
    }

    public static StreamsHeartbeatResult error(GroupError error, String message) {
        return new StreamsHeartbeatResult(error, message, "", 0, 0, 0, -1, List.of(), null, 0, null);
    }
}
