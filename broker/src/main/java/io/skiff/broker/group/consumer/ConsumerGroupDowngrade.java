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

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.TopicsView;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When a {@link ConsumerGroup} of live members becomes a classic group, as Kafka 4.1 decides it
 * (GroupMetadataManager's validateOnlineDowngradeWithFencedMembers, validateOnlineDowngradeWithReplacedMember and
 * convertToClassicGroup), under [group.consumer.migration.policy] and {@code group.max.size}:
 *
 * <ul>
 *   <li>a member leaves or is fenced, and every member that remains (at least one) uses the classic protocol;</li>
 *   <li>a classic static member takes the place of the last consumer-protocol member, a static one with the same
 *       group.instance.id.</li>
 * </ul>
 *
 * The conversion itself ({@link GroupConversion#toClassicGroup}) builds the classic group; here it replaces the
 * consumer group in the registry, with the records that delete the consumer group and create the classic one.
 *
 * <p>Stateless apart from its settings; call under the consumer group's lock.
 */
public final class ConsumerGroupDowngrade {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerGroupDowngrade.class);

    private final ConsumerGroupConfig config;
    private final int classicGroupMaxSize;
    private final GroupRegistry groups;
    private final TopicsView topics;
    private final Clock clock;

    public ConsumerGroupDowngrade(
            ConsumerGroupConfig config, int classicGroupMaxSize, GroupRegistry groups, TopicsView topics, Clock clock) {
        this.config = config;
        this.classicGroupMaxSize = classicGroupMaxSize;
        this.groups = groups;
        this.topics = topics;
        this.clock = clock;
    }

    /** Kafka's validateOnlineDowngradeWithFencedMembers: {@code leavingMemberIds} (members of the group) leave. */
    public boolean allowedWithout(ConsumerGroup group, Set<String> leavingMemberIds) {
        int remaining = group.size() - leavingMemberIds.size();
        if (!group.allMembersUseClassicProtocolExcept(leavingMemberIds) || remaining < 1) {
            return false;
        }
        return policyAndSizeAllow(group, remaining);
    }

    /**
     * Kafka's validateOnlineDowngradeWithReplacedMember: {@code replaced}, the static member a classic member's
     * JoinGroup takes the place of, is the only member of the consumer protocol. Ask before the replacement.
     */
    public boolean allowedOnReplacement(ConsumerGroup group, ConsumerGroupMember replaced) {
        if (replaced.usesClassicProtocol() || group.numClassicMembers() != group.size() - 1) {
            return false;
        }
        return policyAndSizeAllow(group, group.size());
    }

    private boolean policyAndSizeAllow(ConsumerGroup group, int classicSize) {
        if (!config.migrationPolicy().downgradeAllowed()) {
            LOG.info(
                    "Cannot downgrade consumer group {} to classic group because the online downgrade is disabled.",
                    group.groupId());
            return false;
        }
        if (classicSize > classicGroupMaxSize) {
            LOG.info(
                    "Cannot downgrade consumer group {} to classic group because its group size is greater than"
                            + " classic group max size.",
                    group.groupId());
            return false;
        }
        return true;
    }

    /**
     * Replaces {@code group} by its classic successor (Stable at the group epoch), without {@code leavingMemberIds}
     * (none when every member stays), and adds to {@code records} the consumer group's tombstones and the classic
     * group's GroupMetadata record. The caller writes them and hands the classic group over to the classic protocol.
     *
     * @return the registered classic group, or null (nothing changed) if {@code group} is no longer registered
     */
    public ClassicGroup convert(ConsumerGroup group, Set<String> leavingMemberIds, List<KeyValue> records) {
        long now = clock.millis();
        ClassicGroup classic = GroupConversion.toClassicGroup(group, leavingMemberIds, topics, now);
        if (!groups.replace(group, classic)) {
            return null;
        }
        records.addAll(group.tombstones());
        records.add(classic.metadataRecord(null));
        group.markDead(now);
        LOG.info(
                "Consumer group {} is converted to a classic group of {} members at generation {}",
                group.groupId(),
                classic.size(),
                classic.generationId());
        return classic;
    }
}
