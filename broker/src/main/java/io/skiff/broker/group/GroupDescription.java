package io.skiff.broker.group;

import java.util.List;

/**
 * A DescribeGroups entry. Member metadata is included only for Stable groups, as Kafka does.
 * Immutable, thread-safe.
 */
public record GroupDescription(
        String groupId,
        GroupError error,
        String state,
        String protocolType,
        String protocolName,
        List<Member> members) {

    /** One described member. */
    public record Member(
            String memberId,
            String groupInstanceId,
            String clientId,
            String clientHost,
            byte[] metadata,
            byte[] assignment) {}
}
