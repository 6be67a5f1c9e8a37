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

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks a topology passes before a streams group records it (answered STREAMS_INVALID_TOPOLOGY otherwise):
 * unique subtopology ids, at least one source per subtopology, changelog topics without a partition count (the
 * broker derives it), valid internal topic names, copartition indexes that point into the subtopology's lists.
 * Stateless, thread-safe.
 */
public final class TopologyValidation {
    private static final int MAX_TOPIC_NAME_LENGTH = 249;

    private TopologyValidation() {}

    /** Null if {@code topology} is valid, else why not. */
    public static String problem(StreamsTopology topology) {
        if (topology.subtopologies().isEmpty()) {
            return "Topology must have at least one subtopology.";
        }
        Set<String> ids = new HashSet<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            if (s.subtopologyId() == null || s.subtopologyId().isEmpty()) {
                return "Subtopology id must not be empty.";
            }
            if (!ids.add(s.subtopologyId())) {
                return "Duplicate subtopology id " + s.subtopologyId() + ".";
            }
            if (s.sourceTopics().isEmpty()
                    && s.sourceTopicRegex().isEmpty()
                    && s.repartitionSourceTopics().isEmpty()) {
                return "Subtopology " + s.subtopologyId() + " has no source topics.";
            }
            for (StreamsTopology.InternalTopic t : s.stateChangelogTopics()) {
                String bad = badName(t.name());
                if (bad != null) {
                    return bad;
                }
                if (t.partitions() != 0) {
                    return "Changelog topic " + t.name() + " must have an undefined partition count, but it is set to "
                            + t.partitions() + ".";
                }
            }
            for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
                String bad = badName(t.name());
                if (bad != null) {
                    return bad;
                }
                if (t.partitions() < 0) {
                    return "Repartition topic " + t.name() + " has a negative partition count.";
                }
            }
            for (StreamsTopology.CopartitionGroup g : s.copartitionGroups()) {
                if (outOfRange(g.sourceTopics(), s.sourceTopics().size())
                        || outOfRange(g.sourceTopicRegex(), s.sourceTopicRegex().size())
                        || outOfRange(
                                g.repartitionSourceTopics(),
                                s.repartitionSourceTopics().size())) {
                    return "Copartition group of subtopology " + s.subtopologyId()
                            + " refers to a topic index out of range.";
                }
            }
        }
        return null;
    }

    private static boolean outOfRange(List<Short> indexes, int size) {
        return indexes.stream().anyMatch(i -> i < 0 || i >= size);
    }

    private static String badName(String name) {
        if (name == null || name.isEmpty() || name.equals(".") || name.equals("..")) {
            return "Internal topic name '" + name + "' is illegal.";
        }
        if (name.length() > MAX_TOPIC_NAME_LENGTH) {
            return "Internal topic name " + name + " is longer than " + MAX_TOPIC_NAME_LENGTH + " characters.";
        }
        for (char c : name.toCharArray()) {
            if (!(Character.isLetterOrDigit(c) && c < 128) && c != '.' && c != '_' && c != '-') {
                return "Internal topic name " + name
                        + " is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'.";
            }
        }
        return null;
    }
}
