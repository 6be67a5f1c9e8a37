package io.skiff.broker.group.classic;

/** A member named in a LeaveGroup request: member id (may be empty), instance id (may be null), reason. */
public record MemberIdentity(String memberId, String groupInstanceId, String reason) {}
