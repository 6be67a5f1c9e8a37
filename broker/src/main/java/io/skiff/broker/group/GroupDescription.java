package io.skiff.broker.group;

import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.common.GroupError;
import java.util.List;

/**
 * A DescribeGroups entry. Member metadata is included only for Stable groups, as Kafka does. An unknown
 * group, and a consumer group (not a classic one), is GROUP_ID_NOT_FOUND with Kafka's message; DescribeGroups
 * below v6 reports it as Dead without an error.
 * Immutable, thread-safe.
 */
public record GroupDescription(
        String groupId,
        GroupError error,
        String state,
        String protocolType,
        String protocolName,
        List<Member> members,
        String errorMessage) {

    public GroupDescription(
            String groupId,
            GroupError error,
            String state,
            String protocolType,
            String protocolName,
            List<Member> members) {
        this(groupId, error, state, protocolType, protocolName, members, null);
    }

    /** An unknown group, or one of another kind: Dead, GROUP_ID_NOT_FOUND with Kafka's message. */
    static GroupDescription notFound(String groupId, String message) {
        return new GroupDescription(
                groupId, GroupError.GROUP_ID_NOT_FOUND, GroupState.DEAD.displayName(), "", "", List.of(), message);
    }

    /** One described member. */
    public record Member(
            String memberId,
            String groupInstanceId,
            String clientId,
            String clientHost,
            byte[] metadata,
            byte[] assignment) {}
}
