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
package io.skiff.broker.group.share;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One run of the share assignor for a group whose members subscribe to different topics, as Kafka 4.4's
 * SimpleHeterogeneousAssignmentBuilder behaves: each topic is balanced on its own among the members subscribed to it
 * (so a member subscribed to two topics gets its share of each), with the steps of {@link HomogeneousShareAssignment}
 * per topic. As in Kafka, a topic no member subscribes to any more is left where it was.
 *
 * <p>Not thread-safe: one instance per run.
 */
final class HeterogeneousShareAssignment {
    private final Set<UUID> topicIds = new HashSet<>();
    private final Map<UUID, List<Integer>> subscribersOf = new HashMap<>();
    private final Map<UUID, Integer> partitionCounts;
    private final List<Map<UUID, Set<Integer>>> old;
    private final Map<Integer, Map<UUID, Set<Integer>>> changed = new HashMap<>();

    /**
     * @param subscribed      each member's subscribed topics (those that exist), by member number
     * @param partitionCounts each topic's partition count
     * @param old             each member's current assignment, by member number
     */
    HeterogeneousShareAssignment(
            List<Set<UUID>> subscribed, Map<UUID, Integer> partitionCounts, List<Map<UUID, Set<Integer>>> old) {
        this.partitionCounts = partitionCounts;
        this.old = old;
        subscribed.forEach(topicIds::addAll);
        for (int m = 0; m < subscribed.size(); m++) {
            for (UUID topicId : subscribed.get(m)) {
                subscribersOf.computeIfAbsent(topicId, k -> new ArrayList<>()).add(m);
            }
        }
    }

    /** Each member's new assignment, by member number. */
    List<Map<UUID, Set<Integer>>> build() {
        List<Map<UUID, Set<Integer>>> out = new ArrayList<>();
        if (topicIds.isEmpty()) {
            old.forEach(o -> out.add(Map.of()));
            return out;
        }
        for (UUID topicId : topicIds) {
            new OneTopic(topicId).build();
        }
        for (int m = 0; m < old.size(); m++) {
            out.add(changed.getOrDefault(m, old.get(m)));
        }
        return out;
    }

    private Map<UUID, Set<Integer>> changedOf(int member) {
        return changed.computeIfAbsent(member, m -> ShareAssignor.copy(old.get(m)));
    }

    /** The assignment of one topic's partitions among its subscribers. */
    private final class OneTopic {
        private final UUID topicId;
        private final int partitions;
        private final List<Integer> subscribers;
        private final Map<Integer, Set<Integer>> membersOf = new HashMap<>();
        private final Map<Integer, Set<Integer>> partitionsOf = new HashMap<>();
        private final int sharing;
        private final int[] desired;

        OneTopic(UUID topicId) {
            this.topicId = topicId;
            this.partitions = partitionCounts.get(topicId);
            this.subscribers = subscribersOf.get(topicId);
            this.sharing = ShareAssignor.desiredSharing(subscribers.size(), partitions);
            int[] bySubscriber = ShareAssignor.desiredCounts(subscribers.size(), partitions, sharing);
            this.desired = new int[old.size()];
            for (int i = 0; i < subscribers.size(); i++) {
                desired[subscribers.get(i)] = bySubscriber[i];
            }
        }

        void build() {
            for (int m = 0; m < old.size(); m++) {
                Set<Integer> held = old.get(m).get(topicId);
                if (held != null) {
                    for (int p : held) {
                        membersOf.computeIfAbsent(p, k -> new HashSet<>()).add(m);
                        partitionsOf.computeIfAbsent(m, k -> new HashSet<>()).add(p);
                    }
                }
            }
            revokeFromOverfilledMembers();
            revokeFromOversharedPartitions();
            for (int p = 0; p < partitions; p++) {
                membersOf.computeIfAbsent(p, k -> new HashSet<>());
            }
            assignRemaining();
        }

        private void revokeFromOverfilledMembers() {
            partitionsOf.forEach((member, mine) -> {
                Iterator<Integer> it = mine.iterator();
                while (mine.size() > desired[member] && it.hasNext()) {
                    int p = it.next();
                    membersOf.get(p).remove(member);
                    it.remove();
                    changedOf(member).get(topicId).remove(p);
                }
            });
        }

        private void revokeFromOversharedPartitions() {
            membersOf.forEach((p, members) -> {
                int count = members.size();
                Iterator<Integer> it = members.iterator();
                while (count > sharing && it.hasNext()) {
                    int member = it.next();
                    Set<Integer> held = changedOf(member).get(topicId);
                    if (held != null && held.remove(p)) {
                        count--;
                        it.remove();
                        partitionsOf.get(member).remove(p);
                    }
                }
            });
        }

        private void assignRemaining() {
            Set<Integer> unfilled = new HashSet<>();
            for (int member : subscribers) {
                Set<Integer> mine = partitionsOf.get(member);
                if ((mine == null ? 0 : mine.size()) < desired[member]) {
                    unfilled.add(member);
                }
            }
            FillInTurn.fill(membersOf, unfilled, sharing, (member, p) -> {
                changedOf(member).computeIfAbsent(topicId, k -> new HashSet<>()).add(p);
                Set<Integer> mine = partitionsOf.computeIfAbsent(member, k -> new HashSet<>());
                mine.add(p);
                return mine.size() >= desired[member];
            });
        }
    }
}
