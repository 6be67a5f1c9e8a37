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

import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The input of a {@link PartitionAssignor}: each member's subscribed topic ids and current target
 * assignment (for stickiness), and the subscribed topics. Immutable, thread-safe.
 *
 * @param members member id → member
 * @param topics  topic id → topic (every topic some member subscribes to, and only those that exist)
 */
public record AssignmentSpec(Map<String, Member> members, Map<UUID, Topic> topics) {

    /** A member: its instance id (null if dynamic), subscribed topics, and its current target assignment. */
    public record Member(String instanceId, Set<UUID> subscribedTopicIds, Map<UUID, Set<Integer>> currentAssignment) {}

    /** A topic's name (for a stable order) and partition count. */
    public record Topic(String name, int partitionCount) {}
}
