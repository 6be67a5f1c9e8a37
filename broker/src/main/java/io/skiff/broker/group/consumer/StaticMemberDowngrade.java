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
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.ClassicGroupHandover;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.common.GroupError;
import java.util.List;
import java.util.Set;

/**
 * The downgrade Kafka 4.1 makes when a classic static member's JoinGroup takes the place of the last
 * consumer-protocol member of a {@link ConsumerGroup}, a static one with the same group.instance.id (the downgrade
 * branch of GroupMetadataManager.classicGroupJoinToConsumerGroup): the group becomes a classic group at once,
 * instead of a consumer group of classic members only.
 *
 * <ul>
 *   <li>The joining member has taken the replaced member's place, partitions and target assignment; in the classic
 *       group its assignment is that target.</li>
 *   <li>Same subscription as the replaced member: it is reconciled with that target (its generation is the
 *       assignment epoch) and the classic group stays Stable at the group epoch, so the other members go on with no
 *       rebalance.</li>
 *   <li>Another subscription: Kafka writes the group epoch bump, answers with the member's epoch 0 and starts a
 *       rebalance of the classic group, which the members, this one too, rejoin.</li>
 *   <li>Records, in one write: the replacement's and the member's records, then the consumer group's tombstones and
 *       the classic group's GroupMetadata record ({@link ConsumerGroupDowngrade#convert}).</li>
 *   <li>No consumer-group timers start for the member; the classic group's member sessions start once the group's
 *       lock is released (after the records were handed to the writer).</li>
 * </ul>
 *
 * <p>Stateless; call under the consumer group's lock.
 */
public final class StaticMemberDowngrade {
    private final ConsumerGroupDowngrade downgrades;
    private final ConsumerGroupAssignments assignments;
    private final ClassicGroupHandover adopter;

    public StaticMemberDowngrade(
            ConsumerGroupDowngrade downgrades, ConsumerGroupAssignments assignments, ClassicGroupHandover adopter) {
        this.downgrades = downgrades;
        this.assignments = assignments;
        this.adopter = adopter;
    }

    /** Whether replacing {@code replaced} by a classic member downgrades the group; ask before the replacement. */
    public boolean applies(ConsumerGroup group, ConsumerGroupMember replaced) {
        return downgrades.allowedOnReplacement(group, replaced);
    }

    /**
     * Converts {@code group}, in which {@code member} has just replaced the last consumer-protocol member, and
     * returns the JoinGroup answer; {@code records} already hold the replacement's and the member's records.
     *
     * @param subscriptionChanged whether the member subscribes to other topics than the member it replaced
     * @param owned the partitions the member's subscription says it owns
     */
    public JoinResult join(
            ConsumerGroup group,
            ConsumerGroupMember member,
            boolean subscriptionChanged,
            MemberAssignment owned,
            List<KeyValue> records) {
        if (subscriptionChanged) {
            // The group epoch of the new subscription, deleted again by the conversion's tombstones; the classic
            // group keeps the epoch it had.
            records.add(ConsumerGroupRecords.groupMetadata(group.groupId(), group.groupEpoch() + 1));
        } else {
            assignments.reconcile(group, member, owned, records);
        }
        ClassicGroup classic = downgrades.convert(group, Set.of(), records);
        if (classic == null) {
            return JoinResult.error(member.memberId(), GroupError.COORDINATOR_NOT_AVAILABLE);
        }
        group.keyLock().defer(() -> {
            if (subscriptionChanged) {
                adopter.adopt(
                        classic,
                        "Downgrade group " + group.groupId()
                                + " from consumer to classic for static member replacement with different"
                                + " subscription.");
            } else {
                adopter.adoptStable(classic);
            }
        });
        return ClassicMembersOfConsumerGroup.reconciledJoinResult(member);
    }
}
