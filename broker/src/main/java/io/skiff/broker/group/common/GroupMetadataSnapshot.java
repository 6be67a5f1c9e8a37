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
