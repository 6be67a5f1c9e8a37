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

import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.ClassicMemberChecks;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.MemberEpochGroup;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.OffsetCommitValidation;
import io.skiff.broker.group.common.TopicPartition;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Offsets committed inside transactions (TxnOffsetCommit), from their write to the transaction's end, as Kafka keeps
 * them: written to {@code __consumer_offsets} at once as the producer's transactional records, pending (invisible to
 * OffsetFetch, UNSTABLE_OFFSET_COMMIT with require_stable) until the transaction's marker, then the groups' committed
 * offsets, or dropped. A restart finds in the log those whose transaction has no marker yet, and they are pending
 * again ({@link #restore}).
 *
 * <p>Thread-safe: the pending offsets are synchronized; committed offsets change under the group's lock.
 */
public final class TransactionalOffsetCommits {
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final CommittedOffsets committed;
    private final Clock clock;
    private final PendingTransactionalOffsets pending = new PendingTransactionalOffsets();

    public TransactionalOffsetCommits(
            GroupRegistry groups, CoordinatorWriter store, CommittedOffsets committed, Clock clock) {
        this.groups = groups;
        this.store = store;
        this.committed = committed;
        this.clock = clock;
    }

    /**
     * Kafka's checks of a transactional commit: none for a producer without group metadata, else the member's (a
     * consumer-group member may commit with an older epoch the partitions it held by then).
     */
    public static OffsetCommitValidation validate(
            Group group, String memberId, String groupInstanceId, int generationId) {
        if (group.isDead()) {
            return OffsetCommitValidation.of(GroupError.COORDINATOR_NOT_AVAILABLE);
        }
        if (generationId < 0 && memberId.isEmpty() && groupInstanceId == null) {
            return OffsetCommitValidation.ACCEPT_ALL;
        }
        if (group instanceof ClassicGroup classic) {
            GroupError error = ClassicMemberChecks.currentMember(classic, memberId, groupInstanceId);
            if (error != GroupError.NONE) {
                return OffsetCommitValidation.of(error);
            }
            return OffsetCommitValidation.of(
                    generationId != classic.generationId() ? GroupError.ILLEGAL_GENERATION : GroupError.NONE);
        }
        return ((MemberEpochGroup) group).validateOffsetCommit(memberId, groupInstanceId, generationId, true, false);
    }

    /**
     * Writes {@code accepted} as {@code producerId}'s transactional records and keeps them pending; {@code results}
     * (NONE for each) is answered once written, with COORDINATOR_NOT_AVAILABLE if the write failed. Call under the
     * group's lock.
     */
    public CompletableFuture<Map<TopicPartition, GroupError>> write(
            String groupId,
            long producerId,
            short producerEpoch,
            Map<TopicPartition, OffsetAndMetadata> accepted,
            Map<TopicPartition, GroupError> results) {
        // Pending before the write: a marker of this transaction that comes while it is written (a timeout's abort)
        // then decides these offsets as it decides the records in the log.
        pending.add(groupId, producerId, accepted);
        return store.appendTransactional(
                        groupId,
                        producerId,
                        producerEpoch,
                        GroupRecordCodec.offsetRecords(groupId, accepted),
                        clock.millis())
                .handle((ok, failure) -> {
                    if (failure != null) {
                        pending.remove(groupId, producerId, accepted.keySet());
                        accepted.keySet().forEach(tp -> results.put(tp, GroupError.COORDINATOR_NOT_AVAILABLE));
                    }
                    return results;
                });
    }

    /** An offset of {@code producerId}'s transaction found in the log without its marker (at load): pending again. */
    public void restore(String groupId, long producerId, TopicPartition tp, OffsetAndMetadata offset) {
        pending.add(groupId, producerId, Map.of(tp, offset));
    }

    /** True if some open transaction holds an offset of {@code tp} for the group. */
    public boolean isPending(String groupId, TopicPartition tp) {
        return pending.isPending(groupId, tp);
    }

    /**
     * Ends {@code producerId}'s transaction for the groups on {@code offsetsPartition}, whose marker is in the log:
     * its pending offsets, already in the log as the transaction's records, become the groups' committed offsets
     * ({@code commit}) or are dropped.
     */
    public void complete(long producerId, int offsetsPartition, boolean commit) {
        for (String groupId : pending.groupsOf(producerId)) {
            if (store.partitionFor(groupId) != offsetsPartition) {
                continue;
            }
            Group group = groups.get(groupId);
            if (group == null && commit) {
                group = ClassicGroup.getOrCreate(groups, groupId, clock.millis());
            }
            if (group == null) {
                pending.remove(groupId, producerId);
                continue;
            }
            Group g = group;
            groups.withLock(g, () -> {
                Map<TopicPartition, OffsetAndMetadata> offsets = pending.remove(groupId, producerId);
                if (commit && !g.isDead()) {
                    committed.of(groupId).offsets().putAll(offsets);
                }
            });
        }
    }
}
