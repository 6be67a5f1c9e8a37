package io.skiff.broker.group;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.CoordinatorScheduler;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.assignor.AssignmentSpec;
import io.skiff.broker.group.assignor.PartitionAssignor;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
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
final class ConsumerGroupManager {
    private static final Logger log = LoggerFactory.getLogger(ConsumerGroupManager.class);

    private final ConsumerGroupConfig config;
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final CoordinatorScheduler scheduler;
    private final TopicsView topics;
    private final Clock clock;

    ConsumerGroupManager(
            ConsumerGroupConfig config,
            GroupRegistry groups,
            CoordinatorWriter store,
            CoordinatorScheduler scheduler,
            TopicsView topics,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.scheduler = scheduler;
        this.topics = topics;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ ConsumerGroupHeartbeat

    CompletableFuture<ConsumerHeartbeatResult> heartbeat(ConsumerHeartbeat request) {
        String invalid = validate(request);
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
        if (request.subscribedTopicRegex() != null) {
            try {
                Pattern.compile(request.subscribedTopicRegex());
            } catch (PatternSyntaxException e) {
                return done(ConsumerHeartbeatResult.error(
                        GroupError.INVALID_REGULAR_EXPRESSION,
                        "SubscribedTopicRegex `" + request.subscribedTopicRegex()
                                + "` is not a valid regular expression: " + e.getDescription() + "."));
            }
        }
        ConsumerHeartbeat req = request.memberId().isEmpty() && request.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH
                ? withMemberId(request, newMemberId())
                : request;
        if (req.memberEpoch() == ConsumerHeartbeat.LEAVE_EPOCH
                || req.memberEpoch() == ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            return leave(req);
        }
        ConsumerGroup group = groupFor(req);
        if (group == null) {
            Group other = groups.get(req.groupId());
            return done(ConsumerHeartbeatResult.error(
                    GroupError.GROUP_ID_NOT_FOUND,
                    other == null
                            ? "Consumer group " + req.groupId() + " not found."
                            : "Group " + req.groupId() + " is not a consumer group."));
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
            reply(group, response, result, records);
        });
        return response;
    }

    private ConsumerHeartbeatResult heartbeatLocked(
            ConsumerGroup group, ConsumerHeartbeat req, List<CoordinatorRecordLog.KeyValue> records) {
        ConsumerGroupMember member;
        boolean bumpEpoch = false;
        if (req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH) {
            ConsumerGroupMember existing = group.member(req.memberId());
            ConsumerGroupMember previousStatic = req.instanceId() != null ? group.staticMember(req.instanceId()) : null;
            if (existing != null) {
                member = existing;
            } else if (previousStatic != null) {
                if (previousStatic.memberEpoch() != ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
                    return ConsumerHeartbeatResult.error(
                            GroupError.UNRELEASED_INSTANCE_ID,
                            "Static member " + req.memberId() + " with instance id " + req.instanceId()
                                    + " cannot join the group because the instance id is owned by "
                                    + previousStatic.memberId() + " member.");
                }
                member = takeOverStaticMember(group, previousStatic, req);
                records.addAll(ConsumerGroupRecords.memberTombstones(group.groupId(), previousStatic.memberId()));
                group.markUnpersisted(previousStatic.memberId());
                records.add(ConsumerGroupRecords.targetMember(
                        group.groupId(), member.memberId(), group.targetOf(member.memberId())));
            } else {
                if (group.size() >= config.maxSize()) {
                    return ConsumerHeartbeatResult.error(
                            GroupError.GROUP_MAX_SIZE_REACHED,
                            "The consumer group has reached its maximum capacity of " + config.maxSize() + " members.");
                }
                member = new ConsumerGroupMember(req.memberId());
                member.instanceId(req.instanceId());
                group.addMember(member);
                bumpEpoch = true;
                log.info("Member {} joins consumer group {}", member.memberId(), group.groupId());
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
            String fenced = epochFencing(member, req);
            if (fenced != null) {
                return ConsumerHeartbeatResult.error(GroupError.FENCED_MEMBER_EPOCH, fenced);
            }
        }
        MemberAssignment assignedBefore = member.assigned();
        int epochBefore = member.memberEpoch();
        boolean subscriptionChanged = updateMember(member, req);
        bumpEpoch |= subscriptionChanged;
        if (bumpEpoch || req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH) {
            records.add(ConsumerGroupRecords.memberMetadata(group.groupId(), member));
            group.markPersisted(member.memberId());
        }
        Map<String, TopicsView.TopicInfo> subscribed = resolveSubscribedTopics(group);
        if (!subscribed.equals(group.subscribedTopics())) {
            group.subscribedTopics(subscribed);
            bumpEpoch = true;
        }
        if (bumpEpoch) {
            group.groupEpoch(group.groupEpoch() + 1);
            records.add(ConsumerGroupRecords.groupMetadata(group.groupId(), group.groupEpoch()));
        }
        if (group.groupEpoch() > group.assignmentEpoch()) {
            records.addAll(computeTargetAssignment(group));
        }
        ConsumerGroupMember.State stateBefore = member.state();
        MemberAssignment pendingBefore = member.pendingRevocation();
        ConsumerGroupReconciler.reconcile(group, member, req.owned());
        if (member.memberEpoch() != epochBefore
                || member.state() != stateBefore
                || !member.assigned().equals(assignedBefore)
                || !member.pendingRevocation().equals(pendingBefore)) {
            records.add(ConsumerGroupRecords.currentAssignment(group.groupId(), member));
            group.markPersisted(member.memberId());
            if (member.state() == ConsumerGroupMember.State.UNREVOKED_PARTITIONS) {
                scheduleRevocationTimeout(group, member);
            } else {
                member.cancelRevocationTimer();
            }
        }
        scheduleSessionTimeout(group, member);
        boolean sendAssignment = req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH
                || req.isFull()
                || !member.assigned().equals(assignedBefore);
        return new ConsumerHeartbeatResult(
                GroupError.NONE,
                null,
                member.memberId(),
                member.memberEpoch(),
                config.heartbeatIntervalMs(),
                sendAssignment ? member.assigned() : null);
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
        if (req.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH
                || member.clientId().isEmpty()) {
            member.client(req.clientId(), req.clientHost());
        }
        return changed;
    }

    /** A static member's new instance: it keeps the old one's partitions and target, so nothing moves. */
    private ConsumerGroupMember takeOverStaticMember(
            ConsumerGroup group, ConsumerGroupMember previous, ConsumerHeartbeat req) {
        ConsumerGroupMember member = new ConsumerGroupMember(req.memberId());
        member.instanceId(req.instanceId());
        member.subscribedTopicNames(previous.subscribedTopicNames());
        member.subscribedTopicRegex(previous.subscribedTopicRegex());
        member.serverAssignor(previous.serverAssignor());
        member.rebalanceTimeoutMs(previous.rebalanceTimeoutMs());
        member.rackId(previous.rackId());
        member.reconciled(ConsumerGroupMember.State.STABLE, previous.assigned(), previous.pendingRevocation());
        group.replaceStaticMember(previous, member);
        log.info(
                "Static member {} of consumer group {} returns as {}",
                req.instanceId(),
                group.groupId(),
                member.memberId());
        return member;
    }

    // ------------------------------------------------------------------ leaving

    private CompletableFuture<ConsumerHeartbeatResult> leave(ConsumerHeartbeat req) {
        ConsumerGroup group = groups.consumer(req.groupId());
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
                // The static member keeps its partitions until it returns or its session expires.
                member.updateEpoch(ConsumerHeartbeat.STATIC_LEAVE_EPOCH);
                records.add(ConsumerGroupRecords.currentAssignment(group.groupId(), member));
                scheduleSessionTimeout(group, member);
                log.info("Static member {} of consumer group {} leaves temporarily", req.instanceId(), group.groupId());
            } else {
                records.addAll(removeMember(group, member, "left"));
            }
            reply(
                    group,
                    response,
                    new ConsumerHeartbeatResult(GroupError.NONE, null, req.memberId(), req.memberEpoch(), 0, null),
                    records);
        });
        return response;
    }

    /** Removes a member (left, fenced, expired): a new group epoch without it. Call under the lock. */
    private List<CoordinatorRecordLog.KeyValue> removeMember(
            ConsumerGroup group, ConsumerGroupMember member, String why) {
        List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
        group.removeMember(member.memberId());
        records.addAll(ConsumerGroupRecords.memberTombstones(group.groupId(), member.memberId()));
        group.markUnpersisted(member.memberId());
        log.info("Member {} of consumer group {} {}", member.memberId(), group.groupId(), why);
        group.subscribedTopics(resolveSubscribedTopics(group));
        // As Kafka: a new group epoch now; the target assignment follows at the next heartbeat of a member.
        group.groupEpoch(group.groupEpoch() + 1);
        records.add(ConsumerGroupRecords.groupMetadata(group.groupId(), group.groupEpoch()));
        return records;
    }

    // ------------------------------------------------------------------ timers

    private void scheduleSessionTimeout(ConsumerGroup group, ConsumerGroupMember member) {
        long epoch = member.nextSessionEpoch();
        member.sessionTimer(scheduler.schedule(
                config.sessionTimeoutMs(),
                () -> groups.withLock(group, () -> {
                    if (group.isDead() || group.member(member.memberId()) != member || member.sessionEpoch() != epoch) {
                        return;
                    }
                    write(group, removeMember(group, member, "expired (session timeout)"));
                })));
    }

    private void scheduleRevocationTimeout(ConsumerGroup group, ConsumerGroupMember member) {
        int epoch = member.memberEpoch();
        MemberAssignment pending = member.pendingRevocation();
        int timeout = member.rebalanceTimeoutMs() > 0 ? member.rebalanceTimeoutMs() : config.sessionTimeoutMs();
        member.revocationTimer(scheduler.schedule(
                timeout,
                () -> groups.withLock(group, () -> {
                    if (group.isDead()
                            || group.member(member.memberId()) != member
                            || member.state() != ConsumerGroupMember.State.UNREVOKED_PARTITIONS
                            || member.memberEpoch() != epoch
                            || !member.pendingRevocation().equals(pending)) {
                        return;
                    }
                    write(
                            group,
                            removeMember(
                                    group, member, "fenced (partitions not revoked within the rebalance timeout)"));
                })));
    }

    /**
     * After replay: the group's subscribed topics are resolved again and every member gets a new session, so
     * members that do not come back are removed once it expires.
     */
    void resumeAfterLoad(ConsumerGroup group) {
        groups.withLock(group, () -> {
            group.subscribedTopics(resolveSubscribedTopics(group));
            group.members().forEach(m -> scheduleSessionTimeout(group, m));
        });
    }

    /** Cancels the timers of every member (coordinator shutdown). */
    void cancelTimers() {
        for (Group g : groups.all()) {
            if (g instanceof ConsumerGroup cg) {
                groups.withLock(cg, () -> cg.members().forEach(ConsumerGroupMember::cancelTimers));
            }
        }
    }

    // ------------------------------------------------------------------ assignment

    /** The subscribed topics that exist: names, and topics matching the members' regexes. */
    private Map<String, TopicsView.TopicInfo> resolveSubscribedTopics(ConsumerGroup group) {
        Map<String, TopicsView.TopicInfo> out = new HashMap<>();
        for (String name : group.subscribedTopicNamesByName()) {
            topics.byName(name).ifPresent(t -> out.put(name, t));
        }
        Set<String> regexes = group.subscribedRegexes();
        if (!regexes.isEmpty()) {
            List<Pattern> patterns = regexes.stream().map(Pattern::compile).toList();
            for (TopicsView.TopicInfo t : topics.userTopics()) {
                if (patterns.stream().anyMatch(p -> p.matches(t.name()))) {
                    out.put(t.name(), t);
                }
            }
        }
        return out;
    }

    /** Topics a member subscribes to, by name or by its regex, among {@code subscribed}. */
    private static Set<UUID> subscribedIds(ConsumerGroupMember m, Map<String, TopicsView.TopicInfo> subscribed) {
        Set<UUID> out = new HashSet<>();
        Pattern regex = m.subscribedTopicRegex() != null ? Pattern.compile(m.subscribedTopicRegex()) : null;
        subscribed.forEach((name, t) -> {
            if (m.subscribedTopicNames().contains(name) || (regex != null && regex.matches(name))) {
                out.add(t.id());
            }
        });
        return out;
    }

    /** Runs the group's assignor for the current group epoch; returns the target-assignment records. */
    private List<CoordinatorRecordLog.KeyValue> computeTargetAssignment(ConsumerGroup group) {
        Map<String, AssignmentSpec.Member> members = new LinkedHashMap<>();
        for (ConsumerGroupMember m : group.members()) {
            members.put(
                    m.memberId(),
                    new AssignmentSpec.Member(
                            m.instanceId(),
                            subscribedIds(m, group.subscribedTopics()),
                            group.targetOf(m.memberId()).partitions()));
        }
        Map<UUID, AssignmentSpec.Topic> specTopics = new HashMap<>();
        group.subscribedTopics()
                .values()
                .forEach(t -> specTopics.put(t.id(), new AssignmentSpec.Topic(t.name(), t.partitionCount())));
        PartitionAssignor assignor = preferredAssignor(group);
        Map<String, Map<UUID, Set<Integer>>> computed = assignor.assign(new AssignmentSpec(members, specTopics));
        Map<String, MemberAssignment> target = new HashMap<>();
        List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
        for (String memberId : members.keySet()) {
            MemberAssignment a = new MemberAssignment(computed.getOrDefault(memberId, Map.of()));
            target.put(memberId, a);
            if (!a.equals(group.targetOf(memberId))) {
                records.add(ConsumerGroupRecords.targetMember(group.groupId(), memberId, a));
            }
        }
        group.targetAssignment(group.groupEpoch(), target);
        records.add(ConsumerGroupRecords.targetMetadata(group.groupId(), group.groupEpoch(), clock.millis()));
        return records;
    }

    /** The assignor most members ask for (Kafka's rule), else the first configured one. */
    PartitionAssignor preferredAssignor(ConsumerGroup group) {
        Map<String, Integer> votes = new HashMap<>();
        for (ConsumerGroupMember m : group.members()) {
            if (m.serverAssignor() != null) {
                votes.merge(m.serverAssignor(), 1, Integer::sum);
            }
        }
        String best = null;
        for (Map.Entry<String, Integer> e : votes.entrySet()) {
            if (best == null
                    || e.getValue() > votes.get(best)
                    || (e.getValue().equals(votes.get(best)) && e.getKey().compareTo(best) < 0)) {
                best = e.getKey();
            }
        }
        PartitionAssignor chosen = best == null ? null : config.assignor(best);
        return chosen != null ? chosen : config.assignors().get(0);
    }

    // ------------------------------------------------------------------ groups

    /** The consumer group of the request: created or converted from an empty classic group on joining. */
    private ConsumerGroup groupFor(ConsumerHeartbeat req) {
        ConsumerGroup existing = groups.consumer(req.groupId());
        if (existing != null || req.memberEpoch() != ConsumerHeartbeat.JOIN_EPOCH) {
            return existing;
        }
        while (true) {
            Group current = groups.get(req.groupId());
            if (current == null) {
                Group registered = groups.putIfAbsent(new ConsumerGroup(req.groupId()));
                if (registered instanceof ConsumerGroup cg) {
                    return cg;
                }
                continue;
            }
            if (current instanceof ConsumerGroup cg) {
                return cg;
            }
            ClassicGroup classic = (ClassicGroup) current;
            ConsumerGroup converted = groups.withLock(classic, () -> {
                if (classic.isDead() || !classic.isEmpty()) {
                    return null;
                }
                // An empty classic group (offsets only, or members all gone) becomes a consumer group;
                // the offsets stay, they are kept by group id.
                ConsumerGroup replacement = new ConsumerGroup(req.groupId());
                if (!groups.replace(classic, replacement)) {
                    return null;
                }
                classic.markDead(clock.millis());
                store.append(
                        req.groupId(),
                        List.of(new CoordinatorRecordLog.KeyValue(GroupRecordCodec.groupKey(req.groupId()), null)),
                        clock.millis());
                log.info("Empty classic group {} converted to a consumer group", req.groupId());
                return replacement;
            });
            if (converted != null) {
                return converted;
            }
            if (!classic.isDead()) {
                return null; // a live classic group: not converted (see the README)
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    /** Writes the records, then completes the response (after the lock is released). */
    private void reply(
            ConsumerGroup group,
            CompletableFuture<ConsumerHeartbeatResult> response,
            ConsumerHeartbeatResult result,
            List<CoordinatorRecordLog.KeyValue> records) {
        if (records.isEmpty() || result.error() != GroupError.NONE) {
            group.keyLock().defer(() -> response.complete(result));
            return;
        }
        store.append(group.groupId(), records, clock.millis())
                .whenComplete((ok, failure) -> response.complete(
                        failure == null
                                ? result
                                : ConsumerHeartbeatResult.error(
                                        GroupError.COORDINATOR_NOT_AVAILABLE,
                                        "The group's records could not be written.")));
    }

    private void write(ConsumerGroup group, List<CoordinatorRecordLog.KeyValue> records) {
        store.append(group.groupId(), records, clock.millis()).whenComplete((ok, failure) -> {
            if (failure != null) {
                log.warn("Failed to write records of consumer group {}", group.groupId(), failure);
            }
        });
    }

    /** Kafka's checks of a heartbeat's fields; the INVALID_REQUEST message, or null if valid. */
    private static String validate(ConsumerHeartbeat r) {
        if (r.apiVersion() >= 1 && r.memberId().isEmpty()) {
            return "MemberId can't be empty."; // Kafka checks it first from v1, where the client names itself
        }
        if (r.groupId() == null || r.groupId().isEmpty()) {
            return "GroupId can't be empty.";
        }
        if (r.rackId() != null && r.rackId().isEmpty()) {
            return "RackId can't be empty.";
        }
        if (r.instanceId() != null && r.instanceId().isEmpty()) {
            return "InstanceId can't be empty.";
        }
        if ((r.apiVersion() >= 1 || r.memberEpoch() != ConsumerHeartbeat.JOIN_EPOCH)
                && r.memberId().isEmpty()) {
            return "MemberId can't be empty.";
        }
        if (r.memberEpoch() == ConsumerHeartbeat.JOIN_EPOCH) {
            if (r.rebalanceTimeoutMs() == -1) {
                return "RebalanceTimeoutMs must be provided in first request.";
            }
            if (r.owned() == null || !r.owned().isEmpty()) {
                return "TopicPartitions must be empty when (re-)joining.";
            }
            if (r.subscribedTopicNames() == null && r.subscribedTopicRegex() == null) {
                return "Either SubscribedTopicNames or SubscribedTopicRegex must be non-null when (re-)joining.";
            }
        } else if (r.memberEpoch() == ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            if (r.instanceId() == null) {
                return "InstanceId can't be null.";
            }
        } else if (r.memberEpoch() < ConsumerHeartbeat.STATIC_LEAVE_EPOCH) {
            return "MemberEpoch is invalid.";
        }
        if (r.subscribedTopicRegex() != null && r.subscribedTopicRegex().isEmpty()) {
            return "SubscribedTopicRegex must not be empty.";
        }
        if (r.serverAssignor() != null && r.serverAssignor().isEmpty()) {
            return "ServerAssignor can't be empty.";
        }
        return null;
    }

    /** Kafka's member ids: a random UUID in URL-safe base64 without padding (22 characters). */
    private static String newMemberId() {
        UUID u = UUID.randomUUID();
        ByteBuffer b =
                ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
    }

    private static ConsumerHeartbeat withMemberId(ConsumerHeartbeat r, String memberId) {
        return new ConsumerHeartbeat(
                r.groupId(),
                memberId,
                r.memberEpoch(),
                r.instanceId(),
                r.rackId(),
                r.rebalanceTimeoutMs(),
                r.subscribedTopicNames(),
                r.subscribedTopicRegex(),
                r.serverAssignor(),
                r.owned(),
                r.clientId(),
                r.clientHost(),
                r.apiVersion());
    }

    private static <T> CompletableFuture<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }
}
