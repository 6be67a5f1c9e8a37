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
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * What one fetch request means for fetch sessions, made by {@link FetchSessions#newContext}: which partitions to read
 * and, once they are read, which of them the answer carries, with which session id and error. Kafka's
 * {@code FetchContext} and its four kinds.
 *
 * <p>Thread-safe: a context is used by one request; the session it refers to has its own lock.
 */
public sealed interface FetchContext {
    /** The partitions to read, in order, each with what to read. */
    List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> partitions();

    /**
     * The answer's top-level error, session id and partitions, from every partition's result ({@code updates}, in
     * the order the answer lists them: the partitions read, in {@link #partitions()} order, then those refused).
     * Partitions left out of the returned map are not sent; their record data is the caller's to release.
     */
    Answer respond(LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates);

    /**
     * The answer to send instead when the client is throttled by a fetch quota (Kafka's getThrottledResponse): no
     * partitions, and the session left as it was, so the next fetch gets what this one would have.
     */
    default Answer throttled() {
        return new Answer(Errors.NONE, 0, new LinkedHashMap<>());
    }

    /** The session part of a fetch answer. */
    record Answer(
            Errors error, int sessionId, LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> partitions) {}

    /** A request naming an unknown session, or the wrong epoch: answered with the error alone, session id 0. */
    record SessionError(Errors error) implements FetchContext {
        @Override
        public List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> partitions() {
            return List.of();
        }

        @Override
        public Answer respond(LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates) {
            return new Answer(error, 0, new LinkedHashMap<>());
        }

        @Override
        public Answer throttled() {
            return respond(new LinkedHashMap<>());
        }
    }

    /** A full fetch that creates no session (epoch -1, or an incremental one that forgot every partition). */
    record Sessionless(Map<FetchPartitionKey, FetchRequest.FetchPartition> fetchData) implements FetchContext {
        @Override
        public List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> partitions() {
            return new ArrayList<>(fetchData.entrySet());
        }

        @Override
        public Answer respond(LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates) {
            return new Answer(Errors.NONE, 0, updates);
        }
    }

    /**
     * A full fetch (epoch 0): every partition is answered, and a session of the answered partitions is created if
     * the cache has room for it (else the answer's session id is 0).
     */
    final class Full implements FetchContext {
        private final FetchSessionCache cache;
        private final Clock clock;
        private final Map<FetchPartitionKey, FetchRequest.FetchPartition> fetchData;
        private final boolean usesTopicIds;
        private final boolean privileged;

        Full(
                FetchSessionCache cache,
                Clock clock,
                Map<FetchPartitionKey, FetchRequest.FetchPartition> fetchData,
                boolean usesTopicIds,
                boolean privileged) {
            this.cache = cache;
            this.clock = clock;
            this.fetchData = fetchData;
            this.usesTopicIds = usesTopicIds;
            this.privileged = privileged;
        }

        @Override
        public List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> partitions() {
            return new ArrayList<>(fetchData.entrySet());
        }

        @Override
        public Answer respond(LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates) {
            int sessionId = cache.maybeCreateSession(clock.millis(), privileged, updates.size(), usesTopicIds, () -> {
                LinkedHashMap<FetchPartitionKey, CachedPartition> cached = new LinkedHashMap<>();
                updates.forEach(
                        (key, response) -> cached.put(key, new CachedPartition(key, fetchData.get(key), response)));
                return cached;
            });
            return new Answer(Errors.NONE, sessionId, updates);
        }
    }

    /**
     * An incremental fetch: the session's partitions are read (as last asked), and the answer carries only those
     * whose data changed ({@link CachedPartition#maybeUpdateResponseData}). If another request of the session moved
     * its epoch on meanwhile (a duplicate, or a request sent while this one waited), the answer is
     * INVALID_FETCH_SESSION_EPOCH and nothing of the session changes.
     */
    final class Incremental implements FetchContext {
        private final int requestEpoch;
        private final FetchSession session;
        private final Function<UUID, String> topicNames;

        Incremental(int requestEpoch, FetchSession session, Function<UUID, String> topicNames) {
            this.requestEpoch = requestEpoch;
            this.session = session;
            this.topicNames = topicNames;
        }

        @Override
        public List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> partitions() {
            return session.partitionsToFetch(topicNames);
        }

        @Override
        public Answer throttled() {
            return new Answer(Errors.NONE, session.id(), new LinkedHashMap<>());
        }

        @Override
        public Answer respond(LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates) {
            synchronized (session) {
                if (session.epoch() != FetchSessions.nextEpoch(requestEpoch)) {
                    return new Answer(Errors.INVALID_FETCH_SESSION_EPOCH, session.id(), new LinkedHashMap<>());
                }
                LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> answered = new LinkedHashMap<>();
                for (Map.Entry<FetchPartitionKey, FetchResponse.PartitionData> e : updates.entrySet()) {
                    CachedPartition cached = session.find(e.getKey());
                    if (cached != null && cached.maybeUpdateResponseData(e.getValue(), true)) {
                        answered.put(e.getKey(), e.getValue());
                        if (e.getValue().records() != null
                                && e.getValue().records().sizeInBytes() > 0) {
                            session.moveToEnd(cached);
                        }
                    }
                }
                return new Answer(Errors.NONE, session.id(), answered);
            }
        }

        int sessionId() {
            return session.id();
        }
    }
}
