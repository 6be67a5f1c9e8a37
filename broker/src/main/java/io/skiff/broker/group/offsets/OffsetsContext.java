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
package io.skiff.broker.group.offsets;

import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.classic.MembershipManager;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;

/**
 * What the commits ({@link OffsetManager}) and the removals ({@link OffsetRemovals}) of committed offsets work on,
 * all owned by the group coordinator. Immutable; each part is thread-safe.
 *
 * @param config     the coordinator's config (metadata size, retention)
 * @param groups     the groups and their locks
 * @param store      the writer to {@code __consumer_offsets}
 * @param committed  the committed offsets of every group
 * @param membership the classic members' sessions (a commit touches its member's)
 * @param clock      the coordinator's clock (commit times, expiry)
 * @param topics     the broker's topics (a commit's topic ids, to check a member's partitions)
 */
public record OffsetsContext(
        GroupCoordinatorConfig config,
        GroupRegistry groups,
        CoordinatorWriter store,
        CommittedOffsets committed,
        MembershipManager membership,
        Clock clock,
        TopicsView topics) {}
