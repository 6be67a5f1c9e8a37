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
