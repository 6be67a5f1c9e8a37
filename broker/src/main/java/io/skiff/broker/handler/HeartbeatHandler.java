package io.skiff.broker.handler;

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.HeartbeatRequest;
import io.skiff.protocol.message.HeartbeatResponse;
import java.util.concurrent.CompletableFuture;

/**
 * Heartbeat v0–4: keeps a member's session alive; REBALANCE_IN_PROGRESS tells it to rejoin.
 * Thread-safe.
 */
public final class HeartbeatHandler extends AbstractApiHandler<HeartbeatRequest, HeartbeatResponse> {
    private final GroupCoordinator coordinator;

    public HeartbeatHandler(GroupCoordinator coordinator) {
        super(ApiKeys.HEARTBEAT, 0, 4);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<HeartbeatResponse> handle(RequestContext ctx, HeartbeatRequest request) {
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, request.groupId())) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        var error = coordinator.heartbeat(
                request.groupId(), request.memberId(), request.groupInstanceId(), request.generationId());
        return CompletableFuture.completedFuture(new HeartbeatResponse().setErrorCode(error.code()));
    }

    @Override
    public HeartbeatResponse errorResponse(RequestContext ctx, HeartbeatRequest request, Errors error) {
        return new HeartbeatResponse().setErrorCode(error.code());
    }
}
