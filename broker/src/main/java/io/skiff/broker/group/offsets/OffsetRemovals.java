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
package io.skiff.broker.group.offsets;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The removal of committed offsets, with the groups they leave empty: OffsetDelete, DeleteGroups, the offsets of a
 * deleted topic, and the expiry after offsets.retention (Kafka's rules for classic and consumer groups). Each removal
 * writes tombstones to {@code __consumer_offsets}.
 *
 * <p>Thread-safe: state changes happen under the group's lock; appends happen on the store's writer.
 */
public final class OffsetRemovals {
    private static final Logger LOG = LoggerFactory.getLogger(OffsetRemovals.class);

    private final OffsetsContext context;

    public OffsetRemovals(OffsetsContext context) {
        this.context = context;
    }

    // ------------------------------------------------------------------ OffsetDelete / DeleteGroups

    public CompletableFuture<OffsetDeleteResult> deleteOffsets(String groupId, List<TopicPartition> partitions) {
        if (groupId == null || groupId.isEmpty()) {
            return CompletableFuture.completedFuture(new OffsetDeleteResult(GroupError.INVALID_GROUP_ID, Map.of()));
        }
        Group group = context.groups().get(groupId);
        if (group == null) {
            return CompletableFuture.completedFuture(new OffsetDeleteResult(GroupError.GROUP_ID_NOT_FOUND, Map.of()));
        }
        return context.groups().withLock(group, () -> {
            Map<TopicPartition, GroupError> results = new LinkedHashMap<>();
            List<TopicPartition> eligible = new ArrayList<>();
            if (group.isDead()) {
                return CompletableFuture.completedFuture(
                        new OffsetDeleteResult(GroupError.GROUP_ID_NOT_FOUND, Map.of()));
            } else if (group.isEmpty()) {
                eligible.addAll(partitions);
            } else {
                if (group instanceof ClassicGroup classic && !classic.isConsumerGroup()) {
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
            // Kafka 4.4 writes only the offsets' tombstones: an Empty group left without offsets stays (it can
            // still be listed and deleted) until the next expiry run
            List<CoordinatorRecordLog.KeyValue> records = offsetTombstones(group, eligible);
            CompletableFuture<OffsetDeleteResult> done = new CompletableFuture<>();
            context.store().append(groupId, records, context.clock().millis()).whenComplete((ok, failure) -> {
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
    private List<CoordinatorRecordLog.KeyValue> removeOffsets(Group group, Collection<TopicPartition> partitions) {
        List<CoordinatorRecordLog.KeyValue> records = offsetTombstones(group, partitions);
        if (group.isEmpty() && !context.committed().of(group.groupId()).hasOffsets()) {
            records.addAll(removeGroup(group));
        }
        return records;
    }

    /** Marks the group dead, unregisters it and returns the tombstones of its records. Call under its lock. */
    /** Removes the offsets and returns their tombstones. Call under the group's lock. */
    private List<CoordinatorRecordLog.KeyValue> offsetTombstones(Group group, Collection<TopicPartition> partitions) {
        List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
        CommittedOffsets.GroupOffsets groupOffsets = context.committed().of(group.groupId());
        for (TopicPartition tp : partitions) {
            if (groupOffsets.offsets().remove(tp) != null) {
                records.add(new CoordinatorRecordLog.KeyValue(GroupRecordCodec.offsetKey(group.groupId(), tp), null));
            }
        }
        return records;
    }

    private List<CoordinatorRecordLog.KeyValue> removeGroup(Group group) {
        group.markDead(context.clock().millis());
        context.groups().remove(group);
        context.committed().drop(group.groupId());
        if (group instanceof ClassicGroup classic) {
            context.membership().cancelTimers(classic);
        }
        return group.tombstones();
    }

    public CompletableFuture<Map<String, GroupError>> deleteGroups(List<String> groupIds) {
        Map<String, GroupError> results = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        for (String groupId : groupIds) {
            Group group = groupId == null ? null : context.groups().get(groupId);
            if (group == null) {
                // The empty id too: Kafka's coordinator finds no such group rather than calling the id invalid.
                results.put(groupId, GroupError.GROUP_ID_NOT_FOUND);
                continue;
            }
            context.groups().withLock(group, () -> {
                if (group.isDead()) {
                    results.put(groupId, GroupError.GROUP_ID_NOT_FOUND);
                } else if (!group.isEmpty()) {
                    results.put(groupId, GroupError.NON_EMPTY_GROUP);
                } else {
                    List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
                    CommittedOffsets.GroupOffsets groupOffsets =
                            context.committed().of(groupId);
                    for (TopicPartition tp : groupOffsets.offsets().keySet()) {
                        records.add(new CoordinatorRecordLog.KeyValue(GroupRecordCodec.offsetKey(groupId, tp), null));
                    }
                    groupOffsets.offsets().clear();
                    records.addAll(removeGroup(group));
                    results.put(groupId, GroupError.NONE);
                    writes.add(context.store()
                            .append(groupId, records, context.clock().millis())
                            .exceptionally(failure -> {
                                results.put(groupId, GroupError.COORDINATOR_NOT_AVAILABLE);
                                return null;
                            }));
                }
            });
        }
        return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).thenApply(v -> {
            synchronized (results) {
                return new LinkedHashMap<>(results);
            }
        });
    }

    // ------------------------------------------------------------------ deleted topics

    /**
     * Kafka's onPartitionsDeleted: the committed offsets of a deleted topic go from every group, with tombstones.
     * The groups themselves stay (an Empty group without offsets goes at the next expiry run, as in Kafka 4.1).
     * Returns how many offsets were removed.
     */
    public int deleteOffsetsOfTopic(String topic) {
        int removed = 0;
        for (Group group : context.groups().all()) {
            removed += context.groups().withLock(group, () -> {
                CommittedOffsets.GroupOffsets groupOffsets = context.committed().of(group.groupId());
                List<TopicPartition> gone = new ArrayList<>();
                for (TopicPartition tp : groupOffsets.offsets().keySet()) {
                    if (tp.topic().equals(topic)) {
                        gone.add(tp);
                    }
                }
                if (group.isDead() || gone.isEmpty()) {
                    return 0;
                }
                List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
                for (TopicPartition tp : gone) {
                    groupOffsets.offsets().remove(tp);
                    records.add(
                            new CoordinatorRecordLog.KeyValue(GroupRecordCodec.offsetKey(group.groupId(), tp), null));
                }
                context.store()
                        .append(group.groupId(), records, context.clock().millis())
                        .whenComplete((ok, failure) -> {
                            if (failure != null) {
                                LOG.warn(
                                        "Failed to write tombstones for the offsets of deleted topic {}",
                                        topic,
                                        failure);
                            }
                        });
                return gone.size();
            });
        }
        return removed;
    }

    // ------------------------------------------------------------------ expiry

    /** Removes offsets older than offsets.retention (Kafka's rules) and groups left empty; returns how many. */
    public int expireOffsets() {
        long now = context.clock().millis();
        int removed = 0;
        for (Group group : context.groups().all()) {
            removed += context.groups().withLock(group, () -> {
                if (group.isDead() || (group instanceof ClassicGroup classic && classic.hasPendingMembers())) {
                    return 0;
                }
                CommittedOffsets.GroupOffsets groupOffsets = context.committed().of(group.groupId());
                List<TopicPartition> expired = group instanceof ClassicGroup classic
                        ? expiredOffsets(classic, groupOffsets, now)
                        : expiredOffsets(group, groupOffsets, now);
                if (expired.isEmpty() && !(group.isEmpty() && !groupOffsets.hasOffsets())) {
                    return 0;
                }
                List<CoordinatorRecordLog.KeyValue> records = removeOffsets(group, expired);
                context.store().append(group.groupId(), records, now).whenComplete((ok, failure) -> {
                    if (failure != null) {
                        LOG.warn(
                                "Failed to write tombstones for expired offsets of group {}", group.groupId(), failure);
                    }
                });
                if (!expired.isEmpty()) {
                    LOG.info("Expired {} offsets of group {}", expired.size(), group.groupId());
                }
                return expired.size();
            });
        }
        return removed;
    }

    /**
     * Kafka's rule for consumer and streams groups: offsets of topics the group consumes never expire; others age
     * from their commit.
     */
    private List<TopicPartition> expiredOffsets(Group group, CommittedOffsets.GroupOffsets offsets, long now) {
        List<TopicPartition> out = new ArrayList<>();
        offsets.offsets().forEach((tp, om) -> {
            if (offsets.hasPendingCommit(tp) || group.isSubscribedToTopic(tp.topic())) {
                return;
            }
            boolean isExpired = om.explicitExpireTimestamp().isPresent()
                    ? now >= om.expireTimestamp()
                    : now - om.commitTimestamp() >= context.config().offsetsRetentionMs();
            if (isExpired) {
                out.add(tp);
            }
        });
        return out;
    }

    private List<TopicPartition> expiredOffsets(ClassicGroup group, CommittedOffsets.GroupOffsets offsets, long now) {
        long retention = context.config().offsetsRetentionMs();
        List<TopicPartition> out = new ArrayList<>();
        boolean empty = group.is(GroupState.EMPTY);
        boolean activeConsumerGroup = group.isConsumerGroup()
                && group.is(GroupState.STABLE)
                && group.subscribedTopics().isPresent();
        boolean offsetsOnly = group.protocolType() == null;
        if (!empty && !activeConsumerGroup && !offsetsOnly) {
            return out;
        }
        for (Map.Entry<TopicPartition, OffsetAndMetadata> e : offsets.offsets().entrySet()) {
            TopicPartition tp = e.getKey();
            OffsetAndMetadata om = e.getValue();
            if (offsets.hasPendingCommit(tp)) {
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
}
