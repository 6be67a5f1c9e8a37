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
package io.skiff.console.view;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.config.ConfigEntry;
import io.skiff.config.ConfigSource;
import io.skiff.config.TopicConfig;
import io.skiff.storage.Log;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Topics and their partitions as the console shows them, read from the broker's registry and logs (each value is one
 * read of a volatile or a short lock of one log; nothing is held across topics). Stateless and thread-safe.
 */
public final class TopicViews {

    /** One line of the topic list. {@code records} counts offsets between log start and end (markers included). */
    public record TopicSummary(
            String name,
            String id,
            boolean internal,
            int partitions,
            long sizeBytes,
            long records,
            String cleanupPolicy,
            long retentionMs,
            long retentionBytes) {}

    /** One partition of a topic. */
    public record PartitionDetail(
            int partition,
            long logStartOffset,
            long logEndOffset,
            long lastStableOffset,
            int segments,
            long sizeBytes,
            int producers) {}

    /** One topic config key: its value and whether the topic overrides it. */
    public record ConfigValue(String name, String value, String source, boolean override) {}

    /** A topic with its partitions and configs. */
    public record TopicDetail(TopicSummary summary, List<PartitionDetail> partitions, List<ConfigValue> configs) {}

    private final BrokerContext broker;

    public TopicViews(BrokerContext broker) {
        this.broker = broker;
    }

    /** Every topic (internal ones too), by name, whose name contains {@code filter} (case-insensitive; "" for all). */
    public List<TopicSummary> list(String filter) {
        String needle = filter.toLowerCase(Locale.ROOT);
        List<TopicSummary> out = new ArrayList<>();
        for (Topic topic : broker.topics().topics()) {
            if (!topic.name().toLowerCase(Locale.ROOT).contains(needle)) {
                continue;
            }
            try {
                out.add(summary(topic));
            } catch (UnknownTopicException deletedMeanwhile) {
                // gone between the listing and the read: not shown
            }
        }
        out.sort(Comparator.comparing(TopicSummary::name));
        return out;
    }

    /** One topic, if it exists. */
    public Optional<TopicDetail> detail(String name) {
        Optional<Topic> found = broker.topics().topic(name);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Topic topic = found.get();
        try {
            List<PartitionDetail> partitions = new ArrayList<>();
            for (Partition p : topic.partitions()) {
                Log log = p.log();
                partitions.add(new PartitionDetail(
                        p.index(),
                        log.logStartOffset(),
                        log.logEndOffset(),
                        log.lastStableOffset(),
                        log.segmentCount(),
                        log.sizeInBytes(),
                        log.producerCount()));
            }
            return Optional.of(new TopicDetail(summary(topic), partitions, configs(topic.config())));
        } catch (UnknownTopicException deletedMeanwhile) {
            return Optional.empty();
        }
    }

    private static TopicSummary summary(Topic topic) {
        long size = 0;
        long records = 0;
        for (Partition p : topic.partitions()) {
            Log log = p.log();
            size += log.sizeInBytes();
            records += log.logEndOffset() - log.logStartOffset();
        }
        TopicConfig config = topic.config();
        return new TopicSummary(
                topic.name(),
                topic.id().toString(),
                topic.isInternal(),
                topic.partitionCount(),
                size,
                records,
                String.valueOf(config.value("cleanup.policy")).replaceAll("[\\[\\] ]", ""),
                config.retentionMs(),
                config.retentionBytes());
    }

    private static List<ConfigValue> configs(TopicConfig config) {
        List<ConfigValue> out = new ArrayList<>();
        for (ConfigEntry e : config.describe()) {
            out.add(new ConfigValue(e.name(), e.value(), e.source().name(), e.source() == ConfigSource.TOPIC_CONFIG));
        }
        return out;
    }
}
