package io.skiff.broker.group.classic;

import java.util.List;

/**
 * A JoinGroup request in domain terms. {@code requireKnownMemberId} is true for JoinGroup v4+
 * (a new member first gets MEMBER_ID_REQUIRED); {@code supportSkippingAssignment} for v9+.
 * Immutable, thread-safe.
 */
public record JoinGroupParams(
        String groupId,
        String memberId,
        String groupInstanceId,
        boolean requireKnownMemberId,
        boolean supportSkippingAssignment,
        String clientId,
        String clientHost,
        int rebalanceTimeoutMs,
        int sessionTimeoutMs,
        String protocolType,
        List<MemberProtocol> protocols,
        String reason) {
    public JoinGroupParams {
        memberId = memberId == null ? "" : memberId;
        protocols = List.copyOf(protocols);
    }
}
