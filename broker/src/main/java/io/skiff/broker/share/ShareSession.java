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
package io.skiff.broker.share;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The share session of one member of one share group (KIP-932): the partitions it fetches, and the epoch its next
 * request must carry. Opened by a ShareFetch with epoch 0, changed by each later request (epoch 1, 2, …; after
 * Integer.MAX_VALUE comes 1), closed with epoch -1.
 *
 * <p>Not thread-safe: {@link ShareSessions} guards it.
 */
final class ShareSession {
    private final String groupId;
    private final String memberId;
    private final Set<TopicIdPartition> partitions = new LinkedHashSet<>();
    private int nextEpoch = 1;

    ShareSession(String groupId, String memberId) {
        this.groupId = groupId;
        this.memberId = memberId;
    }

    String groupId() {
        return groupId;
    }

    String memberId() {
        return memberId;
    }

    int nextEpoch() {
        return nextEpoch;
    }

    void bumpEpoch() {
        nextEpoch = nextEpoch == Integer.MAX_VALUE ? 1 : nextEpoch + 1;
    }

    Set<TopicIdPartition> partitions() {
        return partitions;
    }
}
