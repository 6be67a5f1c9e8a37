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

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import java.util.Map;

/**
 * The committed offsets of one group. A partition mapped to a null {@code offset} has no committed
 * offset (the wire says -1). Immutable, thread-safe.
 */
public record OffsetFetchResult(GroupError error, Map<TopicPartition, PartitionResult> partitions) {

    /** One partition's committed offset (null if none) or error. */
    public record PartitionResult(OffsetAndMetadata offset, GroupError error) {}
}
