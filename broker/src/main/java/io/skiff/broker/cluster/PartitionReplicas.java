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
import java.util.Set;

/**
 * One partition's replication state in a simulated cluster: its replicas (the first is the preferred leader), the
 * in-sync replicas, the leader (-1 when none is eligible) and its epoch, and the replicas made to lag (kept out of
 * the ISR while their node runs).
 *
 * <p>Immutable: a change replaces the whole value.
 */
public record PartitionReplicas(
        List<Integer> replicas, List<Integer> isr, int leader, int leaderEpoch, Set<Integer> lagging) {
    public static final int NO_LEADER = -1;

    public PartitionReplicas {
        replicas = List.copyOf(replicas);
        isr = List.copyOf(isr);
        lagging = Set.copyOf(lagging);
    }

    /** A new partition: every replica in sync, the first one leading at epoch 0. */
    static PartitionReplicas initial(List<Integer> replicas) {
        return new PartitionReplicas(replicas, replicas, replicas.get(0), 0, Set.of());
    }

    public boolean hasLeader() {
        return leader != NO_LEADER;
    }

    /** The replicas on stopped nodes (Metadata's offline replicas). */
    public List<Integer> offline(Set<Integer> stoppedNodes) {
        List<Integer> offline = new ArrayList<>();
        for (int replica : replicas) {
            if (stoppedNodes.contains(replica)) {
                offline.add(replica);
            }
        }
        return offline;
    }

    PartitionReplicas withLeader(int newLeader, List<Integer> newIsr) {
        int epoch = newLeader == leader ? leaderEpoch : leaderEpoch + 1;
        return new PartitionReplicas(replicas, newIsr, newLeader, epoch, lagging);
    }

    PartitionReplicas withIsr(List<Integer> newIsr) {
        return new PartitionReplicas(replicas, newIsr, leader, leaderEpoch, lagging);
    }

    PartitionReplicas withLagging(Set<Integer> newLagging, List<Integer> newIsr) {
        return new PartitionReplicas(replicas, newIsr, leader, leaderEpoch, newLagging);
    }

    PartitionReplicas withReplicas(List<Integer> newReplicas, int newLeader, List<Integer> newIsr) {
        int epoch = newLeader == leader ? leaderEpoch : leaderEpoch + 1;
        return new PartitionReplicas(newReplicas, newIsr, newLeader, epoch, lagging);
    }
}
