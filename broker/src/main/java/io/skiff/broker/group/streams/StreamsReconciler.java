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
package io.skiff.broker.group.streams;

/**
 * Moves one member of a streams group towards its target tasks (Kafka's streams CurrentAssignmentBuilder): active
 * tasks it must give up are revoked first (UNREVOKED_TASKS, at its old epoch, until it reports it no longer owns
 * them); then it takes the group's assignment epoch, keeps what it may, and gets the new active tasks other members
 * have released (UNRELEASED_TASKS while some are still owned elsewhere). Standby and warm-up tasks move at once.
 * Stateless, thread-safe (called under the group's lock).
 */
final class StreamsReconciler {
    private StreamsReconciler() {}

    /**
     * @param ownedActive the active tasks the member reported owning in this heartbeat (null if unchanged)
     */
    static void reconcile(StreamsGroup group, StreamsGroupMember member, Tasks ownedActive) {
        if (member.state() == StreamsGroupMember.State.UNREVOKED_TASKS) {
            boolean revoked = ownedActive != null
                    && ownedActive
                            .intersect(member.pendingRevocation().active())
                            .isEmpty();
            if (!revoked) {
                return;
            }
        } else if (member.memberEpoch() == group.assignmentEpoch()
                && member.state() == StreamsGroupMember.State.STABLE) {
            return;
        }
        TaskAssignment target = group.targetOf(member.memberId());
        TaskAssignment current = member.assigned();
        Tasks revokeActive = current.active().minus(target.active());
        if (!revokeActive.isEmpty()) {
            TaskAssignment kept = new TaskAssignment(
                    current.active().intersect(target.active()),
                    current.standby().intersect(target.standby()),
                    current.warmup().intersect(target.warmup()));
            member.reconciled(
                    member.memberEpoch(),
                    StreamsGroupMember.State.UNREVOKED_TASKS,
                    kept,
                    new TaskAssignment(revokeActive, Tasks.EMPTY, Tasks.EMPTY));
            return;
        }
        Tasks active = current.active().intersect(target.active());
        boolean unreleased = false;
        for (var e : target.active().bySubtopology().entrySet()) {
            for (int p : e.getValue()) {
                if (active.contains(e.getKey(), p)) {
                    continue;
                }
                if (group.activeOwner(e.getKey(), p, member.memberId()) != null) {
                    unreleased = true;
                } else {
                    active = active.plus(new Tasks(java.util.Map.of(e.getKey(), java.util.Set.of(p))));
                }
            }
        }
        member.reconciled(
                group.assignmentEpoch(),
                unreleased ? StreamsGroupMember.State.UNRELEASED_TASKS : StreamsGroupMember.State.STABLE,
                new TaskAssignment(active, target.standby().minus(active), target.warmup()),
                TaskAssignment.EMPTY);
    }
}
