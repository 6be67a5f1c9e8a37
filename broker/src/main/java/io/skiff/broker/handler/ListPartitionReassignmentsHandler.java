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
