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
import io.skiff.broker.group.classic.LeaveResult;
import io.skiff.broker.group.classic.MemberIdentity;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.LeaveGroupResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * LeaveGroup v0–5: v0–2 name one member and answer with one error code (a member's error becomes the
 * top-level error, as Kafka does); v3+ name a batch of members (by member id or group instance id) and
 * answer per member. Thread-safe.
 */
public final class LeaveGroupHandler extends AbstractApiHandler<LeaveGroupRequest, LeaveGroupResponse> {
    private final GroupCoordinator coordinator;

    public LeaveGroupHandler(GroupCoordinator coordinator) {
        super(ApiKeys.LEAVE_GROUP, 0, 5);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<LeaveGroupResponse> handle(RequestContext ctx, LeaveGroupRequest request) {
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, request.groupId())) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        short version = ctx.apiVersion();
        List<MemberIdentity> leaving = new ArrayList<>();
        if (version < 3) {
            leaving.add(new MemberIdentity(request.memberId(), null, null));
        } else {
            for (LeaveGroupRequest.MemberIdentity m : request.members()) {
                leaving.add(new MemberIdentity(m.memberId(), m.groupInstanceId(), m.reason()));
            }
        }
        LeaveResult result = coordinator.leaveGroup(request.groupId(), leaving);
        LeaveGroupResponse response = new LeaveGroupResponse();
        if (version < 3) {
            GroupError error = result.error();
            if (error == GroupError.NONE && !result.members().isEmpty()) {
                error = result.members().get(0).error();
            }
            return CompletableFuture.completedFuture(response.setErrorCode(error.code()));
        }
        List<LeaveGroupResponse.MemberResponse> members = new ArrayList<>();
        for (LeaveResult.MemberResult m : result.members()) {
            members.add(new LeaveGroupResponse.MemberResponse()
                    .setMemberId(m.memberId())
                    .setGroupInstanceId(m.groupInstanceId())
                    .setErrorCode(m.error().code()));
        }
        return CompletableFuture.completedFuture(
                response.setErrorCode(result.error().code()).setMembers(members));
    }

    @Override
    public LeaveGroupResponse errorResponse(RequestContext ctx, LeaveGroupRequest request, Errors error) {
        return new LeaveGroupResponse().setErrorCode(error.code());
    }
}
