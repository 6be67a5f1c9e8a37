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

import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.Endpoint;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The nodes of a simulated cluster: their ids ({@code node.id}, {@code node.id}+1, …), racks, advertised endpoints,
 * which of them are stopped, and which stopped ones were unregistered (UnregisterBroker) until they start again.
 *
 * <p>Thread-safe: reads are lock-free; endpoint changes are serialized on this object.
 */
final class ClusterNodes {
    private final List<Integer> ids;
    private final Map<Integer, String> racks;
    private final Set<Integer> stopped = ConcurrentHashMap.newKeySet();
    private final Set<Integer> unregistered = ConcurrentHashMap.newKeySet(); // a subset of stopped
    private volatile Map<Integer, List<Endpoint>> endpoints = Map.of();

    ClusterNodes(BrokerConfig config) {
        int count = SimulatedCluster.nodeCount(config);
        List<Integer> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(config.nodeId() + i);
        }
        this.ids = List.copyOf(list);
        this.racks = racks(config, ids);
    }

    private static Map<Integer, String> racks(BrokerConfig config, List<Integer> ids) {
        List<String> listed = config.get(BrokerConfigKeys.SKIFF_SIMULATED_RACKS);
        String common = config.get(BrokerConfigKeys.BROKER_RACK);
        Map<Integer, String> result = new LinkedHashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            String rack = listed != null && i < listed.size() && !listed.get(i).isBlank()
                    ? listed.get(i).trim()
                    : common;
            result.put(ids.get(i), rack);
        }
        return Collections.unmodifiableMap(result);
    }

    List<Integer> ids() {
        return ids;
    }

    boolean isRunning(int nodeId) {
        return ids.contains(nodeId) && !stopped.contains(nodeId);
    }

    List<Integer> running() {
        List<Integer> running = new ArrayList<>(ids.size());
        for (int id : ids) {
            if (!stopped.contains(id)) {
                running.add(id);
            }
        }
        return running;
    }

    /** The lowest running node, or -1. */
    int controller() {
        for (int id : ids) {
            if (!stopped.contains(id)) {
                return id;
            }
        }
        return -1;
    }

    String rack(int nodeId) {
        return racks.get(nodeId);
    }

    Set<Integer> stopped() {
        return Set.copyOf(stopped);
    }

    /** Marks a node stopped; false if it already was. */
    boolean markStopped(int nodeId) {
        return stopped.add(nodeId);
    }

    /** Marks a node running (a node that starts registers again); false if it already was. */
    boolean markRunning(int nodeId) {
        unregistered.remove(nodeId);
        return stopped.remove(nodeId);
    }

    /** Whether the node is registered: a node of the cluster not unregistered since it last ran. */
    boolean isRegistered(int nodeId) {
        return ids.contains(nodeId) && !unregistered.contains(nodeId);
    }

    /** Unregisters a stopped node; false if it runs (it stays registered) or is already unregistered. */
    boolean markUnregistered(int nodeId) {
        return stopped.contains(nodeId) && unregistered.add(nodeId);
    }

    /** Restores the stopped nodes of a saved layout (those that are still nodes). */
    void restoreStopped(Collection<Integer> nodeIds) {
        for (int id : nodeIds) {
            if (ids.contains(id)) {
                stopped.add(id);
            }
        }
    }

    void require(int nodeId) {
        if (!ids.contains(nodeId)) {
            throw new IllegalArgumentException("no node " + nodeId + "; the nodes are " + ids);
        }
    }

    synchronized void setEndpoints(int nodeId, List<Endpoint> nodeEndpoints) {
        Map<Integer, List<Endpoint>> copy = new LinkedHashMap<>(endpoints);
        copy.put(nodeId, List.copyOf(nodeEndpoints));
        endpoints = Map.copyOf(copy);
    }

    Optional<Endpoint> endpoint(int nodeId, String listenerName) {
        List<Endpoint> list = endpoints.get(nodeId);
        if (list == null || list.isEmpty()) {
            return Optional.empty();
        }
        for (Endpoint e : list) {
            if (e.listenerName().equals(listenerName)) {
                return Optional.of(e);
            }
        }
        return Optional.of(list.get(0));
    }

    List<Endpoint> endpoints(int nodeId) {
        return endpoints.getOrDefault(nodeId, List.of());
    }

    /** The first replica (in replica order) that is in {@code eligible} and runs, or {@link PartitionReplicas#NO_LEADER}. */
    int firstRunning(List<Integer> replicas, List<Integer> eligible) {
        for (int r : replicas) {
            if (eligible.contains(r) && isRunning(r)) {
                return r;
            }
        }
        return PartitionReplicas.NO_LEADER;
    }
}
