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
package io.skiff.broker.share;

import io.skiff.storage.IsolationLevel;

/**
 * What a share-partition's behaviour depends on, resolved from the group's configuration (GROUP resource
 * {@code share.*}) over the broker's {@code group.share.*} keys at each request, so a changed group config applies
 * from the next fetch. Immutable, thread-safe.
 *
 * @param recordLockDurationMs how long an acquired record stays locked to its member
 * @param deliveryCountLimit   deliveries after which a released or expired record is archived
 * @param maxInFlightRecords   the most records between a share-partition's start and end offsets
 * @param isolation            read_committed skips aborted transactions and stops at the last stable offset
 */
public record ShareSettings(
        int recordLockDurationMs, int deliveryCountLimit, int maxInFlightRecords, IsolationLevel isolation) {
    /** Kafka 4.4's defaults. */
    public static final ShareSettings DEFAULTS = new ShareSettings(30_000, 5, 2_000, IsolationLevel.READ_UNCOMMITTED);
}
