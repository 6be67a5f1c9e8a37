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

import java.util.Map;

/**
 * A StreamsGroupHeartbeat request in domain terms. Nullable fields mean "unchanged since the last heartbeat".
 * Immutable, thread-safe.
 *
 * @param ownedActive the active tasks the member owns (null if unchanged)
 * @param taskOffsets the changelog offset sums the member reports for the state of its tasks, subtopology ->
 *     partition -> sum (null if unchanged)
 * @param taskEndOffsets the end offset sums of the changelogs of those tasks, likewise
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
        String clientHost,
        Map<String, Map<Integer, Long>> taskOffsets,
        Map<String, Map<Integer, Long>> taskEndOffsets) {
    public static final int JOIN_EPOCH = 0;
    public static final int LEAVE_EPOCH = -1;
    public static final int STATIC_LEAVE_EPOCH = -2;
}
