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
package io.skiff.config;

/**
 * What Skiff does with a configuration key it knows.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum Support {
    /** Skiff acts on the value. */
    APPLIED("applied"),
    /**
     * Accepted, validated and described (so copied server.properties files, topic configs and
     * tools keep working) but without effect on a single node: replication, controller quorum,
     * thread pools, log cleaner tuning, tiered storage.
     */
    ACCEPTED("accepted, no effect"),
    /**
     * Accepted so that an old server.properties still starts, but neither applied nor described: Kafka 4 removed
     * these keys (ZooKeeper mode), so DescribeConfigs does not list them either.
     */
    REMOVED("accepted, ignored (removed in Kafka 4.0)");

    private final String label;

    Support(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
