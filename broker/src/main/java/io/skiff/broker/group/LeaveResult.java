package io.skiff.broker.group;

import java.util.List;

/** The outcome of a LeaveGroup: a top-level error and one result per named member. Immutable. */
public record LeaveResult(GroupError error, List<MemberResult> members) {
    /** One leaving member's outcome. */
    public record MemberResult(String memberId, String groupInstanceId, GroupError error) {}
}
