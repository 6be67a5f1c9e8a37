package io.skiff.broker.group;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classic consumer-group coordinator of this (single) broker: every group's coordinator is us.
 * Domain API only — handlers translate the wire messages. Group state lives in memory; committed
 * offsets and group metadata are records of {@code __consumer_offsets} (via {@link GroupRecordLog}),
 * replayed by {@link #load()} at startup, where groups come back Empty with their offsets.
 *
 * <p>Thread-safe. Each group has its own lock; no lock is held while records are written.
 */
public final class GroupCoordinator implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GroupCoordinator.class);
    /** The only group type the classic coordinator has (ListGroups v5 type filter). */
    public static final String CLASSIC_GROUP_TYPE = "classic";

    private final GroupCoordinatorConfig config;
    private final GroupRecordLog recordLog;
    private final GroupScheduler scheduler;
    private final Clock clock;
    private final GroupRegistry groups = new GroupRegistry();
    private final GroupStore store;
    private final MembershipManager membership;
    private final OffsetManager offsets;
    private final List<AutoCloseable> owned = new ArrayList<>();
    private GroupScheduler.Cancellable expiryTask;

    /**
     * @param writer runs the appends to {@code recordLog}; must run tasks in submission order (one thread)
     */
    public GroupCoordinator(
            GroupCoordinatorConfig config,
            GroupRecordLog recordLog,
            GroupScheduler scheduler,
            Clock clock,
            Executor writer) {
        this.config = config;
        this.recordLog = recordLog;
        this.scheduler = scheduler;
        this.clock = clock;
        this.store = new GroupStore(recordLog, writer);
        this.membership = new MembershipManager(config, groups, store, scheduler, clock);
        this.offsets = new OffsetManager(config, groups, store, membership, clock);
    }

    /**
     * A coordinator with its own timer thread and writer thread, loaded from {@code recordLog} and with
     * offset expiry running; {@link #close()} stops both threads.
     */
    public static GroupCoordinator start(GroupCoordinatorConfig config, GroupRecordLog recordLog, Clock clock) {
        ExecutorGroupScheduler scheduler = new ExecutorGroupScheduler();
        ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "skiff-group-writer");
            t.setDaemon(true);
            return t;
        });
        GroupCoordinator coordinator = new GroupCoordinator(config, recordLog, scheduler, clock, writer);
        coordinator.owned.add(() -> {
            writer.shutdown();
            if (!writer.awaitTermination(10, TimeUnit.SECONDS)) {
                writer.shutdownNow();
            }
        });
        coordinator.owned.add(scheduler);
        coordinator.load();
        coordinator.startOffsetExpiry();
        return coordinator;
    }

    // ------------------------------------------------------------------ lifecycle

    /** Replays {@code __consumer_offsets}: groups return Empty, keeping generation, protocol type and offsets. */
    public void load() {
        Map<String, Map<TopicPartition, OffsetAndMetadata>> offsetsByGroup = new HashMap<>();
        Map<String, GroupMetadataSnapshot> metadataByGroup = new HashMap<>();
        int[] count = {0};
        try {
            recordLog.replay((key, value) -> {
                count[0]++;
                GroupRecordCodec.decode(key, value).ifPresent(r -> {
                    if (r instanceof GroupRecord.OffsetCommit oc) {
                        var m = offsetsByGroup.computeIfAbsent(oc.groupId(), g -> new HashMap<>());
                        if (oc.value() == null) {
                            m.remove(oc.partition());
                        } else {
                            m.put(oc.partition(), oc.value());
                        }
                    } else if (r instanceof GroupRecord.GroupMetadata gm) {
                        if (gm.value() == null) {
                            metadataByGroup.remove(gm.groupId());
                        } else {
                            metadataByGroup.put(gm.groupId(), gm.value());
                        }
                    }
                });
            });
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot replay __consumer_offsets", e);
        }
        long now = clock.millis();
        Set<String> ids = new java.util.HashSet<>(metadataByGroup.keySet());
        offsetsByGroup.forEach((id, m) -> {
            if (!m.isEmpty()) {
                ids.add(id);
            }
        });
        for (String id : ids) {
            ClassicGroup group = new ClassicGroup(id, GroupState.EMPTY, now);
            GroupMetadataSnapshot meta = metadataByGroup.get(id);
            if (meta != null) {
                group.generationId(meta.generation());
                group.protocolType(
                        meta.protocolType() == null || meta.protocolType().isEmpty() ? null : meta.protocolType());
                // A group that had members was active at shutdown: its "empty since" is now, not then.
                group.currentStateTimestamp(
                        meta.members().isEmpty() && meta.currentStateTimestamp() >= 0
                                ? meta.currentStateTimestamp()
                                : now);
            }
            group.offsets().putAll(offsetsByGroup.getOrDefault(id, Map.of()));
            group.recomputeSubscribedTopics();
            groups.put(group);
        }
        log.info("Loaded {} groups from {} records of __consumer_offsets", ids.size(), count[0]);
    }

    /** Starts the periodic offset expiry (offsets.retention.check.interval.ms). */
    public void startOffsetExpiry() {
        expiryTask = scheduler.schedulePeriodic(config.offsetsRetentionCheckIntervalMs(), offsets::expireOffsets);
    }

    /** Runs one offset-expiry pass now; returns how many offsets were removed. */
    public int expireOffsets() {
        return offsets.expireOffsets();
    }

    @Override
    public void close() {
        if (expiryTask != null) {
            expiryTask.cancel();
        }
        for (ClassicGroup g : groups.all()) {
            groups.withLock(g, () -> membership.cancelTimers(g));
        }
        for (AutoCloseable c : owned) {
            try {
                c.close();
            } catch (Exception e) {
                log.warn("Error while closing the group coordinator", e);
            }
        }
    }

    /** The {@code __consumer_offsets} partition holding a group's records. */
    public int partitionFor(String groupId) {
        return store.partitionFor(groupId);
    }

    // ------------------------------------------------------------------ membership

    public CompletableFuture<JoinResult> joinGroup(JoinGroupParams params) {
        return membership.joinGroup(params);
    }

    public CompletableFuture<SyncResult> syncGroup(
            String groupId,
            int generationId,
            String memberId,
            String groupInstanceId,
            String protocolType,
            String protocolName,
            Map<String, byte[]> assignments) {
        return membership.syncGroup(
                groupId, generationId, memberId, groupInstanceId, protocolType, protocolName, assignments);
    }

    public GroupError heartbeat(String groupId, String memberId, String groupInstanceId, int generationId) {
        return membership.heartbeat(groupId, memberId, groupInstanceId, generationId);
    }

    public LeaveResult leaveGroup(String groupId, List<MemberIdentity> members) {
        return membership.leaveGroup(groupId, members);
    }

    // ------------------------------------------------------------------ offsets

    public CompletableFuture<Map<TopicPartition, GroupError>> commitOffsets(
            String groupId,
            String memberId,
            String groupInstanceId,
            int generationId,
            Map<TopicPartition, OffsetAndMetadata> offsetsToCommit,
            boolean unknownGroupIsNotFound) {
        return offsets.commitOffsets(
                groupId, memberId, groupInstanceId, generationId, offsetsToCommit, unknownGroupIsNotFound);
    }

    /** TxnOffsetCommit: offsets of a producer's open transaction, pending until it ends. */
    public CompletableFuture<Map<TopicPartition, GroupError>> commitTransactionalOffsets(
            String groupId,
            long producerId,
            String memberId,
            String groupInstanceId,
            int generationId,
            Map<TopicPartition, OffsetAndMetadata> offsetsToCommit) {
        return offsets.commitTransactionalOffsets(
                groupId, producerId, memberId, groupInstanceId, generationId, offsetsToCommit);
    }

    /** The end of a producer's transaction on one offsets partition: its pending offsets are committed or dropped. */
    public CompletableFuture<Void> completeTransaction(long producerId, int offsetsPartition, boolean commit) {
        return offsets.completeTransaction(producerId, offsetsPartition, commit);
    }

    public OffsetFetchResult fetchOffsets(
            String groupId, List<TopicPartition> partitionsOrNull, boolean requireStable) {
        return offsets.fetchOffsets(groupId, partitionsOrNull, requireStable);
    }

    public CompletableFuture<OffsetDeleteResult> deleteOffsets(String groupId, List<TopicPartition> partitions) {
        return offsets.deleteOffsets(groupId, partitions);
    }

    public CompletableFuture<Map<String, GroupError>> deleteGroups(List<String> groupIds) {
        return offsets.deleteGroups(groupIds);
    }

    // ------------------------------------------------------------------ admin views

    /**
     * Groups matching the state filter (display names, case-insensitive; empty = all) and the type
     * filter (empty = all; only "classic" groups exist here).
     */
    public List<GroupOverview> listGroups(Set<String> statesFilter, Set<String> typesFilter) {
        Set<String> states = new java.util.HashSet<>();
        statesFilter.forEach(s -> states.add(s.toLowerCase(Locale.ROOT)));
        boolean typeMatches =
                typesFilter.isEmpty() || typesFilter.stream().anyMatch(t -> t.equalsIgnoreCase(CLASSIC_GROUP_TYPE));
        List<GroupOverview> out = new ArrayList<>();
        if (!typeMatches) {
            return out;
        }
        for (ClassicGroup g : groups.all()) {
            GroupOverview o = groups.withLock(
                    g,
                    () -> g.is(GroupState.DEAD)
                            ? null
                            : new GroupOverview(
                                    g.groupId(),
                                    g.protocolType() == null ? "" : g.protocolType(),
                                    g.state().displayName(),
                                    CLASSIC_GROUP_TYPE));
            if (o != null && (states.isEmpty() || states.contains(o.state().toLowerCase(Locale.ROOT)))) {
                out.add(o);
            }
        }
        return out;
    }

    /** Describes a group; an unknown group is reported as Dead with no members, as Kafka does. */
    public GroupDescription describeGroup(String groupId) {
        if (groupId == null || groupId.isEmpty()) {
            return new GroupDescription(groupId, GroupError.INVALID_GROUP_ID, "", "", "", List.of());
        }
        ClassicGroup g = groups.get(groupId);
        if (g == null) {
            return new GroupDescription(groupId, GroupError.NONE, GroupState.DEAD.displayName(), "", "", List.of());
        }
        return groups.withLock(g, () -> {
            boolean stable = g.is(GroupState.STABLE);
            List<GroupDescription.Member> members = new ArrayList<>();
            for (GroupMember m : g.allMembers()) {
                members.add(new GroupDescription.Member(
                        m.memberId(),
                        m.groupInstanceId(),
                        m.clientId(),
                        m.clientHost(),
                        stable ? m.metadata(g.protocolName()) : new byte[0],
                        stable ? m.assignment() : new byte[0]));
            }
            return new GroupDescription(
                    groupId,
                    GroupError.NONE,
                    g.state().displayName(),
                    g.protocolType() == null ? "" : g.protocolType(),
                    stable && g.protocolName() != null ? g.protocolName() : "",
                    members);
        });
    }
}
