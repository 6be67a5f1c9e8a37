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

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;

/**
 * A ConsumerGroupHeartbeat's checks before it reaches a group (Kafka's throwIfConsumerGroupHeartbeatRequestIsInvalid)
 * and the member id the coordinator gives a v0 member that joins without one. Stateless, thread-safe.
 */
public final class ConsumerHeartbeatRequests {
    private ConsumerHeartbeatRequests() {}

    /**
     * Kafka 4.4's checks of a heartbeat's fields (GroupCoordinatorService.throwIfConsumerGroupHeartbeatRequestIsInvalid),
     * in its order; the INVALID_REQUEST message, or null if valid. Ids are refused when they trim to nothing (Kafka's
     * Utils.throwIfEmptyString) but kept as sent otherwise. An empty SubscribedTopicRegex is valid: it means "no
     * regex" (librdkafka sends it with topic names). The assignor is checked by the caller: an unknown one, the empty
     * name included, is UNSUPPORTED_ASSIGNOR.
     */
    public static String validate(ConsumerHeartbeat r) {
        int epoch = r.memberEpoch();
        // From v1 the client names itself; before, only a member that already has an epoch or leaves must.
        if ((r.apiVersion() >= 1 || epoch > 0 || epoch == ConsumerHeartbeat.LEAVE_EPOCH) && blank(r.memberId())) {
            return "MemberId can't be empty.";
        }
        if (blank(r.groupId())) {
            return "GroupId can't be empty.";
        }
        if (blank(r.instanceId())) {
            return "InstanceId can't be empty.";
        }
        if (blank(r.rackId())) {
            return "RackId can't be empty.";
        }
        if (epoch == ConsumerHeartbeat.JOIN_EPOCH) {
            if (r.rebalanceTimeoutMs() == -1) {
                return "RebalanceTimeoutMs must be provided in first request.";
            }
            if (r.owned() == null || !r.owned().isEmpty()) {
                return "TopicPartitions must be empty when (re-)joining.";
            }
            if (r.subscribedTopicNames() == null && r.subscribedTopicRegex() == null) {
                return "Either SubscribedTopicNames or SubscribedTopicRegex must be non-null when (re-)joining.";
            }
        } else if (epoch == ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            if (r.instanceId() == null) {
                return "InstanceId can't be null.";
            }
        } else if (epoch < ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            return "MemberEpoch is invalid.";
        }
        return null;
    }

    /** Kafka's empty string: present, and nothing left once trimmed. */
    private static boolean blank(String value) {
        return value != null && value.trim().isEmpty();
    }

    /** Kafka's member ids: a random UUID in URL-safe base64 without padding (22 characters). */
    public static String newMemberId() {
        UUID u = UUID.randomUUID();
        ByteBuffer b =
                ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
    }

    public static ConsumerHeartbeat withMemberId(ConsumerHeartbeat r, String memberId) {
        return new ConsumerHeartbeat(
                r.groupId(),
                memberId,
                r.memberEpoch(),
                r.instanceId(),
                r.rackId(),
                r.rebalanceTimeoutMs(),
                r.subscribedTopicNames(),
                r.subscribedTopicRegex(),
                r.serverAssignor(),
                r.owned(),
                r.clientId(),
                r.clientHost(),
                r.apiVersion());
    }
}
