package io.skiff.broker.share;

import io.skiff.storage.IsolationLevel;

/**
 * What a share-partition's behaviour depends on, resolved from the group's configuration (GROUP resource
 * {@code share.*}) over the broker's {@code group.share.*} keys at each request, so a changed group config applies
 * from the next fetch. Immutable, thread-safe.
 *
 * @param recordLockDurationMs how long an acquired record stays locked to its member
 * @param deliveryCountLimit   deliveries after which a released or expired record is archived
 * @param maxInFlightRecords   the most records between a share-partition's start and end offsets
 * @param isolation            read_committed skips aborted transactions and stops at the last stable offset
 */
public record ShareSettings(
        int recordLockDurationMs, int deliveryCountLimit, int maxInFlightRecords, IsolationLevel isolation) {
    /** Kafka 4.4's defaults. */
    public static final ShareSettings DEFAULTS = new ShareSettings(30_000, 5, 2_000, IsolationLevel.READ_UNCOMMITTED);
}
