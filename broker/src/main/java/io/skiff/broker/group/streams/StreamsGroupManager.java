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
import io.skiff.broker.group.common.GroupType;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The streams group protocol (KIP-1071) of the coordinator: StreamsGroupHeartbeat (join with the topology,
 * heartbeat with owned tasks, leave), the topology recorded and resolved against the topics, the group epoch, each
 * member's reconciliation ({@link StreamsReconciler}: active tasks are revoked before they move), the
 * endpoint-to-partitions map for interactive queries, session and revocation timeouts, and the group's records in
 * {@code __consumer_offsets}. Its parts: {@link StreamsHeartbeatChecks} (Kafka's checks of a heartbeat),
 * {@link StreamsStaticMembers} (static membership), {@link StreamsTargetAssignment} (the target at the group epoch)
 * and {@link InternalTopicCreations} (the missing internal topics created after the answer).
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
    private final InternalTopicCreations internalTopics;
    private final Clock clock;

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
        this.internalTopics = new InternalTopicCreations(scheduler, creator);
        this.clock = clock;
    }

    public StreamsGroupConfig config() {
        return config;
    }

    // ------------------------------------------------------------------ StreamsGroupHeartbeat

    public CompletableFuture<StreamsHeartbeatResult> heartbeat(StreamsHeartbeat req) {
        return heartbeat(req, InternalTopicAuthorization.ALLOW_ALL);
    }

    /**
     * The heartbeat; the missing internal topics it finds are created after the answer if {@code mayCreate} allows
     * them all, else none is and the answer's MISSING_INTERNAL_TOPICS status names those not allowed (Kafka 4.4).
     */
    public CompletableFuture<StreamsHeartbeatResult> heartbeat(
            StreamsHeartbeat req, InternalTopicAuthorization mayCreate) {
        StreamsHeartbeatResult refused = TopologyValidation.topicNamesRefusal(req.topology());
        if (refused == null) {
            refused = StreamsHeartbeatRequests.refusal(req);
        }
        if (refused == null && req.topology() != null) {
            refused = TopologyValidation.refusal(req.topology());
            if (refused == null && recordsTopology(req.groupId())) {
                refused = TopologyValidation.configurationRefusal(req.topology(), topics);
            }
        }
        if (refused != null) {
            return done(refused);
        }
        if (req.memberEpoch() == StreamsHeartbeat.LEAVE_EPOCH
                || req.memberEpoch() == StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
            return leave(req);
        }
        Group existing = groups.get(req.groupId());
        if (existing != null && !(existing instanceof StreamsGroup)) {
            // Kafka 4.4 converts only an empty classic group (getOrCreateStreamsGroup); a consumer group, even
            // an empty one, is "not a streams group".
            if (existing.type() != GroupType.CLASSIC
                    || !existing.isEmpty()
                    || req.memberEpoch() != StreamsHeartbeat.JOIN_EPOCH) {
                return done(StreamsHeartbeatResult.error(
                        GroupError.GROUP_ID_NOT_FOUND, "Group " + req.groupId() + " is not a streams group."));
            }
        } else if (existing == null && req.memberEpoch() != StreamsHeartbeat.JOIN_EPOCH) {
            return done(StreamsHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND, "Streams group " + req.groupId() + " not found."));
        }
        // Kafka 4.4 answers the first heartbeat of a brand-new group with endpoint information epoch 0, but that of
        // a group converted from a classic group that had members (not one holding only offsets) as an existing
        // group's (checked against it: StreamsGroupMigrationDifferentialTest).
        boolean fromClassicWithMembersOnce = existing != null
                && !(existing instanceof StreamsGroup)
                && !existing.protocolTypeOrEmpty().isEmpty();
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
            StreamsHeartbeatResult result = heartbeatLocked(group, req, fromClassicWithMembersOnce, records);
            reply(group, response, result, records);
            return result.error() == GroupError.NONE && group.configured() != null
                    ? List.copyOf(group.configured().missingInternal().values())
                    : List.<StreamsTopology.InternalTopic>of();
        });
        if (missing.isEmpty()) {
            return response;
        }
        // Kafka's order of the topics: that of a hash set of their names, as in the status.
        List<String> denied = mayCreate.unauthorized(new HashSet<>(
                missing.stream().map(StreamsTopology.InternalTopic::name).toList()));
        if (!denied.isEmpty()) {
            return response.thenApply(r -> r.withCreationDenied(denied));
        }
        internalTopics.createLater(group.groupId(), missing);
        return response;
    }

    /**
     * Whether a join to that group would record its topology (a new group, or one without a topology yet): Kafka 4.4
     * configures the topology's topics then, refusing what it cannot configure before the group exists.
     */
    private boolean recordsTopology(String groupId) {
        Group existing = groups.get(groupId);
        if (existing == null) {
            return true;
        }
        return existing instanceof StreamsGroup sg && groups.withLock(sg, () -> sg.topology() == null);
    }

    /**
     * The streams group of that id: the existing one, or a new one (replacing an empty classic group, whose offsets
     * stay, as Kafka 4.4 converts it).
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

    private StreamsHeartbeatResult heartbeatLocked(
            StreamsGroup group, StreamsHeartbeat req, boolean fromClassicWithMembersOnce, List<KeyValue> records) {
        // Kafka answers a new group's first heartbeat with endpoint information epoch 0 (the group is not yet known).
        boolean newGroup = group.topology() == null && group.isEmpty() && !fromClassicWithMembersOnce;
        StreamsGroupMember member;
        boolean bumpEpoch = false;
        if (req.instanceId() != null) {
            StreamsStaticMembers.Lookup found = StreamsStaticMembers.find(group, req, config.maxSize(), records);
            if (found.refusal() != null) {
                return found.refusal();
            }
            member = found.member();
            bumpEpoch = found.added();
        } else if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH) {
            member = group.member(req.memberId());
            if (member == null) {
                if (group.size() >= config.maxSize()) {
                    return StreamsHeartbeatChecks.tooMany(config.maxSize());
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
            String fenced = StreamsHeartbeatChecks.epochFencing(member, req);
            if (fenced != null) {
                return StreamsHeartbeatResult.error(GroupError.FENCED_MEMBER_EPOCH, fenced);
            }
            String unknownTask = StreamsHeartbeatChecks.unknownTask(group, req, topics);
            if (unknownTask != null) {
                return StreamsHeartbeatResult.error(GroupError.INVALID_REQUEST, unknownTask);
            }
        }
        StreamsGroupMember.Endpoint endpointBefore = member.userEndpoint();
        bumpEpoch |= member.update(req);
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
            records.add(StreamsGroupRecords.groupEpoch(
                    group.groupId(), group.groupEpoch(), StreamsTargetAssignment.metadataHash(configured)));
            group.markPersisted();
        }
        if (group.assignmentEpoch() != group.groupEpoch()) {
            StreamsTargetAssignment.compute(group, config.numStandbyReplicas(group.groupId()), clock.millis(), records);
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
                StreamsHeartbeatChecks.statuses(group, member),
                sendAssignment ? member.assigned() : null,
                newGroup ? 0 : group.endpointInformationEpoch(),
                req.endpointInformationEpoch() != endpointEpoch ? EndpointMap.of(group) : null);
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
                String refused = StreamsHeartbeatChecks.staticRefusal(member, req);
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
                member.resetActiveEpochs();
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
        records.add(StreamsGroupRecords.groupEpoch(
                group.groupId(), group.groupEpoch(), StreamsTargetAssignment.metadataHash(group.configured())));
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
