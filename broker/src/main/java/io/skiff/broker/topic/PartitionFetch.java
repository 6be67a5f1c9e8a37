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
package io.skiff.broker.topic;

import io.skiff.storage.IsolationLevel;

/**
 * One partition of a fetch: where to read, how many bytes at most and what may be read.
 *
 * @param partition   the partition to read
 * @param fetchOffset the first offset wanted
 * @param maxBytes    the most bytes to return for this partition (a first batch may exceed it, KIP-74)
 * @param isolation   READ_COMMITTED stops at the last stable offset and reports aborted transactions
 */
public record PartitionFetch(Partition partition, long fetchOffset, int maxBytes, IsolationLevel isolation) {
    /** A read_uncommitted fetch. */
    public PartitionFetch(Partition partition, long fetchOffset, int maxBytes) {
        this(partition, fetchOffset, maxBytes, IsolationLevel.READ_UNCOMMITTED);
    }
}
