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
import io.skiff.broker.group.common.TopicsView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Kafka 4.4's checks of a streams heartbeat against the member and the group (member epoch fencing, owned tasks
 * against the topology, the holder of a static instance id), and the statuses every answer carries.
 */
final class StreamsHeartbeatChecks {
    private StreamsHeartbeatChecks() {}

    /** A member may be one epoch behind after a lost response; anything else is fenced (Kafka's rule). */
    static String epochFencing(StreamsGroupMember member, StreamsHeartbeat req) {
        if (req.memberEpoch() == member.memberEpoch()) {
            return null;
        }
        if (req.memberEpoch() == member.previousMemberEpoch()
                && req.ownedActive() != null
                && req.ownedActive().minus(member.assigned().active()).isEmpty()) {
            return null;
        }
        return "The streams group member has a " + (req.memberEpoch() > member.memberEpoch() ? "greater" : "smaller")
                + " member epoch (" + req.memberEpoch() + ") than the one known by the group coordinator ("
                + member.memberEpoch() + "). The member must abandon all its partitions and rejoin.";
    }

    /**
     * Kafka's check of the tasks a member says it owns, once the group's topology is ready: each names a subtopology
     * of the topology and a partition below its task count (null if they do).
     */
    static String unknownTask(StreamsGroup group, StreamsHeartbeat req, TopicsView topics) {
        if (group.topology() == null) {
            return null;
        }
        ConfiguredTopology configured = ConfiguredTopology.of(group.topology(), topics);
        if (!configured.isReady()) {
            return null;
        }
        for (Tasks owned : new Tasks[] {req.ownedActive(), req.ownedStandby(), req.ownedWarmup()}) {
            if (owned == null) {
                continue;
            }
            for (Map.Entry<String, Set<Integer>> e : owned.bySubtopology().entrySet()) {
                Integer count = configured.taskCounts().get(e.getKey());
                if (count == null) {
                    return "Subtopology " + e.getKey() + " does not exist in the topology.";
                }
                for (int p : e.getValue()) {
                    if (p < 0 || p >= count) {
                        return "Task " + p + " for subtopology " + e.getKey()
                                + " is invalid. Number of tasks for this subtopology: " + count;
                    }
                }
            }
        }
        return null;
    }

    static StreamsHeartbeatResult tooMany(int maxSize) {
        return StreamsHeartbeatResult.error(
                GroupError.GROUP_MAX_SIZE_REACHED,
                "The streams group has reached its maximum capacity of " + maxSize + " members.");
    }

    /** Why a static member's heartbeat or leave is refused (null if it is not). */
    static String staticRefusal(StreamsGroupMember existing, StreamsHeartbeat req) {
        if (existing == null) {
            return "Instance id " + req.instanceId() + " is unknown.";
        }
        if (!existing.memberId().equals(req.memberId())) {
            return "Static member " + req.memberId() + " with instance id " + req.instanceId()
                    + " was fenced by member " + existing.memberId() + ".";
        }
        return null;
    }

    /** The statuses of a heartbeat's answer: a stale topology, the topology's own, a requested shutdown. */
    static List<ConfiguredTopology.Status> statuses(StreamsGroup group, StreamsGroupMember member) {
        List<ConfiguredTopology.Status> out = new ArrayList<>();
        if (group.topology() != null
                && member.topologyEpoch() < group.topology().epoch()) {
            out.add(new ConfiguredTopology.Status(
                    ConfiguredTopology.STALE_TOPOLOGY,
                    "The member's topology epoch " + member.topologyEpoch() + " is behind the group's topology epoch "
                            + group.topology().epoch() + "."));
        }
        if (group.configured() != null) {
            out.addAll(group.configured().statuses());
        }
        if (group.shutdownRequestedBy() != null) {
            out.add(new ConfiguredTopology.Status(
                    ConfiguredTopology.SHUTDOWN_APPLICATION,
                    "Streams group member " + group.shutdownRequestedBy()
                            + " encountered a fatal error and requested a shutdown for the entire application."));
        }
        return out;
    }
}
