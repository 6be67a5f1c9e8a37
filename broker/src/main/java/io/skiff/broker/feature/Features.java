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
import java.util.List;

/**
 * The feature flags this broker supports and has finalized, for ApiVersions and {@code kafka-features
 * describe}. Kafka finalizes features through its metadata log; a single Skiff node finalizes them at start
 * from its configuration, so the finalized epoch is fixed. Each coordinator adds the features it implements
 * (the group coordinator {@code group.version}, the transaction coordinator {@code transaction.version}).
 *
 * <p>Thread-safe: built once, before connections are accepted, then only read.
 */
public final class Features {
    /** The epoch of the finalized features: fixed, as they never change while the broker runs. */
    public static final long FINALIZED_EPOCH = 0L;

    private final List<Feature> features = new ArrayList<>();

    /** Adds a feature; names are unique. */
    public synchronized Features add(Feature feature) {
        for (Feature f : features) {
            if (f.name().equals(feature.name())) {
                throw new IllegalArgumentException("feature " + feature.name() + " added twice");
            }
        }
        features.add(feature);
        return this;
    }

    /** Keeps only the features {@code keep} accepts (a version personality of a release without the others). */
    public synchronized void retainOnly(java.util.function.Predicate<Feature> keep) {
        features.removeIf(keep.negate());
    }

    public synchronized List<Feature> all() {
        return List.copyOf(features);
    }
}
