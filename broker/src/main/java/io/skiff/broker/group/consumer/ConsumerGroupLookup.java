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

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.CoordinatorWriter;
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.ClassicGroupHandover;
import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer group a ConsumerGroupHeartbeat is for: the existing one, or for a joining member a new one, one
 * that replaces an empty classic group, or one that a live classic group is upgraded to (Kafka 4.1's
 * getOrMaybeCreateConsumerGroup, validateOnlineUpgrade and convertToConsumerGroup).
 *
 * <p>Thread-safe: a classic group is converted under its own lock; records go to the coordinator's writer.
 */
public final class ConsumerGroupLookup {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerGroupLookup.class);

    private final ConsumerGroupConfig config;
    private final GroupRegistry groups;
    private final CoordinatorWriter store;
    private final TopicsView topics;
    private final ConsumerGroupAssignments assignments;
    private final ConsumerGroupFencing fencing;
    private final ClassicGroupHandover classicGroups;
    private final Clock clock;

    public ConsumerGroupLookup(
            ConsumerGroupConfig config,
            GroupRegistry groups,
            CoordinatorWriter store,
            TopicsView topics,
            ConsumerGroupAssignments assignments,
            ConsumerGroupFencing fencing,
            ClassicGroupHandover classicGroups,
            Clock clock) {
        this.config = config;
        this.groups = groups;
        this.store = store;
        this.topics = topics;
        this.assignments = assignments;
        this.fencing = fencing;
        this.classicGroups = classicGroups;
        this.clock = clock;
    }

    /**
     * The consumer group of the request. A joining member creates it, or converts a classic group: an empty one
     * (offsets only) is replaced, a live one is upgraded if [group.consumer.migration.policy] allows it (Kafka's
     * getOrMaybeCreateConsumerGroup). Null (GROUP_ID_NOT_FOUND) for a classic group that stays classic.
     */
    public ConsumerGroup groupFor(ConsumerHeartbeat req) {
        ConsumerGroup existing = groups.get(req.groupId(), ConsumerGroup.class);
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
            if (!(current instanceof ClassicGroup classic)) {
                return null; // a group of another kind (streams) holds the id
            }
            ConsumerGroup converted = groups.withLock(classic, () -> {
                if (classic.isDead()) {
                    return null;
                }
                return classic.isEmpty() ? replaceEmpty(classic) : maybeUpgrade(classic);
            });
            if (converted != null) {
                return converted;
            }
            if (!classic.isDead()) {
                return null;
            }
        }
    }

    /** An empty classic group (offsets only, or members all gone) becomes a consumer group; the offsets stay. */
    private ConsumerGroup replaceEmpty(ClassicGroup classic) {
        ConsumerGroup replacement = new ConsumerGroup(classic.groupId());
        if (!groups.replace(classic, replacement)) {
            return null;
        }
        classicGroups.release(classic);
        classic.markDead(clock.millis());
        store.append(
                classic.groupId(),
                List.of(new CoordinatorRecordLog.KeyValue(GroupRecordCodec.groupKey(classic.groupId()), null)),
                clock.millis());
        LOG.info("Empty classic group {} converted to a consumer group", classic.groupId());
        return replacement;
    }

    /**
     * Kafka's validateOnlineUpgrade and convertToConsumerGroup: the classic members become classic-protocol
     * members of a consumer group with their current assignment; the classic group's record gets a tombstone and
     * the consumer group's records are written. Null if the group may not be upgraded.
     */
    private ConsumerGroup maybeUpgrade(ClassicGroup classic) {
        String groupId = classic.groupId();
        String refusal = upgradeRefusal(classic);
        if (refusal != null) {
            LOG.info(refusal);
            return null;
        }
        ConsumerGroup upgraded;
        try {
            upgraded = GroupConversion.toConsumerGroup(classic, topics);
        } catch (IllegalArgumentException e) {
            LOG.warn("Cannot upgrade classic group {}: {}", groupId, e.getMessage());
            return null;
        }
        if (!groups.replace(classic, upgraded)) {
            return null;
        }
        // Members parked in a join or sync rejoin and find the consumer group (Kafka answers REBALANCE_IN_PROGRESS).
        classicGroups.release(classic);
        classic.markDead(clock.millis());
        upgraded.subscribedTopics(assignments.resolveSubscribedTopics(upgraded));
        List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
        records.add(new CoordinatorRecordLog.KeyValue(GroupRecordCodec.groupKey(groupId), null));
        records.addAll(ConsumerGroupRecords.allRecords(upgraded, clock.millis()));
        fencing.write(upgraded, records);
        groups.withLock(upgraded, () -> upgraded.members().forEach(m -> fencing.scheduleSession(upgraded, m)));
        LOG.info("Classic group {} upgraded to a consumer group with its {} members", groupId, upgraded.size());
        return upgraded;
    }

    /** Why Kafka's validateOnlineUpgrade refuses to upgrade this classic group (its error message), or null. */
    private String upgradeRefusal(ClassicGroup classic) {
        String prefix = "Cannot upgrade classic group " + classic.groupId() + " to consumer group because ";
        if (!config.migrationPolicy().upgradeAllowed()) {
            return prefix + "the online upgrade is disabled.";
        }
        if (!GroupConversion.usesConsumerProtocol(classic)) {
            return prefix + "the group does not use the consumer embedded protocol.";
        }
        if (classic.size() > config.maxSize()) {
            return prefix + "the group size exceeds the consumer group maximum size.";
        }
        return null;
    }

    /** The GROUP_ID_NOT_FOUND message for a heartbeat that found no consumer group. */
    public String notFoundMessage(String groupId) {
        Group other = groups.get(groupId);
        String refusal = other instanceof ClassicGroup classic && !classic.isEmpty()
                ? groups.withLock(classic, () -> upgradeRefusal(classic))
                : null;
        if (refusal != null) {
            return refusal;
        }
        return other == null
                ? "Consumer group " + groupId + " not found."
                : "Group " + groupId + " is not a consumer group.";
    }
}
