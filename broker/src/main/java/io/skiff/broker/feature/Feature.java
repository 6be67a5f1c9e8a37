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
