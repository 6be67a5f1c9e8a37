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

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The epoch at which a member was given each partition it holds (topic id → partition → epoch), as Kafka keeps it
 * beside the member's assignment: a commit with an older member epoch is accepted for a partition the member has
 * held since that epoch. Immutable, thread-safe.
 */
public record PartitionEpochs(Map<UUID, Map<Integer, Integer>> epochs) {
    public static final PartitionEpochs EMPTY = new PartitionEpochs(Map.of());

    /** Where the epoch of a partition comes from when a member's partitions change. */
    @FunctionalInterface
    public interface Source {
        int epochOf(UUID topicId, int partition);
    }

    public PartitionEpochs {
        Map<UUID, Map<Integer, Integer>> copy = new HashMap<>();
        epochs.forEach((t, ps) -> {
            if (!ps.isEmpty()) {
                copy.put(t, Collections.unmodifiableMap(new HashMap<>(ps)));
            }
        });
        epochs = Collections.unmodifiableMap(copy);
    }

    /** The partitions of {@code assignment}, each at the epoch {@code source} gives it. */
    public static PartitionEpochs of(MemberAssignment assignment, Source source) {
        Map<UUID, Map<Integer, Integer>> out = new HashMap<>();
        assignment.partitions().forEach((t, ps) -> {
            Map<Integer, Integer> byPartition = new HashMap<>();
            ps.forEach(p -> byPartition.put(p, source.epochOf(t, p)));
            out.put(t, byPartition);
        });
        return new PartitionEpochs(out);
    }

    /** The epoch of the partition, or null when it is not here. */
    public Integer epochOf(UUID topicId, int partition) {
        Map<Integer, Integer> ps = epochs.get(topicId);
        return ps == null ? null : ps.get(partition);
    }

    /** The partitions, without their epochs. */
    public MemberAssignment partitions() {
        Map<UUID, Set<Integer>> out = new HashMap<>();
        epochs.forEach((t, ps) -> out.put(t, ps.keySet()));
        return new MemberAssignment(out);
    }
}
