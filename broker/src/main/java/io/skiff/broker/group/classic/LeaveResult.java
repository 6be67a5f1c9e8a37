package io.skiff.broker.group.classic;

import io.skiff.broker.group.common.GroupError;
import java.util.List;

/** The outcome of a LeaveGroup: a top-level error and one result per named member. Immutable. */
public record LeaveResult(GroupError error, List<MemberResult> members) {
    /** One leaving member's outcome. */
    public record MemberResult(String memberId, String groupInstanceId, GroupError error) {}
}
