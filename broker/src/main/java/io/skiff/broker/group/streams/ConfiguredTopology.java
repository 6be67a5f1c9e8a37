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

import io.skiff.broker.group.common.TopicsView;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A streams group's topology resolved against the broker's topics (Kafka's ConfiguredTopology): the number of
 * tasks of each subtopology, the topics each subtopology reads (for interactive queries), the internal topics that
 * are missing with the partition counts and configs they must be created with, and the statuses the members are told
 * while the topology is not ready (missing source topics, incorrectly partitioned topics, missing internal topics).
 * Repartition topics without a partition count get the largest count of the topics their writers read, as Kafka's
 * RepartitionTopics computes it; changelog topics get their subtopology's task count. Immutable, thread-safe.
 *
 * @param taskCounts         tasks per subtopology id; empty unless {@link #isReady()}
 * @param sourceTopics       every topic a subtopology reads, by subtopology id (regexes resolved)
 * @param missingInternal    internal topics to create: name → partitions and configs
 * @param statuses           what the heartbeat answers while not ready (code and detail)
 * @param metadata           the partition count of every topic involved (a change bumps the group epoch)
 */
public record ConfiguredTopology(
        Map<String, Integer> taskCounts,
        Map<String, List<String>> sourceTopics,
        Map<String, StreamsTopology.InternalTopic> missingInternal,
        List<Status> statuses,
        Map<String, Integer> metadata) {

    /** Kafka's status codes of StreamsGroupHeartbeat. */
    public static final byte STALE_TOPOLOGY = 0;

    public static final byte MISSING_SOURCE_TOPICS = 1;
    public static final byte INCORRECTLY_PARTITIONED_TOPICS = 2;
    public static final byte MISSING_INTERNAL_TOPICS = 3;
    public static final byte SHUTDOWN_APPLICATION = 4;

    public record Status(byte code, String detail) {}

    public boolean isReady() {
        return statuses.isEmpty();
    }

    /** Resolves {@code topology} against {@code topics}. */
    public static ConfiguredTopology of(StreamsTopology topology, TopicsView topics) {
        Map<String, Integer> metadata = new TreeMap<>();
        Set<String> missingSources = new TreeSet<>();
        Map<String, List<String>> externalSources = new LinkedHashMap<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            List<String> resolved = new ArrayList<>();
            for (String t : s.sourceTopics()) {
                Optional<TopicsView.TopicInfo> info = topics.byName(t);
                if (info.isEmpty()) {
                    missingSources.add(t);
                } else {
                    metadata.put(t, info.get().partitionCount());
                    resolved.add(t);
                }
            }
            for (String regex : s.sourceTopicRegex()) {
                Pattern p = Pattern.compile(regex);
                for (TopicsView.TopicInfo info : topics.userTopics()) {
                    if (p.matcher(info.name()).matches() && !resolved.contains(info.name())) {
                        metadata.put(info.name(), info.partitionCount());
                        resolved.add(info.name());
                    }
                }
            }
            externalSources.put(s.subtopologyId(), resolved);
        }
        Map<String, List<String>> sources = new LinkedHashMap<>();
        topology.subtopologies().forEach(s -> {
            List<String> all = new ArrayList<>(externalSources.get(s.subtopologyId()));
            s.repartitionSourceTopics().forEach(t -> all.add(t.name()));
            sources.put(s.subtopologyId(), all);
        });
        if (!missingSources.isEmpty()) {
            return notReady(
                    sources,
                    metadata,
                    new Status(MISSING_SOURCE_TOPICS, "Source topics " + summarize(missingSources) + " are missing."));
        }
        Map<String, Integer> repartitionCounts = repartitionCounts(topology, metadata);
        List<String> incorrect = new ArrayList<>();
        copartition(topology, metadata, repartitionCounts, incorrect);
        Map<String, Integer> taskCounts = new LinkedHashMap<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            int max = 0;
            for (String t : externalSources.get(s.subtopologyId())) {
                max = Math.max(max, metadata.get(t));
            }
            for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
                max = Math.max(max, repartitionCounts.getOrDefault(t.name(), 0));
            }
            taskCounts.put(s.subtopologyId(), max);
        }
        Map<String, StreamsTopology.InternalTopic> wanted = new LinkedHashMap<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
                wanted.put(t.name(), withPartitions(t, repartitionCounts.getOrDefault(t.name(), 0)));
            }
        }
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            for (StreamsTopology.InternalTopic t : s.stateChangelogTopics()) {
                wanted.putIfAbsent(t.name(), withPartitions(t, taskCounts.get(s.subtopologyId())));
            }
        }
        Map<String, StreamsTopology.InternalTopic> missing = new LinkedHashMap<>();
        String wrongCount = null;
        for (StreamsTopology.InternalTopic t : wanted.values()) {
            if (t.partitions() <= 0) {
                incorrect.add(t.name());
                continue;
            }
            Optional<TopicsView.TopicInfo> info = topics.byName(t.name());
            if (info.isEmpty()) {
                missing.put(t.name(), t);
            } else {
                metadata.put(t.name(), info.get().partitionCount());
                if (info.get().partitionCount() != t.partitions() && wrongCount == null) {
                    wrongCount = "Existing topic " + t.name() + " has different number of partitions: expected "
                            + t.partitions() + ", found " + info.get().partitionCount();
                }
            }
        }
        List<Status> statuses = new ArrayList<>();
        if (!incorrect.isEmpty()) {
            statuses.add(new Status(
                    INCORRECTLY_PARTITIONED_TOPICS,
                    "Following topics are incorrectly partitioned: " + String.join(", ", new TreeSet<>(incorrect))
                            + "."));
        } else if (wrongCount != null) {
            // Kafka reports the first existing internal topic of the wrong size and nothing else.
            return new ConfiguredTopology(
                    Map.of(),
                    sources,
                    Map.of(),
                    List.of(new Status(INCORRECTLY_PARTITIONED_TOPICS, wrongCount)),
                    metadata);
        }
        if (!missing.isEmpty()) {
            // Kafka's wording and order: the names as a hash set of them iterates, at most three named.
            statuses.add(new Status(
                    MISSING_INTERNAL_TOPICS,
                    "Internal topics are missing: " + summarize(new HashSet<>(missing.keySet()))));
        }
        return new ConfiguredTopology(statuses.isEmpty() ? taskCounts : Map.of(), sources, missing, statuses, metadata);
    }

    /** Kafka's summary of topic names in statuses: the first three, then how many more. */
    static String summarize(Collection<String> names) {
        if (names.isEmpty()) {
            return "<none>";
        }
        List<String> shown = names.stream().limit(3).toList();
        return String.join(", ", shown) + (names.size() > 3 ? " and " + (names.size() - 3) + " additional topics" : "");
    }

    private static ConfiguredTopology notReady(
            Map<String, List<String>> sources, Map<String, Integer> metadata, Status status) {
        return new ConfiguredTopology(Map.of(), sources, Map.of(), List.of(status), metadata);
    }

    private static StreamsTopology.InternalTopic withPartitions(StreamsTopology.InternalTopic t, int partitions) {
        return new StreamsTopology.InternalTopic(t.name(), partitions, t.replicationFactor(), t.configs());
    }

    /** Repartition topics' partition counts: declared, else the largest count among what their writers read. */
    private static Map<String, Integer> repartitionCounts(StreamsTopology topology, Map<String, Integer> external) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        Set<String> repartition = new LinkedHashSet<>();
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            for (StreamsTopology.InternalTopic t : s.repartitionSourceTopics()) {
                repartition.add(t.name());
                if (t.partitions() > 0) {
                    counts.put(t.name(), t.partitions());
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (String topic : repartition) {
                if (counts.containsKey(topic)) {
                    continue;
                }
                int max = 0;
                for (StreamsTopology.Subtopology writer : topology.subtopologies()) {
                    if (!writer.repartitionSinkTopics().contains(topic)) {
                        continue;
                    }
                    for (String t : writer.sourceTopics()) {
                        max = Math.max(max, external.getOrDefault(t, 0));
                    }
                    for (StreamsTopology.InternalTopic t : writer.repartitionSourceTopics()) {
                        max = Math.max(max, counts.getOrDefault(t.name(), 0));
                    }
                }
                if (max > 0) {
                    counts.put(topic, max);
                    changed = true;
                }
            }
        }
        return counts;
    }

    /**
     * Copartition groups: their source topics must agree on the partition count (else they are reported), and their
     * repartition topics without a declared count take it (Kafka's CopartitionedTopicsEnforcer).
     */
    private static void copartition(
            StreamsTopology topology,
            Map<String, Integer> external,
            Map<String, Integer> repartitionCounts,
            List<String> incorrect) {
        for (StreamsTopology.Subtopology s : topology.subtopologies()) {
            for (StreamsTopology.CopartitionGroup g : s.copartitionGroups()) {
                Set<Integer> counts = new TreeSet<>();
                List<String> names = new ArrayList<>();
                for (short i : g.sourceTopics()) {
                    String t = s.sourceTopics().get(i);
                    names.add(t);
                    counts.add(external.getOrDefault(t, 0));
                }
                if (counts.size() > 1) {
                    incorrect.addAll(names);
                    continue;
                }
                int count = counts.isEmpty()
                        ? g.repartitionSourceTopics().stream()
                                .mapToInt(i -> repartitionCounts.getOrDefault(
                                        s.repartitionSourceTopics().get(i).name(), 0))
                                .max()
                                .orElse(0)
                        : counts.iterator().next();
                for (short i : g.repartitionSourceTopics()) {
                    StreamsTopology.InternalTopic t =
                            s.repartitionSourceTopics().get(i);
                    if (t.partitions() == 0) {
                        repartitionCounts.put(t.name(), count);
                    } else if (t.partitions() != count) {
                        incorrect.add(t.name());
                    }
                }
            }
        }
    }
}
