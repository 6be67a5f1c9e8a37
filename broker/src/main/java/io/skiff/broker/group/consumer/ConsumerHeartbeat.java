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
package io.skiff.broker.group.consumer;

import java.util.List;

/**
 * A ConsumerGroupHeartbeat request as the coordinator sees it (null = field not sent). Immutable.
 *
 * @param owned the partitions the member owns (topic_partitions), or null when not sent
 */
public record ConsumerHeartbeat(
        String groupId,
        String memberId,
        int memberEpoch,
        String instanceId,
        String rackId,
        int rebalanceTimeoutMs,
        List<String> subscribedTopicNames,
        String subscribedTopicRegex,
        String serverAssignor,
        MemberAssignment owned,
        String clientId,
        String clientHost,
        short apiVersion) {

    /** Kafka's member epochs with a meaning of their own. */
    static final int JOIN_EPOCH = 0;

    static final int LEAVE_EPOCH = -1;
    public static final int STATIC_LEAVE_EPOCH = -2;

    /** A full request (sent on joining and after errors) gets the whole assignment back. */
    public boolean isFull() {
        return rebalanceTimeoutMs != -1
                && (subscribedTopicNames != null || subscribedTopicRegex != null)
                && owned != null;
    }
}
