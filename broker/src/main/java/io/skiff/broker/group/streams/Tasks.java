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
package io.skiff.broker.group.streams;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A set of tasks: partitions (task numbers) by subtopology id, sorted, without empty entries. Immutable,
 * thread-safe.
 */
public record Tasks(Map<String, Set<Integer>> bySubtopology) {
    public static final Tasks EMPTY = new Tasks(Map.of());

    public Tasks {
        Map<String, Set<Integer>> copy = new TreeMap<>();
        bySubtopology.forEach((id, partitions) -> {
            if (!partitions.isEmpty()) {
                copy.put(id, Collections.unmodifiableSet(new TreeSet<>(partitions)));
            }
        });
        bySubtopology = Collections.unmodifiableMap(copy);
    }

    public boolean isEmpty() {
        return bySubtopology.isEmpty();
    }

    public boolean contains(String subtopologyId, int partition) {
        return bySubtopology.getOrDefault(subtopologyId, Set.of()).contains(partition);
    }

    public int size() {
        return bySubtopology.values().stream().mapToInt(Set::size).sum();
    }

    /** The tasks of this set that are not in {@code other}. */
    public Tasks minus(Tasks other) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        bySubtopology.forEach((id, ps) -> {
            Set<Integer> left = new TreeSet<>(ps);
            left.removeAll(other.bySubtopology.getOrDefault(id, Set.of()));
            out.put(id, left);
        });
        return new Tasks(out);
    }

    /** The tasks in both sets. */
    public Tasks intersect(Tasks other) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        bySubtopology.forEach((id, ps) -> {
            Set<Integer> both = new TreeSet<>(ps);
            both.retainAll(other.bySubtopology.getOrDefault(id, Set.of()));
            out.put(id, both);
        });
        return new Tasks(out);
    }

    public Tasks plus(Tasks other) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        bySubtopology.forEach((id, ps) -> out.put(id, new TreeSet<>(ps)));
        other.bySubtopology.forEach(
                (id, ps) -> out.computeIfAbsent(id, k -> new TreeSet<>()).addAll(ps));
        return new Tasks(out);
    }
}
