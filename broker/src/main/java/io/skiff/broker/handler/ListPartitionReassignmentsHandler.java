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
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ListPartitionReassignmentsRequest;
import io.skiff.protocol.message.ListPartitionReassignmentsResponse;
import java.util.concurrent.CompletableFuture;

/**
 * ListPartitionReassignments (key 46), version 0 ({@code kafka-reassign-partitions --verify/--list},
 * {@code Admin.listPartitionReassignments}). A one-node broker completes every reassignment it accepts at once
 * ({@link AlterPartitionReassignmentsHandler}), so none is ever ongoing: the answer is empty, for all partitions
 * or named ones, known or not, as Kafka's is when nothing moves. Needs DESCRIBE on the cluster.
 *
 * <p>Thread-safe: stateless.
 */
public final class ListPartitionReassignmentsHandler
        extends AbstractApiHandler<ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse> {

    public ListPartitionReassignmentsHandler() {
        super(ApiKeys.LIST_PARTITION_REASSIGNMENTS, 0, 0);
    }

    @Override
    public CompletableFuture<ListPartitionReassignmentsResponse> handle(
            RequestContext ctx, ListPartitionReassignmentsRequest request) {
        if (!ctx.clusterAllowed(AclOperation.DESCRIBE)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        return CompletableFuture.completedFuture(new ListPartitionReassignmentsResponse());
    }

    @Override
    public ListPartitionReassignmentsResponse errorResponse(
            RequestContext ctx, ListPartitionReassignmentsRequest request, Errors error) {
        return new ListPartitionReassignmentsResponse()
                .setErrorCode(error.code())
                .setErrorMessage(error.message());
    }
}
