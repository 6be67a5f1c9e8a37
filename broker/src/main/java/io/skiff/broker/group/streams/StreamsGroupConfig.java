package io.skiff.broker.group.streams;

import io.skiff.broker.group.common.GroupConfigStore;
import java.util.Map;

/**
 * Settings of streams groups: the broker's defaults, which a group's own settings ({@code streams.session.timeout.ms},
 * {@code streams.heartbeat.interval.ms}, {@code streams.num.standby.replicas}, from {@link GroupConfigStore}) override,
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

    private int intOverride(String groupId, String key, int fallback) {
        Map<String, String> overrides = groupConfigs.overrides(groupId);
        String value = overrides.get(key);
        return value == null ? fallback : Integer.parseInt(value.trim());
    }
}
