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
package io.skiff.broker.cluster;

import io.skiff.storage.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The layout of a simulated cluster in its data directory ({@value #NAME}), so a restart keeps what a Kafka
 * cluster's metadata log keeps: each partition's replicas, ISR, leader and leader epoch, the lagging replicas, and
 * which nodes are stopped. Written whole, atomically and fsynced, after each change; a text file of lines:
 *
 * <pre>
 * version 1
 * nodes 1,2,3
 * stopped 2
 * partition &lt;topic id&gt; &lt;topic name&gt; &lt;index&gt; &lt;leader&gt; &lt;leader epoch&gt; &lt;replicas&gt; &lt;isr&gt; &lt;lagging&gt;
 * </pre>
 *
 * (lists comma-separated, {@code -} when empty). Stateless; callers serialize writes.
 */
final class ReplicaLayoutFile {
    static final String NAME = "simulated-replicas";

    /** What a file holds: the nodes it was written for, the stopped ones and each topic's partitions from 0. */
    record Saved(List<Integer> nodes, Set<Integer> stopped, Map<UUID, Topic> topics) {
        static final Saved NONE = new Saved(List.of(), Set.of(), Map.of());
    }

    /** A topic's saved partitions, 0 to n-1. */
    record Topic(String name, PartitionReplicas[] partitions) {}

    private ReplicaLayoutFile() {}

    static Saved load(Path dataDir) {
        Path file = dataDir.resolve(NAME);
        if (!Files.exists(file)) {
            return Saved.NONE;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        List<Integer> nodes = List.of();
        Set<Integer> stopped = Set.of();
        Map<UUID, String> names = new LinkedHashMap<>();
        Map<UUID, Map<Integer, PartitionReplicas>> partitions = new LinkedHashMap<>();
        for (int n = 0; n < lines.size(); n++) {
            String[] f = lines.get(n).trim().split(" ");
            try {
                switch (f[0]) {
                    case "", "version" -> {}
                    case "nodes" -> nodes = ints(f[1]);
                    case "stopped" -> stopped = new HashSet<>(ints(f[1]));
                    case "partition" -> {
                        UUID id = UUID.fromString(f[1]);
                        names.put(id, f[2]);
                        partitions
                                .computeIfAbsent(id, k -> new LinkedHashMap<>())
                                .put(
                                        Integer.parseInt(f[3]),
                                        new PartitionReplicas(
                                                ints(f[6]),
                                                ints(f[7]),
                                                Integer.parseInt(f[4]),
                                                Integer.parseInt(f[5]),
                                                new HashSet<>(ints(f[8]))));
                    }
                    default -> throw new IllegalArgumentException("unknown entry " + f[0]);
                }
            } catch (RuntimeException e) {
                throw new IllegalStateException(
                        file + " line " + (n + 1) + " is not a simulated cluster layout (" + e.getMessage()
                                + "); delete the file to start from Kafka's placement again",
                        e);
            }
        }
        Map<UUID, Topic> topics = new LinkedHashMap<>();
        partitions.forEach((id, byIndex) -> {
            List<PartitionReplicas> list = new ArrayList<>();
            while (byIndex.containsKey(list.size())) {
                list.add(byIndex.get(list.size()));
            }
            topics.put(id, new Topic(names.get(id), list.toArray(new PartitionReplicas[0])));
        });
        return new Saved(nodes, stopped, topics);
    }

    static void save(Path dataDir, Saved layout) {
        StringBuilder out = new StringBuilder("version 1\n");
        out.append("nodes ").append(list(layout.nodes())).append('\n');
        out.append("stopped ")
                .append(list(layout.stopped().stream().sorted().toList()))
                .append('\n');
        layout.topics().forEach((id, topic) -> {
            PartitionReplicas[] states = topic.partitions();
            for (int p = 0; p < states.length; p++) {
                PartitionReplicas s = states[p];
                out.append("partition ")
                        .append(id)
                        .append(' ')
                        .append(topic.name())
                        .append(' ')
                        .append(p)
                        .append(' ')
                        .append(s.leader())
                        .append(' ')
                        .append(s.leaderEpoch())
                        .append(' ')
                        .append(list(s.replicas()))
                        .append(' ')
                        .append(list(s.isr()))
                        .append(' ')
                        .append(list(s.lagging().stream().sorted().toList()))
                        .append('\n');
            }
        });
        Path file = dataDir.resolve(NAME);
        try {
            AtomicFiles.write(file, out.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static String list(List<Integer> ids) {
        if (ids.isEmpty()) {
            return "-";
        }
        StringBuilder s = new StringBuilder();
        for (int id : ids) {
            s.append(s.length() == 0 ? "" : ",").append(id);
        }
        return s.toString();
    }

    private static List<Integer> ints(String field) {
        if (field.equals("-")) {
            return List.of();
        }
        return Arrays.stream(field.split(",")).map(Integer::valueOf).toList();
    }
}
