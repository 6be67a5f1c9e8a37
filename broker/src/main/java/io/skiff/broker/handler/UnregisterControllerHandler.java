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
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.UnregisterControllerRequest;
import io.skiff.protocol.message.UnregisterControllerResponse;
import java.util.concurrent.CompletableFuture;

/**
 * UnregisterController (key 94), version 0: as a single combined Kafka 4.4 node answers it, whose only registered
 * controller is itself, the active one. In Kafka's order:
 * <ul>
 *   <li>without ALTER on the cluster → CLUSTER_AUTHORIZATION_FAILED;</li>
 *   <li>the active controller's id (this node; the controller DescribeCluster names with simulated nodes) →
 *       INVALID_REQUEST, "Controller cannot unregister itself while it is active.";</li>
 *   <li>any other id → CONTROLLER_ID_NOT_REGISTERED, "Controller ID N is not currently registered.".</li>
 * </ul>
 * Kafka refuses it below metadata.version 4.4-IV2 first; Skiff's stays at 4.4-IV2.
 *
 * <p>Thread-safe: immutable.
 */
public final class UnregisterControllerHandler
        extends AbstractApiHandler<UnregisterControllerRequest, UnregisterControllerResponse> {
    private final int nodeId;
    private final SimulatedCluster cluster; // null with one node

    public UnregisterControllerHandler(int nodeId, SimulatedCluster cluster) {
        super(ApiKeys.UNREGISTER_CONTROLLER, 0, 0);
        this.nodeId = nodeId;
        this.cluster = cluster;
    }

    @Override
    public CompletableFuture<UnregisterControllerResponse> handle(
            RequestContext ctx, UnregisterControllerRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        int id = request.controllerId();
        int active = cluster == null ? nodeId : cluster.controllerId();
        UnregisterControllerResponse response = id == active
                ? new UnregisterControllerResponse()
                        .setErrorCode(Errors.INVALID_REQUEST.code())
                        .setErrorMessage("Controller cannot unregister itself while it is active.")
                : new UnregisterControllerResponse()
                        .setErrorCode(Errors.CONTROLLER_ID_NOT_REGISTERED.code())
                        .setErrorMessage("Controller ID " + id + " is not currently registered.");
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public UnregisterControllerResponse errorResponse(
            RequestContext ctx, UnregisterControllerRequest request, Errors error) {
        return new UnregisterControllerResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
