package io.skiff.broker.feature;

/**
 * A feature flag as ApiVersions reports it (KIP-584): the version range this broker supports and the level
 * that is finalized (in effect). Immutable, thread-safe.
 *
 * @param name           Kafka's feature name, e.g. {@code group.version}
 * @param minVersion     the lowest supported version
 * @param maxVersion     the highest supported version
 * @param finalizedLevel the level in effect; 0 = off (then the feature is not listed as finalized)
 */
public record Feature(String name, short minVersion, short maxVersion, short finalizedLevel) {
    public Feature {
        if (minVersion < 0 || minVersion > maxVersion || finalizedLevel < 0 || finalizedLevel > maxVersion) {
            throw new IllegalArgumentException("bad version range for feature " + name);
        }
    }
}
