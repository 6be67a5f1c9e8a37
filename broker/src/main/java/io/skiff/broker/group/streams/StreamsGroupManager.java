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
package io.skiff.broker.group.streams;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The streams group protocol (KIP-1071) of the coordinator: StreamsGroupHeartbeat (join with the topology,
 * heartbeat with owned tasks, leave), the topology recorded and resolved against the topics (the missing internal
 * topics created), the group epoch and target assignment ({@link StickyTaskAssignor}), each member's reconciliation
 * ({@link StreamsReconciler}: active tasks are revoked before they move), the endpoint-to-partitions map for
 * interactive queries, session and revocation timeouts, and the group's records in {@code __consumer_offsets}.
 *
 * <p>Thread-safe: each group is changed under its own lock; records are written by the coordinator's single writer;
 * a heartbeat's answer completes once its records are in the log.
 */
public final class StreamsGroupManager {
    private static final Logger log = LoggerFactory.getLogger(StreamsGroupManager.class);

    private final StreamsGroupConfig config;
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final CoordinatorScheduler scheduler;
    private final TopicsView topics;
    private final InternalTopicCreator creator;
    private final Clock clock;
    /** Internal topics whose creation is scheduled or running. */
    private final Set<String> creating = ConcurrentHashMap.newKeySet();

    public StreamsGroupManager(
            StreamsGroupConfig config,
            GroupRegistry groups,
            CoordinatorWriter store,
            CoordinatorScheduler scheduler,
            TopicsView topics,
            InternalTopicCreator creator,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.scheduler = scheduler;
        this.topics = topics;
        this.creator = creator;
        this.clock = clock;
    }

    public StreamsGroupConfig config() {
        return config;
    }

    // ------------------------------------------------------------------ StreamsGroupHeartbeat

    public CompletableFuture<StreamsHeartbeatResult> heartbeat(StreamsHeartbeat req) {
        String invalid = StreamsHeartbeatRequests.validate(req);
        if (invalid != null) {
            return done(StreamsHeartbeatResult.error(GroupError.INVALID_REQUEST, invalid));
        }
        if (req.topology() != null) {
            String problem = TopologyValidation.problem(req.topology());
            if (problem != null) {
                return done(StreamsHeartbeatResult.error(GroupError.STREAMS_INVALID_TOPOLOGY, problem));
            }
        }
        if (req.memberEpoch() == StreamsHeartbeat.LEAVE_EPOCH
                || req.memberEpoch() == StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
            return leave(req);
        }
        Group existing = groups.get(req.groupId());
        if (existing != null && !(existing instanceof StreamsGroup)) {
            if (!existing.isEmpty() || req.memberEpoch() != StreamsHeartbeat.JOIN_EPOCH) {
                return done(StreamsHeartbeatResult.error(
                        GroupError.GROUP_ID_NOT_FOUND, "Group " + req.groupId() + " is not a streams group."));
            }
        } else if (existing == null && req.memberEpoch() != StreamsHeartbeat.JOIN_EPOCH) {
            return done(StreamsHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND, "Streams group " + req.groupId() + " not found."));
        }
        StreamsGroup group = groupFor(req.groupId(), existing);
        if (group == null) {
            return done(StreamsHeartbeatResult.error(GroupError.COORDINATOR_NOT_AVAILABLE, "The group was removed."));
        }
        CompletableFuture<StreamsHeartbeatResult> response = new CompletableFuture<>();
        List<StreamsTopology.InternalTopic> missing = groups.withLock(group, () -> {
            if (group.isDead()) {
                response.complete(
                        StreamsHeartbeatResult.error(GroupError.COORDINATOR_NOT_AVAILABLE, "The group was removed."));
                return List.<StreamsTopology.InternalTopic>of();
            }
            List<KeyValue> records = new ArrayList<>();
            StreamsHeartbeatResult result = heartbeatLocked(group, req, records);
            reply(group, response, result, records);
            return result.error() == GroupError.NONE && group.configured() != null
                    ? List.copyOf(group.configured().missingInternal().values())
                    : List.<StreamsTopology.InternalTopic>of();
        });
        createLater(group.groupId(), missing);
        return response;
    }

    /**
     * The streams group of that id: the existing one, or a new one (replacing an empty group of another kind, whose
     * offsets stay, as Kafka 4.4 converts an empty classic or consumer group).
     */
    private StreamsGroup groupFor(String groupId, Group existing) {
        if (existing instanceof StreamsGroup sg) {
            return sg;
        }
        if (existing == null) {
            return groups.getOrCreate(groupId, StreamsGroup.class, StreamsGroup::new);
        }
        StreamsGroup fresh = new StreamsGroup(groupId);
        List<KeyValue> tombstones = groups.withLock(existing, () -> {
            if (existing.isDead() || !existing.isEmpty()) {
                return null;
            }
            existing.markDead(clock.millis());
            return existing.tombstones();
        });
        if (tombstones == null || !groups.replace(existing, fresh)) {
            return null;
        }
        log.info("Empty group {} becomes a streams group", groupId);
        store.append(groupId, tombstones, clock.millis());
        return fresh;
    }

    /**
     * Creates the missing internal topics after the heartbeat that found them has been answered, as Kafka 4.4 does:
     * that member is told MISSING_INTERNAL_TOPICS and gets no tasks; a later heartbeat sees the topics, which changes
     * the group's metadata and so its epoch, and assigns the tasks. A topic already being created is not asked for
     * again; one that cannot be created is logged and asked for again at the next heartbeat.
     */
    private void createLater(String groupId, List<StreamsTopology.InternalTopic> missing) {
        List<StreamsTopology.InternalTopic> wanted = new ArrayList<>();
        for (StreamsTopology.InternalTopic t : missing) {
            if (creating.add(t.name())) {
                wanted.add(t);
            }
        }
        if (wanted.isEmpty()) {
            return;
        }
        scheduler.schedule(0, () -> {
            for (StreamsTopology.InternalTopic t : wanted) {
                try {
                    creator.create(t);
                    log.info(
                            "Created internal topic {} ({} partitions) of streams group {}",
                            t.name(),
                            t.partitions(),
                            groupId);
                } catch (RuntimeException e) {
                    log.warn(
                            "Cannot create internal topic {} of streams group {}: {}",
                            t.name(),
                            groupId,
                            e.getMessage());
                } finally {
                    creating.remove(t.name());
                }
            }
        });
    }

    private StreamsHeartbeatResult heartbeatLocked(StreamsGroup group, StreamsHeartbeat req, List<KeyValue> records) {
        StreamsGroupMember member = group.member(req.memberId());
        boolean bumpEpoch = false;
        if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            if (member == null) {
                if (group.size() >= config.maxSize()) {
                    return StreamsHeartbeatResult.error(
                            GroupError.GROUP_MAX_SIZE_REACHED,
                            "The streams group has reached its maximum capacity of " + config.maxSize() + " members.");
                }
                member = new StreamsGroupMember(req.memberId());
                group.addMember(member);
                bumpEpoch = true;
                log.info("Member {} joins streams group {}", member.memberId(), group.groupId());
            }
            StreamsTopology topologyBefore = group.topology();
            String topologyProblem = recordTopology(group, req.topology(), records);
            if (topologyProblem != null) {
                if (bumpEpoch) {
                    group.removeMember(member.memberId());
                }
                return StreamsHeartbeatResult.error(GroupError.STREAMS_INVALID_TOPOLOGY_EPOCH, topologyProblem);
            }
            bumpEpoch |= group.topology() != topologyBefore;
        } else {
            if (member == null) {
                return StreamsHeartbeatResult.error(
                        GroupError.UNKNOWN_MEMBER_ID,
                        "Member " + req.memberId() + " is not a member of group " + group.groupId() + ".");
            }
            String fenced = epochFencing(member, req);
            if (fenced != null) {
                return StreamsHeartbeatResult.error(GroupError.FENCED_MEMBER_EPOCH, fenced);
            }
        }
        bumpEpoch |= updateMember(member, req);
        if (bumpEpoch || req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            records.add(StreamsGroupRecords.memberMetadata(group.groupId(), member));
            group.markMemberPersisted(member.memberId());
        }
        if (req.shutdownApplication() && group.shutdownRequestedBy() == null) {
            group.shutdownRequestedBy(member.memberId());
            log.info(
                    "Member {} of streams group {} requests the shutdown of the application",
                    member.memberId(),
                    group.groupId());
        }
        ConfiguredTopology configured =
                group.topology() == null ? null : ConfiguredTopology.of(group.topology(), topics);
        if (configured != null
                && (group.configured() == null
                        || !configured.metadata().equals(group.configured().metadata())
                        || configured.isReady() != group.configured().isReady())) {
            bumpEpoch = true;
        }
        group.configured(configured);
        if (bumpEpoch) {
            group.groupEpoch(group.groupEpoch() + 1);
            records.add(StreamsGroupRecords.groupEpoch(group.groupId(), group.groupEpoch(), metadataHash(configured)));
            group.markPersisted();
        }
        if (group.assignmentEpoch() != group.groupEpoch()) {
            computeTarget(group, records);
        }
        TaskAssignment before = member.assigned();
        int epochBefore = member.memberEpoch();
        StreamsGroupMember.State stateBefore = member.state();
        StreamsReconciler.reconcile(group, member, req.ownedActive());
        if (!member.assigned().equals(before)
                || member.memberEpoch() != epochBefore
                || member.state() != stateBefore
                || req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            records.add(StreamsGroupRecords.currentAssignment(group.groupId(), member));
        }
        if (!member.assigned().equals(before)) {
            group.bumpEndpointInformationEpoch();
        }
        if (member.state() == StreamsGroupMember.State.UNREVOKED_TASKS) {
            scheduleRevocation(group, member);
        } else {
            member.cancelRevocationTimer();
        }
        scheduleSession(group, member);
        boolean sendAssignment = req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH
                || !member.assigned().equals(before)
                || (req.ownedActive() != null
                        && !req.ownedActive().equals(member.assigned().active()));
        return new StreamsHeartbeatResult(
                GroupError.NONE,
                null,
                member.memberId(),
                member.memberEpoch(),
                config.heartbeatIntervalMs(group.groupId()),
                config.taskOffsetIntervalMs(),
                config.acceptableRecoveryLag(),
                statuses(group, member),
                sendAssignment ? member.assigned() : null,
                group.endpointInformationEpoch(),
                req.endpointInformationEpoch() < group.endpointInformationEpoch() ? EndpointMap.of(group) : null);
    }

    /**
     * Records the joining member's topology: the first one, or a newer epoch while the group has no other member.
     * Null if accepted (or the same); else why not. A lower epoch is not an error: the member is told STALE_TOPOLOGY.
     */
    private static String recordTopology(StreamsGroup group, StreamsTopology topology, List<KeyValue> records) {
        StreamsTopology current = group.topology();
        if (current != null && topology.epoch() < current.epoch()) {
            return null;
        }
        if (current != null && topology.epoch() == current.epoch()) {
            return topology.equals(current)
                    ? null
                    : "Topology epoch " + topology.epoch() + " of the member does not match the group's topology,"
                            + " although the epochs are the same.";
        }
        if (current != null && group.size() > 1) {
            return "Topology updates are not supported yet.";
        }
        group.topology(topology);
        records.add(StreamsGroupRecords.topology(group.groupId(), topology));
        group.markPersisted();
        return null;
    }

    private static List<ConfiguredTopology.Status> statuses(StreamsGroup group, StreamsGroupMember member) {
        List<ConfiguredTopology.Status> out = new ArrayList<>();
        if (group.topology() != null
                && member.topologyEpoch() < group.topology().epoch()) {
            out.add(new ConfiguredTopology.Status(
                    ConfiguredTopology.STALE_TOPOLOGY,
                    "The member's topology epoch " + member.topologyEpoch() + " is behind the group's topology epoch "
                            + group.topology().epoch() + "."));
        }
        if (group.configured() != null) {
            out.addAll(group.configured().statuses());
        }
        if (group.shutdownRequestedBy() != null) {
            out.add(new ConfiguredTopology.Status(
                    ConfiguredTopology.SHUTDOWN_APPLICATION,
                    "Streams group member " + group.shutdownRequestedBy()
                            + " encountered a fatal error and requested a shutdown for the entire application."));
        }
        return out;
    }

    /** The target assignment at the group epoch: the sticky assignor's when the topology is ready, else nothing. */
    private void computeTarget(StreamsGroup group, List<KeyValue> records) {
        ConfiguredTopology configured = group.configured();
        Map<String, Integer> taskCounts = configured == null ? Map.of() : configured.taskCounts();
        Set<String> stateful = new HashSet<>();
        if (group.topology() != null) {
            group.topology().subtopologies().stream()
                    .filter(StreamsTopology.Subtopology::isStateful)
                    .forEach(s -> stateful.add(s.subtopologyId()));
        }
        List<StickyTaskAssignor.MemberSpec> specs = new ArrayList<>();
        for (StreamsGroupMember m : group.members()) {
            specs.add(new StickyTaskAssignor.MemberSpec(
                    m.memberId(), m.processId(), m.assigned().plus(m.pendingRevocation())));
        }
        Map<String, TaskAssignment> target =
                StickyTaskAssignor.assign(taskCounts, stateful, specs, config.numStandbyReplicas(group.groupId()));
        target.forEach((memberId, tasks) -> {
            if (!tasks.equals(group.targetAssignment().get(memberId))) {
                records.add(StreamsGroupRecords.targetMember(group.groupId(), memberId, tasks));
            }
        });
        group.targetAssignment(target);
        group.assignmentEpoch(group.groupEpoch());
        records.add(StreamsGroupRecords.targetEpoch(group.groupId(), group.assignmentEpoch(), clock.millis()));
        log.info("Streams group {} assigns at epoch {}: {}", group.groupId(), group.assignmentEpoch(), target);
    }

    private static long metadataHash(ConfiguredTopology configured) {
        return configured == null ? 0 : new TreeMap<>(configured.metadata()).hashCode();
    }

    /** A member may be one epoch behind after a lost response; anything else is fenced (Kafka's rule). */
    private static String epochFencing(StreamsGroupMember member, StreamsHeartbeat req) {
        if (req.memberEpoch() == member.memberEpoch()) {
            return null;
        }
        if (req.memberEpoch() == member.previousMemberEpoch()
                && req.ownedActive() != null
                && req.ownedActive().minus(member.assigned().active()).isEmpty()) {
            return null;
        }
        return "The streams group member has a " + (req.memberEpoch() > member.memberEpoch() ? "greater" : "smaller")
                + " member epoch (" + req.memberEpoch() + ") than the one known by the group coordinator ("
                + member.memberEpoch() + "). The member must abandon all its partitions and rejoin.";
    }

    /** Applies what the heartbeat sent; true if something the assignment depends on changed. */
    private static boolean updateMember(StreamsGroupMember member, StreamsHeartbeat req) {
        boolean changed = false;
        if (req.topology() != null) {
            member.topologyEpoch(req.topology().epoch());
        }
        if (req.processId() != null && !req.processId().equals(member.processId())) {
            member.processId(req.processId());
            changed = true;
        }
        if (req.userEndpoint() != null && !req.userEndpoint().equals(member.userEndpoint())) {
            member.userEndpoint(req.userEndpoint());
            changed = true;
        }
        if (req.clientTags() != null && !req.clientTags().equals(member.clientTags())) {
            member.clientTags(req.clientTags());
            changed = true;
        }
        if (req.rackId() != null && !Objects.equals(req.rackId(), member.rackId())) {
            member.rackId(req.rackId());
            changed = true;
        }
        if (req.instanceId() != null) {
            member.instanceId(req.instanceId());
        }
        if (req.rebalanceTimeoutMs() != -1) {
            member.rebalanceTimeoutMs(req.rebalanceTimeoutMs());
        }
        if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH
                || member.clientId().isEmpty()) {
            member.client(req.clientId(), req.clientHost());
        }
        return changed;
    }

    // ------------------------------------------------------------------ leaving and timers

    private CompletableFuture<StreamsHeartbeatResult> leave(StreamsHeartbeat req) {
        StreamsGroup group = groups.get(req.groupId(), StreamsGroup.class);
        if (group == null) {
            return done(StreamsHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND, "Streams group " + req.groupId() + " not found."));
        }
        CompletableFuture<StreamsHeartbeatResult> response = new CompletableFuture<>();
        groups.withLock(group, () -> {
            StreamsGroupMember member = group.member(req.memberId());
            if (member == null) {
                response.complete(StreamsHeartbeatResult.error(
                        GroupError.UNKNOWN_MEMBER_ID,
                        "Member " + req.memberId() + " is not a member of group " + group.groupId() + "."));
                return;
            }
            List<KeyValue> records = removeMember(group, member, "left");
            reply(
                    group,
                    response,
                    new StreamsHeartbeatResult(
                            GroupError.NONE, null, req.memberId(), req.memberEpoch(), 0, 0, -1, null, null, 0, null),
                    records);
        });
        return response;
    }

    /** Removes a member: its tombstones and a new group epoch without it (the target follows at the next heartbeat). */
    private List<KeyValue> removeMember(StreamsGroup group, StreamsGroupMember member, String why) {
        List<KeyValue> records =
                new ArrayList<>(StreamsGroupRecords.memberTombstones(group.groupId(), member.memberId()));
        group.removeMember(member.memberId());
        group.markMemberUnpersisted(member.memberId());
        group.groupEpoch(group.groupEpoch() + 1);
        group.bumpEndpointInformationEpoch();
        records.add(
                StreamsGroupRecords.groupEpoch(group.groupId(), group.groupEpoch(), metadataHash(group.configured())));
        if (group.isEmpty()) {
            group.shutdownRequestedBy(null);
        }
        log.info("Member {} of streams group {} {}", member.memberId(), group.groupId(), why);
        return records;
    }

    private void scheduleSession(StreamsGroup group, StreamsGroupMember member) {
        long epoch = member.nextSessionEpoch();
        member.sessionTimer(scheduler.schedule(
                config.sessionTimeoutMs(group.groupId()),
                () -> groups.withLock(group, () -> {
                    if (group.isDead() || group.member(member.memberId()) != member || member.sessionEpoch() != epoch) {
                        return;
                    }
                    write(group, removeMember(group, member, "expired (session timeout)"));
                })));
    }

    private void scheduleRevocation(StreamsGroup group, StreamsGroupMember member) {
        int epoch = member.memberEpoch();
        TaskAssignment pending = member.pendingRevocation();
        int timeout = member.rebalanceTimeoutMs() > 0 ? member.rebalanceTimeoutMs() : config.sessionTimeoutMs();
        member.revocationTimer(scheduler.schedule(
                timeout,
                () -> groups.withLock(group, () -> {
                    if (group.isDead()
                            || group.member(member.memberId()) != member
                            || member.memberEpoch() != epoch
                            || !member.pendingRevocation().equals(pending)
                            || pending.isEmpty()) {
                        return;
                    }
                    write(
                            group,
                            removeMember(group, member, "fenced (tasks not revoked within the rebalance timeout)"));
                })));
    }

    /**
     * After replay: every member gets a new session, so members that do not come back are removed once it expires.
     */
    public void resumeAfterLoad(StreamsGroup group) {
        groups.withLock(group, () -> {
            if (group.topology() != null) {
                group.configured(ConfiguredTopology.of(group.topology(), topics));
            }
            group.members().forEach(m -> scheduleSession(group, m));
        });
    }

    public void cancelTimers() {
        for (StreamsGroup g : groups.all(StreamsGroup.class)) {
            groups.withLock(g, () -> g.members().forEach(StreamsGroupMember::cancelTimers));
        }
    }

    // ------------------------------------------------------------------ helpers

    private void write(StreamsGroup group, List<KeyValue> records) {
        if (!records.isEmpty()) {
            store.append(group.groupId(), records, clock.millis()).whenComplete((ok, failure) -> {
                if (failure != null) {
                    log.warn("Cannot write the records of streams group {}", group.groupId(), failure);
                }
            });
        }
    }

    /** Writes the records, then completes the response (after the lock is released). */
    private void reply(
            StreamsGroup group,
            CompletableFuture<StreamsHeartbeatResult> response,
            StreamsHeartbeatResult result,
            List<KeyValue> records) {
        if (records.isEmpty() || result.error() != GroupError.NONE) {
            group.keyLock().defer(() -> response.complete(result));
            return;
        }
        store.append(group.groupId(), records, clock.millis())
                .whenComplete((ok, failure) -> response.complete(
                        failure == null
                                ? result
                                : StreamsHeartbeatResult.error(
                                        GroupError.COORDINATOR_NOT_AVAILABLE,
                                        "The group's records could not be written.")));
    }

    private static <T> CompletableFuture<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }
}
