package io.skiff.broker.group.assignor;

import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A server-side assignor of the consumer group protocol (KIP-848): computes the target assignment of a
 * group from its members' subscriptions and the subscribed topics. Implementations are stateless and
 * thread-safe, and deterministic: the same spec gives the same assignment.
 */
public interface PartitionAssignor {

    /** The name members ask for in {@code server_assignor} and {@code group.consumer.assignors} lists. */
    String name();

    /** Member id → topic id → partitions; every member of the spec has an entry (possibly empty). */
    Map<String, Map<UUID, Set<Integer>>> assign(AssignmentSpec spec);
}
