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

/**
 * The features a single-node Kafka 4.4 cluster reports that describe the cluster rather than a coordinator, with the
 * ranges and levels a Kafka 4.4.0 formatted by {@code kafka-storage format} reports: {@code metadata.version} 7–33
 * (3.3-IV3 to 4.4-IV2) finalized at 33, {@code kraft.version} 0–1 not finalized (a static quorum) and
 * {@code eligible.leader.replicas.version} 0–1 finalized at 1. They have no effect in Skiff, which has no metadata log,
 * quorum or replicas; they are reported, and changed by UpdateFeatures, so that tools and clients see what Kafka shows.
 * Stateless.
 */
public final class ClusterFeatures {
    public static final String ELIGIBLE_LEADER_REPLICAS_VERSION = "eligible.leader.replicas.version";
    /** metadata.version 4.4-IV2, the level Kafka 4.4.0 formats with and the highest it supports. */
    public static final short METADATA_VERSION_LEVEL = 33;
    /** metadata.version 3.3-IV3, the lowest level Kafka 4.4.0 supports. */
    public static final short METADATA_VERSION_MIN = 7;

    private ClusterFeatures() {}

    public static void addTo(Features features) {
        features.add(new Feature(
                FeatureUpdates.METADATA_VERSION, METADATA_VERSION_MIN, METADATA_VERSION_LEVEL, METADATA_VERSION_LEVEL));
        features.add(new Feature(FeatureUpdates.KRAFT_VERSION, (short) 0, (short) 1, (short) 0));
        features.add(new Feature(ELIGIBLE_LEADER_REPLICAS_VERSION, (short) 0, (short) 1, (short) 1));
    }
}
