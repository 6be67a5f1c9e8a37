package io.skiff.broker.group;

import io.skiff.broker.group.assignor.PartitionAssignor;
import io.skiff.broker.group.assignor.RangeAssignor;
import io.skiff.broker.group.assignor.UniformAssignor;
import java.util.List;

/**
 * Settings of the consumer group protocol (Kafka key in brackets): [group.consumer.session.timeout.ms],
 * [group.consumer.heartbeat.interval.ms], [group.consumer.max.size], [group.consumer.assignors] (the first
 * is the default), [group.consumer.migration.policy]. Immutable, thread-safe.
 */
public record ConsumerGroupConfig(
        int sessionTimeoutMs,
        int heartbeatIntervalMs,
        int maxSize,
        List<PartitionAssignor> assignors,
        MigrationPolicy migrationPolicy) {

    /** [group.consumer.migration.policy]: which conversions between the classic and consumer protocols a live group may make. */
    public enum MigrationPolicy {
        DISABLED,
        UPGRADE,
        DOWNGRADE,
        BIDIRECTIONAL;

        public boolean upgradeAllowed() {
            return this == UPGRADE || this == BIDIRECTIONAL;
        }

        public boolean downgradeAllowed() {
            return this == DOWNGRADE || this == BIDIRECTIONAL;
        }
    }

    public ConsumerGroupConfig {
        assignors = List.copyOf(assignors);
        if (assignors.isEmpty()) {
            throw new IllegalArgumentException("at least one assignor is needed");
        }
    }

    /** Skiff's defaults (see the README's configuration table): Kafka's, with a 500 ms heartbeat interval. */
    public static ConsumerGroupConfig defaults() {
        return new ConsumerGroupConfig(
                45_000,
                500,
                Integer.MAX_VALUE,
                List.of(new UniformAssignor(), new RangeAssignor()),
                MigrationPolicy.BIDIRECTIONAL);
    }

    public ConsumerGroupConfig withSessionTimeoutMs(int ms) {
        return new ConsumerGroupConfig(ms, heartbeatIntervalMs, maxSize, assignors, migrationPolicy);
    }

    public ConsumerGroupConfig withMaxSize(int size) {
        return new ConsumerGroupConfig(sessionTimeoutMs, heartbeatIntervalMs, size, assignors, migrationPolicy);
    }

    public ConsumerGroupConfig withMigrationPolicy(MigrationPolicy policy) {
        return new ConsumerGroupConfig(sessionTimeoutMs, heartbeatIntervalMs, maxSize, assignors, policy);
    }

    /** The assignor named {@code name}, or null. */
    PartitionAssignor assignor(String name) {
        for (PartitionAssignor a : assignors) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        return null;
    }

    /** Assignor names by the names Kafka accepts in group.consumer.assignors (short names or Kafka's class names). */
    public static PartitionAssignor assignorByConfigName(String name) {
        switch (name.trim()) {
            case "uniform":
            case "org.apache.kafka.coordinator.group.assignor.UniformAssignor":
                return new UniformAssignor();
            case "range":
            case "org.apache.kafka.coordinator.group.assignor.RangeAssignor":
                return new RangeAssignor();
            default:
                return null;
        }
    }
}
