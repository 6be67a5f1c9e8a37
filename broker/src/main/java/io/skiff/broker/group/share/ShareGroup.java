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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A share group (KIP-932): its members, the group epoch (bumped by every change of membership, subscriptions or
 * subscribed topics' partitions), the assignment epoch of the current target assignment, and the fingerprint of the
 * subscribed topics the assignment was computed for. States: Empty (no members) and Stable.
 *
 * <p>Not thread-safe: every access holds the group's monitor.
 */
final class ShareGroup {
    final String groupId;
    final Map<String, ShareGroupMember> members = new LinkedHashMap<>();
    int groupEpoch;
    int assignmentEpoch;
    String topicsFingerprint = "";
    Map<String, Set<TopicIdPartition>> targetAssignment = Map.of();
    boolean dead;

    ShareGroup(String groupId) {
        this.groupId = groupId;
    }

    String state() {
        if (dead) {
            return "Dead";
        }
        return members.isEmpty() ? "Empty" : "Stable";
    }

    /** Every topic name some member subscribes to, sorted. */
    Set<String> subscribedTopics() {
        Set<String> all = new TreeSet<>();
        for (ShareGroupMember m : members.values()) {
            if (m.subscribedTopicNames != null) {
                all.addAll(m.subscribedTopicNames);
            }
        }
        return all;
    }

    /** Every partition assigned to some member. */
    Set<TopicIdPartition> assignedPartitions() {
        Set<TopicIdPartition> all = new java.util.HashSet<>();
        targetAssignment.values().forEach(all::addAll);
        return all;
    }

    List<ShareGroupMember> memberList() {
        return List.copyOf(members.values());
    }
}
