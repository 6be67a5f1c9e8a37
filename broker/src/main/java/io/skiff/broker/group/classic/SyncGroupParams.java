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
package io.skiff.broker.group.classic;

import java.util.Map;

/**
 * A SyncGroup request in domain terms. Immutable, thread-safe (the assignment bytes are not copied).
 *
 * @param protocolType null when the request does not name one (before v5)
 * @param protocolName null when the request does not name one (before v5)
 * @param assignments  the leader's assignment per member id; empty from the other members
 */
public record SyncGroupParams(
        String groupId,
        int generationId,
        String memberId,
        String groupInstanceId,
        String protocolType,
        String protocolName,
        Map<String, byte[]> assignments) {}
