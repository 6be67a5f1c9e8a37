package io.skiff.broker.group;

/** The outcome of a SyncGroup: the member's assignment, or an error. Immutable, thread-safe. */
public record SyncResult(String protocolType, String protocolName, byte[] assignment, GroupError error) {
    static SyncResult error(GroupError error) {
        return new SyncResult(null, null, new byte[0], error);
    }
}
