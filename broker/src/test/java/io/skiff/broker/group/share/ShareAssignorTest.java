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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.FakeTopics;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.share.TopicIdPartition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.assignor.SubscribedTopicDescriber;
import org.apache.kafka.coordinator.group.api.assignor.SubscriptionType;
import org.apache.kafka.coordinator.group.assignor.SimpleAssignor;
import org.apache.kafka.coordinator.group.modern.Assignment;
import org.apache.kafka.coordinator.group.modern.GroupSpecImpl;
import org.apache.kafka.coordinator.group.modern.MemberSubscriptionAndAssignmentImpl;
import org.junit.jupiter.api.Test;

/**
 * The share assignor: its balance, sharing and stickiness, and, on random groups that change member by member, the
 * very assignment Kafka 4.4's own SimpleAssignor (its group-coordinator jar, test scope) computes from the same
 * members, subscriptions and previous assignment.
 */
class ShareAssignorTest {
    private final FakeTopics topics = new FakeTopics();

    @Test
    void membersOfOnePartitionAllShareIt() {
        UUID t = topics.create("t", 1);
        Map<String, Set<TopicIdPartition>> a = assign(subscriptions(List.of("m1", "m2", "m3"), "t"), Map.of());
        for (String m : List.of("m1", "m2", "m3")) {
            assertEquals(Set.of(new TopicIdPartition(t, 0)), a.get(m), m);
        }
    }

    @Test
    void fewerMembersThanPartitionsSplitThemWithoutSharing() {
        topics.create("t", 6);
        Map<String, Set<TopicIdPartition>> a = assign(subscriptions(List.of("m1", "m2"), "t"), Map.of());
        assertEquals(3, a.get("m1").size());
        assertEquals(3, a.get("m2").size());
        Set<TopicIdPartition> all = new HashSet<>(a.get("m1"));
        all.addAll(a.get("m2"));
        assertEquals(6, all.size(), "every partition once: " + a);
    }

    @Test
    void aJoiningMemberTakesPartitionsWithoutMovingTheOthers() {
        topics.create("t", 4);
        Map<String, Set<TopicIdPartition>> before = assign(subscriptions(List.of("m1", "m2"), "t"), Map.of());
        Map<String, Set<TopicIdPartition>> after = assign(subscriptions(List.of("m1", "m2", "m3"), "t"), before);
        for (String m : List.of("m1", "m2")) {
            assertTrue(before.get(m).containsAll(after.get(m)), m + " keeps only partitions it had: " + after);
        }
        assertEquals(1, after.get("m3").size(), "the new member's share: " + after);
        int kept = after.get("m1").size() + after.get("m2").size();
        assertEquals(3, kept, "one partition moved: " + before + " -> " + after);
    }

    @Test
    void aLeavingMemberOnlyMovesItsOwnPartitions() {
        topics.create("t", 6);
        Map<String, Set<TopicIdPartition>> before = assign(subscriptions(List.of("m1", "m2", "m3"), "t"), Map.of());
        Map<String, Set<TopicIdPartition>> current = new HashMap<>(before);
        current.remove("m3");
        Map<String, Set<TopicIdPartition>> after = assign(subscriptions(List.of("m1", "m2"), "t"), current);
        for (String m : List.of("m1", "m2")) {
            assertTrue(after.get(m).containsAll(before.get(m)), m + " keeps what it had: " + after);
            assertEquals(3, after.get(m).size());
        }
    }

    @Test
    void differentSubscriptionsAreBalancedTopicByTopic() {
        UUID t1 = topics.create("t1", 2);
        UUID t2 = topics.create("t2", 2);
        Map<String, List<String>> subs = new HashMap<>();
        subs.put("a", List.of("t1"));
        subs.put("b", List.of("t2"));
        subs.put("c", List.of("t1", "t2"));
        Map<String, Set<TopicIdPartition>> a = assign(subs, Map.of());
        assertEquals(1, a.get("a").size());
        assertTrue(a.get("a").iterator().next().topicId().equals(t1));
        assertEquals(1, a.get("b").size());
        assertTrue(a.get("b").iterator().next().topicId().equals(t2));
        assertEquals(2, a.get("c").size(), "one of each topic: " + a);
        assertEquals(
                2, a.get("c").stream().map(TopicIdPartition::topicId).distinct().count());
    }

    @Test
    void aTopicThatDoesNotExistAssignsNothing() {
        Map<String, Set<TopicIdPartition>> a = assign(subscriptions(List.of("m1"), "nowhere"), Map.of());
        assertEquals(Set.of(), a.getOrDefault("m1", Set.of()));
    }

    /** Random groups changing one member at a time: every step is Kafka's SimpleAssignor's answer. */
    @Test
    void sameAssignmentsAsKafkasSimpleAssignor() {
        Random random = new Random(932);
        List<String> names = List.of("orders", "payments", "events");
        for (int i = 0; i < names.size(); i++) {
            topics.create(names.get(i), 1 + random.nextInt(7));
        }
        for (int run = 0; run < 60; run++) {
            Map<String, List<String>> subs = new LinkedHashMap<>();
            Map<String, Set<TopicIdPartition>> current = new HashMap<>();
            boolean homogeneous = run % 2 == 0;
            for (int step = 0; step < 12; step++) {
                if (subs.isEmpty() || random.nextInt(3) > 0) {
                    String member = Uuid.randomUuid().toString();
                    subs.put(member, homogeneous ? names.subList(0, 2) : randomTopics(random, names));
                } else {
                    List<String> members = new ArrayList<>(subs.keySet());
                    String gone = members.get(random.nextInt(members.size()));
                    subs.remove(gone);
                    current.remove(gone);
                }
                Map<String, Set<TopicIdPartition>> ours = assign(subs, current);
                Map<String, Set<TopicIdPartition>> kafkas = kafka(subs, current);
                assertEquals(
                        new TreeMap<>(kafkas), new TreeMap<>(withEmpty(ours, subs)), "run " + run + " step " + step);
                current = ours;
            }
        }
    }

    private static List<String> randomTopics(Random random, List<String> names) {
        List<String> out = new ArrayList<>();
        for (String name : names) {
            if (random.nextBoolean()) {
                out.add(name);
            }
        }
        return out.isEmpty() ? List.of(names.get(random.nextInt(names.size()))) : out;
    }

    private static Map<String, Set<TopicIdPartition>> withEmpty(
            Map<String, Set<TopicIdPartition>> assignment, Map<String, List<String>> subs) {
        Map<String, Set<TopicIdPartition>> out = new HashMap<>();
        subs.keySet().forEach(m -> out.put(m, assignment.getOrDefault(m, Set.of())));
        return out;
    }

    private Map<String, Set<TopicIdPartition>> assign(
            Map<String, List<String>> subs, Map<String, Set<TopicIdPartition>> current) {
        return ShareAssignor.assign(subs, current, topics);
    }

    private static Map<String, List<String>> subscriptions(List<String> members, String topic) {
        Map<String, List<String>> subs = new HashMap<>();
        members.forEach(m -> subs.put(m, List.of(topic)));
        return subs;
    }

    /** Kafka 4.4's SimpleAssignor on the same group, as Kafka's coordinator would call it. */
    private Map<String, Set<TopicIdPartition>> kafka(
            Map<String, List<String>> subs, Map<String, Set<TopicIdPartition>> current) {
        Map<String, MemberSubscriptionAndAssignmentImpl> members = new HashMap<>();
        Set<Set<String>> distinct = new HashSet<>();
        subs.forEach((member, names) -> {
            Set<Uuid> ids = new java.util.LinkedHashSet<>();
            for (String name : new HashSet<>(names)) {
                topics.byName(name).ifPresent(t -> ids.add(uuid(t.id())));
            }
            distinct.add(new HashSet<>(names));
            Map<Uuid, Set<Integer>> held = new HashMap<>();
            for (TopicIdPartition tp : current.getOrDefault(member, Set.of())) {
                held.computeIfAbsent(uuid(tp.topicId()), k -> new HashSet<>()).add(tp.partition());
            }
            members.put(
                    member,
                    new MemberSubscriptionAndAssignmentImpl(
                            Optional.empty(), Optional.empty(), ids, new Assignment(held)));
        });
        SubscriptionType type = distinct.size() <= 1 ? SubscriptionType.HOMOGENEOUS : SubscriptionType.HETEROGENEOUS;
        SubscribedTopicDescriber describer = new SubscribedTopicDescriber() {
            @Override
            public int numPartitions(Uuid topicId) {
                return topics.userTopics().stream()
                        .filter(t -> uuid(t.id()).equals(topicId))
                        .mapToInt(TopicsView.TopicInfo::partitionCount)
                        .findFirst()
                        .orElse(-1);
            }

            @Override
            public Set<String> racksForPartition(Uuid topicId, int partition) {
                return Set.of();
            }
        };
        GroupAssignment result = new SimpleAssignor().assign(new GroupSpecImpl(members, type, Map.of()), describer);
        Map<String, Set<TopicIdPartition>> out = new HashMap<>();
        subs.keySet().forEach(m -> out.put(m, new HashSet<>()));
        result.members()
                .forEach((member, assignment) -> assignment
                        .partitions()
                        .forEach((topicId, partitions) -> partitions.forEach(p -> out.get(member)
                                .add(new TopicIdPartition(
                                        new UUID(topicId.getMostSignificantBits(), topicId.getLeastSignificantBits()),
                                        p)))));
        return out;
    }

    private static Uuid uuid(UUID id) {
        return new Uuid(id.getMostSignificantBits(), id.getLeastSignificantBits());
    }
}
