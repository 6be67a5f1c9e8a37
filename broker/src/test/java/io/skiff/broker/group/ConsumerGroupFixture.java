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
package io.skiff.broker.group;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.coordinator.InMemoryRecordLog;
import io.skiff.broker.coordinator.ManualScheduler;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.broker.group.consumer.ConsumerGroupConfig.MigrationPolicy;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.group.consumer.ConsumerHeartbeat;
import io.skiff.broker.group.consumer.ConsumerHeartbeatResult;
import io.skiff.broker.group.consumer.MemberAssignment;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A coordinator with consumer groups on a manual clock, an in-memory log and {@link FakeTopics}, with
 * helpers that send heartbeats as a consumer-protocol client would. Not thread-safe.
 */
final class ConsumerGroupFixture implements AutoCloseable {
    static final int SESSION_MS = 10_000;
    static final int REBALANCE_MS = 30_000;

    final ManualScheduler scheduler = new ManualScheduler(1_000_000L);
    final InMemoryRecordLog log = new InMemoryRecordLog(4);
    final FakeTopics topics = new FakeTopics();
    final ConsumerGroupConfig config;
    final GroupCoordinatorConfig classicConfig;
    GroupCoordinator coordinator;

    ConsumerGroupFixture() {
        this(ConsumerGroupConfig.defaults().withSessionTimeoutMs(SESSION_MS));
    }

    ConsumerGroupFixture(ConsumerGroupConfig config) {
        this(config, GroupCoordinatorConfig.defaults());
    }

    /** A fixture whose groups migrate between the protocols as {@code policy} allows, classic groups per {@code classic}. */
    static ConsumerGroupFixture withMigrationPolicy(MigrationPolicy policy, GroupCoordinatorConfig classic) {
        return new ConsumerGroupFixture(
                ConsumerGroupConfig.defaults().withSessionTimeoutMs(SESSION_MS).withMigrationPolicy(policy), classic);
    }

    ConsumerGroupFixture(ConsumerGroupConfig config, GroupCoordinatorConfig classicConfig) {
        this.config = config;
        this.classicConfig = classicConfig;
        this.coordinator = newCoordinator();
    }

    private GroupCoordinator newCoordinator() {
        GroupCoordinator c =
                new GroupCoordinator(classicConfig, config, topics, log, scheduler, scheduler.clock, Runnable::run);
        c.load();
        return c;
    }

    /** Simulates a broker restart over the same log. */
    void restart() {
        coordinator.close();
        coordinator = newCoordinator();
    }

    ConsumerHeartbeatResult send(ConsumerHeartbeat h) {
        return coordinator.consumerGroupHeartbeat(h).join();
    }

    /** A join (epoch 0) subscribing to {@code topics}. */
    ConsumerHeartbeatResult join(String group, String memberId, String instanceId, String assignor, String... topics) {
        return send(new ConsumerHeartbeat(
                group,
                memberId,
                0,
                instanceId,
                null,
                REBALANCE_MS,
                List.of(topics),
                null,
                assignor,
                MemberAssignment.EMPTY,
                "client-" + memberId,
                "/127.0.0.1",
                (short) 1));
    }

    ConsumerHeartbeatResult joinRegex(String group, String memberId, String regex) {
        return send(new ConsumerHeartbeat(
                group,
                memberId,
                0,
                null,
                null,
                REBALANCE_MS,
                null,
                regex,
                null,
                MemberAssignment.EMPTY,
                "client-" + memberId,
                "/127.0.0.1",
                (short) 1));
    }

    /** A plain heartbeat at {@code epoch}; {@code owned} null = not sent (unchanged). */
    ConsumerHeartbeatResult heartbeat(String group, String memberId, int epoch, MemberAssignment owned) {
        return heartbeat(group, memberId, null, epoch, owned);
    }

    ConsumerHeartbeatResult heartbeat(
            String group, String memberId, String instanceId, int epoch, MemberAssignment owned) {
        return send(new ConsumerHeartbeat(
                group, memberId, epoch, instanceId, null, -1, null, null, null, owned, null, null, (short) 1));
    }

    ConsumerHeartbeatResult leave(String group, String memberId, String instanceId, int epoch) {
        return send(new ConsumerHeartbeat(
                group, memberId, epoch, instanceId, null, -1, null, null, null, null, null, null, (short) 1));
    }

    static ConsumerHeartbeatResult ok(ConsumerHeartbeatResult r) {
        assertEquals(GroupError.NONE, r.error(), () -> "" + r.errorMessage());
        return r;
    }

    static MemberAssignment assignment(UUID topic, Integer... partitions) {
        Map<UUID, Set<Integer>> m = new HashMap<>();
        m.put(topic, Set.of(partitions));
        return new MemberAssignment(m);
    }

    ConsumerGroupDescription describe(String group) {
        return coordinator.describeConsumerGroup(group);
    }

    @Override
    public void close() {
        coordinator.close();
    }

    /** {@code group} as ListGroups lists it. */
    GroupOverview overview(String group) {
        return coordinator.listGroups(Set.of(), Set.of()).stream()
                .filter(o -> o.groupId().equals(group))
                .findFirst()
                .orElseThrow();
    }
}
