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

/** Kafka's checks of a StreamsGroupHeartbeat request before it reaches a group. Stateless, thread-safe. */
final class StreamsHeartbeatRequests {
    private StreamsHeartbeatRequests() {}

    /** Null if the request is well-formed, else the INVALID_REQUEST message Kafka gives. */
    static String validate(StreamsHeartbeat req) {
        // Kafka 4.4's order, as for consumer groups: the member id first; ids that trim to nothing are empty.
        if (req.memberId() == null || req.memberId().trim().isEmpty()) {
            return "MemberId can't be empty.";
        }
        if (req.groupId() == null || req.groupId().trim().isEmpty()) {
            return "GroupId can't be empty.";
        }
        if (req.instanceId() != null && req.instanceId().trim().isEmpty()) {
            return "InstanceId can't be empty.";
        }
        if (req.rackId() != null && req.rackId().trim().isEmpty()) {
            return "RackId can't be empty.";
        }
        if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            if (req.rebalanceTimeoutMs() == -1) {
                return "RebalanceTimeoutMs must be provided in first request.";
            }
            if (req.topology() == null) {
                return "Topology must be non-null when (re-)joining.";
            }
            if (req.ownedActive() != null && !req.ownedActive().isEmpty()) {
                return "ActiveTasks must be empty when (re-)joining.";
            }
            if (req.ownedStandby() != null && !req.ownedStandby().isEmpty()) {
                return "StandbyTasks must be empty when (re-)joining.";
            }
            if (req.ownedWarmup() != null && !req.ownedWarmup().isEmpty()) {
                return "WarmupTasks must be empty when (re-)joining.";
            }
            if (req.processId() == null || req.processId().isEmpty()) {
                return "ProcessId can't be empty.";
            }
        } else if (req.memberEpoch() < StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
            return "MemberEpoch is invalid.";
        } else if (req.topology() != null) {
            return "Topology can only be provided when (re-)joining.";
        }
        return null;
    }
}
