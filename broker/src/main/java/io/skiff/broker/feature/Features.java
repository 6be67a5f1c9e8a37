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
package io.skiff.broker.feature;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The feature flags this broker supports and the levels finalized for them, for ApiVersions, {@code kafka-features
 * describe} and UpdateFeatures. Kafka finalizes features through its metadata log; a single Skiff node starts with the
 * levels Kafka 4.4 formats a cluster with (each coordinator adds the features it implements: the group coordinator
 * {@code group.version}, the transaction coordinator {@code transaction.version}, ...) and applies the changes made
 * with UpdateFeatures, which its {@link FinalizedFeatureStore} keeps across restarts. Every change raises the
 * finalized epoch, so that clients, which keep the features of the highest epoch they saw, take it into account.
 *
 * <p>Thread-safe: registration happens before connections are accepted; levels are read and changed under this
 * object's lock, and the listeners of a change run after it, outside the lock.
 */
public final class Features {
    /** The epoch of the finalized features of a broker whose levels were never changed. */
    public static final long FINALIZED_EPOCH = 0L;

    private final Map<String, Feature> features = new LinkedHashMap<>();
    private final Map<String, List<Consumer<Short>>> listeners = new LinkedHashMap<>();
    private FinalizedFeatureStore store;

    /** Features whose changes are not persisted (handler tests, brokers without a data directory). */
    public Features() {
        this(FinalizedFeatureStore.inMemory());
    }

    public Features(FinalizedFeatureStore store) {
        this.store = store;
    }

    /**
     * Adds a supported feature; its {@code finalizedLevel} is the default, replaced by a level stored earlier when
     * that is within the supported range. Names are unique.
     */
    public synchronized Features add(Feature feature) {
        Feature known = features.get(feature.name());
        if (known != null) {
            // Every simulated node registers its handlers over the cluster's one set of features
            if (known.minVersion() == feature.minVersion() && known.maxVersion() == feature.maxVersion()) {
                return this;
            }
            throw new IllegalArgumentException("feature " + feature.name() + " added twice");
        }
        short stored = store.level(feature.name(), feature.finalizedLevel());
        short level =
                stored >= feature.minVersion() && stored <= feature.maxVersion() ? stored : feature.finalizedLevel();
        features.put(feature.name(), new Feature(feature.name(), feature.minVersion(), feature.maxVersion(), level));
        return this;
    }

    /** Keeps only the features {@code keep} accepts (a version personality of a release without the others). */
    public synchronized void retainOnly(Predicate<Feature> keep) {
        features.values().removeIf(keep.negate());
    }

    /** Every supported feature with its finalized level, in the order they were added. */
    public synchronized List<Feature> all() {
        return List.copyOf(features.values());
    }

    /** The supported feature of that name, or null. */
    public synchronized Feature get(String name) {
        return features.get(name);
    }

    /** The finalized level of a feature; 0 (off) for a feature this broker does not support. */
    public synchronized short level(String name) {
        Feature f = features.get(name);
        return f == null ? 0 : f.finalizedLevel();
    }

    /**
     * Runs {@code listener} with the new level each time {@link #setLevels} changes the finalized level of {@code name}
     * (what Kafka's brokers do when the metadata log brings a new level, e.g. closing share sessions), once the level
     * is persisted and in effect.
     */
    public synchronized void onChange(String name, Consumer<Short> listener) {
        listeners.computeIfAbsent(name, k -> new ArrayList<>()).add(listener);
    }

    /** The epoch of the finalized levels: {@link #FINALIZED_EPOCH} until the first change, then one more per change. */
    public synchronized long epoch() {
        return store.epoch();
    }

    /**
     * Finalizes new levels of supported features, persisting them before they take effect.
     *
     * @throws IllegalArgumentException when a feature is not supported or a level is outside its range
     * @throws java.io.UncheckedIOException when the levels cannot be written
     */
    public void setLevels(Map<String, Short> levels) {
        for (Runnable r : applyLevels(levels)) {
            r.run();
        }
    }

    /** Finalizes the levels; returns the listeners' calls of the levels that changed. */
    private synchronized List<Runnable> applyLevels(Map<String, Short> levels) {
        for (Map.Entry<String, Short> e : levels.entrySet()) {
            Feature f = features.get(e.getKey());
            if (f == null || e.getValue() < f.minVersion() || e.getValue() > f.maxVersion()) {
                throw new IllegalArgumentException("cannot finalize " + e.getKey() + " at " + e.getValue());
            }
        }
        store = store.with(levels, store.epoch() + 1);
        List<Runnable> calls = new ArrayList<>();
        for (String name : new ArrayList<>(levels.keySet())) {
            Feature f = features.get(name);
            short level = levels.get(name);
            features.put(name, new Feature(name, f.minVersion(), f.maxVersion(), level));
            if (level != f.finalizedLevel()) {
                for (Consumer<Short> listener : listeners.getOrDefault(name, List.of())) {
                    calls.add(() -> listener.accept(level));
                }
            }
        }
        return calls;
    }
}
