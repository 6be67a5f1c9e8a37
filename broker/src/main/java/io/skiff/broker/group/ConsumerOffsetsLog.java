package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.InternalTopicLog;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.topic.TopicRegistry;
import java.util.Map;

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
    /** The smallest segment.bytes a topic accepts. */
    private static final int MIN_SEGMENT_BYTES = 1024 * 1024;

    private ConsumerOffsetsLog() {}

    /**
     * Uses {@code __consumer_offsets} if it exists (its own partition count wins), else creates it with
     * {@code partitions} partitions on the first append.
     */
    public static CoordinatorRecordLog open(TopicRegistry registry, int partitions) {
        return InternalTopicLog.open(registry, TOPIC, partitions, topicConfigs(registry));
    }

    /**
     * Compacted, no time or size retention, segments of {@code offsets.topic.segment.bytes} (at least what a topic
     * accepts): closed segments are what the cleaner compacts, so the replay at start reads about one segment plus
     * the latest record of every key.
     */
    private static Map<String, String> topicConfigs(TopicRegistry registry) {
        Object configured = registry.brokerConfig().value("offsets.topic.segment.bytes");
        int segmentBytes = Math.max(MIN_SEGMENT_BYTES, ((Number) configured).intValue());
        return Map.of(
                "cleanup.policy", "compact",
                "retention.ms", "-1",
                "retention.bytes", "-1",
                "segment.bytes", Integer.toString(segmentBytes));
    }
}
