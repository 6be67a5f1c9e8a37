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
import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.MemberProtocol;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.JoinGroupResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * JoinGroup v0–9: the response is parked in the coordinator until the join phase completes. v0 has no
 * rebalance timeout (the session timeout is used, as Kafka does); v4+ makes new members fetch their id
 * first (MEMBER_ID_REQUIRED); v9 lets a rejoining static leader skip the assignment. Thread-safe.
 */
public final class JoinGroupHandler extends AbstractApiHandler<JoinGroupRequest, JoinGroupResponse> {
    private final GroupCoordinator coordinator;

    public JoinGroupHandler(GroupCoordinator coordinator) {
        super(ApiKeys.JOIN_GROUP, 0, 9);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<JoinGroupResponse> handle(RequestContext ctx, JoinGroupRequest request) {
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, request.groupId())) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        short version = ctx.apiVersion();
        List<MemberProtocol> protocols = new ArrayList<>();
        for (JoinGroupRequest.JoinGroupRequestProtocol p : request.protocols()) {
            protocols.add(new MemberProtocol(p.name(), p.metadata()));
        }
        int rebalanceTimeout = version == 0 ? request.sessionTimeoutMs() : request.rebalanceTimeoutMs();
        JoinGroupParams params = new JoinGroupParams(
                request.groupId(),
                request.memberId(),
                request.groupInstanceId(),
                version >= 4,
                version >= 9,
                ctx.clientId() == null ? "" : ctx.clientId(),
                clientHost(ctx),
                rebalanceTimeout,
                request.sessionTimeoutMs(),
                request.protocolType(),
                protocols,
                request.reason());
        return coordinator.joinGroup(params).thenApply(r -> toResponse(r, version));
    }

    static String clientHost(RequestContext ctx) {
        return ctx.clientAddress() == null || ctx.clientAddress().getAddress() == null
                ? ""
                : ctx.clientAddress().getAddress().toString();
    }

    private static JoinGroupResponse toResponse(JoinResult r, short version) {
        List<JoinGroupResponse.JoinGroupResponseMember> members = new ArrayList<>();
        for (JoinResult.JoinedMember m : r.members()) {
            members.add(new JoinGroupResponse.JoinGroupResponseMember()
                    .setMemberId(m.memberId())
                    .setGroupInstanceId(m.groupInstanceId())
                    .setMetadata(m.metadata()));
        }
        // Before v7 the protocol name is not nullable: Kafka sends "" instead of null.
        String protocolName = r.protocolName() == null && version < 7 ? "" : r.protocolName();
        return new JoinGroupResponse()
                .setErrorCode(r.error().code())
                .setGenerationId(r.generationId())
                .setProtocolType(r.protocolType())
                .setProtocolName(protocolName)
                .setLeader(r.leaderId() == null ? "" : r.leaderId())
                .setSkipAssignment(r.skipAssignment())
                .setMemberId(r.memberId() == null ? "" : r.memberId())
                .setMembers(members);
    }

    @Override
    public JoinGroupResponse errorResponse(RequestContext ctx, JoinGroupRequest request, Errors error) {
        return new JoinGroupResponse()
                .setErrorCode(error.code())
                .setGenerationId(-1)
                .setProtocolName(ctx.apiVersion() < 7 ? "" : null)
                .setLeader("")
                .setMemberId(request.memberId());
    }
}
