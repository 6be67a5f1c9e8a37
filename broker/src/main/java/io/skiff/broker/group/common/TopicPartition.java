package io.skiff.broker.group.common;

/** A topic name and partition index, the key of a committed offset. Immutable, thread-safe. */
public record TopicPartition(String topic, int partition) {
    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
