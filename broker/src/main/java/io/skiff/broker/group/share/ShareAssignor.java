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

import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.share.TopicIdPartition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Kafka 4.4's share-group assignor, "simple" (its SimpleAssignor), with the same observable behaviour: every partition
 * of a subscribed topic is assigned, a partition is shared by several members when there are more members than
 * partitions, the members' counts differ by at most one (balance first), and a member keeps what it had where balance
 * allows (stickiness). When every member subscribes to the same topics the balance is over all their partitions
 * together ({@link HomogeneousShareAssignment}); otherwise topic by topic among the members subscribed to each
 * ({@link HeterogeneousShareAssignment}).
 *
 * <p>Which member gets which partition depends, as in Kafka, on the order of the members (Kafka's hash map of member
 * ids, which the same ids give here too) and on hash orders of topic ids and partitions, which both reproduce.
 *
 * <p>Stateless and thread-safe.
 */
final class ShareAssignor {
    static final String NAME = "simple";

    private ShareAssignor() {}

    /**
     * The new target assignment.
     *
     * @param subscriptions each member's subscribed topic names
     * @param current       each member's current target assignment (absent: none)
     * @param topics        the topics as they are now (a subscribed topic that does not exist is left out)
     */
    static Map<String, Set<TopicIdPartition>> assign(
            Map<String, List<String>> subscriptions, Map<String, Set<TopicIdPartition>> current, TopicsView topics) {
        if (subscriptions.isEmpty()) {
            return Map.of();
        }
        // Kafka puts its members one by one into a new hash map: the member order is that map's iteration order.
        Map<String, List<String>> byHash = new HashMap<>();
        subscriptions.forEach(byHash::put);
        List<String> memberIds = new ArrayList<>(byHash.keySet());
        List<Set<UUID>> subscribed = new ArrayList<>();
        Map<UUID, Integer> partitionCounts = new HashMap<>();
        for (String memberId : memberIds) {
            Set<UUID> ids = new LinkedHashSet<>();
            for (String name : new HashSet<>(subscriptions.get(memberId))) {
                Optional<TopicsView.TopicInfo> topic = topics.byName(name);
                if (topic.isPresent()) {
                    ids.add(topic.get().id());
                    partitionCounts.put(topic.get().id(), topic.get().partitionCount());
                }
            }
            subscribed.add(ids);
        }
        List<Map<UUID, Set<Integer>>> old = new ArrayList<>();
        for (String memberId : memberIds) {
            Map<UUID, Set<Integer>> byTopic = new HashMap<>();
            for (TopicIdPartition tp : current.getOrDefault(memberId, Set.of())) {
                byTopic.computeIfAbsent(tp.topicId(), k -> new HashSet<>()).add(tp.partition());
            }
            old.add(byTopic);
        }
        List<Map<UUID, Set<Integer>>> assigned = homogeneous(subscriptions)
                ? new HomogeneousShareAssignment(subscribed.get(0), partitionCounts, old).build()
                : new HeterogeneousShareAssignment(subscribed, partitionCounts, old).build();
        Map<String, Set<TopicIdPartition>> out = new HashMap<>();
        for (int i = 0; i < memberIds.size(); i++) {
            Set<TopicIdPartition> partitions = new LinkedHashSet<>();
            assigned.get(i).forEach((topicId, ps) -> ps.forEach(p -> partitions.add(new TopicIdPartition(topicId, p))));
            out.put(memberIds.get(i), partitions);
        }
        return out;
    }

    /** Kafka's HOMOGENEOUS subscription type: every member subscribes to the same topic names. */
    private static boolean homogeneous(Map<String, List<String>> subscriptions) {
        Set<String> first = null;
        for (List<String> names : subscriptions.values()) {
            Set<String> set = new HashSet<>(names);
            if (first == null) {
                first = set;
            } else if (!first.equals(set)) {
                return false;
            }
        }
        return true;
    }

    /** A copy of one member's assignment that can be changed (Kafka's deepCopyAssignment). */
    static Map<UUID, Set<Integer>> copy(Map<UUID, Set<Integer>> assignment) {
        Map<UUID, Set<Integer>> copy = new HashMap<>(assignment.size());
        assignment.forEach((topicId, partitions) -> copy.put(topicId, new HashSet<>(partitions)));
        return copy;
    }

    /**
     * How many partitions each of {@code members} members should have, with each partition shared by {@code sharing}
     * members: the {@code sharing * partitions} assignments spread as evenly as the member order allows.
     */
    static int[] desiredCounts(int members, int partitions, int sharing) {
        int[] counts = new int[members];
        double perMember = sharing * partitions / (double) members;
        for (int i = 0; i < members; i++) {
            counts[i] = (int) Math.ceil(perMember * (i + 1)) - (int) Math.ceil(perMember * i);
        }
        return counts;
    }

    /** How many members each partition should have: at least one, more when there are more members than partitions. */
    static int desiredSharing(int members, int partitions) {
        return partitions == 0 ? 0 : (members + partitions - 1) / partitions;
    }
}
