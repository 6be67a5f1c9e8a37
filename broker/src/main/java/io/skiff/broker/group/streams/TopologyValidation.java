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

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.topic.TopicNames;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Kafka 4.4's checks of a heartbeat's topology, and only those (StreamsTopologyDifferentialTest compares them with a
 * real Kafka 4.4): the names of its topics, checked by Kafka's broker before anything else in the request
 * ({@link #topicNamesRefusal}); changelog topics without a partition count and no source regexes, checked with the
 * request's fields ({@link StreamsHeartbeatRequests}); the structures Kafka fails on ({@link #refusal}); and, when
 * a group records the topology, what Kafka checks as it configures the topics ({@link #configurationRefusal}). A
 * topology without subtopologies is valid: its members get no tasks. Stateless, thread-safe.
 */
public final class TopologyValidation {
    private TopologyValidation() {}

    /**
     * Kafka's broker checks (KafkaApis) of every topic a topology names (source, repartition sink and source,
     * changelog topics, each once, in that order per subtopology): no internal topic, then no invalid name;
     * STREAMS_INVALID_TOPOLOGY naming them otherwise. Null if {@code topology} is null or passes.
     */
    public static StreamsHeartbeatResult topicNamesRefusal(StreamsTopology topology) {
        if (topology == null) {
            return null;
        }
        Set<String> names = topicNames(topology);
        List<String> internal = names.stream().filter(TopicNames::isInternal).toList();
        if (!internal.isEmpty()) {
            return invalidTopology("Use of Kafka internal topics " + String.join(",", internal)
                    + " in a Kafka Streams topology is prohibited.");
        }
        // an empty name is invalid too, and named as such ("Topic names  are not valid topic names.")
        List<String> invalid =
                names.stream().filter(n -> !TopicNames.isValid(n)).toList();
        if (!invalid.isEmpty()) {
            return invalidTopology("Topic names " + String.join(",", invalid) + " are not valid topic names.");
        }
        return null;
    }

    /**
     * Every topic a topology names, each once: per subtopology its source, repartition sink, repartition source and
     * changelog topics (not its source regexes). Kafka 4.4's broker checks these names, and DESCRIBE on them.
     */
    public static Set<String> topicNames(StreamsTopology topology) {
        Set<String> names = new LinkedHashSet<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            names.addAll(s.sourceTopics());
            names.addAll(s.repartitionSinkTopics());
            s.repartitionSourceTopics().forEach(t -> names.add(t.name()));
            s.stateChangelogTopics().forEach(t -> names.add(t.name()));
        }
        return names;
    }

    /**
     * The structure of a joining member's topology, null if it passes. Kafka 4.4 has no check for duplicate
     * subtopology ids, negative partition counts or copartition indexes out of range, but fails on them (a duplicate
     * key, an index out of bounds) with UNKNOWN_SERVER_ERROR without a message, which Skiff answers too rather than
     * record such a topology.
     */
    static StreamsHeartbeatResult refusal(StreamsTopology topology) {
        Set<String> ids = new HashSet<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            if (!ids.add(s.subtopologyId())) {
                return failed();
            }
            for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
                if (t.partitions() < 0) {
                    return failed();
                }
            }
            for (StreamsTopology.CopartitionGroup g : s.copartitionGroups()) {
                if (outOfRange(g.sourceTopics(), s.sourceTopics().size())
                        || outOfRange(g.sourceTopicRegex(), s.sourceTopicRegex().size())
                        || outOfRange(
                                g.repartitionSourceTopics(),
                                s.repartitionSourceTopics().size())) {
                    return failed();
                }
            }
        }
        return null;
    }

    /**
     * Kafka 4.4's refusals when it first configures a topology's topics (StreamsInvalidTopologyException), once every
     * source topic exists (until then it answers MISSING_SOURCE_TOPICS): repartition topics whose partition count
     * cannot be derived from their writers, through a loop or for want of a writer, then a subtopology without
     * sources. Null if none applies.
     */
    static StreamsHeartbeatResult configurationRefusal(StreamsTopology topology, TopicsView topics) {
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            for (String t : s.sourceTopics()) {
                if (topics.byName(t).isEmpty()) {
                    return null;
                }
            }
        }
        // Kafka's derivation: declared counts (any but 0), then each writer's sink gets the largest count it reads,
        // round after round while one is needed; a round without progress is a loop.
        Map<String, Integer> counts = new HashMap<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
                if (t.partitions() != 0) {
                    counts.put(t.name(), t.partitions());
                }
            }
        }
        boolean needed;
        do {
            needed = false;
            boolean progress = false;
            for (StreamsTopology.Subtopology s : topology.subtopologies()) {
                for (String sink : s.repartitionSinkTopics()) {
                    if (!counts.containsKey(sink)) {
                        Integer count = largestRead(s, counts, topics);
                        if (count == null) {
                            needed = true;
                        } else {
                            counts.put(sink, count);
                            progress = true;
                        }
                    }
                }
            }
            if (needed && !progress) {
                return invalidTopology("Failed to compute number of partitions for all repartition topics. There may"
                        + " be loops in the topology that cannot be resolved.");
            }
        } while (needed);
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
                if (!counts.containsKey(t.name())) {
                    return invalidTopology("Failed to compute number of partitions for all repartition topics, because"
                            + " a repartition source topic is never used as a sink topic.");
                }
            }
        }
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            if (s.sourceTopics().isEmpty() && s.repartitionSourceTopics().isEmpty()) {
                return invalidTopology("No source topics found for subtopology " + s.subtopologyId());
            }
        }
        return null;
    }

    /** The largest partition count among what {@code writer} reads, null if none is known yet. */
    private static Integer largestRead(
            StreamsTopology.Subtopology writer, Map<String, Integer> counts, TopicsView topics) {
        Integer max = null;
        for (StreamsTopology.InternalTopic t : writer.repartitionSourceTopics()) {
            Integer c = counts.get(t.name());
            if (c != null && (max == null || c > max)) {
                max = c;
            }
        }
        for (String t : writer.sourceTopics()) {
            Optional<TopicsView.TopicInfo> info = topics.byName(t);
            if (info.isPresent() && (max == null || info.get().partitionCount() > max)) {
                max = info.get().partitionCount();
            }
        }
        return max;
    }

    private static StreamsHeartbeatResult invalidTopology(String message) {
        return StreamsHeartbeatResult.error(GroupError.STREAMS_INVALID_TOPOLOGY, message);
    }

    private static StreamsHeartbeatResult failed() {
        return StreamsHeartbeatResult.error(GroupError.UNKNOWN_SERVER_ERROR, null);
    }

    private static boolean outOfRange(List<Short> indexes, int size) {
        return indexes.stream().anyMatch(i -> i < 0 || i >= size);
    }
}
