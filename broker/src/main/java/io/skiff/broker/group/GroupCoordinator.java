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

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.CoordinatorThreads;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.LeaveResult;
import io.skiff.broker.group.classic.MemberIdentity;
import io.skiff.broker.group.classic.MembershipManager;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.classic.SyncResult;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.group.consumer.ClassicMembersOfConsumerGroup;
import io.skiff.broker.group.consumer.ConsumerGroup;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.group.consumer.ConsumerGroupManager;
import io.skiff.broker.group.consumer.ConsumerHeartbeat;
import io.skiff.broker.group.consumer.ConsumerHeartbeatResult;
import io.skiff.broker.group.consumer.StaticMemberDowngrade;
import io.skiff.broker.group.offsets.CommittedOffsets;
import io.skiff.broker.group.offsets.OffsetDeleteResult;
import io.skiff.broker.group.offsets.OffsetFetchResult;
import io.skiff.broker.group.offsets.OffsetManager;
import io.skiff.broker.group.offsets.OffsetRemovals;
import io.skiff.broker.group.offsets.OffsetsContext;
import io.skiff.broker.group.streams.InternalTopicAuthorization;
import io.skiff.broker.group.streams.InternalTopicCreator;
import io.skiff.broker.group.streams.StreamsGroup;
import io.skiff.broker.group.streams.StreamsGroupConfig;
import io.skiff.broker.group.streams.StreamsGroupDescription;
import io.skiff.broker.group.streams.StreamsGroupManager;
import io.skiff.broker.group.streams.StreamsHeartbeat;
import io.skiff.broker.group.streams.StreamsHeartbeatResult;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group coordinator of this (single) broker: every group's coordinator is us. It holds classic groups
 * (JoinGroup/SyncGroup) and consumer groups (KIP-848, ConsumerGroupHeartbeat) behind one {@link Group}
 * model, with committed offsets kept apart by group id. Domain API only — handlers translate the wire
 * messages. Group state lives in memory; offsets and group records are records of
 * {@code __consumer_offsets} (via {@link CoordinatorRecordLog}), replayed by {@link #load()} at startup:
 * classic groups come back Empty with their offsets, consumer groups with their members, epochs and
 * assignments (members that do not return are removed when their session times out).
 *
 * <p>Thread-safe. Each group has its own lock; no lock is held while records are written.
 */
public final class GroupCoordinator implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCoordinator.class);
    private final GroupCoordinatorConfig config;
    private final CoordinatorRecordLog recordLog;
    private final CoordinatorScheduler scheduler;
    private final Clock clock;
    private final GroupRegistry groups = new GroupRegistry();
    private final CommittedOffsets committed = new CommittedOffsets();
    private final CoordinatorWriter store;
    private final MembershipManager membership;
    private final OffsetManager offsets;
    private final OffsetRemovals removals;
    private final ConsumerGroupManager consumerGroups;
    private final ClassicMembersOfConsumerGroup classicMembersOfConsumerGroups;
    private final StreamsGroupManager streamsGroups;
    private final TopicsView topics;
    private final GroupConfigStore groupConfigs;
    private final List<AutoCloseable> owned = new ArrayList<>();
    private CoordinatorScheduler.Cancellable expiryTask;
    private volatile Predicate<String> shareGroupIds = id -> false;

    /**
     * @param writer runs the appends to {@code recordLog}; must run tasks in submission order (one thread)
     */
    public GroupCoordinator(
            GroupCoordinatorConfig config,
            ConsumerGroupConfig consumerConfig,
            TopicsView topics,
            CoordinatorRecordLog recordLog,
            CoordinatorScheduler scheduler,
            Clock clock,
            Executor writer) {
        this(config, consumerConfig, topics, InternalTopicCreator.NONE, recordLog, scheduler, clock, writer);
    }

    /**
     * @param internalTopics creates the repartition and changelog topics of streams groups
     * @param writer runs the appends to {@code recordLog}; must run tasks in submission order (one thread)
     */
    public GroupCoordinator(
            GroupCoordinatorConfig config,
            ConsumerGroupConfig consumerConfig,
            TopicsView topics,
            InternalTopicCreator internalTopics,
            CoordinatorRecordLog recordLog,
            CoordinatorScheduler scheduler,
            Clock clock,
            Executor writer) {
        this.config = config;
        this.recordLog = recordLog;
        this.scheduler = scheduler;
        this.clock = clock;
        this.topics = topics;
        this.groupConfigs = consumerConfig.groupConfigs();
        this.store = new CoordinatorWriter(recordLog, writer);
        this.membership = new MembershipManager(config, groups, store, scheduler, clock);
        OffsetsContext offsetsContext = new OffsetsContext(config, groups, store, committed, membership, clock, topics);
        this.offsets = new OffsetManager(offsetsContext);
        this.removals = new OffsetRemovals(offsetsContext);
        this.consumerGroups = new ConsumerGroupManager(
                consumerConfig, config.groupMaxSize(), groups, store, scheduler, topics, membership, clock);
        this.classicMembersOfConsumerGroups = new ClassicMembersOfConsumerGroup(
                consumerConfig,
                groups,
                store,
                consumerGroups.assignments(),
                consumerGroups.fencing(),
                new StaticMemberDowngrade(consumerGroups.downgrades(), consumerGroups.assignments(), membership),
                topics,
                clock);
        this.streamsGroups = new StreamsGroupManager(
                StreamsGroupConfig.defaults(groupConfigs), groups, store, scheduler, topics, internalTopics, clock);
    }

    /** A coordinator of classic groups and consumer groups with default consumer-group settings and no topics. */
    public GroupCoordinator(
            GroupCoordinatorConfig config,
            CoordinatorRecordLog recordLog,
            CoordinatorScheduler scheduler,
            Clock clock,
            Executor writer) {
        this(config, ConsumerGroupConfig.defaults(), TopicsView.NONE, recordLog, scheduler, clock, writer);
    }

    /**
     * A coordinator with its own timer thread and writer thread, loaded from {@code recordLog} and with
     * offset expiry running; {@link #close()} stops both threads.
     */
    public static GroupCoordinator start(
            GroupCoordinatorConfig config,
            ConsumerGroupConfig consumerConfig,
            TopicsView topics,
            CoordinatorRecordLog recordLog,
            Clock clock) {
        return start(config, consumerConfig, topics, InternalTopicCreator.NONE, recordLog, clock);
    }

    /** As {@link #start(GroupCoordinatorConfig, ConsumerGroupConfig, TopicsView, CoordinatorRecordLog, Clock)}, creating streams groups' internal topics with {@code internalTopics}. */
    public static GroupCoordinator start(
            GroupCoordinatorConfig config,
            ConsumerGroupConfig consumerConfig,
            TopicsView topics,
            InternalTopicCreator internalTopics,
            CoordinatorRecordLog recordLog,
            Clock clock) {
        CoordinatorThreads threads = new CoordinatorThreads("group", clock);
        GroupCoordinator coordinator = new GroupCoordinator(
                config,
                consumerConfig,
                topics,
                internalTopics,
                recordLog,
                threads.scheduler(),
                clock,
                threads.writer());
        coordinator.owned.add(threads);
        try {
            coordinator.load();
        } catch (RuntimeException e) {
            // a log that cannot be replayed must not leave the writer and timer threads running
            coordinator.close();
            throw e;
        }
        coordinator.startOffsetExpiry();
        return coordinator;
    }

    /**
     * The ids of the share groups, which live outside this coordinator (KIP-932): the classic, consumer and streams
     * APIs refuse them as Kafka 4.4 refuses a group of another type.
     */
    public void shareGroups(Predicate<String> ids) {
        this.shareGroupIds = ids;
    }

    /** Whether a classic, consumer or streams group (or the committed offsets of one) has the id. */
    public boolean hasGroup(String groupId) {
        Group g = groupId == null ? null : groups.get(groupId);
        return g != null && !g.isDead();
    }

    private boolean isShareGroup(String groupId) {
        return groupId != null && groups.get(groupId) == null && shareGroupIds.test(groupId);
    }

    /** The groups' own configurations (config resource type GROUP), which consumer groups consult. */
    public GroupConfigStore groupConfigs() {
        return groupConfigs;
    }

    // ------------------------------------------------------------------ lifecycle

    /**
     * Replays {@code __consumer_offsets}: classic groups return Empty, keeping generation, protocol type and
     * offsets; consumer groups return with their members, epochs and assignments.
     */
    public void load() {
        int records = new GroupLoader(groups, committed, offsets, consumerGroups, streamsGroups, clock).load(recordLog);
        LOG.info(
                "Loaded {} groups from {} records of __consumer_offsets",
                groups.all().size(),
                records);
    }

    /** Starts the periodic offset expiry (offsets.retention.check.interval.ms). */
    public void startOffsetExpiry() {
        expiryTask = scheduler.schedulePeriodic(config.offsetsRetentionCheckIntervalMs(), removals::expireOffsets);
    }

    /** Runs one offset-expiry pass now; returns how many offsets were removed. */
    public int expireOffsets() {
        return removals.expireOffsets();
    }

    @Override
    public void close() {
        if (expiryTask != null) {
            expiryTask.cancel();
        }
        for (ClassicGroup g : groups.all(ClassicGroup.class)) {
            groups.withLock(g, () -> membership.cancelTimers(g));
        }
        consumerGroups.cancelTimers();
        streamsGroups.cancelTimers();
        for (AutoCloseable c : owned) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.warn("Error while closing the group coordinator", e);
            }
        }
    }

    /** The {@code __consumer_offsets} partition holding a group's records. */
    public int partitionFor(String groupId) {
        return store.partitionFor(groupId);
    }

    /** That partition as a transaction names it (AddOffsetsToTxn, TxnOffsetCommit). */
    public TopicPartition offsetsPartition(String groupId) {
        return new TopicPartition(ConsumerOffsetsLog.TOPIC, partitionFor(groupId));
    }

    // ------------------------------------------------------------------ membership

    /**
     * JoinGroup. A consumer group with members serves classic members itself (Kafka 4.1); otherwise the classic
     * protocol does, converting an empty consumer group.
     */
    public CompletableFuture<JoinResult> joinGroup(JoinGroupParams params) {
        if (isShareGroup(params.groupId()) || groups.get(params.groupId()) instanceof StreamsGroup) {
            // Kafka 4.4's classicGroupJoin: a group of another type that is not a consumer group, empty or not
            return CompletableFuture.completedFuture(JoinResult.error("", GroupError.INCONSISTENT_GROUP_PROTOCOL));
        }
        boolean valid = params.groupId() != null
                && !params.groupId().isEmpty()
                && params.sessionTimeoutMs() >= config.groupMinSessionTimeoutMs()
                && params.sessionTimeoutMs() <= config.groupMaxSessionTimeoutMs();
        while (valid && groups.get(params.groupId()) instanceof ConsumerGroup cg && !cg.isEmpty()) {
            CompletableFuture<JoinResult> response = classicMembersOfConsumerGroups.join(cg, params);
            if (response != null) {
                return response;
            }
        }
        return membership.joinGroup(params);
    }

    public CompletableFuture<SyncResult> syncGroup(SyncGroupParams params) {
        while (params.groupId() != null && groups.get(params.groupId()) instanceof ConsumerGroup cg) {
            CompletableFuture<SyncResult> response = classicMembersOfConsumerGroups.sync(cg, params);
            if (response != null) {
                return response;
            }
        }
        return membership.syncGroup(params);
    }

    public GroupError heartbeat(String groupId, String memberId, String groupInstanceId, int generationId) {
        while (groupId != null && groups.get(groupId) instanceof ConsumerGroup cg) {
            GroupError error = classicMembersOfConsumerGroups.heartbeat(cg, memberId, groupInstanceId, generationId);
            if (error != null) {
                return error;
            }
        }
        return membership.heartbeat(groupId, memberId, groupInstanceId, generationId);
    }

    public LeaveResult leaveGroup(String groupId, List<MemberIdentity> members) {
        while (groupId != null && groups.get(groupId) instanceof ConsumerGroup cg) {
            LeaveResult result = classicMembersOfConsumerGroups.leave(cg, members);
            if (result != null) {
                return result;
            }
        }
        return membership.leaveGroup(groupId, members);
    }

    // ------------------------------------------------------------------ offsets

    public CompletableFuture<Map<TopicPartition, GroupError>> commitOffsets(
            String groupId,
            String memberId,
            String groupInstanceId,
            int generationId,
            Map<TopicPartition, OffsetAndMetadata> offsetsToCommit,
            boolean unknownGroupIsNotFound) {
        if (isShareGroup(groupId)) {
            Map<TopicPartition, GroupError> refused = new java.util.LinkedHashMap<>();
            offsetsToCommit.keySet().forEach(tp -> refused.put(tp, GroupError.GROUP_ID_NOT_FOUND));
            return CompletableFuture.completedFuture(refused);
        }
        return offsets.commitOffsets(
                groupId, memberId, groupInstanceId, generationId, offsetsToCommit, unknownGroupIsNotFound);
    }

    /**
     * TxnOffsetCommit: offsets of a producer's open transaction, written as its transactional records and pending
     * until it ends.
     */
    public CompletableFuture<Map<TopicPartition, GroupError>> commitTransactionalOffsets(
            String groupId,
            long producerId,
            short producerEpoch,
            String memberId,
            String groupInstanceId,
            int generationId,
            Map<TopicPartition, OffsetAndMetadata> offsetsToCommit) {
        return offsets.commitTransactionalOffsets(
                groupId, producerId, producerEpoch, memberId, groupInstanceId, generationId, offsetsToCommit);
    }

    /** The end of a producer's transaction on one offsets partition: its pending offsets are committed or dropped. */
    public void completeTransaction(long producerId, int offsetsPartition, boolean commit) {
        offsets.completeTransaction(producerId, offsetsPartition, commit);
    }

    public OffsetFetchResult fetchOffsets(
            String groupId, List<TopicPartition> partitionsOrNull, boolean requireStable) {
        return offsets.fetchOffsets(groupId, null, -1, partitionsOrNull, requireStable);
    }

    /** OffsetFetch v9+: a consumer-protocol member names itself and its epoch (STALE_MEMBER_EPOCH if old). */
    public OffsetFetchResult fetchOffsets(
            String groupId,
            String memberId,
            int memberEpoch,
            List<TopicPartition> partitionsOrNull,
            boolean requireStable) {
        return offsets.fetchOffsets(groupId, memberId, memberEpoch, partitionsOrNull, requireStable);
    }

    // ------------------------------------------------------------------ consumer groups (KIP-848)

    public CompletableFuture<ConsumerHeartbeatResult> consumerGroupHeartbeat(ConsumerHeartbeat request) {
        if (isShareGroup(request.groupId())) {
            return CompletableFuture.completedFuture(ConsumerHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND, "Group " + request.groupId() + " is not a consumer group."));
        }
        return consumerGroups.heartbeat(request);
    }

    /** ConsumerGroupDescribe of one group: GROUP_ID_NOT_FOUND for unknown and classic groups, as Kafka answers. */
    public ConsumerGroupDescription describeConsumerGroup(String groupId) {
        return describe(
                groupId,
                ConsumerGroup.class,
                "consumer",
                ConsumerGroupDescription::error,
                cg -> ConsumerGroupDescription.of(
                        cg, consumerGroups.preferredAssignor(cg).name(), topics));
    }

    // ------------------------------------------------------------------ streams groups (KIP-1071)

    public CompletableFuture<StreamsHeartbeatResult> streamsGroupHeartbeat(StreamsHeartbeat request) {
        return streamsGroupHeartbeat(request, InternalTopicAuthorization.ALLOW_ALL);
    }

    /**
     * As {@link #streamsGroupHeartbeat(StreamsHeartbeat)}, creating missing internal topics only as {@code mayCreate}
     * allows.
     */
    public CompletableFuture<StreamsHeartbeatResult> streamsGroupHeartbeat(
            StreamsHeartbeat request, InternalTopicAuthorization mayCreate) {
        if (isShareGroup(request.groupId())) {
            return CompletableFuture.completedFuture(StreamsHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND, "Group " + request.groupId() + " is not a streams group."));
        }
        return streamsGroups.heartbeat(request, mayCreate);
    }

    /** StreamsGroupDescribe of one group: GROUP_ID_NOT_FOUND for unknown groups and groups of other kinds. */
    public StreamsGroupDescription describeStreamsGroup(String groupId) {
        return describe(
                groupId, StreamsGroup.class, "streams", StreamsGroupDescription::error, StreamsGroupDescription::of);
    }

    private <G extends Group, D> D describe(
            String groupId,
            Class<G> kind,
            String kindName,
            GroupDescribing.Refusal<D> refusal,
            Function<G, D> describe) {
        return GroupDescribing.one(groups, this::isShareGroup, groupId, kind, kindName, refusal, describe);
    }

    public CompletableFuture<OffsetDeleteResult> deleteOffsets(String groupId, List<TopicPartition> partitions) {
        if (isShareGroup(groupId)) {
            return CompletableFuture.completedFuture(new OffsetDeleteResult(GroupError.GROUP_ID_NOT_FOUND, Map.of()));
        }
        return removals.deleteOffsets(groupId, partitions);
    }

    /** Removes a deleted topic's committed offsets from every group (Kafka's onPartitionsDeleted). */
    public int deleteOffsetsOfTopic(String topic) {
        return removals.deleteOffsetsOfTopic(topic);
    }

    public CompletableFuture<Map<String, GroupError>> deleteGroups(List<String> groupIds) {
        return removals.deleteGroups(groupIds);
    }

    // ------------------------------------------------------------------ admin views

    /**
     * Groups matching the state filter (display names, case-insensitive; empty = all) and the type filter
     * ("classic", "consumer", case-insensitive; empty = all).
     */
    public List<GroupOverview> listGroups(Set<String> statesFilter, Set<String> typesFilter) {
        return GroupListing.list(groups, statesFilter, typesFilter);
    }

    /** Describes a classic group; unknown groups and consumer groups are Dead and GROUP_ID_NOT_FOUND, as Kafka does. */
    public GroupDescription describeGroup(String groupId) {
        if (groupId == null) {
            return new GroupDescription(groupId, GroupError.INVALID_GROUP_ID, "", "", "", List.of());
        }
        Group group = groups.get(groupId);
        if ((group != null && !(group instanceof ClassicGroup)) || isShareGroup(groupId)) {
            return GroupDescription.notFound(groupId, "Group " + groupId + " is not a classic group.");
        }
        ClassicGroup g = (ClassicGroup) group;
        if (g == null) {
            return GroupDescription.notFound(groupId, "Group " + groupId + " not found.");
        }
        return groups.withLock(g, () -> GroupDescription.of(g));
    }
}
