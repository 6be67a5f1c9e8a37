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
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.RemoveRaftVoterRequest;
import io.skiff.protocol.message.RemoveRaftVoterResponse;
import java.util.concurrent.CompletableFuture;

/**
 * RemoveRaftVoter (key 81), version 0 ({@code kafka-metadata-quorum remove-controller}, {@code Admin.removeRaftVoter}):
 * as a single combined Kafka 4.4 node with a static quorum ({@code controller.quorum.voters}, kraft.version 0 — as
 * Skiff reports it) answers it, in Kafka's order:
 * <ul>
 *   <li>without ALTER on the cluster → CLUSTER_AUTHORIZATION_FAILED;</li>
 *   <li>a cluster id that is not null and not this cluster's → INCONSISTENT_CLUSTER_ID;</li>
 *   <li>a negative voter id or the zero directory id → INVALID_REQUEST;</li>
 *   <li>else UNSUPPORTED_VERSION: a static quorum cannot change its voters.</li>
 * </ul>
 *
 * <p>Thread-safe: immutable.
 */
public final class RemoveRaftVoterHandler extends AbstractApiHandler<RemoveRaftVoterRequest, RemoveRaftVoterResponse> {
    private final String clusterId;

    public RemoveRaftVoterHandler(String clusterId) {
        super(ApiKeys.REMOVE_RAFT_VOTER, 0, 0);
        this.clusterId = clusterId;
    }

    @Override
    public CompletableFuture<RemoveRaftVoterResponse> handle(RequestContext ctx, RemoveRaftVoterRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        Errors error;
        String message;
        if (request.clusterId() != null && !request.clusterId().equals(clusterId)) {
            error = Errors.INCONSISTENT_CLUSTER_ID;
            message = "The given id \"" + request.clusterId() + "\" doesn't match the cluster id \"" + clusterId + "\"";
        } else if (request.voterId() < 0 || Uuids.ZERO.equals(request.voterDirectoryId())) {
            error = Errors.INVALID_REQUEST;
            message = "Remove voter request didn't include a valid voter";
        } else {
            error = Errors.UNSUPPORTED_VERSION;
            message = "Cluster doesn't support removing voter because the kraft.version feature is 0";
        }
        return CompletableFuture.completedFuture(
                new RemoveRaftVoterResponse().setErrorCode(error.code()).setErrorMessage(message));
    }

    @Override
    public RemoveRaftVoterResponse errorResponse(RequestContext ctx, RemoveRaftVoterRequest request, Errors error) {
        return new RemoveRaftVoterResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
