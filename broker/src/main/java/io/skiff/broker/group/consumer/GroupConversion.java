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

import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.ClassicMemberMetadata;
import io.skiff.broker.group.classic.GroupMember;
import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.common.TopicsView;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A live group's conversion between the two kinds, as Kafka 4.1 converts it (ConsumerGroup.fromClassicGroup,
 * ClassicGroup.fromConsumerGroup): only the new group's state is built here; the caller writes the records,
 * registers the group and starts its timers.
 *
 * <ul>
 *   <li>Upgrade: every classic member becomes a classic-protocol member of a consumer group, Stable at the
 *       classic generation, owning the partitions of its last SyncGroup assignment, which is also its target;
 *       the group epoch and assignment epoch are the generation.</li>
 *   <li>Downgrade: the members but the leaving one (if any) become members of a Stable classic group at the group
 *       epoch, each with its target assignment serialized in the version of its own subscription; the caller then
 *       starts a rebalance. A classic static member that replaced the last consumer-protocol member has already
 *       taken its place and target (Kafka's fromConsumerGroup with a joining member), so it converts the same way;
 *       it comes last, as Kafka adds the joining member after the others.</li>
 * </ul>
 *
 * Stateless; call under the lock of the group converted.
 */
public final class GroupConversion {
    private GroupConversion() {}

    /** @throws IllegalArgumentException if a member's embedded consumer protocol is malformed */
    public static ConsumerGroup toConsumerGroup(ClassicGroup classic, TopicsView topics) {
        ConsumerGroup group = new ConsumerGroup(classic.groupId());
        int generation = classic.generationId();
        group.groupEpoch(generation);
        Map<String, MemberAssignment> target = new HashMap<>();
        for (GroupMember m : classic.allMembers()) {
            String protocol = classic.protocolName() != null
                    ? classic.protocolName()
                    : m.protocols().get(0).name();
            EmbeddedConsumerProtocol.Subscription subscription =
                    EmbeddedConsumerProtocol.subscription(m.metadata(protocol));
            MemberAssignment assigned = EmbeddedConsumerProtocol.assignment(m.assignment(), topics);
            ConsumerGroupMember member = new ConsumerGroupMember(m.memberId());
            member.instanceId(m.groupInstanceId());
            member.rackId(subscription.rackId());
            member.rebalanceTimeoutMs(m.rebalanceTimeoutMs());
            member.client(m.clientId(), m.clientHost());
            member.subscribedTopicNames(
                    subscription.topics().stream().distinct().sorted().toList());
            member.classicMetadata(new ClassicMemberMetadata(m.sessionTimeoutMs(), m.protocols()));
            member.restoreEpochs(generation, generation);
            member.reconciled(ConsumerGroupMember.State.STABLE, assigned, MemberAssignment.EMPTY);
            group.addMember(member);
            group.markMemberPersisted(member.memberId());
            target.put(member.memberId(), assigned);
        }
        group.targetAssignment(generation, target);
        return group;
    }

    /** Whether every member of a classic group can be read as a consumer (the upgrade's precondition). */
    public static boolean usesConsumerProtocol(ClassicGroup classic) {
        return ConsumerGroup.PROTOCOL_TYPE.equals(classic.protocolType());
    }

    /** @param leavingMemberIds the members left out (none when every member stays) */
    public static ClassicGroup toClassicGroup(
            ConsumerGroup group, Set<String> leavingMemberIds, TopicsView topics, long now) {
        ClassicGroup classic = new ClassicGroup(group.groupId(), GroupState.STABLE, now);
        classic.generationId(group.groupEpoch());
        for (ConsumerGroupMember m : group.members()) {
            if (leavingMemberIds.contains(m.memberId())) {
                continue;
            }
            ClassicMemberMetadata c = m.classicMetadata();
            classic.add(new GroupMember(
                    m.memberId(),
                    m.instanceId(),
                    m.clientId(),
                    m.clientHost(),
                    m.rebalanceTimeoutMs(),
                    c.sessionTimeoutMs(),
                    ConsumerGroup.PROTOCOL_TYPE,
                    c.supportedProtocols()));
        }
        classic.protocolType(ConsumerGroup.PROTOCOL_TYPE);
        classic.protocolName(classic.selectProtocol());
        classic.recomputeSubscribedTopics();
        for (GroupMember m : classic.allMembers()) {
            short version = EmbeddedConsumerProtocol.version(m.metadata(classic.protocolName()));
            m.assignment(EmbeddedConsumerProtocol.serializeAssignment(group.targetOf(m.memberId()), version, topics));
        }
        return classic;
    }
}
