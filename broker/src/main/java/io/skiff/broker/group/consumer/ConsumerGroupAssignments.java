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

import com.google.re2j.Pattern;
import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.assignor.AssignmentSpec;
import io.skiff.broker.group.assignor.PartitionAssignor;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The assignment side of a {@link ConsumerGroup}, shared by its consumer-protocol and classic-protocol members:
 * the subscribed topics that exist, the group epoch bumps that follow a change, the target assignment computed
 * by the preferred server-side assignor, and each member's reconciliation towards it (with the records that
 * persist each step). Stateless apart from its settings; call under the group's lock.
 */
public final class ConsumerGroupAssignments {
    private final ConsumerGroupConfig config;
    private final TopicsView topics;
    private final Clock clock;

    public ConsumerGroupAssignments(ConsumerGroupConfig config, TopicsView topics, Clock clock) {
        this.config = config;
        this.topics = topics;
        this.clock = clock;
    }

    /**
     * After a member's change: re-resolves the subscribed topics, bumps the group epoch if they or the member's
     * subscription changed ({@code bump}), and computes a new target assignment if the epoch is ahead of it.
     */
    public void updateGroup(ConsumerGroup group, boolean bump, List<CoordinatorRecordLog.KeyValue> records) {
        Map<String, TopicsView.TopicInfo> subscribed = resolveSubscribedTopics(group);
        if (!subscribed.equals(group.subscribedTopics())) {
            group.subscribedTopics(subscribed);
            bump = true;
        }
        if (bump) {
            // Kafka 4.4 starts a group created by a member that subscribes to something at epoch 2, not 1 (seen
            // against Kafka 4.4.0: names of topics that exist or not, at v0 and v1; a group created by a member
            // subscribed to nothing starts at 1, and a group that exists always moves by 1)
            boolean createdSubscribed = group.groupEpoch() == 0 && subscribesToSomething(group);
            group.groupEpoch(group.groupEpoch() + (createdSubscribed ? 2 : 1));
            records.add(ConsumerGroupRecords.groupMetadata(group.groupId(), group.groupEpoch()));
        }
        if (group.groupEpoch() > group.assignmentEpoch()) {
            records.addAll(computeTargetAssignment(group));
        }
    }

    private static boolean subscribesToSomething(ConsumerGroup group) {
        return !group.subscribedTopicNamesByName().isEmpty()
                || group.subscribedRegexes().stream().anyMatch(r -> !r.isEmpty());
    }

    /**
     * Reconciles {@code member} with its target; true (and its current-assignment record added) if its epoch,
     * state or partitions changed.
     *
     * @param owned the partitions the member says it owns, or null when it did not say
     */
    public boolean reconcile(
            ConsumerGroup group,
            ConsumerGroupMember member,
            MemberAssignment owned,
            List<CoordinatorRecordLog.KeyValue> records) {
        int epochBefore = member.memberEpoch();
        ConsumerGroupMember.State stateBefore = member.state();
        MemberAssignment assignedBefore = member.assigned();
        MemberAssignment pendingBefore = member.pendingRevocation();
        ConsumerGroupReconciler.reconcile(group, member, owned);
        if (member.memberEpoch() != epochBefore
                || member.state() != stateBefore
                || !member.assigned().equals(assignedBefore)
                || !member.pendingRevocation().equals(pendingBefore)) {
            records.add(ConsumerGroupRecords.currentAssignment(group.groupId(), member));
            group.markMemberPersisted(member.memberId());
            return true;
        }
        return false;
    }

    /** The subscribed topics that exist: names, and topics matching the members' regexes. */
    public Map<String, TopicsView.TopicInfo> resolveSubscribedTopics(ConsumerGroup group) {
        Map<String, TopicsView.TopicInfo> out = new HashMap<>();
        for (String name : group.subscribedTopicNamesByName()) {
            topics.byName(name).ifPresent(t -> out.put(name, t));
        }
        Set<String> regexes = group.subscribedRegexes();
        if (!regexes.isEmpty()) {
            List<Pattern> patterns = regexes.stream().map(Pattern::compile).toList();
            for (TopicsView.TopicInfo t : topics.userTopics()) {
                if (patterns.stream().anyMatch(p -> p.matches(t.name()))) {
                    out.put(t.name(), t);
                }
            }
        }
        return out;
    }

    /** Topics a member subscribes to, by name or by its regex, among {@code subscribed}. */
    private static Set<UUID> subscribedIds(ConsumerGroupMember m, Map<String, TopicsView.TopicInfo> subscribed) {
        Set<UUID> out = new HashSet<>();
        Pattern regex = m.subscribedTopicRegex() != null ? Pattern.compile(m.subscribedTopicRegex()) : null;
        subscribed.forEach((name, t) -> {
            if (m.subscribedTopicNames().contains(name) || (regex != null && regex.matches(name))) {
                out.add(t.id());
            }
        });
        return out;
    }

    /** Runs the group's assignor for the current group epoch; returns the target-assignment records. */
    public List<CoordinatorRecordLog.KeyValue> computeTargetAssignment(ConsumerGroup group) {
        Map<String, AssignmentSpec.Member> members = new LinkedHashMap<>();
        for (ConsumerGroupMember m : group.members()) {
            members.put(
                    m.memberId(),
                    new AssignmentSpec.Member(
                            m.instanceId(),
                            subscribedIds(m, group.subscribedTopics()),
                            group.targetOf(m.memberId()).partitions()));
        }
        Map<UUID, AssignmentSpec.Topic> specTopics = new HashMap<>();
        group.subscribedTopics()
                .values()
                .forEach(t -> specTopics.put(t.id(), new AssignmentSpec.Topic(t.name(), t.partitionCount())));
        PartitionAssignor assignor = preferredAssignor(group);
        Map<String, Map<UUID, Set<Integer>>> computed = assignor.assign(new AssignmentSpec(members, specTopics));
        Map<String, MemberAssignment> target = new HashMap<>();
        List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
        for (String memberId : members.keySet()) {
            MemberAssignment a = new MemberAssignment(computed.getOrDefault(memberId, Map.of()));
            target.put(memberId, a);
            if (!a.equals(group.targetOf(memberId))) {
                records.add(ConsumerGroupRecords.targetMember(group.groupId(), memberId, a));
            }
        }
        group.targetAssignment(group.groupEpoch(), target);
        records.add(ConsumerGroupRecords.targetMetadata(group.groupId(), group.groupEpoch(), clock.millis()));
        return records;
    }

    /** The assignor most members ask for (Kafka's rule), else the first configured one. */
    public PartitionAssignor preferredAssignor(ConsumerGroup group) {
        Map<String, Integer> votes = new HashMap<>();
        for (ConsumerGroupMember m : group.members()) {
            if (m.serverAssignor() != null) {
                votes.merge(m.serverAssignor(), 1, Integer::sum);
            }
        }
        String best = null;
        for (Map.Entry<String, Integer> e : votes.entrySet()) {
            if (best == null
                    || e.getValue() > votes.get(best)
                    || (e.getValue().equals(votes.get(best)) && e.getKey().compareTo(best) < 0)) {
                best = e.getKey();
            }
        }
        PartitionAssignor chosen = best == null ? null : config.assignor(best);
        return chosen != null ? chosen : config.assignors().get(0);
    }
}
