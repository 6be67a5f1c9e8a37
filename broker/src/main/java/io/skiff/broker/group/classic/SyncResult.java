package io.skiff.broker.group.classic;

import io.skiff.broker.group.common.GroupError;

/** The outcome of a SyncGroup: the member's assignment, or an error. Immutable, thread-safe. */
public record SyncResult(String protocolType, String protocolName, byte[] assignment, GroupError error) {
    public static SyncResult error(GroupError error) {
        return new SyncResult(null, null, new byte[0], error);
    }
}
