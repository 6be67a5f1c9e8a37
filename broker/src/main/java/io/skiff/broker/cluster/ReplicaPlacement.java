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
import java.util.List;

/**
 * Where new partitions' replicas go: Kafka's rack-unaware assignment (the first replica of partition p on broker
 * {@code (p + start) % n}, the others shifted by a per-topic amount that grows every n partitions), so leaders and
 * followers spread over the nodes. Kafka draws {@code start} and the shift at random; here they come from the topic
 * id, so a topic's layout is the same after a restart.
 *
 * <p>Stateless; thread-safe.
 */
final class ReplicaPlacement {
    private ReplicaPlacement() {}

    /**
     * Replica lists for partitions {@code firstPartition} to {@code firstPartition + count - 1}.
     *
     * @param nodes the node ids, ascending
     */
    static List<List<Integer>> assign(
            List<Integer> nodes, int firstPartition, int count, int replicationFactor, int seed) {
        int n = nodes.size();
        int start = Math.floorMod(seed, n);
        int shift = Math.floorMod(seed >>> 8, n);
        List<List<Integer>> result = new ArrayList<>(count);
        for (int p = firstPartition; p < firstPartition + count; p++) {
            int partitionShift = shift + p / n;
            int first = (p + start) % n;
            List<Integer> replicas = new ArrayList<>(replicationFactor);
            replicas.add(nodes.get(first));
            for (int j = 0; j < replicationFactor - 1; j++) {
                int step = 1 + (partitionShift + j) % (n - 1);
                replicas.add(nodes.get((first + step) % n));
            }
            result.add(replicas);
        }
        return result;
    }
}
