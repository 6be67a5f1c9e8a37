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
package io.skiff.broker.diagnostics;

import java.util.List;

/**
 * A copy of one incremental fetch session (KIP-227) as the broker holds it, for operators: what a client's
 * incremental fetches read although they name only what changed. Immutable.
 *
 * @param nodeId       the node that holds it (each node of a simulated cluster has its own sessions, as Kafka's
 *                     brokers do)
 * @param id           the session id
 * @param epoch        the epoch the next incremental fetch must carry
 * @param privileged   whether a follower (replica id 0 or more) opened it
 * @param usesTopicIds whether its fetches name topics by id (Fetch v13+)
 * @param creationMs   when it was opened (broker clock, epoch ms)
 * @param lastUsedMs   when a fetch last used it
 * @param partitions   its partitions in read order, as {@code topic-partition} (the topic id when no name resolves)
 */
public record FetchSessionView(
        int nodeId,
        int id,
        int epoch,
        boolean privileged,
        boolean usesTopicIds,
        long creationMs,
        long lastUsedMs,
        List<String> partitions) {
    public FetchSessionView {
        partitions = List.copyOf(partitions);
    }
}
