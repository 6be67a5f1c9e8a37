package io.skiff.broker.group;

/** A ListGroups entry. Immutable, thread-safe. */
public record GroupOverview(String groupId, String protocolType, String state, String groupType) {}
