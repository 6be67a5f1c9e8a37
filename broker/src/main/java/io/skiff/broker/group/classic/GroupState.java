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
package io.skiff.broker.group.classic;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The states of a classic group, with the transitions Kafka's classic coordinator allows.
 * The display names are what DescribeGroups / ListGroups report. Immutable, thread-safe.
 */
public enum GroupState {
    /** No members; offsets may still be stored (also the state of "simple" offset-only groups). */
    EMPTY("Empty"),
    /** Waiting for members to (re)join. */
    PREPARING_REBALANCE("PreparingRebalance"),
    /** Joins completed; waiting for the leader's assignment. */
    COMPLETING_REBALANCE("CompletingRebalance"),
    /** Assignment handed out; members heartbeat. */
    STABLE("Stable"),
    /** Removed (deleted or expired); no operation succeeds on it any more. */
    DEAD("Dead");

    private final String displayName;

    GroupState(String displayName) {
        this.displayName = displayName;
    }

    /** The name Kafka reports ("Stable", "PreparingRebalance", …). */
    public String displayName() {
        return displayName;
    }

    /** Case-insensitive lookup by display name; null if no state has that name. */
    public static GroupState fromDisplayName(String name) {
        for (GroupState s : values()) {
            if (s.displayName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        return null;
    }

    public boolean canTransitionFrom(GroupState previous) {
        return validPrevious().contains(previous);
    }

    private Set<GroupState> validPrevious() {
        switch (this) {
            case PREPARING_REBALANCE:
                return EnumSet.of(STABLE, COMPLETING_REBALANCE, EMPTY);
            case COMPLETING_REBALANCE:
                return EnumSet.of(PREPARING_REBALANCE);
            case STABLE:
                return EnumSet.of(COMPLETING_REBALANCE);
            case EMPTY:
                return EnumSet.of(PREPARING_REBALANCE);
            case DEAD:
                return EnumSet.allOf(GroupState.class);
            default:
                throw new IllegalStateException();
        }
    }
}
