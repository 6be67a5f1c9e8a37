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
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.config.Endpoint;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FindCoordinatorRequest;
import io.skiff.protocol.message.FindCoordinatorResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * FindCoordinator v0–6. Group and transaction keys: this (single) broker is every group's and every
 * transactional id's coordinator, reached at the endpoint of the listener the request arrived on (the empty
 * key too, as Kafka). Other key types: INVALID_REQUEST. v0–3 carry one key and answer at
 * top level; v4+ batch keys and answer one {@code Coordinator} per key. Thread-safe (stateless).
 */
public final class FindCoordinatorHandler extends AbstractApiHandler<FindCoordinatorRequest, FindCoordinatorResponse> {
    static final byte GROUP_KEY_TYPE = 0;
    static final byte TRANSACTION_KEY_TYPE = 1;

    private final int nodeId;
    private final Function<String, Endpoint> advertisedEndpoint;
    private final CoordinatorNodes coordinatorNodes; // null with one node

    /** Which node coordinates a key in a simulated cluster. */
    public interface CoordinatorNodes {
        /** The leader of the key's partition of its internal topic, or -1 while it has none. */
        int nodeFor(byte keyType, String key);

        /** The node's endpoint for clients of {@code listenerName}. */
        Optional<Endpoint> endpoint(int nodeId, String listenerName);
    }

    /**
     * @param advertisedEndpoint the endpoint clients should use, by listener name
     */
    public FindCoordinatorHandler(int nodeId, Function<String, Endpoint> advertisedEndpoint) {
        this(nodeId, advertisedEndpoint, null);
    }

    /** @param coordinatorNodes where each key's coordinator is in a simulated cluster, or null for one node */
    public FindCoordinatorHandler(
            int nodeId, Function<String, Endpoint> advertisedEndpoint, CoordinatorNodes coordinatorNodes) {
        super(ApiKeys.FIND_COORDINATOR, 0, 6);
        this.nodeId = nodeId;
        this.advertisedEndpoint = advertisedEndpoint;
        this.coordinatorNodes = coordinatorNodes;
    }

    /** A found coordinator: its node and endpoint, or the error (COORDINATOR_NOT_AVAILABLE without a leader). */
    private record Found(Errors error, int node, Endpoint endpoint) {}

    private Found locate(RequestContext ctx, byte keyType, String key) {
        Errors error = authorized(ctx, keyType, key);
        if (error != Errors.NONE) {
            return new Found(error, -1, null);
        }
        if (coordinatorNodes == null) {
            return new Found(Errors.NONE, nodeId, advertisedEndpoint.apply(ctx.listenerName()));
        }
        int node = coordinatorNodes.nodeFor(keyType, key);
        Optional<Endpoint> endpoint = node < 0 ? Optional.empty() : coordinatorNodes.endpoint(node, ctx.listenerName());
        return endpoint.isPresent()
                ? new Found(Errors.NONE, node, endpoint.get())
                : new Found(Errors.COORDINATOR_NOT_AVAILABLE, -1, null);
    }

    @Override
    public CompletableFuture<FindCoordinatorResponse> handle(RequestContext ctx, FindCoordinatorRequest request) {
        FindCoordinatorResponse response = new FindCoordinatorResponse();
        if (ctx.apiVersion() < 4) {
            Found found = locate(ctx, request.keyType(), request.key());
            Errors error = found.error();
            boolean ok = error == Errors.NONE;
            response.setErrorCode(error.code())
                    .setErrorMessage(message(error))
                    .setNodeId(found.node())
                    .setHost(ok ? found.endpoint().host() : "")
                    .setPort(ok ? found.endpoint().port() : -1);
        } else {
            List<FindCoordinatorResponse.Coordinator> coordinators = new ArrayList<>();
            for (String key : request.coordinatorKeys()) {
                Found found = locate(ctx, request.keyType(), key);
                Errors error = found.error();
                boolean ok = error == Errors.NONE;
                coordinators.add(new FindCoordinatorResponse.Coordinator()
                        .setKey(key)
                        .setErrorCode(error.code())
                        // Kafka's batched answer (v4+) leaves a found coordinator's message empty
                        .setErrorMessage(ok ? "" : error.message())
                        .setNodeId(found.node())
                        .setHost(ok ? found.endpoint().host() : "")
                        .setPort(ok ? found.endpoint().port() : -1));
            }
            response.setCoordinators(coordinators);
        }
        return CompletableFuture.completedFuture(response);
    }

    private static Errors errorFor(byte keyType, String key) {
        if (keyType == TRANSACTION_KEY_TYPE) {
            return key == null ? Errors.INVALID_REQUEST : Errors.NONE;
        }
        if (keyType != GROUP_KEY_TYPE || key == null) {
            return Errors.INVALID_REQUEST;
        }
        return Errors.NONE;
    }

    /** Before v4 Kafka sends the error's name for NONE and its message otherwise. */
    private static String message(Errors error) {
        return error == Errors.NONE ? "NONE" : error.message();
    }

    /** Kafka's check before the key: DESCRIBE on the group or the transactional id. */
    private Errors authorized(RequestContext ctx, byte keyType, String key) {
        if (keyType == 0 && !ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, key)) {
            return Errors.GROUP_AUTHORIZATION_FAILED;
        }
        if (keyType == 1 && !ctx.allowed(AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, key)) {
            return Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
        }
        return errorFor(keyType, key);
    }

    @Override
    public FindCoordinatorResponse errorResponse(RequestContext ctx, FindCoordinatorRequest request, Errors error) {
        FindCoordinatorResponse response = new FindCoordinatorResponse();
        if (ctx.apiVersion() < 4) {
            return response.setErrorCode(error.code())
                    .setErrorMessage(error.message())
                    .setNodeId(-1)
                    .setHost("")
                    .setPort(-1);
        }
        List<FindCoordinatorResponse.Coordinator> coordinators = new ArrayList<>();
        for (String key : request.coordinatorKeys()) {
            coordinators.add(new FindCoordinatorResponse.Coordinator()
                    .setKey(key)
                    .setErrorCode(error.code())
                    .setErrorMessage(error.message())
                    .setNodeId(-1)
                    .setHost("")
                    .setPort(-1));
        }
        return response.setCoordinators(coordinators);
    }
}
