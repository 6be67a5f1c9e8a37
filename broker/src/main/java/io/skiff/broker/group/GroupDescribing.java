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
package io.skiff.broker.group;

import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * ConsumerGroupDescribe and StreamsGroupDescribe of one group: the checks both make before describing, with Kafka's
 * errors and messages.
 *
 * <p>Stateless; the group is described under its own lock.
 */
final class GroupDescribing {
    private GroupDescribing() {}

    /** How a describe answers a group it cannot describe. */
    @FunctionalInterface
    interface Refusal<D> {
        D of(String groupId, GroupError error, String message);
    }

    /**
     * The describe of a group of one kind ({@code kindName}: "consumer", "streams"): INVALID_GROUP_ID without a
     * message for a null or empty id, as Kafka's coordinator answers it; GROUP_ID_NOT_FOUND with Kafka's messages for
     * unknown and dead groups and groups of any other kind (share groups, which live outside {@code groups}, too).
     */
    static <G extends Group, D> D one(
            GroupRegistry groups,
            Predicate<String> isShareGroup,
            String groupId,
            Class<G> kind,
            String kindName,
            Refusal<D> refusal,
            Function<G, D> describe) {
        if (groupId == null || groupId.isEmpty()) {
            return refusal.of(groupId, GroupError.INVALID_GROUP_ID, null);
        }
        Group g = groups.get(groupId);
        String notOfKind = "Group " + groupId + " is not a " + kindName + " group.";
        if (g == null && isShareGroup.test(groupId)) {
            return refusal.of(groupId, GroupError.GROUP_ID_NOT_FOUND, notOfKind);
        }
        if (g == null || g.isDead()) {
            return refusal.of(groupId, GroupError.GROUP_ID_NOT_FOUND, "Group " + groupId + " not found.");
        }
        if (!kind.isInstance(g)) {
            return refusal.of(groupId, GroupError.GROUP_ID_NOT_FOUND, notOfKind);
        }
        G group = kind.cast(g);
        return groups.withLock(group, () -> describe.apply(group));
    }
}
