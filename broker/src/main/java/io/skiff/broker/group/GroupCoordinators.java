package io.skiff.broker.group;

import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import java.time.Clock;

/**
 * Builds the broker's {@link GroupCoordinator} from its configuration: opens {@code __consumer_offsets}
 * (offsets.topic.num.partitions), replays it, and starts the timers and offset expiry. Stateless.
 */
public final class GroupCoordinators {
    private GroupCoordinators() {}

    /** The coordinator settings from the broker's Kafka keys. */
    public static GroupCoordinatorConfig config(BrokerConfig config) {
        return new GroupCoordinatorConfig(
                config.groupMinSessionTimeoutMs(),
                config.groupMaxSessionTimeoutMs(),
                config.groupInitialRebalanceDelayMs(),
                config.groupMaxSize(),
                config.offsetsRetentionMinutes() * 60_000L,
                config.offsetsRetentionCheckIntervalMs(),
                config.offsetMetadataMaxBytes());
    }

    /** Opens {@code __consumer_offsets}, loads the groups and starts the coordinator; close it before the registry. */
    public static GroupCoordinator start(BrokerConfig config, TopicRegistry topics, Clock clock) {
        ConsumerOffsetsLog log = ConsumerOffsetsLog.open(topics, config.offsetsTopicNumPartitions());
        return GroupCoordinator.start(config(config), log, clock);
    }
}
