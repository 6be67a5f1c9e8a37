package io.skiff.broker.group.common;

/**
 * A group whose members commit and fetch offsets with a member epoch (consumer groups, streams groups), so the
 * offsets part checks them the same way whatever the kind. Not thread-safe: called under the group's lock.
 */
public interface MemberEpochGroup extends Group {

    /**
     * Kafka's validateOffsetCommit: NONE, or why the member may not commit at this epoch.
     *
     * @param v9OrLater the request is OffsetCommit v9+ (members of the new protocols must use it)
     */
    GroupError validateOffsetCommit(String memberId, String instanceId, int memberEpoch, boolean v9OrLater);

    /** Kafka's validateOffsetFetch: a fetch that names a member must carry its current epoch. */
    GroupError validateOffsetFetch(String memberId, int memberEpoch);
}
