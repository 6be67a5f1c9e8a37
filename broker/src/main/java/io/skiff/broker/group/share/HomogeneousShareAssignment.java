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

import io.skiff.broker.share.TopicIdPartition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One run of the share assignor for a group whose members all subscribe to the same topics, as Kafka 4.4's
 * SimpleHomogeneousAssignmentBuilder behaves: every member should have about {@code sharing * partitions / members}
 * partitions and every partition {@code sharing} members. A member keeps what it has of the subscribed topics up to
 * its count; then members with too many give some up, partitions with too many members lose some, and the partitions
 * short of members go to the members short of partitions, in turn. Members are numbered in the assignor's order;
 * hash sets and maps are iterated as Kafka's are, so the same inputs give Kafka's answer.
 *
 * <p>Not thread-safe: one instance per run.
 */
final class HomogeneousShareAssignment {
    private final Set<UUID> topicIds;
    private final List<TopicIdPartition> targets = new ArrayList<>();
    private final List<Map<UUID, Set<Integer>>> old;
    private final Map<Integer, Map<UUID, Set<Integer>>> changed = new HashMap<>();
    private final Map<TopicIdPartition, Set<Integer>> membersOf = new HashMap<>();
    private final Map<Integer, Set<TopicIdPartition>> partitionsOf = new HashMap<>();
    private final Set<Integer> unfilled = new HashSet<>();
    private final Set<Integer> overfilled = new HashSet<>();
    private final int sharing;
    private final int[] desired;

    /**
     * @param topicIds        the topics every member subscribes to (those that exist)
     * @param partitionCounts each topic's partition count
     * @param old             each member's current assignment, by member number
     */
    HomogeneousShareAssignment(
            Set<UUID> topicIds, Map<UUID, Integer> partitionCounts, List<Map<UUID, Set<Integer>>> old) {
        this.topicIds = topicIds;
        this.old = old;
        for (UUID topicId : topicIds) {
            for (int p = 0; p < partitionCounts.get(topicId); p++) {
                targets.add(new TopicIdPartition(topicId, p));
            }
        }
        this.sharing = ShareAssignor.desiredSharing(old.size(), targets.size());
        this.desired = ShareAssignor.desiredCounts(old.size(), targets.size(), sharing);
    }

    /** Each member's new assignment, by member number. */
    List<Map<UUID, Set<Integer>>> build() {
        List<Map<UUID, Set<Integer>>> out = new ArrayList<>();
        if (topicIds.isEmpty()) {
            old.forEach(o -> out.add(Map.of()));
            return out;
        }
        keepSubscribed();
        revokeFromOverfilledMembers();
        revokeFromOversharedPartitions();
        targets.forEach(tp -> membersOf.computeIfAbsent(tp, k -> new HashSet<>()));
        assignRemaining();
        for (int m = 0; m < old.size(); m++) {
            out.add(changed.getOrDefault(m, old.get(m)));
        }
        return out;
    }

    private Map<UUID, Set<Integer>> changedOf(int member) {
        return changed.computeIfAbsent(member, m -> ShareAssignor.copy(old.get(m)));
    }

    /** Each member keeps its partitions of subscribed topics (for now) and loses the others. */
    private void keepSubscribed() {
        for (int m = 0; m < old.size(); m++) {
            int member = m;
            int kept = 0;
            boolean copy = false;
            for (Map.Entry<UUID, Set<Integer>> e : old.get(m).entrySet()) {
                if (topicIds.contains(e.getKey())) {
                    for (int p : e.getValue()) {
                        TopicIdPartition tp = new TopicIdPartition(e.getKey(), p);
                        kept++;
                        membersOf.computeIfAbsent(tp, k -> new HashSet<>()).add(member);
                        partitionsOf
                                .computeIfAbsent(member, k -> new HashSet<>())
                                .add(tp);
                        copy |= kept >= desired[m];
                    }
                } else {
                    copy = true;
                }
            }
            if (copy) {
                Map<UUID, Set<Integer>> mine = ShareAssignor.copy(old.get(m));
                mine.keySet().retainAll(topicIds);
                changed.put(m, mine);
            }
            if (kept < desired[m]) {
                unfilled.add(m);
            } else if (kept > desired[m]) {
                overfilled.add(m);
            }
        }
    }

    private void revokeFromOverfilledMembers() {
        for (int member : overfilled) {
            Set<TopicIdPartition> mine = partitionsOf.get(member);
            Iterator<TopicIdPartition> it = mine.iterator();
            while (mine.size() > desired[member] && it.hasNext()) {
                TopicIdPartition tp = it.next();
                changed.get(member).get(tp.topicId()).remove(tp.partition());
                membersOf.get(tp).remove(member);
                it.remove();
            }
        }
    }

    private void revokeFromOversharedPartitions() {
        membersOf.forEach((tp, members) -> {
            int count = members.size();
            Iterator<Integer> it = members.iterator();
            while (count > sharing && it.hasNext()) {
                int member = it.next();
                Set<Integer> partitions = changedOf(member).get(tp.topicId());
                if (partitions != null && partitions.remove(tp.partition())) {
                    count--;
                    it.remove();
                    partitionsOf.get(member).remove(tp);
                    unfilled.add(member);
                }
            }
        });
    }

    /**
     * The partitions with fewer than {@code sharing} members go to the unfilled members, taken in turn; a partition
     * that none of them can take (they all have it) stays short.
     */
    private void assignRemaining() {
        if (unfilled.isEmpty()) {
            return;
        }
        FillInTurn.fill(membersOf, unfilled, sharing, (member, tp) -> {
            changedOf(member)
                    .computeIfAbsent(tp.topicId(), k -> new HashSet<>())
                    .add(tp.partition());
            Set<TopicIdPartition> mine = partitionsOf.computeIfAbsent(member, k -> new HashSet<>());
            mine.add(tp);
            return mine.size() >= desired[member];
        });
    }
}
