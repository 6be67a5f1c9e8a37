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
package io.skiff.broker.group.consumer;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.assignor.PartitionAssignor;
import io.skiff.broker.group.classic.ClassicGroupHandover;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer group protocol (KIP-848) of the coordinator: ConsumerGroupHeartbeat (join, heartbeat,
 * leave, static membership), the group epoch and target assignment (by the server-side assignors), each
 * member's reconciliation ({@link ConsumerGroupReconciler}), session and revocation timeouts, and the
 * group's records in {@code __consumer_offsets}. Follows Kafka 4.1's GroupMetadataManager.
 *
 * <p>Thread-safe: each group is changed under its own lock; records are written by the coordinator's
 * single writer; a heartbeat's answer completes once its records are in the log.
 */
public final class ConsumerGroupManager {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerGroupManager.class);

    private final ConsumerGroupConfig config;
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final Clock clock;
    private final ConsumerGroupAssignments assignments;
    private final ConsumerGroupFencing fencing;
    private final ConsumerGroupDowngrade downgrades;
    private final ConsumerGroupLookup lookup;
    private final RecordsThenReply<ConsumerHeartbeatResult> replies;

    /**
     * @param classicGroups the classic protocol's side, which stops a classic group's timers when it is upgraded
     *                      ({@link ClassicGroupHandover#release}) and takes over a downgraded one
     */
    public ConsumerGroupManager(
            ConsumerGroupConfig config,
            int classicGroupMaxSize,
            GroupRegistry groups,
            CoordinatorWriter store,
            CoordinatorScheduler scheduler,
            TopicsView topics,
            ClassicGroupHandover classicGroups,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.clock = clock;
        this.replies = new RecordsThenReply<>(
                store,
                clock,
                result -> result.error() != GroupError.NONE,
                result -> ConsumerHeartbeatResult.error(
                        GroupError.COORDINATOR_NOT_AVAILABLE, "The group's records could not be written."));
        this.assignments = new ConsumerGroupAssignments(config, topics, clock);
        this.downgrades = new ConsumerGroupDowngrade(config, classicGroupMaxSize, groups, topics, clock);
        this.fencing = new ConsumerGroupFencing(
                config, groups, store, scheduler, assignments, downgrades, classicGroups, clock);
        this.lookup =
                new ConsumerGroupLookup(config, groups, store, topics, assignments, fencing, classicGroups, clock);
    }

    public ConsumerGroupAssignments assignments() {
        return assignments;
    }

    public ConsumerGroupFencing fencing() {
        return fencing;
    }

    public ConsumerGroupDowngrade downgrades() {
        return downgrades;
    }

    public PartitionAssignor preferredAssignor(ConsumerGroup group) {
        return assignments.preferredAssignor(group);
    }

    // ------------------------------------------------------------------ ConsumerGroupHeartbeat

    public CompletableFuture<ConsumerHeartbeatResult> heartbeat(ConsumerHeartbeat request) {
        String invalid = ConsumerHeartbeatRequests.validate(request);
        if (invalid != null) {
            return done(ConsumerHeartbeatResult.error(GroupError.INVALID_REQUEST, invalid));
        }
        if (request.serverAssignor() != null && config.assignor(request.serverAssignor()) == null) {
            return done(ConsumerHeartbeatResult.error(
                    GroupError.UNSUPPORTED_ASSIGNOR,
                    "ServerAssignor " + request.serverAssignor() + " is not supported. Supported assignors: "
                            + config.assignors().stream()
                                    .map(PartitionAssignor::name)
                                    .collect(Collectors.joining(", "))
                            + "."));
        }
        ConsumerHeartbeat req = request.memberId().isEmpty() && request.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH
                ? ConsumerHeartbeatRequests.withMemberId(request, ConsumerHeartbeatRequests.newMemberId())
                : request;
        if (req.memberEpoch() == ConsumerHeartbeat.LEAVE_EPOCH
                || req.memberEpoch() == ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            return leave(req);
        }
        if (req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH && groups.get(req.groupId()) == null) {
            // Nothing else can refuse the first member of a new group: check before the group is created, so that
            // a refused join leaves no empty group behind (Kafka drops the group with the failed write).
            ConsumerHeartbeatResult badRegex = invalidRegex(req, null);
            if (badRegex != null) {
                return done(badRegex);
            }
        }
        ConsumerGroup group = lookup.groupFor(req);
        if (group == null) {
            return done(ConsumerHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND, lookup.notFoundMessage(req.groupId())));
        }
        CompletableFuture<ConsumerHeartbeatResult> response = new CompletableFuture<>();
        groups.withLock(group, () -> {
            if (group.isDead()) {
                // Deleted or converted meanwhile: the client retries and finds the current group.
                response.complete(
                        ConsumerHeartbeatResult.error(GroupError.COORDINATOR_NOT_AVAILABLE, "The group was removed."));
                return;
            }
            List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
            ConsumerHeartbeatResult result = heartbeatLocked(group, req, records);
            replies.complete(group, response, result, records);
        });
        return response;
    }

    private ConsumerHeartbeatResult heartbeatLocked(
            ConsumerGroup group, ConsumerHeartbeat req, List<CoordinatorRecordLog.KeyValue> records) {
        ConsumerGroupMember member;
        boolean bumpEpoch = false;
        boolean staticMemberReplaced = false;
        if (req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH) {
            ConsumerGroupMember existing = group.member(req.memberId());
            ConsumerGroupMember previousStatic = req.instanceId() != null ? group.staticMember(req.instanceId()) : null;
            // Kafka looks a static member up by its instance id first: even under its own member id, a rejoin
            // replaces the member if it left with epoch -2, and is refused if it did not.
            boolean staticRejoin = existing != null && existing == previousStatic;
            if (existing != null && !staticRejoin) {
                member = existing;
            } else if (previousStatic != null) {
                // A classic member's instance id is taken over at once, left or not (Kafka's
                // getOrMaybeSubscribeStaticConsumerGroupMember): an application moving from group.protocol=classic
                // to consumer keeps its group.instance.id, and a classic static member never says it left.
                if (!previousStatic.usesClassicProtocol()
                        && previousStatic.memberEpoch() != ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
                    return ConsumerHeartbeatResult.error(
                            GroupError.UNRELEASED_INSTANCE_ID,
                            "Static member " + req.memberId() + " with instance id " + req.instanceId()
                                    + " cannot join the group because the instance id is owned by "
                                    + previousStatic.memberId() + " member.");
                }
                ConsumerHeartbeatResult badRegex = invalidRegex(req, previousStatic);
                if (badRegex != null) {
                    return badRegex;
                }
                member = StaticMemberReplacement.replace(group, previousStatic, req.memberId(), records);
                staticMemberReplaced = true;
                LOG.info(
                        "Static member {} of consumer group {} returns as {}",
                        req.instanceId(),
                        group.groupId(),
                        member.memberId());
            } else {
                if (group.size() >= config.maxSize()) {
                    return ConsumerHeartbeatResult.error(
                            GroupError.GROUP_MAX_SIZE_REACHED,
                            "The consumer group has reached its maximum capacity of " + config.maxSize() + " members.");
                }
                ConsumerHeartbeatResult badRegex = invalidRegex(req, null);
                if (badRegex != null) {
                    return badRegex;
                }
                member = new ConsumerGroupMember(req.memberId());
                member.instanceId(req.instanceId());
                group.addMember(member);
                bumpEpoch = true;
                LOG.info("Member {} joins consumer group {}", member.memberId(), group.groupId());
            }
        } else {
            member = group.member(req.memberId());
            if (member == null) {
                ConsumerGroupMember holder = req.instanceId() != null ? group.staticMember(req.instanceId()) : null;
                if (holder != null) {
                    return ConsumerHeartbeatResult.error(
                            GroupError.FENCED_INSTANCE_ID,
                            "Static member " + req.memberId() + " with instance id " + req.instanceId()
                                    + " was fenced by member " + holder.memberId() + ".");
                }
                return ConsumerHeartbeatResult.error(
                        GroupError.UNKNOWN_MEMBER_ID,
                        "Member " + req.memberId() + " is not a member of group " + group.groupId() + ".");
            }
            // A classic member's id is no exception (Kafka 4.4 only checks the epoch): at its epoch, the heartbeat
            // makes it a consumer-protocol member (updateMember drops its classic metadata).
            String fenced = epochFencing(member, req);
            if (fenced != null) {
                return ConsumerHeartbeatResult.error(GroupError.FENCED_MEMBER_EPOCH, fenced);
            }
        }
        ConsumerHeartbeatResult badRegex = invalidRegex(req, member);
        if (badRegex != null) {
            return badRegex; // nothing changed yet (a new member's regex was checked before it was added)
        }
        MemberAssignment assignedBefore = member.assigned();
        boolean leavesClassicProtocol = member.usesClassicProtocol();
        byte[] metadataBefore = staticMemberReplaced
                ? ConsumerGroupRecords.memberMetadata(group.groupId(), member).value()
                : null;
        boolean subscriptionChanged = updateMember(member, req);
        bumpEpoch |= subscriptionChanged;
        boolean metadataAlreadyWritten = staticMemberReplaced
                && Arrays.equals(
                        metadataBefore,
                        ConsumerGroupRecords.memberMetadata(group.groupId(), member)
                                .value());
        if (bumpEpoch
                || leavesClassicProtocol
                || (req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH && !metadataAlreadyWritten)) {
            records.add(ConsumerGroupRecords.memberMetadata(group.groupId(), member));
            group.markMemberPersisted(member.memberId());
        }
        assignments.updateGroup(group, bumpEpoch, records);
        if (assignments.reconcile(group, member, req.owned(), records)) {
            if (member.state() == ConsumerGroupMember.State.UNREVOKED_PARTITIONS) {
                fencing.scheduleRevocation(group, member);
            } else {
                member.cancelRevocationTimer();
            }
        }
        fencing.scheduleSession(group, member);
        boolean sendAssignment = req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH
                || req.isFull()
                || !member.assigned().equals(assignedBefore);
        return new ConsumerHeartbeatResult(
                GroupError.NONE,
                null,
                member.memberId(),
                member.memberEpoch(),
                config.heartbeatIntervalMs(group.groupId()),
                sendAssignment ? member.assigned() : null);
    }

    /**
     * Kafka checks a regex when a member changes to it (GroupMetadataManager.maybeUpdateRegularExpressions), so after
     * the group and member checks: INVALID_REGULAR_EXPRESSION, or null. The empty regex means none.
     */
    private static ConsumerHeartbeatResult invalidRegex(ConsumerHeartbeat req, ConsumerGroupMember current) {
        String regex = req.subscribedTopicRegex();
        if (regex == null || regex.isEmpty() || (current != null && regex.equals(current.subscribedTopicRegex()))) {
            return null;
        }
        try {
            Pattern.compile(regex);
            return null;
        } catch (PatternSyntaxException e) {
            return ConsumerHeartbeatResult.error(
                    GroupError.INVALID_REGULAR_EXPRESSION,
                    "SubscribedTopicRegex `" + regex + "` is not a valid regular expression: " + e.getDescription()
                            + ".");
        }
    }

    /** Kafka's throwIfMemberEpochIsInvalid: a smaller epoch is accepted once, after a lost response. */
    private static String epochFencing(ConsumerGroupMember member, ConsumerHeartbeat req) {
        if (req.memberEpoch() > member.memberEpoch()) {
            return "The consumer group member has a greater member epoch (" + req.memberEpoch()
                    + ") than the one known by the group coordinator (" + member.memberEpoch()
                    + "). The member must abandon all its partitions and rejoin.";
        }
        if (req.memberEpoch() < member.memberEpoch()) {
            boolean lostResponse = req.memberEpoch() == member.previousMemberEpoch()
                    && req.owned() != null
                    && req.owned().minus(member.assigned()).isEmpty();
            if (!lostResponse) {
                return "The consumer group member has a smaller member epoch (" + req.memberEpoch()
                        + ") than the one known by the group coordinator (" + member.memberEpoch()
                        + "). The member must abandon all its partitions and rejoin.";
            }
        }
        return null;
    }

    /** Applies the fields the heartbeat sent; true if the subscription or the assignor choice changed. */
    private static boolean updateMember(ConsumerGroupMember member, ConsumerHeartbeat req) {
        boolean changed = false;
        if (req.subscribedTopicNames() != null) {
            List<String> names =
                    req.subscribedTopicNames().stream().distinct().sorted().toList();
            if (!names.equals(member.subscribedTopicNames())) {
                member.subscribedTopicNames(names);
                changed = true;
            }
        }
        if (req.subscribedTopicRegex() != null) {
            String regex = req.subscribedTopicRegex().isEmpty() ? null : req.subscribedTopicRegex();
            if (!Objects.equals(regex, member.subscribedTopicRegex())) {
                member.subscribedTopicRegex(regex);
                changed = true;
            }
        }
        if (req.serverAssignor() != null && !req.serverAssignor().equals(member.serverAssignor())) {
            member.serverAssignor(req.serverAssignor());
            changed = true;
        }
        if (req.rebalanceTimeoutMs() != -1) {
            member.rebalanceTimeoutMs(req.rebalanceTimeoutMs());
        }
        if (req.rackId() != null) {
            member.rackId(req.rackId());
        }
        member.classicMetadata(null); // a member that heartbeats uses the consumer protocol (Kafka clears it too)
        if (req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH
                || member.clientId().isEmpty()) {
            member.client(req.clientId(), req.clientHost());
        }
        return changed;
    }

    // ------------------------------------------------------------------ leaving

    private CompletableFuture<ConsumerHeartbeatResult> leave(ConsumerHeartbeat req) {
        ConsumerGroup group = groups.get(req.groupId(), ConsumerGroup.class);
        if (group == null) {
            return done(ConsumerHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND, "Group " + req.groupId() + " not found."));
        }
        CompletableFuture<ConsumerHeartbeatResult> response = new CompletableFuture<>();
        groups.withLock(group, () -> {
            List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
            ConsumerGroupMember member;
            if (req.instanceId() != null) {
                member = group.staticMember(req.instanceId());
                if (member == null) {
                    response.complete(ConsumerHeartbeatResult.error(
                            GroupError.UNKNOWN_MEMBER_ID, "Instance id " + req.instanceId() + " is unknown."));
                    return;
                }
                if (!member.memberId().equals(req.memberId())) {
                    response.complete(ConsumerHeartbeatResult.error(
                            GroupError.FENCED_INSTANCE_ID,
                            "Static member " + req.memberId() + " with instance id " + req.instanceId()
                                    + " was fenced by member " + member.memberId() + "."));
                    return;
                }
            } else {
                member = group.member(req.memberId());
                if (member == null) {
                    response.complete(ConsumerHeartbeatResult.error(
                            GroupError.UNKNOWN_MEMBER_ID,
                            "Member " + req.memberId() + " is not a member of group " + group.groupId() + "."));
                    return;
                }
            }
            if (req.memberEpoch() == ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
                // The static member keeps its partitions until it returns or the session of its last heartbeat
                // expires (Kafka does not restart it here); those it had to revoke are released now.
                member.leaveTemporarily(ConsumerHeartbeat.STATIC_LEAVE_EPOCH);
                records.add(ConsumerGroupRecords.currentAssignment(group.groupId(), member));
                LOG.info("Static member {} of consumer group {} leaves temporarily", req.instanceId(), group.groupId());
            } else {
                records.addAll(fencing.fence(group, member, "left"));
            }
            replies.complete(
                    group,
                    response,
                    new ConsumerHeartbeatResult(GroupError.NONE, null, member.memberId(), req.memberEpoch(), 0, null),
                    records);
        });
        return response;
    }

    /**
     * After replay: the group's subscribed topics are resolved again and every member gets a new session, so
     * members that do not come back are removed once it expires.
     */
    public void resumeAfterLoad(ConsumerGroup group) {
        groups.withLock(group, () -> {
            group.subscribedTopics(assignments.resolveSubscribedTopics(group));
            group.members().forEach(m -> fencing.scheduleSession(group, m));
        });
    }

    /** Cancels the timers of every member (coordinator shutdown). */
    public void cancelTimers() {
        for (Group g : groups.all()) {
            if (g instanceof ConsumerGroup cg) {
                groups.withLock(cg, () -> cg.members().forEach(ConsumerGroupMember::cancelTimers));
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    private static <T> CompletableFuture<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }
}
