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
package io.skiff.console.action;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.handler.TopicConfigErrors;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigException;
import io.skiff.config.TopicConfig;
import java.util.HashMap;
import java.util.Map;

/**
 * Topic changes the console offers: create, delete, add partitions, change configs. Each checks what Kafka's admin
 * APIs check and fails with Kafka's message ({@link ActionException}). Stateless and thread-safe; runs on the
 * console's worker thread, never on an event loop.
 */
public final class TopicActions {
    private final BrokerContext broker;

    public TopicActions(BrokerContext broker) {
        this.broker = broker;
    }

    /** Creates a topic; {@code partitions} -1 takes num.partitions. */
    public Topic create(String name, int partitions, Map<String, String> configs) {
        int count = partitions == -1 ? broker.config().get(BrokerConfigKeys.NUM_PARTITIONS) : partitions;
        if (count < 1) {
            throw new ActionException("Number of partitions was set to an invalid non-positive value.");
        }
        try {
            return broker.topics().createTopic(name, count, configs);
        } catch (ConfigException e) {
            throw new ActionException(TopicConfigErrors.message(e, configs));
        } catch (RuntimeException e) {
            throw new ActionException(e.getMessage());
        }
    }

    /** Deletes a topic and the offsets groups committed for it, as DeleteTopics does. */
    public void delete(String name) {
        if (!broker.config().get(BrokerConfigKeys.DELETE_TOPIC_ENABLE)) {
            throw new ActionException("Topic deletion is disabled.");
        }
        TopicRegistry topics = broker.topics();
        if (topics.topic(name).isEmpty()) {
            throw new ActionException("This server does not host this topic-partition.");
        }
        try {
            topics.deleteTopic(name);
        } catch (RuntimeException e) {
            throw new ActionException(e.getMessage());
        }
        broker.groupCoordinator().deleteOffsetsOfTopic(name);
    }

    /** Grows a topic to {@code totalCount} partitions, with CreatePartitions' messages. */
    public void addPartitions(String name, int totalCount) {
        Topic topic = existing(name);
        int current = topic.partitionCount();
        if (totalCount == current) {
            throw new ActionException("Topic already has " + current + " partition(s).");
        }
        if (totalCount < current) {
            throw new ActionException("The topic " + name + " currently has " + current + " partition(s); " + totalCount
                    + " would not be an increase.");
        }
        try {
            broker.topics().createPartitions(name, totalCount);
        } catch (RuntimeException e) {
            throw new ActionException(e.getMessage());
        }
    }

    /**
     * Sets ({@code value} non-empty) or removes ({@code value} null or empty) one override, validated as
     * IncrementalAlterConfigs validates it.
     */
    public void setConfig(String name, String key, String value) {
        Topic topic = existing(name);
        Map<String, String> next = new HashMap<>(topic.config().overrides());
        if (value == null || value.isEmpty()) {
            next.remove(key);
        } else {
            next.put(key, value);
        }
        try {
            TopicConfig.of(next, broker.topics().brokerConfig());
            broker.topics().alterTopicConfig(name, next);
        } catch (ConfigException e) {
            throw new ActionException(TopicConfigErrors.message(e, next));
        }
    }

    private Topic existing(String name) {
        return broker.topics()
                .topic(name)
                .orElseThrow(() -> new ActionException("This server does not host this topic-partition."));
    }
}
