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
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Incremental fetch sessions (KIP-227) as Kafka's broker keeps them ({@code FetchManager.newContext}): turns a fetch
 * request's session id and epoch into a {@link FetchContext}.
 * <ul>
 *   <li>Epoch 0 or -1 is a full fetch: a session the request names is closed first. Epoch 0 asks for a new session
 *       (created when the answer is made, if the cache has room); -1 ({@code FINAL_EPOCH}) does not.</li>
 *   <li>Any other epoch continues the named session: FETCH_SESSION_ID_NOT_FOUND if there is none,
 *       INVALID_FETCH_SESSION_EPOCH unless the epoch is the one the session expects, FETCH_SESSION_TOPIC_ID_ERROR if
 *       the request's version names topics differently (by id from v13, by name before) than the request that made
 *       the session. Otherwise the request's partitions are added or updated, its forgotten ones removed, the epoch
 *       moves on (wrapping from 2^31-1 to 1), and the session's partitions are read; a session left with no
 *       partitions is closed and the request answered as a sessionless full fetch.</li>
 * </ul>
 *
 * <p>Thread-safe: the cache's lock is taken before a session's.
 */
public final class FetchSessions {
    private static final Logger LOG = LoggerFactory.getLogger(FetchSessions.class);

    /** The session id of fetches outside any session. */
    public static final int INVALID_SESSION_ID = 0;
    /** The epoch of a full fetch that asks for a session. */
    public static final int INITIAL_EPOCH = 0;
    /** The epoch of a full fetch that asks for none (and closes the one it names). */
    public static final int FINAL_EPOCH = -1;

    private final FetchSessionCache cache;
    private final Clock clock;

    public FetchSessions(FetchSessionCache cache, Clock clock) {
        this.cache = cache;
        this.clock = clock;
    }

    /** The cache of this broker's sessions. */
    public FetchSessionCache cache() {
        return cache;
    }

    /**
     * The partitions an incremental fetch of this session reads (as the session holds them now; empty for a session
     * that does not exist): what fault rules match a fetch on, since such a fetch names only what changed.
     */
    public List<FetchPartitionKey> partitionsOf(int sessionId) {
        return cache.get(sessionId).map(FetchSession::keys).orElse(List.of());
    }

    /** The epoch that follows {@code epoch}: -1 stays -1, 2^31-1 wraps to 1. */
    static int nextEpoch(int epoch) {
        if (epoch < 0) {
            return FINAL_EPOCH;
        }
        return epoch == Integer.MAX_VALUE ? 1 : epoch + 1;
    }

    /**
     * @param version    the request's version (v13+ names topics by id)
     * @param privileged whether the request comes from a follower (replica id 0 or more)
     * @param fetchData  the request's partitions, in request order, one entry per partition (a repeated partition's
     *                   last entry wins)
     * @param toForget   the request's forgotten partitions
     * @param topicNames the name of the topic with an id, or null (resolves partitions added by unknown ids)
     */
    public FetchContext newContext(
            short version,
            int sessionId,
            int epoch,
            boolean privileged,
            Map<FetchPartitionKey, FetchRequest.FetchPartition> fetchData,
            List<FetchPartitionKey> toForget,
            Function<UUID, String> topicNames) {
        if (epoch == INITIAL_EPOCH || epoch == FINAL_EPOCH) {
            if (sessionId != INVALID_SESSION_ID && cache.remove(sessionId)) {
                LOG.debug("Closed fetch session {} (full fetch)", sessionId);
            }
            return epoch == FINAL_EPOCH
                    ? new FetchContext.Sessionless(fetchData)
                    : new FetchContext.Full(cache, clock, fetchData, version >= 13, privileged);
        }
        synchronized (cache) {
            Optional<FetchSession> found = cache.get(sessionId);
            if (found.isEmpty()) {
                LOG.debug("Fetch session {} not found", sessionId);
                return new FetchContext.SessionError(Errors.FETCH_SESSION_ID_NOT_FOUND);
            }
            FetchSession session = found.get();
            synchronized (session) {
                if (session.epoch() != epoch) {
                    LOG.debug("Fetch session {} expected epoch {}, got {}", sessionId, session.epoch(), epoch);
                    return new FetchContext.SessionError(Errors.INVALID_FETCH_SESSION_EPOCH);
                }
                if (session.usesTopicIds() != version >= 13) {
                    LOG.debug(
                            "Fetch session {} {} topic ids; request version {}",
                            sessionId,
                            session.usesTopicIds() ? "uses" : "does not use",
                            version);
                    return new FetchContext.SessionError(Errors.FETCH_SESSION_TOPIC_ID_ERROR);
                }
                int[] changes = session.update(fetchData, toForget);
                if (session.isEmpty()) {
                    LOG.debug("Closed fetch session {}: no partitions left", sessionId);
                    cache.remove(session);
                    return new FetchContext.Sessionless(fetchData);
                }
                cache.touch(session, clock.millis());
                session.setEpoch(nextEpoch(session.epoch()));
                LOG.debug(
                        "Fetch session {} epoch {}: {} added, {} updated, {} removed",
                        sessionId,
                        session.epoch(),
                        changes[0],
                        changes[1],
                        changes[2]);
                return new FetchContext.Incremental(epoch, session, topicNames);
            }
        }
    }
}
