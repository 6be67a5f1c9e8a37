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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's fetch sessions, at most {@code max.incremental.fetch.session.cache.slots} of them, with Kafka's
 * eviction rules ({@code FetchSessionCacheShard}). When the cache is full, a new session may take the place of:
 * <ol>
 *   <li>the least recently used session, if it has been unused for longer than the eviction time (Kafka's
 *       {@code MIN_INCREMENTAL_FETCH_SESSION_EVICTION_MS}, 2 minutes); otherwise</li>
 *   <li>the least valuable session that is older than the eviction time — a session of followers (privileged) is
 *       worth more than a consumer's, then more partitions are worth more (ties: the lower id goes) — provided the
 *       new session is worth more (privileged over unprivileged, else strictly more partitions). A privileged
 *       newcomer may also evict young consumer sessions.</li>
 * </ol>
 * Otherwise no session is created and the full fetch is answered with session id 0. Session ids are random, positive
 * and unique among the cached sessions. Kafka splits its cache into 8 shards of slots/8 sessions each (a session's
 * eviction competes within its shard only); Skiff keeps one cache of all the slots.
 *
 * <p>Thread-safe: every method takes the cache's lock; a session's own lock may be taken inside it, never the other
 * way round.
 */
public final class FetchSessionCache {
    /** Kafka's {@code KafkaBroker.MIN_INCREMENTAL_FETCH_SESSION_EVICTION_MS}. */
    public static final long EVICTION_MS = 120_000L;

    private static final Logger LOG = LoggerFactory.getLogger(FetchSessionCache.class);

    /** Orders sessions by last use, then id. */
    private record LastUsedKey(long lastUsedMs, int id) implements Comparable<LastUsedKey> {
        @Override
        public int compareTo(LastUsedKey o) {
            int c = Long.compare(lastUsedMs, o.lastUsedMs);
            return c != 0 ? c : Integer.compare(id, o.id);
        }
    }

    /** Orders sessions by value: unprivileged first, then fewer partitions, then id. */
    private record EvictableKey(boolean privileged, int size, int id) implements Comparable<EvictableKey> {
        @Override
        public int compareTo(EvictableKey o) {
            int c = Boolean.compare(privileged, o.privileged);
            if (c == 0) {
                c = Integer.compare(size, o.size);
            }
            return c != 0 ? c : Integer.compare(id, o.id);
        }
    }

    private final int maxEntries;
    private final long evictionMs;
    private final Map<Integer, FetchSession> sessions = new HashMap<>();
    private final TreeMap<LastUsedKey, FetchSession> lastUsed = new TreeMap<>();
    /** Sessions any newcomer may evict (older than the eviction time). */
    private final TreeMap<EvictableKey, FetchSession> evictableByAll = new TreeMap<>();
    /** Sessions a privileged newcomer may evict (unprivileged ones, and privileged ones older than the eviction time). */
    private final TreeMap<EvictableKey, FetchSession> evictableByPrivileged = new TreeMap<>();

    private long numPartitions;
    private long evictions;

    /**
     * @param maxEntries the most sessions kept ({@code max.incremental.fetch.session.cache.slots}); 0 disables sessions
     * @param evictionMs how long a session must be unused (or exist) before a newcomer may evict it
     */
    public FetchSessionCache(int maxEntries, long evictionMs) {
        if (maxEntries < 0) {
            throw new IllegalArgumentException("maxEntries must be at least 0: " + maxEntries);
        }
        this.maxEntries = maxEntries;
        this.evictionMs = evictionMs;
    }

    synchronized Optional<FetchSession> get(int sessionId) {
        return Optional.ofNullable(sessions.get(sessionId));
    }

    /** The number of sessions cached. */
    public synchronized int size() {
        return sessions.size();
    }

    /** The number of partitions of all cached sessions (as of each session's last use). */
    public synchronized long totalPartitions() {
        return numPartitions;
    }

    /** The most sessions kept ({@code max.incremental.fetch.session.cache.slots}). */
    public int maxEntries() {
        return maxEntries;
    }

    /** Read-only copies of the cached sessions, most recently used first (for operators); this cache is node's. */
    public synchronized List<FetchSessionView> views(int nodeId) {
        List<FetchSessionView> out = new ArrayList<>(sessions.size());
        for (FetchSession session : lastUsed.descendingMap().values()) {
            out.add(session.view(nodeId));
        }
        return out;
    }

    /** How many sessions were evicted to make room for new ones. */
    public synchronized long evictions() {
        return evictions;
    }

    private int newSessionId() {
        int id;
        do {
            id = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
        } while (sessions.containsKey(id));
        return id;
    }

    /**
     * Creates a session if there is room or a session may be evicted for it.
     *
     * @param size       the number of partitions of the new session
     * @param partitions builds the session's partitions (called only when the session is created)
     * @return the new session's id, or 0 when none was created
     */
    synchronized int maybeCreateSession(
            long now,
            boolean privileged,
            int size,
            boolean usesTopicIds,
            Supplier<LinkedHashMap<FetchPartitionKey, CachedPartition>> partitions) {
        if (sessions.size() < maxEntries || tryEvict(privileged, new EvictableKey(privileged, size, 0), now)) {
            FetchSession session = new FetchSession(newSessionId(), privileged, usesTopicIds, now, 1, partitions.get());
            sessions.put(session.id(), session);
            touch(session, now);
            LOG.debug("Created fetch session {}", session);
            return session.id();
        }
        LOG.debug("No fetch session created for privileged={}, size={}", privileged, size);
        return 0;
    }

    private boolean tryEvict(boolean privileged, EvictableKey key, long now) {
        Map.Entry<LastUsedKey, FetchSession> oldest = lastUsed.firstEntry();
        if (oldest == null) {
            return false;
        }
        if (now - oldest.getKey().lastUsedMs() > evictionMs) {
            LOG.debug("Evicting stale fetch session {}", oldest.getValue().id());
            remove(oldest.getValue());
            evictions++;
            return true;
        }
        Map.Entry<EvictableKey, FetchSession> least =
                (privileged ? evictableByPrivileged : evictableByAll).firstEntry();
        if (least == null || key.compareTo(least.getKey()) < 0) {
            return false;
        }
        LOG.debug(
                "Evicting fetch session {} for a new session of {} partitions",
                least.getValue().id(),
                key.size());
        remove(least.getValue());
        evictions++;
        return true;
    }

    /** Removes the session with this id; returns whether there was one. */
    synchronized boolean remove(int sessionId) {
        FetchSession session = sessions.get(sessionId);
        return session != null && remove(session);
    }

    synchronized boolean remove(FetchSession session) {
        EvictableKey evictable;
        synchronized (session) {
            lastUsed.remove(new LastUsedKey(session.lastUsedMs(), session.id()));
            evictable = evictableKey(session);
        }
        evictableByAll.remove(evictable);
        evictableByPrivileged.remove(evictable);
        if (sessions.remove(session.id()) == null) {
            return false;
        }
        numPartitions -= session.cachedSize();
        return true;
    }

    /** Records a use of the session: its place among the least recently used and its (new) size. */
    synchronized void touch(FetchSession session, long now) {
        synchronized (session) {
            lastUsed.remove(new LastUsedKey(session.lastUsedMs(), session.id()));
            session.setLastUsedMs(now);
            lastUsed.put(new LastUsedKey(now, session.id()), session);
            int oldSize = session.cachedSize();
            if (oldSize != -1) {
                EvictableKey old = evictableKey(session);
                evictableByPrivileged.remove(old);
                evictableByAll.remove(old);
                numPartitions -= oldSize;
            }
            session.setCachedSize(session.size());
            EvictableKey key = evictableKey(session);
            boolean old = now - session.creationMs() > evictionMs;
            if (!session.privileged() || old) {
                evictableByPrivileged.put(key, session);
            }
            if (old) {
                evictableByAll.put(key, session);
            }
            numPartitions += session.cachedSize();
        }
    }

    private static EvictableKey evictableKey(FetchSession session) {
        return new EvictableKey(session.privileged(), session.cachedSize(), session.id());
    }
}
