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
package io.skiff.broker.group.share;

import io.skiff.broker.share.TopicIdPartition;
import java.util.Collection;

/** What the share-partitions learn from the share-group coordinator. Implementations must be thread-safe and quick. */
public interface ShareGroupListener {
    /** The group's assignment now includes {@code partitions}: their share-partitions start (if new). */
    void assigned(String groupId, Collection<TopicIdPartition> partitions);

    /** {@code memberId} left the group or its session expired: what it acquired is released. */
    void memberLeft(String groupId, String memberId);

    /** The group was deleted: its share-partitions are forgotten. */
    void groupDeleted(String groupId);
}
