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
package io.skiff.broker.fetch;

import io.skiff.broker.diagnostics.FetchSessionView;
import io.skiff.protocol.message.FetchRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * An incremental fetch session (KIP-227): the partitions a client fetches, in the order they are read (a partition
 * that returned records moves to the end, so that every partition gets its turn under the response size limit), and
 * the epoch the client's next request must carry. Kafka's {@code FetchSession}.
 *
 * <p>Thread-safe: every method takes the session's lock. The cache's lock may be taken before the session's, never
 * the other way round.
 */
final class FetchSession {
    private final int id;
    private final boolean privileged;
    private final boolean usesTopicIds;
    private final long creationMs;
    private final LinkedHashMap<FetchPartitionKey, CachedPartition> partitions;
    private long lastUsedMs;
    private int epoch;
    /** The size the cache last accounted for this session; -1 while it is not in the cache. */
    private int cachedSize = -1;

    FetchSession(
            int id,
            boolean privileged,
            boolean usesTopicIds,
            long creationMs,
            int epoch,
            LinkedHashMap<FetchPartitionKey, CachedPartition> partitions) {
        this.id = id;
        this.privileged = privileged;
        this.usesTopicIds = usesTopicIds;
        this.creationMs = creationMs;
        this.lastUsedMs = creationMs;
        this.epoch = epoch;
        this.partitions = partitions;
    }

    int id() {
        return id;
    }

    boolean privileged() {
        return privileged;
    }

    boolean usesTopicIds() {
        return usesTopicIds;
    }

    long creationMs() {
        return creationMs;
    }

    synchronized long lastUsedMs() {
        return lastUsedMs;
    }

    synchronized void setLastUsedMs(long now) {
        lastUsedMs = now;
    }

    synchronized List<FetchPartitionKey> keys() {
        return List.copyOf(partitions.keySet());
    }

    synchronized int epoch() {
        return epoch;
    }

    synchronized void setEpoch(int epoch) {
        this.epoch = epoch;
    }

    synchronized int cachedSize() {
        return cachedSize;
    }

    synchronized void setCachedSize(int size) {
        cachedSize = size;
    }

    synchronized int size() {
        return partitions.size();
    }

    synchronized boolean isEmpty() {
        return partitions.isEmpty();
    }

    /** The partition's cached state, or null. Callers hold the session's lock while they use it. */
    synchronized CachedPartition find(FetchPartitionKey key) {
        return partitions.get(key);
    }

    /** Moves a partition that returned records to the end of the read order. Callers hold the session's lock. */
    synchronized void moveToEnd(CachedPartition partition) {
        partitions.remove(partition.key());
        partitions.put(partition.key(), partition);
    }

    /**
     * Applies an incremental request: named partitions are added (at the end) or have their request parameters
     * replaced, then forgotten partitions are removed.
     *
     * @return how many partitions were added, updated and removed
     */
    synchronized int[] update(
            Map<FetchPartitionKey, FetchRequest.FetchPartition> fetchData, List<FetchPartitionKey> toForget) {
        int added = 0;
        int updated = 0;
        int removed = 0;
        for (Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition> e : fetchData.entrySet()) {
            CachedPartition cached = partitions.get(e.getKey());
            if (cached == null) {
                partitions.put(e.getKey(), new CachedPartition(e.getKey(), e.getValue()));
                added++;
            } else {
                cached.updateRequestParams(e.getValue());
                updated++;
            }
        }
        for (FetchPartitionKey key : toForget) {
            if (partitions.remove(key) != null) {
                removed++;
            }
        }
        return new int[] {added, updated, removed};
    }

    /**
     * The partitions to read, in order, with what the client last asked for each; names of topics that were unknown
     * when added are resolved first (a session by topic id).
     */
    synchronized List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> partitionsToFetch(
            Function<UUID, String> topicNames) {
        List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> out = new ArrayList<>(partitions.size());
        for (CachedPartition p : partitions.values()) {
            if (usesTopicIds) {
                p.maybeResolveName(topicNames);
            }
            out.add(Map.entry(p.key(), p.request()));
        }
        return out;
    }

    /** A read-only copy for operators; {@code nodeId} is the node whose cache holds the session. */
    synchronized FetchSessionView view(int nodeId) {
        List<String> names = new ArrayList<>(partitions.size());
        for (FetchPartitionKey key : partitions.keySet()) {
            names.add((key.topic() != null ? key.topic() : key.topicId().toString()) + "-" + key.partition());
        }
        return new FetchSessionView(nodeId, id, epoch, privileged, usesTopicIds, creationMs, lastUsedMs, names);
    }

    @Override
    public synchronized String toString() {
        return "FetchSession(id=" + id + ", privileged=" + privileged + ", partitions=" + partitions.size()
                + ", usesTopicIds=" + usesTopicIds + ", creationMs=" + creationMs + ", lastUsedMs=" + lastUsedMs
                + ", epoch=" + epoch + ")";
    }
}
