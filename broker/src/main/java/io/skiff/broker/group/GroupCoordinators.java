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
package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.assignor.PartitionAssignor;
import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.broker.group.streams.InternalTopicCreator;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicExistsException;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Builds the broker's {@link GroupCoordinator} from its configuration: opens {@code __consumer_offsets}
 * (offsets.topic.num.partitions), replays it, and starts the timers and offset expiry. Stateless.
 */
public final class GroupCoordinators {
    private GroupCoordinators() {}

    /** The coordinator settings from the broker's Kafka keys. */
    public static GroupCoordinatorConfig config(BrokerConfig config) {
        return new GroupCoordinatorConfig(
                config.get(BrokerConfigKeys.GROUP_MIN_SESSION_TIMEOUT_MS),
                config.get(BrokerConfigKeys.GROUP_MAX_SESSION_TIMEOUT_MS),
                config.get(BrokerConfigKeys.GROUP_INITIAL_REBALANCE_DELAY_MS),
                config.get(BrokerConfigKeys.GROUP_MAX_SIZE),
                config.get(BrokerConfigKeys.OFFSETS_RETENTION_MINUTES) * 60_000L,
                config.get(BrokerConfigKeys.OFFSETS_RETENTION_CHECK_INTERVAL_MS),
                config.get(BrokerConfigKeys.OFFSET_METADATA_MAX_BYTES));
    }

    /** The consumer group protocol's settings from the broker's group.consumer.* keys. */
    public static ConsumerGroupConfig consumerConfig(BrokerConfig config) {
        List<PartitionAssignor> assignors = new ArrayList<>();
        for (String name : config.get(BrokerConfigKeys.GROUP_CONSUMER_ASSIGNORS)) {
            PartitionAssignor a = ConsumerGroupConfig.assignorByConfigName(name);
            if (a != null && assignors.stream().noneMatch(x -> x.name().equals(a.name()))) {
                assignors.add(a);
            }
        }
        return new ConsumerGroupConfig(
                config.get(BrokerConfigKeys.GROUP_CONSUMER_SESSION_TIMEOUT_MS),
                config.get(BrokerConfigKeys.GROUP_CONSUMER_HEARTBEAT_INTERVAL_MS),
                config.get(BrokerConfigKeys.GROUP_CONSUMER_MAX_SIZE),
                assignors,
                ConsumerGroupConfig.MigrationPolicy.valueOf(
                        config.groupConsumerMigrationPolicy().toUpperCase(Locale.ROOT)));
    }

    /**
     * Opens {@code __consumer_offsets} and the groups' own configurations ({@link GroupConfigStore}, in the data
     * directory), loads the groups and starts the coordinator; close it before the registry.
     */
    public static GroupCoordinator start(BrokerConfig config, TopicRegistry topics, Clock clock) {
        GroupConfigStore groupConfigs = GroupConfigStore.open(topics.dataDir(), config);
        CoordinatorRecordLog log = ConsumerOffsetsLog.open(
                topics,
                config.get(BrokerConfigKeys.OFFSETS_TOPIC_NUM_PARTITIONS),
                config.get(BrokerConfigKeys.OFFSETS_TOPIC_SEGMENT_BYTES));
        return GroupCoordinator.start(
                config(config),
                consumerConfig(config).withGroupConfigs(groupConfigs),
                topicsView(topics),
                internalTopicCreator(topics),
                log,
                clock);
    }

    /** The consumer group protocol's view of the broker's topics. */
    public static TopicsView topicsView(TopicRegistry registry) {
        return new TopicsView() {
            @Override
            public Optional<TopicInfo> byName(String name) {
                return registry.topic(name).map(GroupCoordinators::info);
            }

            @Override
            public Optional<TopicInfo> byId(UUID id) {
                return registry.topic(id).map(GroupCoordinators::info);
            }

            @Override
            public Collection<TopicInfo> userTopics() {
                List<TopicInfo> out = new ArrayList<>();
                for (Topic t : registry.topics()) {
                    if (!t.isInternal()) {
                        out.add(info(t));
                    }
                }
                return out;
            }
        };
    }

    /** Streams groups' repartition and changelog topics, created in the registry with the topology's configs. */
    public static InternalTopicCreator internalTopicCreator(TopicRegistry registry) {
        return topic -> {
            if (registry.topic(topic.name()).isEmpty()) {
                try {
                    registry.createTopic(topic.name(), topic.partitions(), topic.configs());
                } catch (TopicExistsException e) {
                    // created meanwhile by another heartbeat
                }
            }
        };
    }

    private static TopicsView.TopicInfo info(Topic t) {
        return new TopicsView.TopicInfo(t.id(), t.name(), t.partitionCount());
    }
}
