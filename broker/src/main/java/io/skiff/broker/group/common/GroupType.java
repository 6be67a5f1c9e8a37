/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
