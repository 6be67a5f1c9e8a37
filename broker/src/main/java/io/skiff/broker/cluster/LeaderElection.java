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
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How a partition's leader and ISR change when nodes stop and start, replicas lag, leaders are moved or elected and
 * replicas are reassigned, as KRaft's controller changes them: each change of leader bumps the leader epoch; with no
 * eligible leader the ISR keeps its last member, the only replica that may lead again (unless unclean election).
 *
 * <p>Stateless but for the nodes it reads; thread-safe.
 */
final class LeaderElection {
    private final ClusterNodes nodes;

    LeaderElection(ClusterNodes nodes) {
        this.nodes = nodes;
    }

    /** A new partition: every replica in sync but those on stopped nodes, the first running one leading. */
    PartitionReplicas starting(List<Integer> replicas) {
        List<Integer> isr = new ArrayList<>();
        for (int r : replicas) {
            if (nodes.isRunning(r)) {
                isr.add(r);
            }
        }
        if (isr.isEmpty()) {
            return new PartitionReplicas(replicas, List.of(replicas.get(0)), PartitionReplicas.NO_LEADER, 0, Set.of());
        }
        return new PartitionReplicas(replicas, isr, isr.get(0), 0, Set.of());
    }

    /** {@code nodeId} stopped: it leaves the ISR; if it led, the first in-sync running replica leads. */
    PartitionReplicas afterStop(PartitionReplicas s, int nodeId, boolean unclean) {
        if (!s.replicas().contains(nodeId)) {
            return s;
        }
        List<Integer> isr = without(s.isr(), nodeId);
        if (s.leader() != nodeId) {
            return s.withIsr(isr.isEmpty() ? s.isr() : isr);
        }
        int next = nodes.firstRunning(s.replicas(), isr);
        if (next == PartitionReplicas.NO_LEADER && unclean) {
            next = nodes.firstRunning(s.replicas(), s.replicas());
            if (next != PartitionReplicas.NO_LEADER) {
                isr = List.of(next);
            }
        }
        return s.withLeader(next, isr.isEmpty() ? List.of(nodeId) : isr);
    }

    /**
     * {@code nodeId} started: it rejoins the ISR of a partition that has a leader (its copy is the shared storage:
     * nothing to catch up), and leads one left without a leader that waited for it.
     */
    PartitionReplicas afterStart(PartitionReplicas s, int nodeId) {
        if (!s.replicas().contains(nodeId) || s.lagging().contains(nodeId)) {
            return s;
        }
        if (!s.hasLeader()) {
            if (!s.isr().contains(nodeId)) {
                return s;
            }
            List<Integer> isr = new ArrayList<>();
            for (int r : s.replicas()) {
                if (nodes.isRunning(r) && !s.lagging().contains(r)) {
                    isr.add(r);
                }
            }
            return s.withLeader(nodeId, isr);
        }
        return s.withIsr(ordered(s.replicas(), with(s.isr(), nodeId)));
    }

    /** A follower starts or stops lagging: out of the ISR, or back in when its node runs and there is a leader. */
    PartitionReplicas lagging(PartitionReplicas s, int nodeId, boolean lagging) {
        Set<Integer> lag = new HashSet<>(s.lagging());
        if (lagging) {
            lag.add(nodeId);
            return s.withLagging(lag, without(s.isr(), nodeId));
        }
        lag.remove(nodeId);
        List<Integer> isr =
                s.hasLeader() && nodes.isRunning(nodeId) ? ordered(s.replicas(), with(s.isr(), nodeId)) : s.isr();
        return s.withLagging(lag, isr);
    }

    /** Whether {@code nodeId} may lead: a running, in-sync replica. */
    boolean eligible(PartitionReplicas s, int nodeId) {
        return s.isr().contains(nodeId) && nodes.isRunning(nodeId);
    }

    /** ElectLeaders UNCLEAN: the first running replica, or {@link PartitionReplicas#NO_LEADER}. */
    int uncleanCandidate(PartitionReplicas s) {
        return nodes.firstRunning(s.replicas(), s.replicas());
    }

    /**
     * The replicas become {@code target} at once (nothing to copy): the leader stays if it is a running target
     * replica, else the first running in-sync target replica leads.
     */
    PartitionReplicas reassigned(PartitionReplicas s, List<Integer> target) {
        List<Integer> isr = new ArrayList<>();
        for (int r : target) {
            if (nodes.isRunning(r)
                    && !s.lagging().contains(r)
                    && (s.hasLeader() || s.isr().contains(r))) {
                isr.add(r);
            }
        }
        int leader = target.contains(s.leader()) && nodes.isRunning(s.leader())
                ? s.leader()
                : isr.isEmpty() ? PartitionReplicas.NO_LEADER : isr.get(0);
        return s.withReplicas(target, leader, isr.isEmpty() ? List.of(target.get(0)) : isr);
    }

    private static List<Integer> without(List<Integer> list, int id) {
        List<Integer> copy = new ArrayList<>(list);
        copy.remove(Integer.valueOf(id));
        return copy;
    }

    private static List<Integer> with(List<Integer> list, int id) {
        if (list.contains(id)) {
            return list;
        }
        List<Integer> copy = new ArrayList<>(list);
        copy.add(id);
        return copy;
    }

    private static List<Integer> ordered(List<Integer> replicas, List<Integer> members) {
        List<Integer> result = new ArrayList<>(members.size());
        for (int r : replicas) {
            if (members.contains(r)) {
                result.add(r);
            }
        }
        return result;
    }
}
