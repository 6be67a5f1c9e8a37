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
package io.skiff.broker.group.streams;

import io.skiff.broker.group.common.GroupConfigStore;
import java.util.Map;

/**
 * Settings of streams groups: the broker's defaults, which a group's own settings ({@code streams.session.timeout.ms},
 * {@code streams.heartbeat.interval.ms}, {@code streams.num.standby.replicas}, {@code streams.acceptable.recovery.lag}, from {@link GroupConfigStore}) override,
 * read at each heartbeat as Kafka does. Skiff's heartbeat interval default is 500 ms (Kafka's 5 s) for fast
 * rebalances in tests, as for consumer groups. Immutable, thread-safe.
 */
public record StreamsGroupConfig(
        int sessionTimeoutMs,
        int heartbeatIntervalMs,
        int numStandbyReplicas,
        int taskOffsetIntervalMs,
        long acceptableRecoveryLag,
        int maxSize,
        GroupConfigStore groupConfigs) {

    public static StreamsGroupConfig defaults(GroupConfigStore groupConfigs) {
        return new StreamsGroupConfig(45_000, 500, 0, 60_000, 10_000, Integer.MAX_VALUE, groupConfigs);
    }

    public int sessionTimeoutMs(String groupId) {
        return intOverride(groupId, "streams.session.timeout.ms", sessionTimeoutMs);
    }

    public int heartbeatIntervalMs(String groupId) {
        return intOverride(groupId, "streams.heartbeat.interval.ms", heartbeatIntervalMs);
    }

    public int numStandbyReplicas(String groupId) {
        return intOverride(groupId, "streams.num.standby.replicas", numStandbyReplicas);
    }

    public long acceptableRecoveryLag(String groupId) {
        String value = groupConfigs.overrides(groupId).get("streams.acceptable.recovery.lag");
        return value == null ? acceptableRecoveryLag : Long.parseLong(value.trim());
    }

    private int intOverride(String groupId, String key, int fallback) {
        Map<String, String> overrides = groupConfigs.overrides(groupId);
        String value = overrides.get(key);
        return value == null ? fallback : Integer.parseInt(value.trim());
    }
}
