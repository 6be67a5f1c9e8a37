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
import io.skiff.broker.topic.TopicNames;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Kafka 4.4's checks of a heartbeat's topology, and only those (StreamsTopologyDifferentialTest compares them with a
 * real Kafka 4.4): the names of its topics, checked by Kafka's broker before anything else in the request
 * ({@link #topicNamesRefusal}); changelog topics without a partition count and no source regexes, checked with the
 * request's fields ({@link StreamsHeartbeatRequests}); and, when the topology is recorded, sources in every
 * subtopology ({@link #refusal}). A topology without subtopologies is valid: its members get no tasks. Stateless,
 * thread-safe.
 */
public final class TopologyValidation {
    private TopologyValidation() {}

    /**
     * Kafka's broker checks (KafkaApis) of every topic a topology names (source, repartition sink and source, changelog
     * topics, each once, in that order per subtopology): no internal topic, then no invalid name; STREAMS_INVALID_TOPOLOGY
     * naming them otherwise. Null if {@code topology} is null or passes.
     */
    static StreamsHeartbeatResult topicNamesRefusal(StreamsTopology topology) {
        if (topology == null) {
            return null;
        }
        Set<String> names = new LinkedHashSet<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            names.addAll(s.sourceTopics());
            names.addAll(s.repartitionSinkTopics());
            s.repartitionSourceTopics().forEach(t -> names.add(t.name()));
            s.stateChangelogTopics().forEach(t -> names.add(t.name()));
        }
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
     * The checks of a joining member's topology, null if it passes. Kafka 4.4 refuses a subtopology without sources
     * (STREAMS_INVALID_TOPOLOGY, when it configures the topology's topics); it has no check for duplicate subtopology
     * ids, negative partition counts or copartition indexes out of range, but fails on them (a duplicate key, an
     * index out of bounds) with UNKNOWN_SERVER_ERROR without a message, which Skiff answers too rather than record
     * such a topology.
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
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            if (s.sourceTopics().isEmpty() && s.repartitionSourceTopics().isEmpty()) {
                return invalidTopology("No source topics found for subtopology " + s.subtopologyId());
            }
        }
        return null;
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
