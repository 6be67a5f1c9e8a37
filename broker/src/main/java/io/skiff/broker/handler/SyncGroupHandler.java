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
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.SyncGroupRequest;
import io.skiff.protocol.message.SyncGroupResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * SyncGroup v0–5: the leader hands in the assignment; every member's response is parked until the
 * coordinator has persisted it. v5 requires (INCONSISTENT_GROUP_PROTOCOL when null), checks and echoes protocol
 * type and name. Thread-safe.
 */
public final class SyncGroupHandler extends AbstractApiHandler<SyncGroupRequest, SyncGroupResponse> {
    private final GroupCoordinator coordinator;

    public SyncGroupHandler(GroupCoordinator coordinator) {
        super(ApiKeys.SYNC_GROUP, 0, 5);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<SyncGroupResponse> handle(RequestContext ctx, SyncGroupRequest request) {
        if (ctx.apiVersion() >= 5 && (request.protocolType() == null || request.protocolName() == null)) {
            // Kafka requires both from v5 and checks them before anything else, the group id included.
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.INCONSISTENT_GROUP_PROTOCOL));
        }
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, request.groupId())) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        Map<String, byte[]> assignments = new HashMap<>();
        for (SyncGroupRequest.SyncGroupRequestAssignment a : request.assignments()) {
            assignments.put(a.memberId(), a.assignment());
        }
        return coordinator
                .syncGroup(new SyncGroupParams(
                        request.groupId(),
                        request.generationId(),
                        request.memberId(),
                        request.groupInstanceId(),
                        request.protocolType(),
                        request.protocolName(),
                        assignments))
                .thenApply(r -> new SyncGroupResponse()
                        .setErrorCode(r.error().code())
                        .setProtocolType(r.protocolType())
                        .setProtocolName(r.protocolName())
                        .setAssignment(r.assignment()));
    }

    @Override
    public SyncGroupResponse errorResponse(RequestContext ctx, SyncGroupRequest request, Errors error) {
        return new SyncGroupResponse().setErrorCode(error.code()).setAssignment(new byte[0]);
    }
}
