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
package io.skiff.broker.group.consumer;

import io.skiff.broker.group.assignor.PartitionAssignor;
import io.skiff.broker.group.assignor.RangeAssignor;
import io.skiff.broker.group.assignor.UniformAssignor;
import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.config.BrokerConfig;
import java.util.List;
import java.util.Objects;

/**
 * Settings of the consumer group protocol (Kafka key in brackets): [group.consumer.session.timeout.ms],
 * [group.consumer.heartbeat.interval.ms], [group.consumer.max.size], [group.consumer.assignors] (the first
 * is the default), [group.consumer.migration.policy], and the groups' own settings that override the first two
 * per group ({@code consumer.session.timeout.ms}, {@code consumer.heartbeat.interval.ms}: {@link GroupConfigStore}).
 * Immutable, thread-safe (the store is thread-safe).
 */
public record ConsumerGroupConfig(
        int sessionTimeoutMs,
        int heartbeatIntervalMs,
        int maxSize,
        List<PartitionAssignor> assignors,
        MigrationPolicy migrationPolicy,
        GroupConfigStore groupConfigs) {

    /** Broker-wide settings only: no group has settings of its own (an empty in-memory store). */
    public ConsumerGroupConfig(
            int sessionTimeoutMs,
            int heartbeatIntervalMs,
            int maxSize,
            List<PartitionAssignor> assignors,
            MigrationPolicy migrationPolicy) {
        this(
                sessionTimeoutMs,
                heartbeatIntervalMs,
                maxSize,
                assignors,
                migrationPolicy,
                GroupConfigStore.inMemory(BrokerConfig.defaults()));
    }

    /** The session timeout of the group's members: the group's consumer.session.timeout.ms, else the broker's. */
    public int sessionTimeoutMs(String groupId) {
        return groupConfigs.consumerSessionTimeoutMs(groupId).orElse(sessionTimeoutMs);
    }

    /** The heartbeat interval the group's members are told: the group's consumer.heartbeat.interval.ms, else the broker's. */
    public int heartbeatIntervalMs(String groupId) {
        return groupConfigs.consumerHeartbeatIntervalMs(groupId).orElse(heartbeatIntervalMs);
    }

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
        Objects.requireNonNull(groupConfigs);
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
        return new ConsumerGroupConfig(ms, heartbeatIntervalMs, maxSize, assignors, migrationPolicy, groupConfigs);
    }

    public ConsumerGroupConfig withMaxSize(int size) {
        return new ConsumerGroupConfig(
                sessionTimeoutMs, heartbeatIntervalMs, size, assignors, migrationPolicy, groupConfigs);
    }

    public ConsumerGroupConfig withMigrationPolicy(MigrationPolicy policy) {
        return new ConsumerGroupConfig(sessionTimeoutMs, heartbeatIntervalMs, maxSize, assignors, policy, groupConfigs);
    }

    /** These settings with the groups' own from {@code store}. */
    public ConsumerGroupConfig withGroupConfigs(GroupConfigStore store) {
        return new ConsumerGroupConfig(
                sessionTimeoutMs, heartbeatIntervalMs, maxSize, assignors, migrationPolicy, store);
    }

    /** The assignor named {@code name}, or null. */
    public PartitionAssignor assignor(String name) {
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
