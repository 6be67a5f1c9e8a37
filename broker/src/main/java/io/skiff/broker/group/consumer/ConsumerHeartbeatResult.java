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

import io.skiff.broker.group.common.GroupError;

/**
 * The answer to a ConsumerGroupHeartbeat: an error (with Kafka's message), or the member's id, epoch, the
 * heartbeat interval and, when it changed or was asked for, its assignment (null = not sent). Immutable.
 */
public record ConsumerHeartbeatResult(
        GroupError error,
        String errorMessage,
        String memberId,
        int memberEpoch,
        int heartbeatIntervalMs,
        MemberAssignment assignment) {

    public static ConsumerHeartbeatResult error(GroupError error, String message) {
        return new ConsumerHeartbeatResult(error, message, null, 0, 0, null);
    }
}
