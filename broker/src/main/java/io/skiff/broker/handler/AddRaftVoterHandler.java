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

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.AddRaftVoterRequest;
import io.skiff.protocol.message.AddRaftVoterResponse;
import io.skiff.protocol.message.ApiKeys;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * AddRaftVoter (key 80), versions 0–1 ({@code Admin.addRaftVoter}): as a single combined Kafka 4.4 node with a static
 * quorum ({@code controller.quorum.voters}, kraft.version 0 — as Skiff reports it) answers it, in Kafka's order:
 * <ul>
 *   <li>without ALTER on the cluster → CLUSTER_AUTHORIZATION_FAILED;</li>
 *   <li>a cluster id that is not null and not this cluster's → INCONSISTENT_CLUSTER_ID;</li>
 *   <li>a negative voter id or the zero directory id → INVALID_REQUEST;</li>
 *   <li>no endpoint for the quorum's listener → INVALID_REQUEST naming the endpoints given. Kafka's quorum listener is
 *       its first controller listener; Skiff has none and takes the listener the request came in on, as DescribeQuorum
 *       lists it for the voter;</li>
 *   <li>else UNSUPPORTED_VERSION: a static quorum cannot change its voters.</li>
 * </ul>
 *
 * <p>Thread-safe: immutable.
 */
public final class AddRaftVoterHandler extends AbstractApiHandler<AddRaftVoterRequest, AddRaftVoterResponse> {
    private final String clusterId;

    public AddRaftVoterHandler(String clusterId) {
        super(ApiKeys.ADD_RAFT_VOTER, 0, 1);
        this.clusterId = clusterId;
    }

    @Override
    public CompletableFuture<AddRaftVoterResponse> handle(RequestContext ctx, AddRaftVoterRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        Errors error;
        String message;
        Map<String, InetSocketAddress> endpoints = endpoints(request);
        String listener = ctx.listenerName().toUpperCase(Locale.ROOT);
        if (request.clusterId() != null && !request.clusterId().equals(clusterId)) {
            error = Errors.INCONSISTENT_CLUSTER_ID;
            message = "The given id \"" + request.clusterId() + "\" doesn't match the cluster id \"" + clusterId + "\"";
        } else if (request.voterId() < 0 || Uuids.ZERO.equals(request.voterDirectoryId())) {
            error = Errors.INVALID_REQUEST;
            message = "Add voter request didn't include a valid voter";
        } else if (!endpoints.containsKey(listener)) {
            error = Errors.INVALID_REQUEST;
            message = "Add voter request didn't include the endpoint (" + describe(endpoints)
                    + ") for the default listener ListenerName(" + listener + ")";
        } else {
            error = Errors.UNSUPPORTED_VERSION;
            message = "Cluster doesn't support adding voter because the kraft.version feature is 0";
        }
        return CompletableFuture.completedFuture(
                new AddRaftVoterResponse().setErrorCode(error.code()).setErrorMessage(message));
    }

    /**
     * The endpoints by upper-cased listener name, the last of a name kept. A HashMap sized as Kafka sizes its own, whose
     * keys hash as Kafka's ListenerName keys do (by the name), so they print in Kafka's order.
     */
    private static Map<String, InetSocketAddress> endpoints(AddRaftVoterRequest request) {
        Map<String, InetSocketAddress> endpoints =
                new HashMap<>(request.listeners().size());
        for (AddRaftVoterRequest.Listener l : request.listeners()) {
            endpoints.put(l.name().toUpperCase(Locale.ROOT), InetSocketAddress.createUnresolved(l.host(), l.port()));
        }
        return endpoints;
    }

    private static String describe(Map<String, InetSocketAddress> endpoints) {
        StringBuilder s = new StringBuilder("Endpoints(endpoints={");
        String separator = "";
        for (Map.Entry<String, InetSocketAddress> e : endpoints.entrySet()) {
            s.append(separator)
                    .append("ListenerName(")
                    .append(e.getKey())
                    .append(")=")
                    .append(e.getValue());
            separator = ", ";
        }
        return s.append("})").toString();
    }

    @Override
    public AddRaftVoterResponse errorResponse(RequestContext ctx, AddRaftVoterRequest request, Errors error) {
        return new AddRaftVoterResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
