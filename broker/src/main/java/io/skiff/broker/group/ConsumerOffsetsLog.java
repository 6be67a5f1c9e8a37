package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.InternalTopicLog;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.topic.TopicRegistry;

/**
 * The group coordinator's {@link CoordinatorRecordLog}: the internal topic {@code __consumer_offsets} (key/value in
 * Kafka's layouts, see {@link GroupRecordCodec}), an {@link InternalTopicLog} like the transaction coordinator's.
 * Like Kafka, the topic is created on first use, so a broker that never sees a group starts fast and lists no
 * internal topic.
 *
 * <p>Stateless; thread-safe.
 */
public final class ConsumerOffsetsLog {
    public static final String TOPIC = "__consumer_offsets";

    private ConsumerOffsetsLog() {}

    /**
     * Uses {@code __consumer_offsets} if it exists (its own partition count wins), else creates it with
     * {@code partitions} partitions and segments of {@code segmentBytes} (offsets.topic.segment.bytes) on the first
     * append.
     */
    public static CoordinatorRecordLog open(TopicRegistry registry, int partitions, int segmentBytes) {
        return InternalTopicLog.open(registry, TOPIC, partitions, segmentBytes);
    }
}
