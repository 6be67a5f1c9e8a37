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

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.ClassicGroupHandover;
import io.skiff.broker.group.common.GroupRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How members leave a {@link ConsumerGroup}: by leaving, or fenced by one of their timers (session, partition
 * revocation, and for classic-protocol members the join and sync timeouts). When the member that goes is the
 * last one of the consumer protocol and {@link ConsumerGroupDowngrade} allows it, the group is converted to a
 * classic group instead, which then rebalances (Kafka's consumerGroupFenceMembers and convertToClassicGroup).
 *
 * <p>Thread-safe: called under the group's lock; timers take it when they fire.
 */
public final class ConsumerGroupFencing {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerGroupFencing.class);

    private final ConsumerGroupConfig config;
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final CoordinatorScheduler scheduler;
    private final ConsumerGroupAssignments assignments;
    private final ConsumerGroupDowngrade downgrades;
    private final ClassicGroupHandover adopter;
    private final Clock clock;

    public ConsumerGroupFencing(
            ConsumerGroupConfig config,
            GroupRegistry groups,
            CoordinatorWriter store,
            CoordinatorScheduler scheduler,
            ConsumerGroupAssignments assignments,
            ConsumerGroupDowngrade downgrades,
            ClassicGroupHandover adopter,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.scheduler = scheduler;
        this.assignments = assignments;
        this.downgrades = downgrades;
        this.adopter = adopter;
        this.clock = clock;
    }

    /**
     * Removes {@code member} (left, fenced, expired), or downgrades the group without it. Returns the records the
     * caller writes; a downgrade writes its own (the group is then dead and its classic successor registered).
     */
    public List<KeyValue> fence(ConsumerGroup group, ConsumerGroupMember member, String why) {
        return fence(group, List.of(member), why);
    }

    /**
     * Removes {@code leaving} (members of the group, of either protocol) at once, as Kafka's consumerGroupFenceMembers:
     * one new group epoch, or a downgrade if only classic members remain.
     */
    public List<KeyValue> fence(ConsumerGroup group, List<ConsumerGroupMember> leaving, String why) {
        Set<String> ids = new LinkedHashSet<>();
        leaving.forEach(m -> ids.add(m.memberId()));
        if (downgrades.allowedWithout(group, ids)) {
            downgrade(group, ids, why);
            return List.of();
        }
        return removeMembers(group, leaving, why);
    }

    /**
     * Removes members: their tombstones and a new group epoch without them (the target follows at the next
     * heartbeat, or at once when no member is left).
     */
    private List<KeyValue> removeMembers(ConsumerGroup group, List<ConsumerGroupMember> leaving, String why) {
        List<KeyValue> records = new ArrayList<>();
        for (ConsumerGroupMember member : leaving) {
            group.removeMember(member.memberId());
            group.markMemberUnpersisted(member.memberId());
            LOG.info("Member {} of consumer group {} {}", member.memberId(), group.groupId(), why);
            records.addAll(ConsumerGroupRecords.memberTombstones(group.groupId(), member.memberId()));
        }
        group.subscribedTopics(assignments.resolveSubscribedTopics(group));
        group.groupEpoch(group.groupEpoch() + 1);
        records.add(ConsumerGroupRecords.groupMetadata(group.groupId(), group.groupEpoch()));
        if (group.isEmpty()) {
            // as Kafka 4.4: the last member's leave also writes the (empty) target assignment at the new epoch
            records.addAll(assignments.computeTargetAssignment(group));
        }
        return records;
    }

    private void downgrade(ConsumerGroup group, Set<String> leaving, String why) {
        List<KeyValue> records = new ArrayList<>();
        ClassicGroup classic = downgrades.convert(group, leaving, records);
        if (classic == null) {
            return;
        }
        LOG.info(
                "Members {} of consumer group {} {}; the group becomes a classic group", leaving, group.groupId(), why);
        write(group, records);
        adopter.adopt(classic, "Downgrade group " + group.groupId() + " from consumer to classic for member leaving.");
    }

    // ------------------------------------------------------------------ timers

    /**
     * (Re)starts the member's session: a classic member's own session timeout, else the group's (its
     * consumer.session.timeout.ms, else the broker's), read at each heartbeat as Kafka does.
     */
    public void scheduleSession(ConsumerGroup group, ConsumerGroupMember member) {
        long epoch = member.nextSessionEpoch();
        member.sessionTimer(scheduler.schedule(
                member.sessionTimeoutMs(config.sessionTimeoutMs(group.groupId())),
                () -> groups.withLock(group, () -> {
                    if (isGone(group, member) || member.sessionEpoch() != epoch) {
                        return;
                    }
                    write(group, fence(group, member, "expired (session timeout)"));
                })));
    }

    /** The member must give up its pending partitions within its rebalance timeout, or it is fenced. */
    public void scheduleRevocation(ConsumerGroup group, ConsumerGroupMember member) {
        int epoch = member.memberEpoch();
        MemberAssignment pending = member.pendingRevocation();
        member.revocationTimer(scheduler.schedule(
                rebalanceTimeout(member),
                () -> groups.withLock(group, () -> {
                    if (isGone(group, member)
                            || member.state() != ConsumerGroupMember.State.UNREVOKED_PARTITIONS
                            || member.memberEpoch() != epoch
                            || !member.pendingRevocation().equals(pending)) {
                        return;
                    }
                    write(group, fence(group, member, "fenced (partitions not revoked within the rebalance timeout)"));
                })));
    }

    /** A classic member asked to rejoin must send JoinGroup within its rebalance timeout (kept if already set). */
    public void scheduleJoinIfAbsent(ConsumerGroup group, ConsumerGroupMember member) {
        if (member.hasJoinTimer()) {
            return;
        }
        member.joinTimer(scheduler.schedule(
                rebalanceTimeout(member),
                () -> groups.withLock(group, () -> {
                    if (!isGone(group, member)) {
                        write(group, fence(group, member, "fenced (the classic member failed to rejoin in time)"));
                    }
                })));
    }

    /** A classic member that joined must send SyncGroup within its rebalance timeout. */
    public void scheduleSync(ConsumerGroup group, ConsumerGroupMember member) {
        member.syncTimer(scheduler.schedule(
                rebalanceTimeout(member),
                () -> groups.withLock(group, () -> {
                    if (!isGone(group, member)) {
                        write(group, fence(group, member, "fenced (the member failed to sync in time)"));
                    }
                })));
    }

    private int rebalanceTimeout(ConsumerGroupMember member) {
        return member.rebalanceTimeoutMs() > 0 ? member.rebalanceTimeoutMs() : config.sessionTimeoutMs();
    }

    private static boolean isGone(ConsumerGroup group, ConsumerGroupMember member) {
        return group.isDead() || group.member(member.memberId()) != member;
    }

    public void write(ConsumerGroup group, List<KeyValue> records) {
        if (records.isEmpty()) {
            return;
        }
        store.append(group.groupId(), records, clock.millis()).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.warn("Failed to write records of consumer group {}", group.groupId(), failure);
            }
        });
    }
}
