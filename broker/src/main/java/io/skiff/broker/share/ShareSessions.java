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

import io.skiff.protocol.Errors;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The broker's share sessions, one per (group, member), at most {@code group.share.max.share.sessions} of them.
 * Epoch 0 opens (or replaces) a member's session; a later epoch must be the session's next one
 * (INVALID_SHARE_SESSION_EPOCH otherwise, SHARE_SESSION_NOT_FOUND when there is none); -1 closes it.
 *
 * <p>Thread-safe: every method holds the instance's monitor.
 */
public final class ShareSessions {
    private record Key(String groupId, String memberId) {}

    /** The outcome of a request's session step: the session's partitions afterwards, or an error. */
    public record Update(Errors error, List<TopicIdPartition> partitions, boolean closed) {
        static Update failed(Errors error) {
            return new Update(error, List.of(), false);
        }
    }

    private final Map<Key, ShareSession> sessions = new HashMap<>();
    private final int maxSessions;

    public ShareSessions(int maxSessions) {
        this.maxSessions = maxSessions;
    }

    /**
     * The session step of a ShareFetch: opens with epoch 0 (the request's partitions), adds {@code added} and removes
     * {@code forgotten} at the session's next epoch, or closes with -1.
     */
    public synchronized Update fetch(
            String groupId,
            String memberId,
            int epoch,
            Collection<TopicIdPartition> added,
            Collection<TopicIdPartition> forgotten) {
        Key key = new Key(groupId, memberId);
        if (epoch == 0) {
            if (!sessions.containsKey(key) && sessions.size() >= maxSessions) {
                return Update.failed(Errors.SHARE_SESSION_LIMIT_REACHED);
            }
            ShareSession session = new ShareSession(groupId, memberId);
            session.partitions().addAll(added);
            sessions.put(key, session);
            return new Update(Errors.NONE, List.copyOf(session.partitions()), false);
        }
        ShareSession session = sessions.get(key);
        if (epoch == -1) {
            if (session == null) {
                return Update.failed(Errors.SHARE_SESSION_NOT_FOUND);
            }
            sessions.remove(key);
            return new Update(Errors.NONE, List.copyOf(session.partitions()), true);
        }
        if (session == null) {
            return Update.failed(Errors.SHARE_SESSION_NOT_FOUND);
        }
        if (epoch != session.nextEpoch()) {
            return Update.failed(Errors.INVALID_SHARE_SESSION_EPOCH);
        }
        session.bumpEpoch();
        session.partitions().addAll(added);
        forgotten.forEach(session.partitions()::remove);
        return new Update(Errors.NONE, List.copyOf(session.partitions()), false);
    }

    /** The session step of a ShareAcknowledge: the epoch must be the session's next one, or -1 to close it. */
    public synchronized Update acknowledge(String groupId, String memberId, int epoch) {
        if (epoch == 0) {
            return Update.failed(Errors.INVALID_SHARE_SESSION_EPOCH);
        }
        return fetch(groupId, memberId, epoch, List.of(), List.of());
    }

    /** Removes the sessions of a member that left its group; returns the partitions they had. */
    public synchronized Set<TopicIdPartition> remove(String groupId, String memberId) {
        ShareSession s = sessions.remove(new Key(groupId, memberId));
        return s == null ? Set.of() : Set.copyOf(s.partitions());
    }

    public synchronized int count() {
        return sessions.size();
    }

    /** Every session's (group, member), for tests and the test kit's reset. */
    public synchronized List<String> members(String groupId) {
        List<String> out = new ArrayList<>();
        for (Key k : sessions.keySet()) {
            if (k.groupId().equals(groupId)) {
                out.add(k.memberId());
            }
        }
        return out;
    }

    public synchronized void clear() {
        sessions.clear();
    }
}
