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
package io.skiff.broker.group.assignor;

import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A server-side assignor of the consumer group protocol (KIP-848): computes the target assignment of a
 * group from its members' subscriptions and the subscribed topics. Implementations are stateless and
 * thread-safe, and deterministic: the same spec gives the same assignment.
 */
public interface PartitionAssignor {

    /** The name members ask for in {@code server_assignor} and {@code group.consumer.assignors} lists. */
    String name();

    /** Member id → topic id → partitions; every member of the spec has an entry (possibly empty). */
    Map<String, Map<UUID, Set<Integer>>> assign(AssignmentSpec spec);
}
