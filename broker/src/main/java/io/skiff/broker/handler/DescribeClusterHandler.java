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
package io.skiff.broker.handler;

import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.config.Endpoint;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeClusterRequest;
import io.skiff.protocol.message.DescribeClusterResponse;
import io.skiff.protocol.message.DescribeClusterResponse.DescribeClusterBroker;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * DescribeCluster (key 60), versions 0–2: the cluster id, this node as the only broker (at the endpoint advertised
 * for the listener the request came in on, no rack, never fenced) and as the controller — clients see a
 * one-node cluster whose controller is the broker itself, as with a combined-mode KRaft node.
 * <ul>
 *   <li>{@code endpoint_type} (v1+): 1 (brokers) is served; 2 (controllers) → MISMATCHED_ENDPOINT_TYPE, any other →
 *       UNSUPPORTED_ENDPOINT_TYPE, with Kafka's messages (v0 always asks for brokers);</li>
 *   <li>{@code include_cluster_authorized_operations}: every cluster operation (no authorizer), else
 *       Integer.MIN_VALUE;</li>
 *   <li>{@code include_fenced_brokers} (v2): no difference with one node, it is never fenced; in a simulated cluster
 *       the stopped nodes that are still registered (not unregistered with UnregisterBroker since they stopped) are
 *       listed too, fenced, as Kafka lists its fenced brokers.</li>
 * </ul>
 *
 * <p>Thread-safe: immutable.
 */
public final class DescribeClusterHandler extends AbstractApiHandler<DescribeClusterRequest, DescribeClusterResponse> {
    private static final byte BROKERS = 1;
    private static final byte CONTROLLERS = 2;

    private final String clusterId;
    private final int nodeId;
    private final Function<String, Endpoint> advertisedEndpoint;
    private final SimulatedCluster cluster; // null with one node

    /**
     * @param advertisedEndpoint the endpoint advertised for a listener name
     */
    public DescribeClusterHandler(String clusterId, int nodeId, Function<String, Endpoint> advertisedEndpoint) {
        super(ApiKeys.DESCRIBE_CLUSTER, 0, 2);
        this.clusterId = clusterId;
        this.nodeId = nodeId;
        this.advertisedEndpoint = advertisedEndpoint;
        this.cluster = null;
    }

    /** The handler of a node of a simulated cluster: every running node is a broker, the lowest the controller. */
    public DescribeClusterHandler(String clusterId, int nodeId, SimulatedCluster cluster) {
        super(ApiKeys.DESCRIBE_CLUSTER, 0, 2);
        this.clusterId = clusterId;
        this.nodeId = nodeId;
        this.advertisedEndpoint = null;
        this.cluster = cluster;
    }

    @Override
    public CompletableFuture<DescribeClusterResponse> handle(RequestContext ctx, DescribeClusterRequest request) {
        DescribeClusterResponse response = new DescribeClusterResponse();
        byte type = request.endpointType();
        if (type != BROKERS) {
            boolean known = type == CONTROLLERS;
            Errors error = ctx.apiVersion() == 0
                    ? Errors.INVALID_REQUEST
                    : known ? Errors.MISMATCHED_ENDPOINT_TYPE : Errors.UNSUPPORTED_ENDPOINT_TYPE;
            String message = known
                    ? "The request was sent to an endpoint of type BROKER, but we wanted an endpoint of"
                            + " type CONTROLLER"
                    : "Unsupported endpoint type " + type;
            return CompletableFuture.completedFuture(
                    response.setErrorCode(error.code()).setErrorMessage(message));
        }
        response.setClusterId(clusterId)
                .setControllerId(cluster == null ? nodeId : cluster.controllerId())
                .setClusterAuthorizedOperations(
                        request.includeClusterAuthorizedOperations()
                                ? ctx.authorizer()
                                        .authorizedOperations(ctx, ResourceType.CLUSTER, ResourceType.CLUSTER_NAME)
                                : RequestAuthorizer.NOT_REQUESTED);
        if (cluster != null) {
            boolean withFenced = request.includeFencedBrokers();
            for (int id : withFenced ? cluster.registeredNodes() : cluster.runningNodes()) {
                boolean fenced = !cluster.isRunning(id);
                cluster.endpoint(id, ctx.listenerName())
                        .ifPresent(e -> response.brokers()
                                .add(new DescribeClusterBroker()
                                        .setBrokerId(id)
                                        .setHost(e.host())
                                        .setPort(e.port())
                                        .setRack(cluster.rack(id))
                                        .setIsFenced(fenced)));
            }
            return CompletableFuture.completedFuture(response);
        }
        Endpoint endpoint = advertisedEndpoint.apply(ctx.listenerName());
        response.brokers()
                .add(new DescribeClusterBroker()
                        .setBrokerId(nodeId)
                        .setHost(endpoint.host())
                        .setPort(endpoint.port())
                        .setRack(null)
                        .setIsFenced(false));
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public DescribeClusterResponse errorResponse(RequestContext ctx, DescribeClusterRequest request, Errors error) {
        return new DescribeClusterResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
