package io.skiff.broker.group;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Committed offsets: OffsetCommit (acknowledged only once appended to {@code __consumer_offsets}),
 * OffsetFetch (with require_stable), OffsetDelete, DeleteGroups and the expiry of offsets after
 * offsets.retention. Follows Kafka's classic coordinator and offset manager.
 *
 * <p>Thread-safe: state changes happen under the group's lock; appends happen on the store's writer.
 */
final class OffsetManager {
    private static final Logger log = LoggerFactory.getLogger(OffsetManager.class);

    private final GroupCoordinatorConfig config;
    private final GroupRegistry groups;
    private final GroupStore store;
    private final MembershipManager membership;
    private final Clock clock;

    OffsetManager(
            GroupCoordinatorConfig config,
            GroupRegistry groups,
            GroupStore store,
            MembershipManager membership,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.membership = membership;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ OffsetCommit

    /**
     * Commits offsets (stamped with the coordinator's clock as commit time) for a group member, or for a "simple" committer (generation -1, empty member id)
     * when the group has no members.
     *
     * @param unknownGroupIsNotFound OffsetCommit v9+: a commit with a generation to an unknown group
     *                               gets GROUP_ID_NOT_FOUND instead of ILLEGAL_GENERATION
     */
    CompletableFuture<Map<TopicPartition, GroupError>> commitOffsets(
            String groupId,
            String memberId,
            String groupInstanceId,
            int generationId,
            Map<TopicPartition, OffsetAndMetadata> offsets,
            boolean unknownGroupIsNotFound) {
        String member = memberId == null ? "" : memberId;
        if (groupId == null || groupId.isEmpty()) {
            return CompletableFuture.completedFuture(allWith(offsets.keySet(), GroupError.INVALID_GROUP_ID));
        }
        ClassicGroup existing = groups.get(groupId);
        if (existing == null && generationId >= 0) {
            return CompletableFuture.completedFuture(allWith(
                    offsets.keySet(),
                    unknownGroupIsNotFound ? GroupError.GROUP_ID_NOT_FOUND : GroupError.ILLEGAL_GENERATION));
        }
        ClassicGroup group = existing != null ? existing : groups.getOrCreate(groupId, clock.millis());
        CompletableFuture<Map<TopicPartition, GroupError>> response = new CompletableFuture<>();
        groups.withLock(group, () -> {
            GroupError error = validateCommit(group, member, groupInstanceId, generationId);
            if (error != GroupError.NONE) {
                response.complete(allWith(offsets.keySet(), error));
                return;
            }
            if (!member.isEmpty() && group.has(member)) {
                membership.touch(group, group.get(member));
            }
            Map<TopicPartition, GroupError> results = new LinkedHashMap<>();
            Map<TopicPartition, OffsetAndMetadata> accepted = new LinkedHashMap<>();
            List<GroupRecordLog.KeyValue> records = new ArrayList<>();
            long now = clock.millis();
            offsets.forEach((tp, requested) -> {
                OffsetAndMetadata om = new OffsetAndMetadata(
                        requested.offset(),
                        requested.leaderEpoch(),
                        requested.metadata(),
                        now,
                        requested.expireTimestamp());
                if (om.metadata().length() > config.offsetMetadataMaxBytes()) {
                    results.put(tp, GroupError.OFFSET_METADATA_TOO_LARGE);
                } else {
                    results.put(tp, GroupError.NONE);
                    accepted.put(tp, om);
                    records.add(new GroupRecordLog.KeyValue(
                            GroupRecordCodec.offsetKey(groupId, tp), GroupRecordCodec.offsetValue(om)));
                }
            });
            if (accepted.isEmpty()) {
                response.complete(results);
                return;
            }
            group.beginPendingCommit(accepted.keySet());
            store.append(groupId, records, clock.millis()).whenComplete((ok, failure) -> {
                groups.withLock(group, () -> {
                    group.endPendingCommit(accepted.keySet());
                    if (failure == null) {
                        group.offsets().putAll(accepted);
                    } else {
                        accepted.keySet().forEach(tp -> results.put(tp, GroupError.COORDINATOR_NOT_AVAILABLE));
                    }
                });
                response.complete(results);
            });
        });
        return response;
    }

    private GroupError validateCommit(ClassicGroup group, String memberId, String groupInstanceId, int generationId) {
        if (group.is(GroupState.DEAD)) {
            return GroupError.COORDINATOR_NOT_AVAILABLE;
        }
        if (generationId < 0 && group.is(GroupState.EMPTY)) {
            return GroupError.NONE; // admin client or assign()-mode consumer
        }
        if (generationId >= 0 || !memberId.isEmpty() || groupInstanceId != null) {
            GroupError error = group.validateCurrentMember(memberId, groupInstanceId);
            if (error != GroupError.NONE) {
                return error;
            }
            if (generationId != group.generationId()) {
                return GroupError.ILLEGAL_GENERATION;
            }
        } else if (!group.is(GroupState.EMPTY)) {
            return GroupError.UNKNOWN_MEMBER_ID; // only members may commit while the group has members
        }
        if (group.is(GroupState.COMPLETING_REBALANCE)) {
            return GroupError.REBALANCE_IN_PROGRESS;
        }
        return GroupError.NONE;
    }

    // ------------------------------------------------------------------ OffsetFetch

    /**
     * The committed offsets of {@code partitions} (null = every committed partition). With
     * {@code requireStable}, a partition with a commit still being written gets UNSTABLE_OFFSET_COMMIT.
     */
    OffsetFetchResult fetchOffsets(String groupId, List<TopicPartition> partitions, boolean requireStable) {
        if (groupId == null) {
            return new OffsetFetchResult(GroupError.INVALID_GROUP_ID, Map.of());
        }
        ClassicGroup group = groups.get(groupId);
        if (group == null) {
            Map<TopicPartition, OffsetFetchResult.PartitionResult> out = new LinkedHashMap<>();
            if (partitions != null) {
                partitions.forEach(tp -> out.put(tp, new OffsetFetchResult.PartitionResult(null, GroupError.NONE)));
            }
            return new OffsetFetchResult(GroupError.NONE, out);
        }
        return groups.withLock(group, () -> {
            if (group.is(GroupState.DEAD)) {
                return new OffsetFetchResult(GroupError.GROUP_ID_NOT_FOUND, Map.of());
            }
            Map<TopicPartition, OffsetFetchResult.PartitionResult> out = new LinkedHashMap<>();
            Collection<TopicPartition> wanted =
                    partitions != null ? partitions : group.offsets().keySet();
            for (TopicPartition tp : wanted) {
                if (requireStable && group.hasPendingCommit(tp)) {
                    out.put(tp, new OffsetFetchResult.PartitionResult(null, GroupError.UNSTABLE_OFFSET_COMMIT));
                } else {
                    out.put(
                            tp,
                            new OffsetFetchResult.PartitionResult(
                                    group.offsets().get(tp), GroupError.NONE));
                }
            }
            return new OffsetFetchResult(GroupError.NONE, out);
        });
    }

    // ------------------------------------------------------------------ OffsetDelete / DeleteGroups

    CompletableFuture<OffsetDeleteResult> deleteOffsets(String groupId, List<TopicPartition> partitions) {
        if (groupId == null || groupId.isEmpty()) {
            return CompletableFuture.completedFuture(new OffsetDeleteResult(GroupError.INVALID_GROUP_ID, Map.of()));
        }
        ClassicGroup group = groups.get(groupId);
        if (group == null) {
            return CompletableFuture.completedFuture(new OffsetDeleteResult(GroupError.GROUP_ID_NOT_FOUND, Map.of()));
        }
        return groups.withLock(group, () -> {
            Map<TopicPartition, GroupError> results = new LinkedHashMap<>();
            List<TopicPartition> eligible = new ArrayList<>();
            switch (group.state()) {
                case DEAD:
                    return CompletableFuture.completedFuture(
                            new OffsetDeleteResult(GroupError.GROUP_ID_NOT_FOUND, Map.of()));
                case EMPTY:
                    eligible.addAll(partitions);
                    break;
                default:
                    if (!group.isConsumerGroup()) {
                        return CompletableFuture.completedFuture(
                                new OffsetDeleteResult(GroupError.NON_EMPTY_GROUP, Map.of()));
                    }
                    for (TopicPartition tp : partitions) {
                        if (group.isSubscribedToTopic(tp.topic())) {
                            results.put(tp, GroupError.GROUP_SUBSCRIBED_TO_TOPIC);
                        } else {
                            eligible.add(tp);
                        }
                    }
            }
            eligible.forEach(tp -> results.put(tp, GroupError.NONE));
            List<GroupRecordLog.KeyValue> records = removeOffsets(group, eligible);
            CompletableFuture<OffsetDeleteResult> done = new CompletableFuture<>();
            store.append(groupId, records, clock.millis()).whenComplete((ok, failure) -> {
                if (failure != null) {
                    eligible.forEach(tp -> results.put(tp, GroupError.COORDINATOR_NOT_AVAILABLE));
                }
                done.complete(new OffsetDeleteResult(GroupError.NONE, results));
            });
            return done;
        });
    }

    /**
     * Removes the offsets and returns their tombstones; an Empty group left without offsets dies and gets
     * a group tombstone too (Kafka's cleanupGroupMetadata). Call under the group's lock.
     */
    private List<GroupRecordLog.KeyValue> removeOffsets(ClassicGroup group, Collection<TopicPartition> partitions) {
        List<GroupRecordLog.KeyValue> records = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            if (group.offsets().remove(tp) != null) {
                records.add(new GroupRecordLog.KeyValue(GroupRecordCodec.offsetKey(group.groupId(), tp), null));
            }
        }
        if (group.is(GroupState.EMPTY) && !group.hasOffsets()) {
            group.transitionTo(GroupState.DEAD, clock.millis());
            groups.remove(group);
            membership.cancelTimers(group);
            records.add(new GroupRecordLog.KeyValue(GroupRecordCodec.groupKey(group.groupId()), null));
        }
        return records;
    }

    CompletableFuture<Map<String, GroupError>> deleteGroups(List<String> groupIds) {
        Map<String, GroupError> results = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        for (String groupId : groupIds) {
            ClassicGroup group = groupId == null ? null : groups.get(groupId);
            if (group == null) {
                // The empty id too: Kafka's coordinator finds no such group rather than calling the id invalid.
                results.put(groupId, GroupError.GROUP_ID_NOT_FOUND);
                continue;
            }
            groups.withLock(group, () -> {
                switch (group.state()) {
                    case DEAD:
                        results.put(groupId, GroupError.GROUP_ID_NOT_FOUND);
                        break;
                    case EMPTY:
                        List<GroupRecordLog.KeyValue> records = new ArrayList<>();
                        for (TopicPartition tp : group.offsets().keySet()) {
                            records.add(new GroupRecordLog.KeyValue(GroupRecordCodec.offsetKey(groupId, tp), null));
                        }
                        records.add(new GroupRecordLog.KeyValue(GroupRecordCodec.groupKey(groupId), null));
                        group.offsets().clear();
                        group.transitionTo(GroupState.DEAD, clock.millis());
                        groups.remove(group);
                        membership.cancelTimers(group);
                        results.put(groupId, GroupError.NONE);
                        writes.add(
                                store.append(groupId, records, clock.millis()).exceptionally(failure -> {
                                    results.put(groupId, GroupError.COORDINATOR_NOT_AVAILABLE);
                                    return null;
                                }));
                        break;
                    default:
                        results.put(groupId, GroupError.NON_EMPTY_GROUP);
                }
            });
        }
        return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).thenApply(v -> {
            synchronized (results) {
                return new LinkedHashMap<>(results);
            }
        });
    }

    // ------------------------------------------------------------------ expiry

    /** Removes offsets older than offsets.retention (Kafka's rules) and groups left empty; returns how many. */
    int expireOffsets() {
        long now = clock.millis();
        int removed = 0;
        for (ClassicGroup group : groups.all()) {
            removed += groups.withLock(group, () -> {
                if (group.is(GroupState.DEAD) || group.hasPendingMembers()) {
                    return 0;
                }
                List<TopicPartition> expired = expiredOffsets(group, now);
                if (expired.isEmpty() && !(group.is(GroupState.EMPTY) && !group.hasOffsets())) {
                    return 0;
                }
                List<GroupRecordLog.KeyValue> records = removeOffsets(group, expired);
                store.append(group.groupId(), records, now).whenComplete((ok, failure) -> {
                    if (failure != null) {
                        log.warn(
                                "Failed to write tombstones for expired offsets of group {}", group.groupId(), failure);
                    }
                });
                if (!expired.isEmpty()) {
                    log.info("Expired {} offsets of group {}", expired.size(), group.groupId());
                }
                return expired.size();
            });
        }
        return removed;
    }

    private List<TopicPartition> expiredOffsets(ClassicGroup group, long now) {
        long retention = config.offsetsRetentionMs();
        List<TopicPartition> out = new ArrayList<>();
        boolean empty = group.is(GroupState.EMPTY);
        boolean activeConsumerGroup = group.isConsumerGroup()
                && group.is(GroupState.STABLE)
                && group.subscribedTopics().isPresent();
        boolean offsetsOnly = group.protocolType() == null;
        if (!empty && !activeConsumerGroup && !offsetsOnly) {
            return out;
        }
        for (Map.Entry<TopicPartition, OffsetAndMetadata> e : group.offsets().entrySet()) {
            TopicPartition tp = e.getKey();
            OffsetAndMetadata om = e.getValue();
            if (group.hasPendingCommit(tp)) {
                continue;
            }
            if (activeConsumerGroup && group.subscribedTopics().get().contains(tp.topic())) {
                continue; // still consumed: kept however old
            }
            boolean isExpired;
            if (om.explicitExpireTimestamp().isPresent()) {
                isExpired = now >= om.expireTimestamp();
            } else {
                // An empty group's offsets age from when it became empty; offset-only groups' from the commit.
                long base = empty && !offsetsOnly && group.currentStateTimestamp() >= 0
                        ? group.currentStateTimestamp()
                        : om.commitTimestamp();
                isExpired = now - base >= retention;
            }
            if (isExpired) {
                out.add(tp);
            }
        }
        return out;
    }

    private static Map<TopicPartition, GroupError> allWith(Collection<TopicPartition> tps, GroupError error) {
        Map<TopicPartition, GroupError> out = new HashMap<>();
        tps.forEach(tp -> out.put(tp, error));
        return out;
    }
}
