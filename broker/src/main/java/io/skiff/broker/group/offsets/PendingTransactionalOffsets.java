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
package io.skiff.broker.group.offsets;

import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Offsets committed inside transactions (TxnOffsetCommit), per group and producer: not visible to OffsetFetch until
 * the producer's transaction commits (then they are written as ordinary commits) and dropped if it aborts. While
 * pending, OffsetFetch with require_stable answers UNSTABLE_OFFSET_COMMIT for their partitions (KIP-447).
 *
 * <p>Thread-safe: every method is synchronized.
 */
public final class PendingTransactionalOffsets {
    private final Map<String, Map<Long, Map<TopicPartition, OffsetAndMetadata>>> byGroup = new HashMap<>();

    /** Adds (or replaces) offsets of {@code producerId}'s open transaction for the group. */
    public synchronized void add(String groupId, long producerId, Map<TopicPartition, OffsetAndMetadata> offsets) {
        byGroup.computeIfAbsent(groupId, g -> new HashMap<>())
                .computeIfAbsent(producerId, p -> new HashMap<>())
                .putAll(offsets);
    }

    /** True if some open transaction holds an offset of {@code tp} for the group. */
    public synchronized boolean isPending(String groupId, TopicPartition tp) {
        Map<Long, Map<TopicPartition, OffsetAndMetadata>> producers = byGroup.get(groupId);
        if (producers == null) {
            return false;
        }
        for (Map<TopicPartition, OffsetAndMetadata> offsets : producers.values()) {
            if (offsets.containsKey(tp)) {
                return true;
            }
        }
        return false;
    }

    /** The groups for which {@code producerId} has pending offsets. */
    public synchronized List<String> groupsOf(long producerId) {
        List<String> out = new ArrayList<>();
        byGroup.forEach((group, producers) -> {
            if (producers.containsKey(producerId)) {
                out.add(group);
            }
        });
        return out;
    }

    /** Removes and returns the pending offsets of {@code producerId} for the group (empty if none). */
    public synchronized Map<TopicPartition, OffsetAndMetadata> remove(String groupId, long producerId) {
        Map<Long, Map<TopicPartition, OffsetAndMetadata>> producers = byGroup.get(groupId);
        if (producers == null) {
            return Map.of();
        }
        Map<TopicPartition, OffsetAndMetadata> removed = producers.remove(producerId);
        if (producers.isEmpty()) {
            byGroup.remove(groupId);
        }
        return removed == null ? Map.of() : removed;
    }

    /** Removes the pending offsets of {@code partitions} of {@code producerId} for the group (a failed write). */
    public synchronized void remove(String groupId, long producerId, Set<TopicPartition> partitions) {
        Map<Long, Map<TopicPartition, OffsetAndMetadata>> producers = byGroup.get(groupId);
        Map<TopicPartition, OffsetAndMetadata> offsets = producers == null ? null : producers.get(producerId);
        if (offsets == null) {
            return;
        }
        offsets.keySet().removeAll(partitions);
        if (offsets.isEmpty()) {
            producers.remove(producerId);
            if (producers.isEmpty()) {
                byGroup.remove(groupId);
            }
        }
    }
}
