package io.skiff.broker.share;

/**
 * Makes a share-partition's state durable. Called with the share-partition's monitor held, right after a change, so
 * snapshots are written in the order of the changes; the write must be done (appended to the log) when it returns.
 * Implementations must be thread-safe.
 */
public interface ShareStateWriter {
    /** Keeps nothing (tests of the in-memory behaviour). */
    ShareStateWriter NONE = (groupId, partition, snapshot) -> {};

    void write(String groupId, TopicIdPartition partition, ShareStateSnapshot snapshot);
}
