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
import java.util.TreeSet;
import java.util.UUID;

/**
 * Partitions by topic id, as the consumer group protocol names them. Immutable, thread-safe; the
 * operations return new instances.
 */
public record MemberAssignment(Map<UUID, Set<Integer>> partitions) {
    public static final MemberAssignment EMPTY = new MemberAssignment(Map.of());

    public MemberAssignment {
        Map<UUID, Set<Integer>> copy = new HashMap<>();
        partitions.forEach((t, ps) -> {
            if (!ps.isEmpty()) {
                copy.put(t, Collections.unmodifiableSet(new TreeSet<>(ps)));
            }
        });
        partitions = Collections.unmodifiableMap(copy);
    }

    public boolean isEmpty() {
        return partitions.isEmpty();
    }

    public boolean contains(UUID topicId, int partition) {
        Set<Integer> ps = partitions.get(topicId);
        return ps != null && ps.contains(partition);
    }

    public int size() {
        return partitions.values().stream().mapToInt(Set::size).sum();
    }

    public MemberAssignment intersect(MemberAssignment other) {
        Map<UUID, Set<Integer>> out = new HashMap<>();
        partitions.forEach((t, ps) -> {
            for (int p : ps) {
                if (other.contains(t, p)) {
                    out.computeIfAbsent(t, k -> new TreeSet<>()).add(p);
                }
            }
        });
        return new MemberAssignment(out);
    }

    public MemberAssignment minus(MemberAssignment other) {
        Map<UUID, Set<Integer>> out = new HashMap<>();
        partitions.forEach((t, ps) -> {
            for (int p : ps) {
                if (!other.contains(t, p)) {
                    out.computeIfAbsent(t, k -> new TreeSet<>()).add(p);
                }
            }
        });
        return new MemberAssignment(out);
    }

    public MemberAssignment plus(MemberAssignment other) {
        Map<UUID, Set<Integer>> out = new HashMap<>();
        partitions.forEach(
                (t, ps) -> out.computeIfAbsent(t, k -> new TreeSet<>()).addAll(ps));
        other.partitions.forEach(
                (t, ps) -> out.computeIfAbsent(t, k -> new TreeSet<>()).addAll(ps));
        return new MemberAssignment(out);
    }

    /** True if any partition of {@code other} is also here. */
    public boolean overlaps(MemberAssignment other) {
        return !intersect(other).isEmpty();
    }
}
