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
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Committed offsets by group id, apart from the groups themselves (a group that converts between the
 * classic and consumer protocols keeps them), with the commits still being written ("pending"), which
 * OffsetFetch with require_stable reports as unstable.
 *
 * <p>Thread-safety: the map of groups is concurrent; each group's {@link GroupOffsets} is accessed only
 * under that group's {@link io.skiff.broker.coordinator.KeyLock}.
 */
public final class CommittedOffsets {
    private final ConcurrentHashMap<String, GroupOffsets> byGroup = new ConcurrentHashMap<>();

    /** The offsets of a group, created empty on first use. */
    public GroupOffsets of(String groupId) {
        return byGroup.computeIfAbsent(groupId, id -> new GroupOffsets());
    }

    /** The offsets of a group if it ever had any, else null. */
    public GroupOffsets find(String groupId) {
        return byGroup.get(groupId);
    }

    public boolean hasOffsets(String groupId) {
        GroupOffsets o = byGroup.get(groupId);
        return o != null && o.hasOffsets();
    }

    /** Forgets a group's (now empty) offsets. Call under the group's lock. */
    public void drop(String groupId) {
        byGroup.remove(groupId);
    }

    public Set<String> groupIds() {
        return Set.copyOf(byGroup.keySet());
    }

    /** One group's committed offsets. Not thread-safe: used under the group's lock. */
    public static final class GroupOffsets {
        private final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        private final Map<TopicPartition, Integer> pending = new HashMap<>();

        public Map<TopicPartition, OffsetAndMetadata> offsets() {
            return offsets;
        }

        boolean hasOffsets() {
            return !offsets.isEmpty() || !pending.isEmpty();
        }

        void beginPendingCommit(Collection<TopicPartition> tps) {
            for (TopicPartition tp : tps) {
                pending.merge(tp, 1, Integer::sum);
            }
        }

        void endPendingCommit(Collection<TopicPartition> tps) {
            for (TopicPartition tp : tps) {
                pending.computeIfPresent(tp, (k, n) -> n <= 1 ? null : n - 1);
            }
        }

        boolean hasPendingCommit(TopicPartition tp) {
            return pending.containsKey(tp);
        }

        boolean hasPendingCommits() {
            return !pending.isEmpty();
        }
    }
}
