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
package io.skiff.broker.group.assignor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The {@code uniform} assignor, Kafka's default: spreads the partitions of the subscribed topics evenly over
 * the members that subscribe to them, and moves as few partitions as it can from the current target
 * assignment. Steps: every member keeps its current partitions (still subscribed, still existing) up to an
 * even share; the remaining partitions go one by one to the least loaded subscribed member; then partitions
 * move from a member to a subscribed one holding at least two fewer until no such pair is left. Stateless,
 * thread-safe.
 */
public final class UniformAssignor implements PartitionAssignor {
    public static final String NAME = "uniform";

    private record TopicPartition(UUID topicId, String topicName, int partition) {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Map<UUID, Set<Integer>>> assign(AssignmentSpec spec) {
        // Member ids in a stable order, partitions in topic-name order: the result is deterministic.
        List<String> memberIds = new ArrayList<>(spec.members().keySet());
        memberIds.sort(Comparator.naturalOrder());
        List<TopicPartition> all = new ArrayList<>();
        new TreeMap<>(byName(spec)).forEach((name, topicId) -> {
            boolean subscribed = spec.members().values().stream()
                    .anyMatch(m -> m.subscribedTopicIds().contains(topicId));
            if (subscribed) {
                for (int p = 0; p < spec.topics().get(topicId).partitionCount(); p++) {
                    all.add(new TopicPartition(topicId, name, p));
                }
            }
        });
        Map<String, List<TopicPartition>> owned = new HashMap<>();
        memberIds.forEach(m -> owned.put(m, new ArrayList<>()));
        if (memberIds.isEmpty()) {
            return Map.of();
        }
        int share = (all.size() + memberIds.size() - 1) / memberIds.size();
        Set<TopicPartition> taken = new java.util.HashSet<>();
        Set<TopicPartition> existing = new java.util.HashSet<>(all);
        for (String memberId : memberIds) {
            AssignmentSpec.Member member = spec.members().get(memberId);
            List<TopicPartition> current = new ArrayList<>();
            member.currentAssignment().forEach((topicId, partitions) -> {
                AssignmentSpec.Topic topic = spec.topics().get(topicId);
                if (topic == null || !member.subscribedTopicIds().contains(topicId)) {
                    return;
                }
                partitions.forEach(p -> current.add(new TopicPartition(topicId, topic.name(), p)));
            });
            current.sort(ORDER);
            for (TopicPartition tp : current) {
                if (owned.get(memberId).size() >= share) {
                    break;
                }
                if (existing.contains(tp) && taken.add(tp)) {
                    owned.get(memberId).add(tp);
                }
            }
        }
        for (TopicPartition tp : all) {
            if (taken.contains(tp)) {
                continue;
            }
            String target = leastLoaded(memberIds, owned, spec, tp.topicId());
            if (target != null) {
                owned.get(target).add(tp);
                taken.add(tp);
            }
        }
        balance(memberIds, owned, spec);
        Map<String, Map<UUID, Set<Integer>>> out = new HashMap<>();
        owned.forEach((memberId, tps) -> {
            Map<UUID, Set<Integer>> byTopic = new HashMap<>();
            tps.forEach(tp ->
                    byTopic.computeIfAbsent(tp.topicId(), t -> new TreeSet<>()).add(tp.partition()));
            out.put(memberId, byTopic);
        });
        return out;
    }

    private static final Comparator<TopicPartition> ORDER =
            Comparator.comparing(TopicPartition::topicName).thenComparingInt(TopicPartition::partition);

    private static Map<String, UUID> byName(AssignmentSpec spec) {
        Map<String, UUID> out = new HashMap<>();
        spec.topics().forEach((id, t) -> out.put(t.name(), id));
        return out;
    }

    private static String leastLoaded(
            List<String> memberIds, Map<String, List<TopicPartition>> owned, AssignmentSpec spec, UUID topicId) {
        String best = null;
        for (String m : memberIds) {
            if (spec.members().get(m).subscribedTopicIds().contains(topicId)
                    && (best == null || owned.get(m).size() < owned.get(best).size())) {
                best = m;
            }
        }
        return best;
    }

    /** Moves partitions from a member to a subscribed member holding two or more fewer, until none can move. */
    private static void balance(List<String> memberIds, Map<String, List<TopicPartition>> owned, AssignmentSpec spec) {
        boolean moved = true;
        while (moved) {
            moved = false;
            List<String> byLoad = new ArrayList<>(memberIds);
            byLoad.sort(Comparator.comparingInt((String m) -> owned.get(m).size())
                    .reversed()
                    .thenComparing(Comparator.naturalOrder()));
            outer:
            for (String from : byLoad) {
                List<TopicPartition> fromOwned = owned.get(from);
                for (int i = fromOwned.size() - 1; i >= 0; i--) {
                    TopicPartition tp = fromOwned.get(i);
                    String to = leastLoaded(memberIds, owned, spec, tp.topicId());
                    if (to != null && owned.get(to).size() + 1 < fromOwned.size()) {
                        fromOwned.remove(i);
                        owned.get(to).add(tp);
                        moved = true;
                        break outer;
                    }
                }
            }
        }
    }
}
