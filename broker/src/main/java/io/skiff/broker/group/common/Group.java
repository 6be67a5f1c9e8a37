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

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.KeyLock;
import java.util.List;

/**
 * A group of the coordinator, of one of the kinds of {@link GroupType}. What the group-independent parts
 * (offsets, listing, deletion) need to know of a group; each kind adds its own membership protocol.
 * Committed offsets are not part of a group: the offsets part keeps them by group id, so they survive a group's
 * conversion from one kind to the other. New kinds implement it in their own package.
 *
 * <p>Not thread-safe: every access happens under {@link #keyLock()}.
 */
public interface Group {

    String groupId();

    GroupType type();

    /** The lock that serializes all work on this group, and runs its completions after release. */
    KeyLock keyLock();

    /** The state name DescribeGroups/ListGroups report ("Stable", "Empty", "Reconciling", …). */
    String stateName();

    /** The protocol type ListGroups reports ("consumer" for consumer groups; "" when none). */
    String protocolTypeOrEmpty();

    boolean isDead();

    /** True when the group has no members (it may still have committed offsets). */
    boolean isEmpty();

    /** True when some member consumes {@code topic} (offsets of such topics are not deleted or expired). */
    boolean isSubscribedToTopic(String topic);

    /** Marks the group dead (deleted or expired): no operation succeeds on this instance any more. */
    void markDead(long now);

    /** Tombstones for every record this group wrote, in the order Kafka deletes them. */
    List<CoordinatorRecordLog.KeyValue> tombstones();
}
