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
package io.skiff.broker;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.skiff.broker.cluster.PartitionReplicas;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.http.HttpException;
import io.skiff.http.HttpRequest;
import io.skiff.http.HttpResponse;
import io.skiff.http.Routes;
import java.util.List;
import java.util.Set;

/**
 * The control listener's paths for a simulated cluster's nodes (beside the fault, clock and reset paths):
 * <ul>
 *   <li>{@code GET /v1/nodes}: each node's id, rack, whether it runs and its bootstrap address;</li>
 *   <li>{@code POST /v1/nodes/{id}/stop}, {@code POST /v1/nodes/{id}/start}: as {@link SimulatedNodes#stop} and
 *       {@link SimulatedNodes#start}, answering the node;</li>
 *   <li>{@code GET /v1/partitions/{topic}/{partition}}: replicas, ISR, leader and leader epoch;</li>
 *   <li>{@code POST /v1/partitions/{topic}/{partition}/leader} with {@code {"node": id}}: moves the leader,
 *       answering the partition (409 when the node is not a running in-sync replica).</li>
 * </ul>
 * With a single node these paths answer 409 (there are no nodes to stop).
 *
 * <p>Stateless; thread-safe.
 */
final class SimulatedNodesHttp {
    private final SimulatedNodes nodes; // null with one node

    SimulatedNodesHttp(SimulatedNodes nodes) {
        this.nodes = nodes;
    }

    void addTo(Routes routes) {
        routes.get("/v1/nodes", r -> HttpResponse.ok(nodesJson()))
                .post("/v1/nodes/{id}/stop", r -> {
                    r.json().onlyFields(Set.of());
                    int id = nodeId(r);
                    nodes().stop(id);
                    return HttpResponse.ok(nodeJson(id));
                })
                .post("/v1/nodes/{id}/start", r -> {
                    r.json().onlyFields(Set.of());
                    int id = nodeId(r);
                    try {
                        nodes().start(id);
                    } catch (java.io.UncheckedIOException e) {
                        throw new HttpException(409, e.getMessage());
                    }
                    return HttpResponse.ok(nodeJson(id));
                })
                .get("/v1/partitions/{topic}/{partition}", r -> HttpResponse.ok(partitionJson(r)))
                .post("/v1/partitions/{topic}/{partition}/leader", r -> {
                    long node = r.json().onlyFields(Set.of("node")).integer("node", 0, Integer.MAX_VALUE);
                    String topic = r.pathParam("topic");
                    int partition = partition(r);
                    try {
                        nodes().moveLeader(topic, partition, (int) node);
                    } catch (UnknownTopicException e) {
                        throw HttpException.notFound(e.getMessage());
                    } catch (IllegalArgumentException e) {
                        throw new HttpException(409, e.getMessage());
                    }
                    return HttpResponse.ok(partitionJson(r));
                });
    }

    private SimulatedNodes nodes() {
        if (nodes == null) {
            throw new HttpException(409, "a single node: start the broker with skiff.simulated.nodes above 1");
        }
        return nodes;
    }

    private int nodeId(HttpRequest r) {
        String id = r.pathParam("id");
        try {
            int value = Integer.parseInt(id);
            if (nodes().ids().contains(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw HttpException.notFound("no node " + id + "; the nodes are " + nodes().ids());
    }

    private static int partition(HttpRequest r) {
        try {
            return Integer.parseInt(r.pathParam("partition"));
        } catch (NumberFormatException e) {
            throw HttpException.badRequest("partition must be a number: " + r.pathParam("partition"));
        }
    }

    private JsonArray nodesJson() {
        JsonArray all = new JsonArray();
        for (int id : nodes().ids()) {
            all.add(nodeJson(id));
        }
        return all;
    }

    private JsonObject nodeJson(int id) {
        JsonObject o = new JsonObject();
        o.addProperty("id", id);
        o.addProperty("running", nodes.isRunning(id));
        o.addProperty("bootstrapServers", nodes.bootstrapServers(id));
        if (nodes.rack(id) != null) {
            o.addProperty("rack", nodes.rack(id));
        }
        return o;
    }

    private JsonObject partitionJson(HttpRequest r) {
        String topic = r.pathParam("topic");
        int partition = partition(r);
        PartitionReplicas replicas;
        try {
            replicas = nodes().replicas(topic, partition);
        } catch (UnknownTopicException e) {
            throw HttpException.notFound(e.getMessage());
        }
        JsonObject o = new JsonObject();
        o.addProperty("topic", topic);
        o.addProperty("partition", partition);
        o.addProperty("leader", replicas.leader());
        o.addProperty("leaderEpoch", replicas.leaderEpoch());
        o.add("replicas", array(replicas.replicas()));
        o.add("isr", array(replicas.isr()));
        return o;
    }

    private static JsonArray array(List<Integer> ids) {
        JsonArray a = new JsonArray();
        ids.forEach(a::add);
        return a;
    }
}
