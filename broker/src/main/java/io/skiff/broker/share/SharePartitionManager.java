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

import io.skiff.broker.clock.ClockScheduler;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.storage.TimestampOffset;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Function;

/**
 * The broker's share-partitions, one per (share group, topic partition), and what happens to them: acquisition
 * for ShareFetch (waiting for records when there are none), acknowledgements, lock expiry and the release of a
 * departed member's records. A share-partition is created when its group first gets the partition assigned (or
 * first fetches it), starting where the group's {@code share.auto.offset.reset} says.
 *
 * <p>Thread-safe. Lock expiry and delayed fetches run on one share thread; acquisitions of a share-partition are
 * serialized by the share-partition itself.
 */
public final class SharePartitionManager implements AutoCloseable {
    private record Key(String groupId, TopicIdPartition partition) {}

    private final TopicRegistry topics;
    private final Function<String, ShareSettings> settings;
    private final Function<String, String> autoOffsetReset;
    private final Clock clock;
    private final ShareSessions sessions;
    private final ConcurrentHashMap<Key, SharePartition> partitions = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<SharePartition, Set<DelayedShareFetch>> waiting = new ConcurrentHashMap<>();
    private final ClockScheduler executor;
    private final ShareStateLog stateLog;
    private final Set<String> durableGroups = ConcurrentHashMap.newKeySet();

    /**
     * @param settings        the share settings in effect for a group
     * @param autoOffsetReset a group's {@code share.auto.offset.reset}: latest, earliest or by_duration:&lt;ISO-8601&gt;
     */
    public SharePartitionManager(
            TopicRegistry topics,
            Function<String, ShareSettings> settings,
            Function<String, String> autoOffsetReset,
            int maxSessions,
            Clock clock) {
        this(topics, settings, autoOffsetReset, maxSessions, clock, null);
    }

    /** As above, keeping the share state in {@code stateLog} (null: in memory only). */
    public SharePartitionManager(
            TopicRegistry topics,
            Function<String, ShareSettings> settings,
            Function<String, String> autoOffsetReset,
            int maxSessions,
            Clock clock,
            ShareStateLog stateLog) {
        this.stateLog = stateLog;
        this.topics = topics;
        this.settings = settings;
        this.autoOffsetReset = autoOffsetReset;
        this.clock = clock;
        this.sessions = new ShareSessions(maxSessions);
        // Lock expiry and share fetches' waits follow the broker clock: an advance expires the locks it passes.
        this.executor = new ClockScheduler("skiff-share", clock);
    }

    public ShareSessions sessions() {
        return sessions;
    }

    public ShareSettings settings(String groupId) {
        return settings.apply(groupId);
    }

    /** The share-partition of {@code groupId} on {@code partition}, created at the group's reset position if new. */
    public SharePartition sharePartition(String groupId, TopicIdPartition id, Partition partition) {
        SharePartition existing = partitions.get(new Key(groupId, id));
        if (existing != null) {
            return existing;
        }
        ensureDurableGroup(groupId);
        return partitions.computeIfAbsent(new Key(groupId, id), k -> {
            SharePartition sp = new SharePartition(groupId, id, partition, initialOffset(groupId, partition), writer());
            sp.persist(); // the start offset "latest" chose must survive a restart
            return sp;
        });
    }

    private ShareStateWriter writer() {
        return stateLog == null ? ShareStateWriter.NONE : stateLog;
    }

    /** Writes that the group exists, once per group. */
    public void ensureDurableGroup(String groupId) {
        if (stateLog != null && durableGroups.add(groupId)) {
            stateLog.writeGroup(groupId);
        }
    }

    /**
     * Restores the share-partitions a replay of the state log found (those whose topic still exists); returns the
     * groups found.
     */
    public Set<String> restore(ShareStateLog.Loaded loaded) {
        durableGroups.addAll(loaded.groups());
        loaded.partitions()
                .forEach((groupId, states) -> states.forEach((tp, snapshot) -> topics.topic(tp.topicId())
                        .filter(t -> t.hasPartition(tp.partition()))
                        .ifPresent(t -> partitions.put(
                                new Key(groupId, tp),
                                new SharePartition(groupId, tp, t.partition(tp.partition()), snapshot, writer())))));
        return loaded.groups();
    }

    /** The share-partition if it exists. */
    public Optional<SharePartition> existing(String groupId, TopicIdPartition id) {
        return Optional.ofNullable(partitions.get(new Key(groupId, id)));
    }

    /** Every share-partition of {@code groupId}, by partition. */
    public Map<TopicIdPartition, SharePartition> ofGroup(String groupId) {
        Map<TopicIdPartition, SharePartition> out = new LinkedHashMap<>();
        partitions.forEach((k, v) -> {
            if (k.groupId().equals(groupId)) {
                out.put(k.partition(), v);
            }
        });
        return out;
    }

    /** Creates the share-partitions of newly assigned partitions (Kafka initializes them at assignment). */
    public void initialize(String groupId, Collection<TopicIdPartition> assigned) {
        ensureDurableGroup(groupId);
        for (TopicIdPartition tp : assigned) {
            topics.topic(tp.topicId())
                    .filter(t -> t.hasPartition(tp.partition()))
                    .ifPresent(t -> sharePartition(groupId, tp, t.partition(tp.partition())));
        }
    }

    private long initialOffset(String groupId, Partition partition) {
        String reset = autoOffsetReset.apply(groupId);
        if (reset.equals("earliest")) {
            return partition.logStartOffset();
        }
        if (reset.startsWith("by_duration:")) {
            Duration back = Duration.parse(reset.substring("by_duration:".length()));
            return partition
                    .offsetForTimestamp(clock.millis() - back.toMillis())
                    .map(TimestampOffset::offset)
                    .orElse(partition.highWatermark());
        }
        return partition.highWatermark();
    }

    /**
     * Acquires records of {@code requested} for {@code memberId}; when none is acquired and {@code maxWaitMs} is
     * positive, waits for some, at most that long.
     */
    public CompletableFuture<Map<TopicIdPartition, AcquiredRecords>> fetch(
            String groupId,
            String memberId,
            List<ShareFetchRequestPartition> requested,
            int maxRecords,
            int maxBytes,
            long maxWaitMs) {
        List<SharePartition> shares = new ArrayList<>();
        for (ShareFetchRequestPartition p : requested) {
            shares.add(sharePartition(groupId, p.id(), p.partition()));
        }
        Map<TopicIdPartition, AcquiredRecords> now =
                acquire(groupId, memberId, requested, shares, maxRecords, maxBytes);
        if (!now.isEmpty() || maxWaitMs <= 0 || requested.isEmpty()) {
            return CompletableFuture.completedFuture(now);
        }
        DelayedShareFetch[] holder = new DelayedShareFetch[1];
        DelayedShareFetch delayed = new DelayedShareFetch(
                () -> acquire(groupId, memberId, requested, shares, maxRecords, maxBytes),
                () -> unpark(holder[0], requested, shares),
                executor);
        holder[0] = delayed;
        for (SharePartition s : shares) {
            waiting.computeIfAbsent(s, k -> new CopyOnWriteArraySet<>()).add(delayed);
        }
        for (ShareFetchRequestPartition p : requested) {
            p.partition().addListener(delayed);
        }
        delayed.startTimer(maxWaitMs);
        // Records may have arrived between the attempt and the listeners: look once more.
        ShareSettings s = settings.apply(groupId);
        if (shares.stream().anyMatch(sp -> sp.hasAcquirable(s))) {
            delayed.wake();
        }
        return delayed.future();
    }

    private void unpark(
            DelayedShareFetch delayed, List<ShareFetchRequestPartition> requested, List<SharePartition> shares) {
        for (ShareFetchRequestPartition p : requested) {
            p.partition().removeListener(delayed);
        }
        for (SharePartition s : shares) {
            Set<DelayedShareFetch> set = waiting.get(s);
            if (set != null) {
                set.remove(delayed);
            }
        }
    }

    private Map<TopicIdPartition, AcquiredRecords> acquire(
            String groupId,
            String memberId,
            List<ShareFetchRequestPartition> requested,
            List<SharePartition> shares,
            int maxRecords,
            int maxBytes) {
        ShareSettings s = settings.apply(groupId);
        long now = clock.millis();
        Map<TopicIdPartition, AcquiredRecords> out = new LinkedHashMap<>();
        int recordsLeft = maxRecords;
        int bytesLeft = maxBytes;
        for (int i = 0; i < requested.size() && recordsLeft > 0 && bytesLeft > 0; i++) {
            SharePartition sp = shares.get(i);
            AcquiredRecords got = sp.acquire(memberId, recordsLeft, bytesLeft, s, now);
            if (!got.isEmpty()) {
                out.put(requested.get(i).id(), got);
                recordsLeft -= got.recordCount();
                bytesLeft -= got.batches().remaining();
                scheduleExpiry(sp, now + s.recordLockDurationMs());
            }
        }
        return out;
    }

    /**
     * Applies acknowledgements of {@code memberId} to one share-partition; false (INVALID_RECORD_STATE) when one names
     * a record the member does not hold.
     */
    public boolean acknowledge(
            String groupId,
            String memberId,
            TopicIdPartition id,
            Partition partition,
            List<AcknowledgementBatch> batches) {
        SharePartition sp = sharePartition(groupId, id, partition);
        ShareSettings s = settings.apply(groupId);
        long now = clock.millis();
        boolean applied = sp.acknowledge(memberId, batches, s, now);
        if (applied) {
            if (batches.stream().anyMatch(b -> b.types().contains(AcknowledgeType.RENEW))) {
                scheduleExpiry(sp, now + s.recordLockDurationMs());
            }
            wakeWaiters(sp);
        }
        return applied;
    }

    /** Releases what {@code memberId} holds in its group and closes its share session (it left, or was fenced). */
    public void memberLeft(String groupId, String memberId) {
        sessions.remove(groupId, memberId);
        releaseMember(groupId, memberId);
    }

    /** Releases what {@code memberId} holds in its group (its share session closed). */
    public void releaseMember(String groupId, String memberId) {
        ShareSettings s = settings.apply(groupId);
        for (SharePartition sp : ofGroup(groupId).values()) {
            if (sp.releaseMember(memberId, s) > 0) {
                wakeWaiters(sp);
            }
        }
    }

    /** Forgets every share-partition of {@code groupId} (the group was deleted). */
    public void deleteGroup(String groupId) {
        for (Key k : List.copyOf(partitions.keySet())) {
            if (k.groupId().equals(groupId) && partitions.remove(k) != null && stateLog != null) {
                stateLog.delete(groupId, k.partition());
            }
        }
        if (stateLog != null && durableGroups.remove(groupId)) {
            stateLog.deleteGroup(groupId);
        }
    }

    /** Forgets the share-partitions of {@code groupId} on {@code topicId} (DeleteShareGroupOffsets). */
    public void deleteTopic(String groupId, java.util.UUID topicId) {
        partitions
                .keySet()
                .removeIf(k ->
                        k.groupId().equals(groupId) && k.partition().topicId().equals(topicId));
    }

    private void scheduleExpiry(SharePartition sp, long deadline) {
        if (!sp.claimTimer(deadline)) {
            return;
        }
        long delay = Math.max(0, deadline - clock.millis());
        executor.schedule(delay, () -> expire(sp, deadline));
    }

    private void expire(SharePartition sp, long deadline) {
        sp.timerFired(deadline);
        long now = clock.millis();
        if (sp.expireLocks(settings.apply(sp.groupId()), now) > 0) {
            wakeWaiters(sp);
        }
        long next = sp.nextLockDeadline();
        if (next != Long.MAX_VALUE) {
            scheduleExpiry(sp, next);
        }
    }

    private void wakeWaiters(SharePartition sp) {
        Set<DelayedShareFetch> set = waiting.get(sp);
        if (set != null) {
            for (DelayedShareFetch d : set) {
                d.wake();
            }
        }
    }

    /** Forgets every share-partition and session (the test kit's reset). */
    public void clear() {
        Set<String> groups = new java.util.HashSet<>(durableGroups);
        partitions.keySet().forEach(k -> groups.add(k.groupId()));
        groups.forEach(this::deleteGroup);
        sessions.clear();
    }

    @Override
    public void close() {
        executor.close();
    }

    /** The topic named {@code name}, if it exists. */
    public Optional<Topic> topicByName(String name) {
        return topics.topic(name);
    }

    /** The topic of {@code id}, if it exists. */
    public Optional<Topic> topic(java.util.UUID id) {
        return topics.topic(id);
    }
}
