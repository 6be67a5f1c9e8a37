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
import io.skiff.protocol.message.UnregisterBrokerRequest;
import io.skiff.protocol.message.UnregisterBrokerResponse;
import java.util.concurrent.CompletableFuture;

/**
 * UnregisterBroker (key 64), version 0 ({@code kafka-cluster unregister --id N}, {@code Admin.unregisterBroker}): as
 * a single combined Kafka 4.4 node answers it (its broker forwards it to its controller).
 * <ul>
 *   <li>without ALTER on the cluster → CLUSTER_AUTHORIZATION_FAILED (checked first, as Kafka's controller does);</li>
 *   <li>an id that is not registered → BROKER_ID_NOT_REGISTERED, "Broker ID N is not currently registered";</li>
 *   <li>a registered id → no error. A stopped simulated node is then forgotten until it starts again (placement no
 *       longer counts it, DescribeCluster no longer lists it as fenced). A running node — this node, with one —
 *       stays registered: Kafka's broker stays unregistered until it restarts (its heartbeats get
 *       STALE_BROKER_EPOCH, and Metadata lists no broker), which would leave a development broker unusable.</li>
 * </ul>
 *
 * <p>Thread-safe: immutable; the simulated cluster serializes its changes.
 */
public final class UnregisterBrokerHandler
        extends AbstractApiHandler<UnregisterBrokerRequest, UnregisterBrokerResponse> {
    private final int nodeId;
    private final SimulatedCluster cluster; // null with one node

    public UnregisterBrokerHandler(int nodeId, SimulatedCluster cluster) {
        super(ApiKeys.UNREGISTER_BROKER, 0, 0);
        this.nodeId = nodeId;
        this.cluster = cluster;
    }

    @Override
    public CompletableFuture<UnregisterBrokerResponse> handle(RequestContext ctx, UnregisterBrokerRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        int id = request.brokerId();
        boolean registered = cluster == null ? id == nodeId : cluster.unregister(id);
        if (!registered) {
            return CompletableFuture.completedFuture(new UnregisterBrokerResponse()
                    .setErrorCode(Errors.BROKER_ID_NOT_REGISTERED.code())
                    .setErrorMessage("Broker ID " + id + " is not currently registered"));
        }
        return CompletableFuture.completedFuture(new UnregisterBrokerResponse()); // Kafka's message: "" (default)
    }

    @Override
    public UnregisterBrokerResponse errorResponse(RequestContext ctx, UnregisterBrokerRequest request, Errors error) {
        return new UnregisterBrokerResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
