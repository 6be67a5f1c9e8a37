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

/**
 * The coordinator's settings (Kafka key in brackets): session timeout bounds
 * [group.min/max.session.timeout.ms], [group.initial.rebalance.delay.ms], [group.max.size],
 * [offsets.retention.minutes] in ms, [offsets.retention.check.interval.ms],
 * [offset.metadata.max.bytes]. Immutable, thread-safe.
 */
public record GroupCoordinatorConfig(
        int groupMinSessionTimeoutMs,
        int groupMaxSessionTimeoutMs,
        int groupInitialRebalanceDelayMs,
        int groupMaxSize,
        long offsetsRetentionMs,
        long offsetsRetentionCheckIntervalMs,
        int offsetMetadataMaxBytes) {

    /** Kafka's defaults, except no initial rebalance delay (Skiff's developer default). */
    public static GroupCoordinatorConfig defaults() {
        return new GroupCoordinatorConfig(6000, 1_800_000, 0, Integer.MAX_VALUE, 10080L * 60_000L, 600_000L, 4096);
    }

    public GroupCoordinatorConfig withSessionTimeoutBounds(int min, int max) {
        return new GroupCoordinatorConfig(
                min,
                max,
                groupInitialRebalanceDelayMs,
                groupMaxSize,
                offsetsRetentionMs,
                offsetsRetentionCheckIntervalMs,
                offsetMetadataMaxBytes);
    }

    public GroupCoordinatorConfig withInitialRebalanceDelayMs(int delay) {
        return new GroupCoordinatorConfig(
                groupMinSessionTimeoutMs,
                groupMaxSessionTimeoutMs,
                delay,
                groupMaxSize,
                offsetsRetentionMs,
                offsetsRetentionCheckIntervalMs,
                offsetMetadataMaxBytes);
    }

    public GroupCoordinatorConfig withOffsetsRetention(long retentionMs, long checkIntervalMs) {
        return new GroupCoordinatorConfig(
                groupMinSessionTimeoutMs,
                groupMaxSessionTimeoutMs,
                groupInitialRebalanceDelayMs,
                groupMaxSize,
                retentionMs,
                checkIntervalMs,
                offsetMetadataMaxBytes);
    }
}
