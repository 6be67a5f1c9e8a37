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
package io.skiff.broker.topic;

import io.skiff.config.BrokerConfig;
import io.skiff.config.TopicConfig;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Recovers every topic persisted in the data directory at start. A data directory holding
 * {@value TopicBuilder#LATE_OPEN_FROM} or more partitions outside the internal topics opens their logs as a large
 * creation does (published first, opened in the background or by first use): each log's recovery reads a few small
 * files, about a millisecond each from a cold disk, so 10,000 partitions took 13 s before the broker answered.
 * Nothing is lost by waiting: every log keeps its clean-shutdown marker until it is opened, and an append, a read or
 * the housekeeping opens it first. The internal topics, which the coordinators replay at start, and the logs of a
 * smaller directory are opened (and checked) before the broker starts.
 *
 * <p>Stateless; runs once, on the starting thread.
 */
final class TopicRecovery {
    private TopicRecovery() {}

    /**
     * Builds each persisted topic and hands it to {@code publish}; returns how many were recovered.
     *
     * @throws IOException if a topic's stored configuration is invalid or its files are inconsistent
     */
    static int recover(
            TopicMetadataStore store,
            TopicBuilder builder,
            PartitionOpener opener,
            BrokerConfig config,
            Consumer<Topic> publish)
            throws IOException {
        List<TopicMetadata> all = store.loadAll();
        int userPartitions = 0;
        for (TopicMetadata meta : all) {
            userPartitions += meta.internal() ? 0 : meta.partitionCount();
        }
        boolean late = TopicBuilder.opensLogsLate(userPartitions);
        List<Topic> opening = new ArrayList<>();
        for (TopicMetadata meta : all) {
            TopicConfig topicConfig;
            try {
                topicConfig = TopicConfig.of(meta.configs(), config);
            } catch (RuntimeException e) {
                throw new IOException(
                        "Topic " + meta.name() + " has an invalid stored configuration: " + e.getMessage(), e);
            }
            Topic topic;
            if (late && !meta.internal()) {
                topic = builder.buildUnopened(meta, topicConfig, false);
                opening.add(topic);
            } else {
                topic = builder.build(meta, topicConfig, false);
            }
            publish.accept(topic);
        }
        if (!opening.isEmpty()) {
            List<Partition> partitions = new ArrayList<>();
            for (Topic topic : opening) {
                partitions.addAll(topic.partitions());
            }
            opener.openLogsInBackground(partitions, true);
        }
        return all.size();
    }
}
