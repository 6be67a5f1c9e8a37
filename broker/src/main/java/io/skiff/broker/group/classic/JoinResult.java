package io.skiff.broker.group.classic;

import io.skiff.broker.group.common.GroupError;
import java.util.List;

/**
 * The outcome of a JoinGroup: on success the generation, the chosen protocol, the leader and (for the
 * leader only) every member's metadata. Immutable, thread-safe.
 */
public record JoinResult(
        List<JoinedMember> members,
        String memberId,
        int generationId,
        String protocolType,
        String protocolName,
        String leaderId,
        boolean skipAssignment,
        GroupError error) {

    /** A member as the leader sees it: id, instance id and the metadata of the chosen protocol. */
    public record JoinedMember(String memberId, String groupInstanceId, byte[] metadata) {}

    public static JoinResult error(String memberId, GroupError error) {
        return new JoinResult(List.of(), memberId, -1, null, null, "", false, error);
    }
}
