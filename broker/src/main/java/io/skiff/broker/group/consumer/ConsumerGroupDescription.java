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

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.TopicsView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A ConsumerGroupDescribe entry: the group's state, epochs and assignor, and each member with its current
 * and target assignment (topics named, unknown topic ids left out). Immutable, thread-safe.
 */
public record ConsumerGroupDescription(
        String groupId,
        GroupError error,
        String errorMessage,
        String state,
        int groupEpoch,
        int assignmentEpoch,
        String assignorName,
        List<Member> members) {

    /** One member as ConsumerGroupDescribe shows it; {@code classic} for a member of the classic protocol. */
    public record Member(
            String memberId,
            String instanceId,
            String rackId,
            int memberEpoch,
            String clientId,
            String clientHost,
            List<String> subscribedTopicNames,
            String subscribedTopicRegex,
            Map<TopicsView.TopicInfo, Set<Integer>> assignment,
            Map<TopicsView.TopicInfo, Set<Integer>> targetAssignment,
            boolean classic) {}

    public static ConsumerGroupDescription error(String groupId, GroupError error, String message) {
        return new ConsumerGroupDescription(groupId, error, message, "", 0, 0, "", List.of());
    }

    /** Describes {@code group}; call under its lock. */
    public static ConsumerGroupDescription of(ConsumerGroup group, String assignorName, TopicsView topics) {
        List<Member> members = new ArrayList<>();
        for (ConsumerGroupMember m : group.members()) {
            members.add(new Member(
                    m.memberId(),
                    m.instanceId(),
                    m.rackId(),
                    m.memberEpoch(),
                    m.clientId(),
                    m.clientHost(),
                    m.subscribedTopicNames(),
                    m.subscribedTopicRegex(),
                    named(m.assigned(), topics),
                    named(group.targetOf(m.memberId()), topics),
                    m.usesClassicProtocol()));
        }
        return new ConsumerGroupDescription(
                group.groupId(),
                GroupError.NONE,
                null,
                group.stateName(),
                group.groupEpoch(),
                group.assignmentEpoch(),
                assignorName,
                members);
    }

    private static Map<TopicsView.TopicInfo, Set<Integer>> named(MemberAssignment a, TopicsView topics) {
        Map<TopicsView.TopicInfo, Set<Integer>> out = new LinkedHashMap<>();
        a.partitions().forEach((id, ps) -> topics.byId(id).ifPresent(t -> out.put(t, ps)));
        return out;
    }
}
