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
package io.skiff.broker.group.common;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The epoch at which a member was given each partition it holds, by topic id for a consumer group or by subtopology
 * for a streams group's active tasks (key → partition → epoch), as Kafka keeps it beside the member's assignment: a
 * commit with an older member epoch is accepted for a partition the member has held since that epoch. Immutable,
 * thread-safe.
 *
 * @param <K> what names a set of partitions: a topic id, or a subtopology id
 */
public record AssignmentEpochs<K>(Map<K, Map<Integer, Integer>> epochs) {
    private static final AssignmentEpochs<?> EMPTY = new AssignmentEpochs<>(Map.of());

    public AssignmentEpochs {
        Map<K, Map<Integer, Integer>> copy = new HashMap<>();
        epochs.forEach((k, ps) -> {
            if (!ps.isEmpty()) {
                copy.put(k, Collections.unmodifiableMap(new HashMap<>(ps)));
            }
        });
        epochs = Collections.unmodifiableMap(copy);
    }

    @SuppressWarnings("unchecked")
    public static <K> AssignmentEpochs<K> empty() {
        return (AssignmentEpochs<K>) EMPTY;
    }

    /** Where the epoch of a partition comes from when a member's partitions change. */
    @FunctionalInterface
    public interface Source<K> {
        int epochOf(K key, int partition);
    }

    /** The {@code partitions}, each at the epoch {@code source} gives it. */
    public static <K> AssignmentEpochs<K> of(Map<K, ? extends Collection<Integer>> partitions, Source<K> source) {
        Map<K, Map<Integer, Integer>> out = new HashMap<>();
        partitions.forEach((k, ps) -> {
            Map<Integer, Integer> byPartition = new HashMap<>();
            ps.forEach(p -> byPartition.put(p, source.epochOf(k, p)));
            out.put(k, byPartition);
        });
        return new AssignmentEpochs<>(out);
    }

    /**
     * The {@code partitions} after a reconciliation: each keeps the epoch of the first of {@code before} that holds
     * it (a partition the member keeps, or moves to pending revocation); one new to the member is given at
     * {@code givenAt}.
     */
    public static <K> AssignmentEpochs<K> keeping(
            Map<K, ? extends Collection<Integer>> partitions, List<AssignmentEpochs<K>> before, int givenAt) {
        return of(partitions, (k, p) -> {
            for (AssignmentEpochs<K> held : before) {
                Integer epoch = held.epochOf(k, p);
                if (epoch != null) {
                    return epoch;
                }
            }
            return givenAt;
        });
    }

    /** The epoch of the partition, or null when it is not here. */
    public Integer epochOf(K key, int partition) {
        Map<Integer, Integer> ps = epochs.get(key);
        return ps == null ? null : ps.get(partition);
    }

    /** The partitions, without their epochs. */
    public Map<K, Set<Integer>> partitions() {
        Map<K, Set<Integer>> out = new HashMap<>();
        epochs.forEach((k, ps) -> out.put(k, ps.keySet()));
        return out;
    }

    /** The partitions of {@code key}, sorted, as a current-assignment record lists them. */
    public List<Integer> sortedPartitions(K key) {
        return epochs.getOrDefault(key, Map.of()).keySet().stream().sorted().toList();
    }

    /** The epochs of {@code key}'s {@code partitions}, in their order (the record's AssignmentEpochs field). */
    public List<Integer> epochsOf(K key, List<Integer> partitions) {
        Map<Integer, Integer> ps = epochs.getOrDefault(key, Map.of());
        return partitions.stream().map(ps::get).toList();
    }

    /**
     * Replay: the epochs of the {@code partitions} of one entry of a current-assignment record. Without epochs (a
     * record written before they were kept), or without one epoch per partition, every partition gets
     * {@code fallback}, as Kafka does.
     */
    public static Map<Integer, Integer> fromRecord(List<Integer> partitions, List<Integer> epochs, int fallback) {
        boolean withEpochs = epochs != null && epochs.size() == partitions.size();
        Map<Integer, Integer> byPartition = new HashMap<>();
        for (int i = 0; i < partitions.size(); i++) {
            byPartition.put(partitions.get(i), withEpochs ? epochs.get(i) : fallback);
        }
        return byPartition;
    }
}
