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
import io.skiff.broker.group.GroupDescription;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.DescribeGroupsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * DescribeGroups v0–6: state, protocol and members of each group (metadata and assignment only for
 * Stable groups). An unknown group, and a consumer group (described by ConsumerGroupDescribe), is "Dead" with no
 * members: from v6 with GROUP_ID_NOT_FOUND and Kafka's message. Requested authorized operations are computed by
 * the authorizer (READ, DELETE and DESCRIBE without one); a group the principal may not DESCRIBE gets
 * GROUP_AUTHORIZATION_FAILED. Thread-safe.
 */
public final class DescribeGroupsHandler extends AbstractApiHandler<DescribeGroupsRequest, DescribeGroupsResponse> {
    /** Kafka's "authorized operations not requested" marker. */
    static final int AUTHORIZED_OPERATIONS_OMITTED = Integer.MIN_VALUE;

    private final GroupCoordinator coordinator;

    public DescribeGroupsHandler(GroupCoordinator coordinator) {
        super(ApiKeys.DESCRIBE_GROUPS, 0, 6);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<DescribeGroupsResponse> handle(RequestContext ctx, DescribeGroupsRequest request) {
        List<DescribeGroupsResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : request.groups()) {
            if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, groupId)) {
                groups.add(new DescribeGroupsResponse.DescribedGroup()
                        .setGroupId(groupId)
                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code())
                        .setGroupState("")
                        .setProtocolType("")
                        .setProtocolData("")
                        .setAuthorizedOperations(AUTHORIZED_OPERATIONS_OMITTED));
                continue;
            }
            if (groupId == null) {
                groups.add(unknownGroup(
                        groupId,
                        ctx.apiVersion(),
                        request.includeAuthorizedOperations()
                                ? ctx.authorizer().authorizedOperations(ctx, ResourceType.GROUP, groupId)
                                : AUTHORIZED_OPERATIONS_OMITTED));
                continue;
            }
            GroupDescription d = coordinator.describeGroup(groupId);
            List<DescribeGroupsResponse.DescribedGroupMember> members = new ArrayList<>();
            for (GroupDescription.Member m : d.members()) {
                members.add(new DescribeGroupsResponse.DescribedGroupMember()
                        .setMemberId(m.memberId())
                        .setGroupInstanceId(m.groupInstanceId())
                        .setClientId(m.clientId())
                        .setClientHost(m.clientHost())
                        .setMemberMetadata(m.metadata())
                        .setMemberAssignment(m.assignment()));
            }
            // Below v6 Kafka reports a group it does not describe as Dead without an error.
            GroupError error =
                    d.error() == GroupError.GROUP_ID_NOT_FOUND && ctx.apiVersion() < 6 ? GroupError.NONE : d.error();
            groups.add(new DescribeGroupsResponse.DescribedGroup()
                    .setErrorCode(error.code())
                    .setErrorMessage(
                            error == GroupError.NONE || ctx.apiVersion() < 6 // no message field before v6
                                    ? null
                                    : d.errorMessage() != null
                                            ? d.errorMessage()
                                            : Errors.forCode(error.code()).message())
                    .setGroupId(groupId)
                    .setGroupState(d.state())
                    .setProtocolType(d.protocolType())
                    .setProtocolData(d.protocolName())
                    .setMembers(members)
                    .setAuthorizedOperations(
                            request.includeAuthorizedOperations()
                                    ? ctx.authorizer().authorizedOperations(ctx, ResourceType.GROUP, groupId)
                                    : AUTHORIZED_OPERATIONS_OMITTED));
        }
        return CompletableFuture.completedFuture(new DescribeGroupsResponse().setGroups(groups));
    }

    /** A null id: Kafka does not call it invalid here but finds no such group (the empty id is a group's). */
    private static DescribeGroupsResponse.DescribedGroup unknownGroup(
            String groupId, short version, int authorizedOperations) {
        DescribeGroupsResponse.DescribedGroup group = new DescribeGroupsResponse.DescribedGroup()
                .setGroupId(groupId)
                .setGroupState("Dead")
                .setProtocolType("")
                .setProtocolData("")
                .setAuthorizedOperations(authorizedOperations);
        if (version >= 6) {
            group.setErrorCode(Errors.GROUP_ID_NOT_FOUND.code()).setErrorMessage("Group " + groupId + " not found.");
        }
        return group;
    }

    @Override
    public DescribeGroupsResponse errorResponse(RequestContext ctx, DescribeGroupsRequest request, Errors error) {
        List<DescribeGroupsResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : request.groups()) {
            groups.add(new DescribeGroupsResponse.DescribedGroup()
                    .setGroupId(groupId)
                    .setErrorCode(error.code())
                    .setGroupState("")
                    .setProtocolType("")
                    .setProtocolData(""));
        }
        return new DescribeGroupsResponse().setGroups(groups);
    }
}
