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

/**
 * Kafka 4.4's checks of a StreamsGroupHeartbeat request before it reaches a group, in Kafka's order
 * (GroupCoordinatorService): unsupported features, then the fields. Stateless, thread-safe.
 */
final class StreamsHeartbeatRequests {
    private StreamsHeartbeatRequests() {}

    /** Null if the request is well-formed, else Kafka's error for it. */
    static StreamsHeartbeatResult refusal(StreamsHeartbeat req) {
        if (req.topology() != null) {
            for (StreamsTopology.Subtopology s : req.topology().subtopologies()) {
                if (!s.sourceTopicRegex().isEmpty()) {
                    return invalid("Regular expressions for source topics are not supported yet.");
                }
            }
        }
        // Ids that trim to nothing are empty (Kafka's Utils.throwIfEmptyString); null ids other than the member's
        // and the group's are absent.
        if (req.memberId() == null || req.memberId().trim().isEmpty()) {
            return invalid("MemberId can't be empty.");
        }
        if (req.groupId() == null || req.groupId().trim().isEmpty()) {
            return invalid("GroupId can't be empty.");
        }
        if (req.instanceId() != null && req.instanceId().trim().isEmpty()) {
            return invalid("InstanceId can't be empty.");
        }
        if (req.rackId() != null && req.rackId().trim().isEmpty()) {
            return invalid("RackId can't be empty.");
        }
        if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            if (req.rebalanceTimeoutMs() == -1) {
                return invalid("RebalanceTimeoutMs must be provided in first request.");
            }
            if (req.ownedActive() != null && !req.ownedActive().isEmpty()) {
                return invalid("ActiveTasks must be empty when (re-)joining.");
            }
            if (req.ownedStandby() != null && !req.ownedStandby().isEmpty()) {
                return invalid("StandbyTasks must be empty when (re-)joining.");
            }
            if (req.ownedWarmup() != null && !req.ownedWarmup().isEmpty()) {
                return invalid("WarmupTasks must be empty when (re-)joining.");
            }
            if (req.topology() == null) {
                return invalid("Topology must be non-null when (re-)joining.");
            }
            for (StreamsTopology.Subtopology s : req.topology().subtopologies()) {
                for (StreamsTopology.InternalTopic t : s.stateChangelogTopics()) {
                    if (t.partitions() != 0) {
                        return StreamsHeartbeatResult.error(
                                GroupError.STREAMS_INVALID_TOPOLOGY,
                                "Changelog topic " + t.name() + " must have an undefined partition count, but it is set"
                                        + " to " + t.partitions() + ".");
                    }
                }
            }
        } else if (req.memberEpoch() == StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
            if (req.instanceId() == null) {
                return invalid("InstanceId can't be null.");
            }
        } else if (req.memberEpoch() < StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
            return invalid("MemberEpoch is " + req.memberEpoch() + ", but must be greater than or equal to -2.");
        }
        if ((req.ownedActive() != null || req.ownedStandby() != null || req.ownedWarmup() != null)
                && (req.ownedActive() == null || req.ownedStandby() == null || req.ownedWarmup() == null)) {
            return invalid("If one task-type is non-null, all must be non-null.");
        }
        if (req.memberEpoch() != StreamsHeartbeat.JOIN_EPOCH && req.topology() != null) {
            return invalid("Topology can only be provided when (re-)joining.");
        }
        return null;
    }

    private static StreamsHeartbeatResult invalid(String message) {
        return StreamsHeartbeatResult.error(GroupError.INVALID_REQUEST, message);
    }
}
