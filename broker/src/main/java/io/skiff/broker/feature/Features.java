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
