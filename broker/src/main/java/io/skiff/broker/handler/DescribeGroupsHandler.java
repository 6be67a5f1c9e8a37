package io.skiff.broker.handler;

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.GroupDescription;
import io.skiff.broker.group.GroupError;
import io.skiff.broker.group.GroupState;
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
 * Stable groups); an unknown group (or the empty id) is "Dead" with no members, and from v6 also GROUP_ID_NOT_FOUND,
 * as in Kafka. Requested authorized operations are computed by the authorizer (READ, DELETE and DESCRIBE without
 * one); a group the principal may not DESCRIBE gets GROUP_AUTHORIZATION_FAILED. Thread-safe.
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
            GroupDescription d = coordinator.describeGroup(groupId);
            if (isUnknown(groupId, d)) {
                groups.add(unknownGroup(
                        groupId,
                        ctx.apiVersion(),
                        request.includeAuthorizedOperations()
                                ? ctx.authorizer().authorizedOperations(ctx, ResourceType.GROUP, groupId)
                                : AUTHORIZED_OPERATIONS_OMITTED));
                continue;
            }
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
            groups.add(new DescribeGroupsResponse.DescribedGroup()
                    .setErrorCode(d.error().code())
                    .setErrorMessage(
                            d.error() == GroupError.NONE || ctx.apiVersion() < 6
                                    ? null
                                    : Errors.forCode(d.error().code()).message())
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

    /** A group id no group has (the empty id included: Kafka does not call it invalid here). */
    private static boolean isUnknown(String groupId, GroupDescription d) {
        if (groupId == null || groupId.isEmpty()) {
            return true;
        }
        return d.error() == GroupError.NONE
                && GroupState.DEAD.displayName().equals(d.state())
                && d.members().isEmpty();
    }

    /** Kafka: "Dead" with no error before v6; from v6 (KIP-1043) GROUP_ID_NOT_FOUND with a message. */
    private static DescribeGroupsResponse.DescribedGroup unknownGroup(
            String groupId, short version, int authorizedOperations) {
        DescribeGroupsResponse.DescribedGroup group = new DescribeGroupsResponse.DescribedGroup()
                .setGroupId(groupId)
                .setGroupState(GroupState.DEAD.displayName())
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
