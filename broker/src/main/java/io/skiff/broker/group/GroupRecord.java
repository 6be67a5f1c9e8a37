package io.skiff.broker.group;

/**
 * A decoded record of the {@code __consumer_offsets} topic. A null payload is a tombstone.
 * Immutable, thread-safe.
 */
public sealed interface GroupRecord {

    String groupId();

    /** A committed offset (Kafka's OffsetCommitKey/OffsetCommitValue); {@code value == null} deletes it. */
    record OffsetCommit(String groupId, TopicPartition partition, OffsetAndMetadata value) implements GroupRecord {}

    /** Group metadata (Kafka's GroupMetadataKey/GroupMetadataValue); {@code value == null} deletes the group. */
    record GroupMetadata(String groupId, GroupMetadataSnapshot value) implements GroupRecord {}
}
