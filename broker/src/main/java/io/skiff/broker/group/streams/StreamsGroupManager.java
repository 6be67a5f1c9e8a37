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
    private static final Logger LOG = LoggerFactory.getLogger(StreamsGroupManager.class);

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
        StreamsHeartbeatResult refused = StreamsHeartbeatRequests.refusal(req);
        if (refused != null) {
            return done(refused);
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
        LOG.info("Empty group {} becomes a streams group", groupId);
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
                    LOG.info(
                            "Created internal topic {} ({} partitions) of streams group {}",
                            t.name(),
                            t.partitions(),
                            groupId);
                } catch (RuntimeException e) {
                    LOG.warn(
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
        // Kafka answers a new group's first heartbeat with endpoint information epoch 0 (the group is not yet known).
        boolean newGroup = group.topology() == null && group.isEmpty();
        StreamsGroupMember member;
        boolean bumpEpoch = false;
        if (req.instanceId() != null) {
            MemberLookup found = staticMember(group, req, records);
            if (found.refusal() != null) {
                return found.refusal();
            }
            member = found.member();
            bumpEpoch = found.added();
        } else if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            member = group.member(req.memberId());
            if (member == null) {
                if (group.size() >= config.maxSize()) {
                    return tooMany();
                }
                member = new StreamsGroupMember(req.memberId());
                group.addMember(member);
                bumpEpoch = true;
                LOG.info("Member {} joins streams group {}", member.memberId(), group.groupId());
            }
        } else {
            member = group.member(req.memberId());
            if (member == null) {
                return StreamsHeartbeatResult.error(
                        GroupError.UNKNOWN_MEMBER_ID,
                        "Member " + req.memberId() + " is not a member of group " + group.groupId() + ".");
            }
        }
        if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            StreamsTopology topologyBefore = group.topology();
            String topologyProblem = recordTopology(group, req.topology(), records);
            if (topologyProblem != null) {
                if (bumpEpoch) {
                    group.removeMember(member.memberId());
                }
                return StreamsHeartbeatResult.error(GroupError.INVALID_REQUEST, topologyProblem);
            }
            bumpEpoch |= group.topology() != topologyBefore;
        } else {
            String fenced = epochFencing(member, req);
            if (fenced != null) {
                return StreamsHeartbeatResult.error(GroupError.FENCED_MEMBER_EPOCH, fenced);
            }
            String unknownTask = unknownTask(group, req);
            if (unknownTask != null) {
                return StreamsHeartbeatResult.error(GroupError.INVALID_REQUEST, unknownTask);
            }
        }
        StreamsGroupMember.Endpoint endpointBefore = member.userEndpoint();
        bumpEpoch |= updateMember(member, req);
        if (bumpEpoch || req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            records.add(StreamsGroupRecords.memberMetadata(group.groupId(), member));
            group.markMemberPersisted(member.memberId());
        }
        if (req.shutdownApplication() && group.shutdownRequestedBy() == null) {
            group.shutdownRequestedBy(member.memberId());
            LOG.info(
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
        // Kafka's rule: the map changes when a member's endpoint does, or the tasks of a member that has one. A new
        // group's first change is not kept (Kafka makes it on a group object that its records then replace), but
        // the joining member gets the map.
        boolean endpointsChanged = !Objects.equals(endpointBefore, member.userEndpoint())
                || (!member.assigned().equals(before) && member.userEndpoint() != null);
        if (endpointsChanged && !newGroup) {
            group.bumpEndpointInformationEpoch();
        }
        int endpointEpoch = newGroup && endpointsChanged ? 1 : group.endpointInformationEpoch();
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
                config.acceptableRecoveryLag(group.groupId()),
                statuses(group, member),
                sendAssignment ? member.assigned() : null,
                newGroup ? 0 : group.endpointInformationEpoch(),
                req.endpointInformationEpoch() != endpointEpoch ? EndpointMap.of(group) : null);
    }

    private StreamsHeartbeatResult tooMany() {
        return StreamsHeartbeatResult.error(
                GroupError.GROUP_MAX_SIZE_REACHED,
                "The streams group has reached its maximum capacity of " + config.maxSize() + " members.");
    }

    /** A static member found or made by a heartbeat, or why the heartbeat is refused. */
    private record MemberLookup(StreamsGroupMember member, boolean added, StreamsHeartbeatResult refusal) {
        static MemberLookup refused(GroupError error, String message) {
            return new MemberLookup(null, false, StreamsHeartbeatResult.error(error, message));
        }
    }

    /**
     * Kafka 4.4's static membership ({@code group.instance.id}): a join takes over the tasks of the member that left
     * with that instance id (epoch -2) under the new member id, without a rebalance; an instance id still in use is
     * UNRELEASED_INSTANCE_ID. Other heartbeats must come from the member that holds the instance id.
     */
    private MemberLookup staticMember(StreamsGroup group, StreamsHeartbeat req, List<KeyValue> records) {
        StreamsGroupMember existing = group.staticMember(req.instanceId());
        if (req.memberEpoch() != StreamsHeartbeat.JOIN_EPOCH) {
            String refused = staticRefusal(existing, req);
            if (refused != null) {
                return MemberLookup.refused(
                        existing == null ? GroupError.UNKNOWN_MEMBER_ID : GroupError.FENCED_INSTANCE_ID, refused);
            }
            return new MemberLookup(existing, false, null);
        }
        if (existing == null) {
            StreamsGroupMember member = group.member(req.memberId());
            if (member != null) {
                return new MemberLookup(member, false, null);
            }
            if (group.size() >= config.maxSize()) {
                return new MemberLookup(null, false, tooMany());
            }
            member = new StreamsGroupMember(req.memberId());
            group.addMember(member);
            LOG.info(
                    "Static member {} with instance id {} joins streams group {}",
                    member.memberId(),
                    req.instanceId(),
                    group.groupId());
            return new MemberLookup(member, true, null);
        }
        if (existing.memberEpoch() != StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
            return MemberLookup.refused(
                    GroupError.UNRELEASED_INSTANCE_ID,
                    "Static member " + req.memberId() + " with instance id " + req.instanceId()
                            + " cannot join the group because the instance id is owned by " + existing.memberId()
                            + " member.");
        }
        StreamsGroupMember successor = existing.successor(req.memberId());
        TaskAssignment target = group.targetOf(existing.memberId());
        existing.cancelTimers();
        records.addAll(StreamsGroupRecords.memberTombstones(group.groupId(), existing.memberId()));
        group.removeMember(existing.memberId());
        group.markMemberUnpersisted(existing.memberId());
        group.addMember(successor);
        group.targetAssignment().put(successor.memberId(), target);
        records.add(StreamsGroupRecords.targetMember(group.groupId(), successor.memberId(), target));
        LOG.info(
                "Static member {} with instance id {} rejoins streams group {}, replacing {}",
                successor.memberId(),
                req.instanceId(),
                group.groupId(),
                existing.memberId());
        return new MemberLookup(successor, false, null);
    }

    /** Why a static member's heartbeat or leave is refused (null if it is not). */
    private static String staticRefusal(StreamsGroupMember existing, StreamsHeartbeat req) {
        if (existing == null) {
            return "Instance id " + req.instanceId() + " is unknown.";
        }
        if (!existing.memberId().equals(req.memberId())) {
            return "Static member " + req.memberId() + " with instance id " + req.instanceId()
                    + " was fenced by member " + existing.memberId() + ".";
        }
        return null;
    }

    /**
     * Records the joining member's topology if the group has none (Kafka 4.4's rule). Null if accepted, stale (an
     * older epoch: the member is told STALE_TOPOLOGY) or the same; else why not: Kafka 4.4 does not update a
     * group's topology.
     */
    private static String recordTopology(StreamsGroup group, StreamsTopology topology, List<KeyValue> records) {
        StreamsTopology current = group.topology();
        if (current == null) {
            group.topology(topology);
            records.add(StreamsGroupRecords.topology(group.groupId(), topology));
            group.markPersisted();
            return null;
        }
        if (topology.epoch() < current.epoch() || topology.equals(current)) {
            return null;
        }
        return "Topology updates are not supported yet.";
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
        LOG.info("Streams group {} assigns at epoch {}: {}", group.groupId(), group.assignmentEpoch(), target);
    }

    private static long metadataHash(ConfiguredTopology configured) {
        return configured == null ? 0 : new TreeMap<>(configured.metadata()).hashCode();
    }

    /**
     * Kafka's check of the tasks a member says it owns, once the group's topology is ready: each names a subtopology
     * of the topology and a partition below its task count (null if they do).
     */
    private String unknownTask(StreamsGroup group, StreamsHeartbeat req) {
        if (group.topology() == null) {
            return null;
        }
        ConfiguredTopology configured = ConfiguredTopology.of(group.topology(), topics);
        if (!configured.isReady()) {
            return null;
        }
        for (Tasks owned : new Tasks[] {req.ownedActive(), req.ownedStandby(), req.ownedWarmup()}) {
            if (owned == null) {
                continue;
            }
            for (Map.Entry<String, Set<Integer>> e : owned.bySubtopology().entrySet()) {
                Integer count = configured.taskCounts().get(e.getKey());
                if (count == null) {
                    return "Subtopology " + e.getKey() + " does not exist in the topology.";
                }
                for (int p : e.getValue()) {
                    if (p < 0 || p >= count) {
                        return "Task " + p + " for subtopology " + e.getKey()
                                + " is invalid. Number of tasks for this subtopology: " + count;
                    }
                }
            }
        }
        return null;
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
        Group existing = groups.get(req.groupId());
        if (!(existing instanceof StreamsGroup group)) {
            return done(StreamsHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND,
                    existing == null
                            ? "Group " + req.groupId() + " not found."
                            : "Group " + req.groupId() + " is not a streams group."));
        }
        CompletableFuture<StreamsHeartbeatResult> response = new CompletableFuture<>();
        groups.withLock(group, () -> {
            StreamsGroupMember member;
            if (req.instanceId() == null) {
                member = group.member(req.memberId());
                if (member == null) {
                    response.complete(StreamsHeartbeatResult.error(
                            GroupError.UNKNOWN_MEMBER_ID,
                            "Member " + req.memberId() + " is not a member of group " + group.groupId() + "."));
                    return;
                }
            } else {
                member = group.staticMember(req.instanceId());
                String refused = staticRefusal(member, req);
                if (refused != null) {
                    response.complete(StreamsHeartbeatResult.error(
                            member == null ? GroupError.UNKNOWN_MEMBER_ID : GroupError.FENCED_INSTANCE_ID, refused));
                    return;
                }
            }
            if (req.shutdownApplication()) {
                group.shutdownRequestedBy(member.memberId());
            }
            List<KeyValue> records;
            if (req.memberEpoch() == StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
                // A static member leaving for a while keeps its tasks (no rebalance) until its session expires.
                member.reconciled(
                        StreamsHeartbeat.STATIC_LEAVE_EPOCH, member.state(), member.assigned(), TaskAssignment.EMPTY);
                member.cancelRevocationTimer();
                records = List.of(StreamsGroupRecords.currentAssignment(group.groupId(), member));
                LOG.info(
                        "Static member {} with instance id {} of streams group {} left for now",
                        member.memberId(),
                        req.instanceId(),
                        group.groupId());
            } else {
                records = removeMember(group, member, "left");
            }
            reply(
                    group,
                    response,
                    new StreamsHeartbeatResult(
                            GroupError.NONE,
                            null,
                            member.memberId(),
                            req.memberEpoch(),
                            0,
                            0,
                            -1,
                            List.of(),
                            null,
                            0,
                            null),
                    new ArrayList<>(records));
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
            // Kafka 4.4 closes the empty group's assignment at the new epoch.
            group.targetAssignment().clear();
            group.assignmentEpoch(group.groupEpoch());
            records.add(StreamsGroupRecords.targetEpoch(group.groupId(), group.assignmentEpoch(), 0));
            group.shutdownRequestedBy(null);
        }
        LOG.info("Member {} of streams group {} {}", member.memberId(), group.groupId(), why);
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
                    LOG.warn("Cannot write the records of streams group {}", group.groupId(), failure);
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
