package io.skiff.broker.group.common;

import java.util.Locale;

/** The kinds of group the coordinator holds, with the names ListGroups v5 reports. Immutable, thread-safe. */
public enum GroupType {
    /** JoinGroup/SyncGroup/Heartbeat groups, assigned by a client-side leader. */
    CLASSIC("classic"),
    /** KIP-848 groups: ConsumerGroupHeartbeat, server-side assignment. */
    CONSUMER("consumer"),
    /** KIP-1071 groups: StreamsGroupHeartbeat, server-side task assignment. */
    STREAMS("streams");

    private final String wireName;

    GroupType(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire ("classic", "consumer"). */
    public String wireName() {
        return wireName;
    }

    /** Case-insensitive lookup; null for a type this coordinator does not have (e.g. "share"). */
    public static GroupType fromWireName(String name) {
        for (GroupType t : values()) {
            if (t.wireName.equals(name.toLowerCase(Locale.ROOT))) {
                return t;
            }
        }
        return null;
    }
}
