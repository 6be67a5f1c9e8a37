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

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Moves one member of a {@link ConsumerGroup} towards its target assignment, as Kafka's
 * CurrentAssignmentBuilder does:
 *
 * <ul>
 *   <li>partitions the target takes away are revoked first: the member stays at its epoch in
 *       UNREVOKED_PARTITIONS, keeping only the partitions it keeps, until a heartbeat's owned partitions
 *       no longer include the revoked ones;</li>
 *   <li>then it moves to the target epoch and receives the new partitions that no other member still owns;
 *       the others wait in UNRELEASED_PARTITIONS until their owners have given them up.</li>
 * </ul>
 *
 * <p>Stateless; call under the group's lock.
 */
public final class ConsumerGroupReconciler {
    private ConsumerGroupReconciler() {}

    /**
     * Updates {@code member}'s state, epoch and partitions.
     *
     * @param owned the partitions the member says it owns (a heartbeat's topic_partitions), or null when the
     *              heartbeat did not say (then revoked partitions are taken as still owned)
     */
    public static void reconcile(ConsumerGroup group, ConsumerGroupMember member, MemberAssignment owned) {
        int targetEpoch = group.assignmentEpoch();
        MemberAssignment target = group.targetOf(member.memberId());
        switch (member.state()) {
            case STABLE:
                if (member.memberEpoch() != targetEpoch) {
                    computeNext(group, member, targetEpoch, target, owned);
                }
                break;
            case UNREVOKED_PARTITIONS:
                if (!stillOwns(member.pendingRevocation(), owned)) {
                    member.reconciled(ConsumerGroupMember.State.STABLE, member.assigned(), MemberAssignment.EMPTY);
                    computeNext(group, member, targetEpoch, target, owned);
                }
                break;
            case UNRELEASED_PARTITIONS:
                computeNext(group, member, targetEpoch, target, owned);
                break;
            default:
                throw new IllegalStateException("unknown member state " + member.state());
        }
    }

    private static void computeNext(
            ConsumerGroup group,
            ConsumerGroupMember member,
            int targetEpoch,
            MemberAssignment target,
            MemberAssignment owned) {
        MemberAssignment kept = member.assigned().intersect(target);
        MemberAssignment revoked = member.assigned().minus(target);
        if (!revoked.isEmpty() && stillOwns(revoked, owned)) {
            member.reconciled(ConsumerGroupMember.State.UNREVOKED_PARTITIONS, kept, revoked);
            return;
        }
        Map<UUID, Set<Integer>> free = new HashMap<>();
        boolean unreleased = false;
        for (Map.Entry<UUID, Set<Integer>> e : target.minus(kept).partitions().entrySet()) {
            for (int p : e.getValue()) {
                if (group.ownedByOther(member.memberId(), e.getKey(), p)) {
                    unreleased = true;
                } else {
                    free.computeIfAbsent(e.getKey(), k -> new TreeSet<>()).add(p);
                }
            }
        }
        member.updateEpoch(targetEpoch);
        member.reconciled(
                unreleased ? ConsumerGroupMember.State.UNRELEASED_PARTITIONS : ConsumerGroupMember.State.STABLE,
                kept.plus(new MemberAssignment(free)),
                MemberAssignment.EMPTY);
    }

    private static boolean stillOwns(MemberAssignment revoked, MemberAssignment owned) {
        return owned == null || revoked.overlaps(owned);
    }
}
