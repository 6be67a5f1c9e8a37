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
import io.skiff.broker.group.classic.ClassicMemberChecks;
import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.MemberEpochGroup;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.OffsetCommitCheck;
import io.skiff.broker.group.common.OffsetCommitValidation;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.common.TopicsView;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Committed offsets: OffsetCommit (acknowledged only once appended to {@code __consumer_offsets}), TxnOffsetCommit
 * and OffsetFetch (with require_stable); their removal is {@link OffsetRemovals}'. Follows Kafka's classic
 * coordinator and offset manager.
 *
 * <p>Thread-safe: state changes happen under the group's lock; appends happen on the store's writer.
 */
public final class OffsetManager {
    private static final Logger LOG = LoggerFactory.getLogger(OffsetManager.class);

    private final OffsetsContext context;
    private final TransactionalOffsetCommits transactional;

    public OffsetManager(OffsetsContext context) {
        this.context = context;
        this.transactional =
                new TransactionalOffsetCommits(context.groups(), context.store(), context.committed(), context.clock());
    }

    // ------------------------------------------------------------------ OffsetCommit

    /**
     * Commits offsets (stamped with the coordinator's clock as commit time) for a group member, or for a "simple" committer (generation -1, empty member id)
     * when the group has no members.
     *
     * @param generationId           the generation (classic members) or member epoch (consumer-protocol members)
     * @param unknownGroupIsNotFound OffsetCommit v9+: a commit with a generation to an unknown group
     *                               gets GROUP_ID_NOT_FOUND instead of ILLEGAL_GENERATION; consumer-protocol
     *                               members must use v9+
     */
    public CompletableFuture<Map<TopicPartition, GroupError>> commitOffsets(
            String groupId,
            String memberId,
            String groupInstanceId,
            int generationId,
            Map<TopicPartition, OffsetAndMetadata> offsets,
            boolean unknownGroupIsNotFound) {
        String member = memberId == null ? "" : memberId;
        if (groupId == null) {
            // Kafka accepts the empty group id, for backwards compatibility (old simple consumers committed so).
            return CompletableFuture.completedFuture(allWith(offsets.keySet(), GroupError.INVALID_GROUP_ID));
        }
        Group existing = context.groups().get(groupId);
        if (existing == null && generationId >= 0) {
            return CompletableFuture.completedFuture(allWith(
                    offsets.keySet(),
                    unknownGroupIsNotFound ? GroupError.GROUP_ID_NOT_FOUND : GroupError.ILLEGAL_GENERATION));
        }
        Group group = existing != null ? existing : newSimpleCommitGroup(groupId);
        if (group == null) {
            return CompletableFuture.completedFuture(allWith(offsets.keySet(), GroupError.COORDINATOR_NOT_AVAILABLE));
        }
        CompletableFuture<Map<TopicPartition, GroupError>> response = new CompletableFuture<>();
        context.groups().withLock(group, () -> {
            OffsetCommitValidation validation = group instanceof ClassicGroup classic
                    ? OffsetCommitValidation.of(validateCommit(classic, member, groupInstanceId, generationId))
                    : ((MemberEpochGroup) group)
                            .validateOffsetCommit(member, groupInstanceId, generationId, false, unknownGroupIsNotFound);
            if (!validation.request().ok()) {
                response.complete(allWith(offsets.keySet(), validation.request().error()));
                return;
            }
            if (group instanceof ClassicGroup classic && !member.isEmpty() && classic.has(member)) {
                context.membership().touch(classic, classic.get(member));
            }
            Map<TopicPartition, GroupError> results = new LinkedHashMap<>();
            Map<TopicPartition, OffsetAndMetadata> accepted = acceptable(offsets, results);
            OffsetCommitCheck refused = refusedPartition(groupId, member, validation, accepted);
            if (!refused.ok()) {
                response.complete(allWith(offsets.keySet(), refused.error()));
                return;
            }
            if (accepted.isEmpty()) {
                response.complete(results);
                return;
            }
            write(group, groupId, accepted).whenComplete((ok, failure) -> {
                if (failure != null) {
                    accepted.keySet().forEach(tp -> results.put(tp, GroupError.COORDINATOR_NOT_AVAILABLE));
                }
                response.complete(results);
            });
        });
        return response;
    }

    /**
     * The first partition of {@code accepted} (those whose metadata fits, the only ones Kafka checks) that the
     * member may not commit, or OK. As in Kafka, one such partition refuses the whole commit with its error.
     */
    private OffsetCommitCheck refusedPartition(
            String groupId,
            String memberId,
            OffsetCommitValidation validation,
            Map<TopicPartition, OffsetAndMetadata> accepted) {
        OffsetCommitCheck refused = validation.firstRefusal(accepted.keySet(), this::topicId);
        if (!refused.ok()) {
            LOG.debug("Offset commit of member {} of group {} refused: {}", memberId, groupId, refused.message());
        }
        return refused;
    }

    private UUID topicId(String topic) {
        return context.topics().byName(topic).map(TopicsView.TopicInfo::id).orElse(null);
    }

    /**
     * The group a commit without a generation creates when none exists (a "simple" committer's, classic); null when
     * it cannot be created.
     */
    private Group newSimpleCommitGroup(String groupId) {
        return ClassicGroup.getOrCreate(
                context.groups(), groupId, context.clock().millis());
    }

    /** The offsets whose metadata fits, stamped with the commit time; the others get OFFSET_METADATA_TOO_LARGE. */
    private Map<TopicPartition, OffsetAndMetadata> acceptable(
            Map<TopicPartition, OffsetAndMetadata> offsets, Map<TopicPartition, GroupError> results) {
        Map<TopicPartition, OffsetAndMetadata> accepted = new LinkedHashMap<>();
        long now = context.clock().millis();
        offsets.forEach((tp, requested) -> {
            OffsetAndMetadata om = new OffsetAndMetadata(
                    requested.offset(),
                    requested.leaderEpoch(),
                    requested.metadata(),
                    now,
                    requested.expireTimestamp());
            if (om.metadata().length() > context.config().offsetMetadataMaxBytes()) {
                results.put(tp, GroupError.OFFSET_METADATA_TOO_LARGE);
            } else {
                results.put(tp, GroupError.NONE);
                accepted.put(tp, om);
            }
        });
        return accepted;
    }

    /**
     * Appends {@code accepted} to the log and makes them the group's committed offsets once written. Called under
     * the group's lock; the partitions count as pending (require_stable) until then.
     */
    private CompletableFuture<Void> write(
            Group group, String groupId, Map<TopicPartition, OffsetAndMetadata> accepted) {
        List<CoordinatorRecordLog.KeyValue> records = GroupRecordCodec.offsetRecords(groupId, accepted);
        CommittedOffsets.GroupOffsets groupOffsets = context.committed().of(groupId);
        groupOffsets.beginPendingCommit(accepted.keySet());
        CompletableFuture<Void> written = new CompletableFuture<>();
        context.store().append(groupId, records, context.clock().millis()).whenComplete((ok, failure) -> {
            context.groups().withLock(group, () -> {
                groupOffsets.endPendingCommit(accepted.keySet());
                if (failure == null) {
                    groupOffsets.offsets().putAll(accepted);
                }
            });
            if (failure == null) {
                written.complete(null);
            } else {
                written.completeExceptionally(failure);
            }
        });
        return written;
    }

    // ------------------------------------------------------------------ TxnOffsetCommit

    /**
     * Offsets committed in {@code producerId}'s transaction: checked as a commit of the member when member id,
     * instance id or generation are given (KIP-447), then written and kept pending until the transaction ends
     * ({@link TransactionalOffsetCommits}).
     */
    public CompletableFuture<Map<TopicPartition, GroupError>> commitTransactionalOffsets(
            String groupId,
            long producerId,
            short producerEpoch,
            String memberId,
            String groupInstanceId,
            int generationId,
            Map<TopicPartition, OffsetAndMetadata> offsets) {
        String member = memberId == null ? "" : memberId;
        if (groupId == null || groupId.isEmpty()) {
            return CompletableFuture.completedFuture(allWith(offsets.keySet(), GroupError.INVALID_GROUP_ID));
        }
        Group existing = context.groups().get(groupId);
        if (existing == null && generationId >= 0) {
            return CompletableFuture.completedFuture(allWith(offsets.keySet(), GroupError.ILLEGAL_GENERATION));
        }
        Group group = existing != null ? existing : newSimpleCommitGroup(groupId);
        if (group == null) {
            return CompletableFuture.completedFuture(allWith(offsets.keySet(), GroupError.COORDINATOR_NOT_AVAILABLE));
        }
        return context.groups().withLock(group, () -> {
            OffsetCommitValidation validation =
                    TransactionalOffsetCommits.validate(group, member, groupInstanceId, generationId);
            if (!validation.request().ok()) {
                return CompletableFuture.completedFuture(
                        allWith(offsets.keySet(), validation.request().error()));
            }
            Map<TopicPartition, GroupError> results = new LinkedHashMap<>();
            Map<TopicPartition, OffsetAndMetadata> accepted = acceptable(offsets, results);
            OffsetCommitCheck refused = refusedPartition(groupId, member, validation, accepted);
            if (!refused.ok()) {
                return CompletableFuture.completedFuture(allWith(offsets.keySet(), refused.error()));
            }
            if (accepted.isEmpty()) {
                return CompletableFuture.completedFuture(results);
            }
            return transactional.write(groupId, producerId, producerEpoch, accepted, results);
        });
    }

    /**
     * An offset of {@code producerId}'s transaction found in the log without the transaction's marker (at load): it
     * is pending again, and the transaction's end commits or drops it.
     */
    public void restorePending(String groupId, long producerId, TopicPartition tp, OffsetAndMetadata offset) {
        transactional.restore(groupId, producerId, tp, offset);
    }

    /** The end of {@code producerId}'s transaction for the groups on {@code offsetsPartition}. */
    public void completeTransaction(long producerId, int offsetsPartition, boolean commit) {
        transactional.complete(producerId, offsetsPartition, commit);
    }

    private GroupError validateCommit(ClassicGroup group, String memberId, String groupInstanceId, int generationId) {
        if (group.is(GroupState.DEAD)) {
            return GroupError.COORDINATOR_NOT_AVAILABLE;
        }
        if (generationId < 0 && group.is(GroupState.EMPTY)) {
            return GroupError.NONE; // admin client or assign()-mode consumer
        }
        if (generationId >= 0 || !memberId.isEmpty() || groupInstanceId != null) {
            GroupError error = ClassicMemberChecks.currentMember(group, memberId, groupInstanceId);
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
    public OffsetFetchResult fetchOffsets(
            String groupId, String memberId, int memberEpoch, List<TopicPartition> partitions, boolean requireStable) {
        if (groupId == null) {
            return new OffsetFetchResult(GroupError.INVALID_GROUP_ID, Map.of());
        }
        Group group = context.groups().get(groupId);
        if (group == null) {
            Map<TopicPartition, OffsetFetchResult.PartitionResult> out = new LinkedHashMap<>();
            if (partitions != null) {
                partitions.forEach(tp -> out.put(tp, new OffsetFetchResult.PartitionResult(null, GroupError.NONE)));
            }
            return new OffsetFetchResult(GroupError.NONE, out);
        }
        return context.groups().withLock(group, () -> {
            if (group.isDead()) {
                return new OffsetFetchResult(GroupError.GROUP_ID_NOT_FOUND, Map.of());
            }
            if (group instanceof MemberEpochGroup epochGroup) {
                GroupError error = epochGroup.validateOffsetFetch(memberId, memberEpoch);
                if (error != GroupError.NONE) {
                    return new OffsetFetchResult(error, Map.of());
                }
            }
            Map<TopicPartition, OffsetFetchResult.PartitionResult> out = new LinkedHashMap<>();
            CommittedOffsets.GroupOffsets groupOffsets = context.committed().of(groupId);
            Collection<TopicPartition> wanted =
                    partitions != null ? partitions : groupOffsets.offsets().keySet();
            for (TopicPartition tp : wanted) {
                if (requireStable && (groupOffsets.hasPendingCommit(tp) || transactional.isPending(groupId, tp))) {
                    out.put(tp, new OffsetFetchResult.PartitionResult(null, GroupError.UNSTABLE_OFFSET_COMMIT));
                } else {
                    out.put(
                            tp,
                            new OffsetFetchResult.PartitionResult(
                                    groupOffsets.offsets().get(tp), GroupError.NONE));
                }
            }
            return new OffsetFetchResult(GroupError.NONE, out);
        });
    }

    private static Map<TopicPartition, GroupError> allWith(Collection<TopicPartition> tps, GroupError error) {
        Map<TopicPartition, GroupError> out = new HashMap<>();
        tps.forEach(tp -> out.put(tp, error));
        return out;
    }
}
