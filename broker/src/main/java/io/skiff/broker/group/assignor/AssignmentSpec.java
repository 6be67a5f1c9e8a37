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
