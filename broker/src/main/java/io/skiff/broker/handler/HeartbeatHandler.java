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
