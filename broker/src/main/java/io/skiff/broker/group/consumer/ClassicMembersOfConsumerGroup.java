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
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.classic.ClassicMemberMetadata;
import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.LeaveResult;
import io.skiff.broker.group.classic.MemberIdentity;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.classic.SyncResult;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Classic consumers (JoinGroup, SyncGroup, Heartbeat, LeaveGroup) in a {@link ConsumerGroup}, as Kafka 4.1 serves
 * them (classicGroupJoinToConsumerGroup and its siblings): the consumer group's server-side assignor decides,
 * so a JoinGroup updates the member, the group epoch and the target assignment and reconciles the member at
 * once; the member's generation is its member epoch; SyncGroup hands it its assigned partitions serialized as a
 * ConsumerProtocolAssignment; Heartbeat answers REBALANCE_IN_PROGRESS when its assignment must change, so it
 * rejoins. Nobody waits in a JoinGroup or SyncGroup: there is no join phase and no leader. A static member's
 * JoinGroup that takes the place of the group's last consumer-protocol member converts the group to a classic
 * group instead ({@link StaticMemberDowngrade}).
 *
 * <p>Thread-safe: each call works under the group's lock. A call made on a group that was converted or emptied
 * meanwhile returns null, and the caller routes the request again.
 */
public final class ClassicMembersOfConsumerGroup {
    private static final Logger LOG = LoggerFactory.getLogger(ClassicMembersOfConsumerGroup.class);

    private final ConsumerGroupConfig config;
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final ConsumerGroupAssignments assignments;
    private final ConsumerGroupFencing fencing;
    private final StaticMemberDowngrade staticDowngrade;
    private final TopicsView topics;
    private final Clock clock;
    private final RecordsThenReply<JoinResult> replies;

    public ClassicMembersOfConsumerGroup(
            ConsumerGroupConfig config,
            GroupRegistry groups,
            CoordinatorWriter store,
            ConsumerGroupAssignments assignments,
            ConsumerGroupFencing fencing,
            StaticMemberDowngrade staticDowngrade,
            TopicsView topics,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.assignments = assignments;
        this.fencing = fencing;
        this.staticDowngrade = staticDowngrade;
        this.topics = topics;
        this.clock = clock;
        this.replies = new RecordsThenReply<>(
                store,
                clock,
                result -> result.error() != GroupError.NONE,
                result -> JoinResult.error(result.memberId(), GroupError.COORDINATOR_NOT_AVAILABLE));
    }

    // ------------------------------------------------------------------ JoinGroup

    /** JoinGroup to a consumer group with members; null if the group is no longer such a group. */
    public CompletableFuture<JoinResult> join(ConsumerGroup group, JoinGroupParams p) {
        return groups.withLock(group, () -> {
            if (group.isDead() || group.isEmpty()) {
                return null;
            }
            CompletableFuture<JoinResult> response = new CompletableFuture<>();
            List<KeyValue> records = new ArrayList<>();
            JoinResult result = joinLocked(group, p, records);
            replies.complete(group, response, result, records);
            return response;
        });
    }

    private JoinResult joinLocked(ConsumerGroup group, JoinGroupParams p, List<KeyValue> records) {
        boolean unknownMember = p.memberId().isEmpty();
        String memberId = unknownMember ? ConsumerHeartbeatRequests.newMemberId() : p.memberId();
        String instanceId = p.groupInstanceId();
        // Kafka 4.4 answers the errors it throws here without a member id (only MEMBER_ID_REQUIRED carries one).
        if (config.migrationPolicy() == ConsumerGroupConfig.MigrationPolicy.DISABLED) {
            LOG.info(
                    "Cannot join the consumer group {} with the classic protocol because the group migration is"
                            + " disabled.",
                    group.groupId());
            return JoinResult.error("", GroupError.INCONSISTENT_GROUP_PROTOCOL);
        }
        boolean known = group.hasMember(memberId) || (instanceId != null && group.staticMember(instanceId) != null);
        if (!known && group.size() >= config.maxSize()) {
            return JoinResult.error("", GroupError.GROUP_MAX_SIZE_REACHED);
        }
        if (!group.supportsClassicProtocols(p.protocolType(), p.protocols())) {
            return JoinResult.error("", GroupError.INCONSISTENT_GROUP_PROTOCOL);
        }
        if (unknownMember && instanceId == null && p.requireKnownMemberId()) {
            LOG.info(
                    "Dynamic member with unknown member id joins consumer group {}; it is asked to rejoin as {}",
                    group.groupId(),
                    memberId);
            return JoinResult.error(memberId, GroupError.MEMBER_ID_REQUIRED);
        }
        EmbeddedConsumerProtocol.Subscription subscription;
        try {
            subscription =
                    EmbeddedConsumerProtocol.subscription(p.protocols().get(0).metadata());
        } catch (IllegalArgumentException e) {
            return JoinResult.error("", GroupError.INCONSISTENT_GROUP_PROTOCOL);
        }
        ConsumerGroupMember member;
        boolean bumpEpoch = false;
        boolean downgrade = false;
        if (instanceId == null) {
            member = group.member(memberId);
            if (member == null) {
                member = new ConsumerGroupMember(memberId);
                group.addMember(member);
                bumpEpoch = true;
                LOG.info("Classic member {} joins consumer group {}", memberId, group.groupId());
            } else if (!member.usesClassicProtocol()) {
                // Kafka 4.4 looks the member up by id alone: a consumer-protocol member becomes a classic one.
                LOG.info("Member {} of consumer group {} moves to the classic protocol", memberId, group.groupId());
            }
        } else {
            ConsumerGroupMember previous = group.staticMember(instanceId);
            if (previous == null) {
                if (!unknownMember) {
                    return JoinResult.error("", GroupError.UNKNOWN_MEMBER_ID);
                }
                member = new ConsumerGroupMember(memberId);
                member.instanceId(instanceId);
                group.addMember(member);
                bumpEpoch = true;
            } else if (unknownMember) {
                // Left or not, whichever protocol it used (Kafka's getOrMaybeSubscribeStaticConsumerGroupMember).
                downgrade = staticDowngrade.applies(group, previous);
                member = StaticMemberReplacement.replace(group, previous, memberId, records);
                LOG.info(
                        "Static member {} of consumer group {} returns as classic member {}",
                        instanceId,
                        group.groupId(),
                        memberId);
            } else if (!previous.memberId().equals(memberId)) {
                // Kafka answers a fenced instance without a member id.
                return JoinResult.error("", GroupError.FENCED_INSTANCE_ID);
            } else {
                member = previous;
            }
        }
        boolean added = bumpEpoch; // only a new member bumps the epoch so far
        byte[] metadataBefore = added
                ? null
                : ConsumerGroupRecords.memberMetadata(group.groupId(), member).value();
        List<String> topicNames =
                subscription.topics().stream().distinct().sorted().toList();
        bumpEpoch |= !topicNames.equals(member.subscribedTopicNames()) || member.subscribedTopicRegex() != null;
        member.subscribedTopicNames(topicNames);
        member.subscribedTopicRegex(null);
        if (subscription.rackId() != null) {
            member.rackId(subscription.rackId());
        }
        if (p.rebalanceTimeoutMs() != -1) {
            member.rebalanceTimeoutMs(p.rebalanceTimeoutMs());
        }
        member.client(p.clientId(), p.clientHost());
        member.classicMetadata(new ClassicMemberMetadata(p.sessionTimeoutMs(), p.protocols()));
        // Kafka writes the member's metadata only when it changed (hasMemberSubscriptionChanged).
        KeyValue metadata = ConsumerGroupRecords.memberMetadata(group.groupId(), member);
        if (!Arrays.equals(metadataBefore, metadata.value())) {
            records.add(metadata);
            group.markMemberPersisted(member.memberId());
        }
        MemberAssignment owned = EmbeddedConsumerProtocol.byTopicId(subscription.ownedPartitions(), topics);
        if (downgrade) {
            return staticDowngrade.join(group, member, bumpEpoch, owned, records);
        }
        assignments.updateGroup(group, bumpEpoch, records);
        if (assignments.reconcile(group, member, owned, records)) {
            if (member.state() == ConsumerGroupMember.State.UNREVOKED_PARTITIONS) {
                fencing.scheduleRevocation(group, member);
            } else {
                member.cancelRevocationTimer();
            }
        }
        member.cancelJoinTimer();
        fencing.scheduleSession(group, member);
        fencing.scheduleSync(group, member);
        return reconciledJoinResult(member);
    }

    // ------------------------------------------------------------------ SyncGroup

    /** SyncGroup of a classic member; null if the group was converted meanwhile. */
    public CompletableFuture<SyncResult> sync(ConsumerGroup group, SyncGroupParams params) {
        return groups.withLock(group, () -> {
            if (group.isDead()) {
                return null;
            }
            return CompletableFuture.completedFuture(syncLocked(group, params));
        });
    }

    /** The member's current assignment; the leader's assignments in {@code params} are not used. */
    private SyncResult syncLocked(ConsumerGroup group, SyncGroupParams params) {
        ConsumerGroupMember member = group.member(params.memberId());
        GroupError error = validateClassicMember(
                group, member, params.memberId(), params.groupInstanceId(), params.generationId());
        if (error != GroupError.NONE) {
            return SyncResult.error(error);
        }
        String expectedName = member.classicMetadata().preferredProtocol().name();
        if ((params.protocolType() != null && !ConsumerGroup.PROTOCOL_TYPE.equals(params.protocolType()))
                || (params.protocolName() != null && !expectedName.equals(params.protocolName()))) {
            return SyncResult.error(GroupError.INCONSISTENT_GROUP_PROTOCOL);
        }
        if (group.groupEpoch() > member.memberEpoch()
                && member.state() != ConsumerGroupMember.State.UNREVOKED_PARTITIONS) {
            fencing.scheduleJoinIfAbsent(group, member);
            return SyncResult.error(GroupError.REBALANCE_IN_PROGRESS);
        }
        member.cancelSyncTimer();
        fencing.scheduleSession(group, member);
        short version = EmbeddedConsumerProtocol.version(
                member.classicMetadata().preferredProtocol().metadata());
        return new SyncResult(
                ConsumerGroup.PROTOCOL_TYPE,
                expectedName,
                EmbeddedConsumerProtocol.serializeAssignment(member.assigned(), version, topics),
                GroupError.NONE);
    }

    // ------------------------------------------------------------------ Heartbeat

    /** Heartbeat of a classic member; null if the group was converted meanwhile. */
    public GroupError heartbeat(ConsumerGroup group, String memberId, String instanceId, int generationId) {
        return groups.withLock(group, () -> {
            if (group.isDead()) {
                return null;
            }
            ConsumerGroupMember member = group.member(memberId);
            GroupError error = validateClassicMember(group, member, memberId, instanceId, generationId);
            if (error != GroupError.NONE) {
                return error;
            }
            fencing.scheduleSession(group, member);
            // Rejoin when the group epoch moved, when partitions must be revoked, or when the partitions the member
            // waited for are free now.
            if (member.memberEpoch() < group.groupEpoch()
                    || member.state() == ConsumerGroupMember.State.UNREVOKED_PARTITIONS
                    || (member.state() == ConsumerGroupMember.State.UNRELEASED_PARTITIONS
                            && !group.waitingOnUnreleasedPartition(member))) {
                fencing.scheduleJoinIfAbsent(group, member);
                return GroupError.REBALANCE_IN_PROGRESS;
            }
            return GroupError.NONE;
        });
    }

    /**
     * Kafka's validateConsumerGroupMember, throwIfMemberDoesNotUseClassicProtocol and
     * throwIfGenerationIdUnmatched.
     */
    private static GroupError validateClassicMember(
            ConsumerGroup group, ConsumerGroupMember member, String memberId, String instanceId, int generationId) {
        if (instanceId != null) {
            ConsumerGroupMember holder = group.staticMember(instanceId);
            if (holder == null) {
                return GroupError.UNKNOWN_MEMBER_ID;
            }
            if (!holder.memberId().equals(memberId)) {
                return GroupError.FENCED_INSTANCE_ID;
            }
        }
        if (member == null || !member.usesClassicProtocol()) {
            return GroupError.UNKNOWN_MEMBER_ID;
        }
        return generationId == member.memberEpoch() ? GroupError.NONE : GroupError.ILLEGAL_GENERATION;
    }

    // ------------------------------------------------------------------ LeaveGroup

    /**
     * LeaveGroup (by member id, or by instance id for an administrative removal) of members of either protocol: Kafka
     * 4.4 removes a consumer-protocol member this way too. Each answer carries the member id the request named.
     */
    public LeaveResult leave(ConsumerGroup group, List<MemberIdentity> leaving) {
        return groups.withLock(group, () -> {
            if (group.isDead()) {
                return null;
            }
            List<LeaveResult.MemberResult> results = new ArrayList<>();
            List<ConsumerGroupMember> removed = new ArrayList<>();
            for (MemberIdentity identity : leaving) {
                String memberId = identity.memberId() == null ? "" : identity.memberId();
                String instanceId = identity.groupInstanceId();
                ConsumerGroupMember member;
                GroupError error = GroupError.NONE;
                if (instanceId == null) {
                    member = group.member(memberId);
                } else {
                    member = group.staticMember(instanceId);
                    if (member != null
                            && !memberId.isEmpty()
                            && !member.memberId().equals(memberId)) {
                        error = GroupError.FENCED_INSTANCE_ID;
                    }
                }
                if (error == GroupError.NONE && member == null) {
                    error = GroupError.UNKNOWN_MEMBER_ID;
                }
                results.add(new LeaveResult.MemberResult(memberId, instanceId, error));
                if (error == GroupError.NONE && !removed.contains(member)) {
                    LOG.info(
                            "Member {} leaves consumer group {} through LeaveGroup (reason: {})",
                            member.memberId(),
                            group.groupId(),
                            identity.reason() == null ? "not provided" : identity.reason());
                    removed.add(member);
                }
            }
            if (!removed.isEmpty()) {
                fencing.write(group, fencing.fence(group, removed, "left through LeaveGroup"));
            }
            return new LeaveResult(GroupError.NONE, results);
        });
    }

    // ------------------------------------------------------------------ helpers

    /**
     * The answer to a classic member of a consumer group (or of a group just converted from one): no member list, no
     * leader, the member's epoch as generation and its preferred protocol, as Kafka answers a reconciled member.
     */
    public static JoinResult reconciledJoinResult(ConsumerGroupMember member) {
        return new JoinResult(
                List.of(),
                member.memberId(),
                member.memberEpoch(),
                ConsumerGroup.PROTOCOL_TYPE,
                member.classicMetadata().preferredProtocol().name(),
                "",
                false,
                GroupError.NONE);
    }
}
