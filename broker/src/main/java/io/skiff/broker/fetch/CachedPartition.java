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

import io.skiff.protocol.Errors;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import java.util.UUID;
import java.util.function.Function;

/**
 * One partition of a fetch session: what the client last asked for it (offset, sizes, epochs), which an incremental
 * fetch reuses when the client does not name the partition again, and what the client was last told about it (high
 * watermark, log start offset), so that an incremental answer can leave the partition out when nothing changed.
 * Kafka's {@code CachedPartition}.
 *
 * <p>Not thread-safe: guarded by its session's lock.
 */
final class CachedPartition {
    private FetchPartitionKey key;
    private int maxBytes;
    private long fetchOffset;
    private long fetcherLogStartOffset;
    private int currentLeaderEpoch;
    private int lastFetchedEpoch;
    private long highWatermark = -1L;
    private long localLogStartOffset = -1L;

    /** A partition added by a request: the client has been told nothing about it yet. */
    CachedPartition(FetchPartitionKey key, FetchRequest.FetchPartition request) {
        this.key = key;
        updateRequestParams(request);
    }

    /** A partition of a new session: the full fetch's answer told the client {@code response}. */
    CachedPartition(FetchPartitionKey key, FetchRequest.FetchPartition request, FetchResponse.PartitionData response) {
        this(key, request);
        this.highWatermark = response.highWatermark();
        this.localLogStartOffset = response.logStartOffset();
    }

    FetchPartitionKey key() {
        return key;
    }

    /** Fills in the topic name of a partition added by an id this broker did not know then. */
    void maybeResolveName(Function<UUID, String> topicNames) {
        if (key.topic() == null) {
            String name = topicNames.apply(key.topicId());
            if (name != null) {
                key = key.withTopic(name);
            }
        }
    }

    /** What to read for this partition, as the client last asked. */
    FetchRequest.FetchPartition request() {
        return new FetchRequest.FetchPartition()
                .setPartition(key.partition())
                .setFetchOffset(fetchOffset)
                .setLogStartOffset(fetcherLogStartOffset)
                .setPartitionMaxBytes(maxBytes)
                .setCurrentLeaderEpoch(currentLeaderEpoch)
                .setLastFetchedEpoch(lastFetchedEpoch);
    }

    void updateRequestParams(FetchRequest.FetchPartition request) {
        maxBytes = request.partitionMaxBytes();
        fetchOffset = request.fetchOffset();
        fetcherLogStartOffset = request.logStartOffset();
        currentLeaderEpoch = request.currentLeaderEpoch();
        lastFetchedEpoch = request.lastFetchedEpoch();
    }

    long highWatermark() {
        return highWatermark;
    }

    long localLogStartOffset() {
        return localLogStartOffset;
    }

    /**
     * Whether an incremental answer must carry this partition: it has records, its high watermark or log start
     * offset changed since the client was last told, it names a preferred read replica or a diverging epoch, or it
     * has an error (then the cached high watermark becomes -1, so the partition is sent again once the error is
     * gone). With {@code update}, remembers what the client is now told.
     */
    boolean maybeUpdateResponseData(FetchResponse.PartitionData response, boolean update) {
        boolean mustRespond = response.records() != null && response.records().sizeInBytes() > 0;
        if (highWatermark != response.highWatermark()) {
            mustRespond = true;
            if (update) {
                highWatermark = response.highWatermark();
            }
        }
        if (localLogStartOffset != response.logStartOffset()) {
            mustRespond = true;
            if (update) {
                localLogStartOffset = response.logStartOffset();
            }
        }
        if (response.preferredReadReplica() != -1) {
            mustRespond = true;
        }
        if (response.errorCode() != Errors.NONE.code()) {
            if (update) {
                highWatermark = -1L;
            }
            mustRespond = true;
        }
        if (response.divergingEpoch() != null && response.divergingEpoch().epoch() >= 0) {
            mustRespond = true;
        }
        return mustRespond;
    }

    @Override
    public String toString() {
        return "CachedPartition(" + key + ", fetchOffset=" + fetchOffset + ", maxBytes=" + maxBytes + ", highWatermark="
                + highWatermark + ", logStartOffset=" + localLogStartOffset + ")";
    }
}
