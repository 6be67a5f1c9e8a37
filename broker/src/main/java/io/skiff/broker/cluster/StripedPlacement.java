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

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Where new partitions' replicas go, as Kafka 4.4's controller places them (its striped placer, KRaft): replicas
 * spread over racks first, then over the nodes of each rack, round robin, the starting rack and node drawn at random
 * and advanced by one for each partition, which gives the "striped" pattern: with racks A, B, C of nodes A0, A1, …
 * partition 0 gets A0, B0, C0, partition 1 B1, C1, A1, partition 2 C2, A2, B2. Without racks every node is in the
 * one unnamed rack and consecutive partitions get consecutive runs of nodes.
 *
 * <p>Stopped nodes are fenced brokers to Kafka: they count as registered, take a replica only when a rack has no
 * running node left for the partition, and never lead. Once as many partitions as running nodes are placed, the racks
 * and nodes are shuffled so the next round repeats none of the combinations.
 *
 * <p>The random numbers Kafka draws come here from a seed (the topic's id), so a topic's layout does not depend on
 * the run. Not thread-safe: one instance places one request's partitions.
 */
final class StripedPlacement {
    /** A node as the placer sees it. */
    record Node(int id, String rack, boolean fenced) {}

    private final Random random;
    private final Map<String, Rack> racks = new LinkedHashMap<>();
    private final List<String> rackNames = new ArrayList<>();
    private final int total;
    private final int unfenced;
    private int round; // partitions placed since the last shuffle
    private int rackOffset;

    StripedPlacement(List<Node> nodes, long seed) {
        this.random = new Random(seed);
        int unfencedCount = 0;
        for (Node node : nodes) {
            Rack rack = racks.computeIfAbsent(node.rack(), r -> new Rack());
            (node.fenced() ? rack.fenced : rack.unfenced).ids.add(node.id());
            unfencedCount += node.fenced() ? 0 : 1;
        }
        for (Rack rack : racks.values()) {
            rack.fenced.start(random);
            rack.unfenced.start(random);
        }
        rackNames.addAll(racks.keySet());
        rackNames.sort(Comparator.nullsFirst(Comparator.<String>naturalOrder()));
        this.total = nodes.size();
        this.unfenced = unfencedCount;
        this.rackOffset = rackNames.isEmpty() ? 0 : random.nextInt(rackNames.size());
    }

    /** Kafka's answer when a replication factor cannot be placed, or null when it can. */
    static String problem(int replicationFactor, int registeredNodes, int runningNodes) {
        if (replicationFactor <= 0) {
            return "Invalid replication factor " + replicationFactor + ": the replication factor must be positive.";
        }
        if (replicationFactor > registeredNodes) {
            return "The target replication factor of " + replicationFactor + " cannot be reached because only "
                    + registeredNodes
                    + " broker(s) are registered or some brokers have all their log directories cordoned.";
        }
        if (runningNodes == 0) {
            return "All brokers are currently fenced, or have all their log directories cordoned.";
        }
        return null;
    }

    /** The replicas of the next {@code count} partitions, the leader first. */
    List<List<Integer>> place(int count, int replicationFactor) {
        String problem = problem(replicationFactor, total, unfenced);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        List<List<Integer>> result = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            result.add(next(replicationFactor));
        }
        return result;
    }

    private List<Integer> next(int replicationFactor) {
        if (round == unfenced && unfenced > 1) {
            shuffle();
            round = 0;
        }
        if (rackOffset == rackNames.size()) {
            rackOffset = 0;
        }
        List<Integer> replicas = new ArrayList<>(replicationFactor);
        // the leader: a running node of the first rack from the offset that has one left
        int leaderRack = rackOffset;
        while (true) {
            int id = racks.get(rackNames.get(leaderRack)).unfenced.next(round);
            if (id >= 0) {
                replicas.add(id);
                break;
            }
            leaderRack = (leaderRack + 1) % rackNames.size();
        }
        // the followers: one rack after another from the offset, the leader's rack skipped once
        int rackIndex = rackOffset;
        while (replicas.size() < replicationFactor) {
            int id = -1;
            if (rackIndex == leaderRack) {
                leaderRack = -1;
            } else {
                id = racks.get(rackNames.get(rackIndex)).next(round);
            }
            rackIndex = (rackIndex + 1) % rackNames.size();
            if (id >= 0) {
                replicas.add(id);
            }
        }
        round++;
        rackOffset++;
        return replicas;
    }

    private void shuffle() {
        Collections.shuffle(rackNames, random);
        for (Rack rack : racks.values()) {
            Collections.shuffle(rack.fenced.ids, random);
            Collections.shuffle(rack.unfenced.ids, random);
        }
    }

    /** A rack's nodes: the running ones first, the stopped ones when those are used up. */
    private static final class Rack {
        final Cycle unfenced = new Cycle();
        final Cycle fenced = new Cycle();

        int next(int round) {
            int id = unfenced.next(round);
            return id >= 0 ? id : fenced.next(round);
        }
    }

    /**
     * Nodes taken round robin: each round starts one further along and gives each node at most once.
     */
    private static final class Cycle {
        final List<Integer> ids = new ArrayList<>();
        private int taken;
        private int offset;
        private int round;

        void start(Random random) {
            if (!ids.isEmpty()) {
                Collections.sort(ids);
                offset = random.nextInt(ids.size());
            }
        }

        int next(int currentRound) {
            if (ids.isEmpty()) {
                return -1;
            }
            if (round != currentRound) {
                round = currentRound;
                taken = 0;
                offset = (offset + 1) % ids.size();
            }
            if (taken >= ids.size()) {
                return -1;
            }
            return ids.get((taken++ + offset) % ids.size());
        }
    }
}
