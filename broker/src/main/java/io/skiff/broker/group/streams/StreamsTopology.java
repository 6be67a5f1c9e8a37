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
package io.skiff.broker.group.streams;

import java.util.List;
import java.util.Map;

/**
 * The topology a streams group's members declared (StreamsGroupHeartbeat's {@code topology}, Kafka's
 * StreamsGroupTopologyValue): its epoch and subtopologies, each with its source topics (names and regexes), the
 * repartition topics it writes and reads, its changelog topics and its copartition groups (indexes into its own
 * lists). Immutable, thread-safe.
 */
public record StreamsTopology(int epoch, List<Subtopology> subtopologies) {

    /** An internal topic the broker creates: partitions 0 = derived, replication factor 0 = default. */
    public record InternalTopic(String name, int partitions, short replicationFactor, Map<String, String> configs) {
        public InternalTopic {
            configs = Map.copyOf(configs);
        }
    }

    public record CopartitionGroup(
            List<Short> sourceTopics, List<Short> sourceTopicRegex, List<Short> repartitionSourceTopics) {
        public CopartitionGroup {
            sourceTopics = List.copyOf(sourceTopics);
            sourceTopicRegex = List.copyOf(sourceTopicRegex);
            repartitionSourceTopics = List.copyOf(repartitionSourceTopics);
        }
    }

    public record Subtopology(
            String subtopologyId,
            List<String> sourceTopics,
            List<String> sourceTopicRegex,
            List<InternalTopic> stateChangelogTopics,
            List<String> repartitionSinkTopics,
            List<InternalTopic> repartitionSourceTopics,
            List<CopartitionGroup> copartitionGroups) {
        public Subtopology {
            sourceTopics = List.copyOf(sourceTopics);
            sourceTopicRegex = List.copyOf(sourceTopicRegex);
            stateChangelogTopics = List.copyOf(stateChangelogTopics);
            repartitionSinkTopics = List.copyOf(repartitionSinkTopics);
            repartitionSourceTopics = List.copyOf(repartitionSourceTopics);
            copartitionGroups = List.copyOf(copartitionGroups);
        }

        /** Stateful subtopologies have changelog topics: only their tasks get standby replicas. */
        public boolean isStateful() {
            return !stateChangelogTopics.isEmpty();
        }
    }

    public StreamsTopology {
        subtopologies = List.copyOf(subtopologies);
    }
}
