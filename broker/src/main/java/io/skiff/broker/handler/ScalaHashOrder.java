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
package io.skiff.broker.handler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * The iteration orders of Scala 2.13's hash maps, for the answers Kafka's Scala code builds by iterating one: a client
 * sees its results in that order.
 *
 * <p>Stateless and thread-safe.
 */
final class ScalaHashOrder {
    private ScalaHashOrder() {}

    /**
     * Kafka's order of the per-topic answers it builds from a Scala mutable hash map of TopicPartition grouped by topic
     * ({@code groupBy(_._1.topic)}, an immutable hash map of topic names, each holding a mutable hash map of that
     * topic's partitions): the topics in {@link #immutableHashMap} order, each topic's partitions (reordered in place)
     * in {@link #mutableHashMap} order of their TopicPartition hash codes.
     */
    static <T, P> List<T> groupedByTopic(
            List<T> topics, Function<T, String> name, Function<T, List<P>> partitions, ToIntFunction<P> index) {
        List<T> ordered = immutableHashMap(topics, t -> name.apply(t).hashCode());
        for (T t : ordered) {
            int nameHash = name.apply(t).hashCode();
            List<P> own = partitions.apply(t);
            List<P> sorted = mutableHashMap(own, p -> 31 * (31 + index.applyAsInt(p)) + nameHash);
            own.clear();
            own.addAll(sorted);
        }
        return ordered;
    }

    /**
     * The order of {@code keys} (distinct, in insertion order) in a {@code scala.collection.mutable.HashMap} built with
     * its defaults (16 buckets, load factor 0.75): by bucket, then within a bucket by hash; equal hashes keep insertion
     * order.
     */
    static <K> List<K> mutableHashMap(List<K> keys, ToIntFunction<K> hashCode) {
        int buckets = 16;
        while (keys.size() >= buckets * 3 / 4) { // it grows when an insertion reaches the threshold
            buckets *= 2;
        }
        int mask = buckets - 1;
        List<K> ordered = new ArrayList<>(keys);
        ToIntFunction<K> hash = k -> {
            int h = hashCode.applyAsInt(k);
            return h ^ (h >>> 16);
        };
        ordered.sort(Comparator.comparingInt((K k) -> hash.applyAsInt(k) & mask).thenComparingInt(hash));
        return ordered;
    }

    /**
     * The order of {@code keys} (distinct, in insertion order) in a {@code scala.collection.immutable.HashMap}, a CHAMP
     * trie over 5-bit slices of the improved hash: at each level the keys alone in their slot first, then the
     * sub-tries, both by slot.
     */
    static <K> List<K> immutableHashMap(List<K> keys, ToIntFunction<K> hashCode) {
        List<Hashed<K>> hashed = new ArrayList<>(keys.size());
        keys.forEach(k -> hashed.add(new Hashed<>(k, improve(hashCode.applyAsInt(k)))));
        List<K> out = new ArrayList<>(keys.size());
        champ(hashed, 0, out);
        return out;
    }

    private record Hashed<K>(K key, int hash) {}

    private static <K> void champ(List<Hashed<K>> keys, int shift, List<K> out) {
        if (keys.size() == 1 || shift >= 32) {
            keys.forEach(k -> out.add(k.key())); // one key, or a full hash collision (kept in insertion order)
            return;
        }
        TreeMap<Integer, List<Hashed<K>>> bySlot = new TreeMap<>();
        for (Hashed<K> k : keys) {
            bySlot.computeIfAbsent((k.hash() >>> shift) & 31, slot -> new ArrayList<>())
                    .add(k);
        }
        bySlot.values().stream()
                .filter(slot -> slot.size() == 1)
                .forEach(slot -> out.add(slot.get(0).key()));
        bySlot.values().stream().filter(slot -> slot.size() > 1).forEach(slot -> champ(slot, shift + 5, out));
    }

    /** scala.collection.Hashing.improve. */
    private static int improve(int hcode) {
        int h = hcode + ~(hcode << 9);
        h ^= h >>> 14;
        h += h << 4;
        return h ^ (h >>> 10);
    }
}
