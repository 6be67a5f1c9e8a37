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
package io.skiff.broker.group.share;

import io.skiff.broker.share.TopicIdPartition;
import io.skiff.protocol.Errors;
import java.util.Set;

/**
 * The answer to a ShareGroupHeartbeat: an error with its message, or the member's epoch, heartbeat interval and
 * (on joining, or when it changed) its assignment, else null. Immutable.
 */
public record ShareHeartbeatResult(
        Errors error,
        String errorMessage,
        String memberId,
        int memberEpoch,
        int heartbeatIntervalMs,
        Set<TopicIdPartition> assignment) {
    static ShareHeartbeatResult failed(Errors error, String message) {
        return new ShareHeartbeatResult(error, message, null, 0, 0, null);
    }
}
