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
package io.skiff.broker.handler;

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupDescribeRequest;
import io.skiff.protocol.message.ConsumerGroupDescribeResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * ConsumerGroupDescribe v0–1 (KIP-848): state, group and assignment epochs, assignor, and every member with
 * its current and target assignment. Unknown and classic groups get GROUP_ID_NOT_FOUND with Kafka's message
 * (the Admin client then falls back to DescribeGroups for classic groups). v1 adds each member's type
 * (1 = consumer protocol). A group the principal may not DESCRIBE gets GROUP_AUTHORIZATION_FAILED (listed first, as
 * Kafka 4.4 does); with an authorizer, a group whose members' current or target assignments hold a topic the principal
 * may not DESCRIBE gets TOPIC_AUTHORIZATION_FAILED without its members. Requested authorized operations come from the
 * authorizer.
 *
 * <p>Thread-safe: stateless apart from the coordinator.
 */
public final class ConsumerGroupDescribeHandler
        extends AbstractApiHandler<ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse> {
    /** Kafka's member type of a member that uses the consumer protocol. */
    private static final byte CLASSIC_MEMBER_TYPE = 0;

    private static final byte CONSUMER_MEMBER_TYPE = 1;

    /** Kafka 4.4's message for a group hidden because of its topics (ShareGroupDescribe's too). */
    static final String UNDESCRIBABLE_TOPICS =
            "The group has described topic(s) that the client is not authorized to describe.";

    private final GroupCoordinator coordinator;

    public ConsumerGroupDescribeHandler(GroupCoordinator coordinator) {
        super(ApiKeys.CONSUMER_GROUP_DESCRIBE, 0, 1);
        this.coordinator = coordinator;
    }

    @Override
    public CompletableFuture<ConsumerGroupDescribeResponse> handle(
            RequestContext ctx, ConsumerGroupDescribeRequest request) {
        // Kafka 4.4's order: the groups the principal may not describe first (without a message), then the others
        List<ConsumerGroupDescribeResponse.DescribedGroup> answers = new ArrayList<>();
        List<String> describable = GroupDescribeAuthorization.describableGroups(
                ctx,
                request.groupIds(),
                groupId -> new ConsumerGroupDescribeResponse.DescribedGroup()
                        .setGroupId(groupId)
                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code()),
                answers);
        List<ConsumerGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : describable) {
            ConsumerGroupDescription d = coordinator.describeConsumerGroup(groupId);
            List<ConsumerGroupDescribeResponse.Member> members = new ArrayList<>();
            for (ConsumerGroupDescription.Member m : d.members()) {
                members.add(new ConsumerGroupDescribeResponse.Member()
                        .setMemberId(m.memberId())
                        .setInstanceId(m.instanceId())
                        .setRackId(m.rackId())
                        .setMemberEpoch(m.memberEpoch())
                        .setClientId(m.clientId())
                        .setClientHost(m.clientHost())
                        .setSubscribedTopicNames(new ArrayList<>(m.subscribedTopicNames()))
                        // Kafka's member without a regex has the empty one (ConsumerGroupMember's default)
                        .setSubscribedTopicRegex(m.subscribedTopicRegex() == null ? "" : m.subscribedTopicRegex())
                        .setAssignment(assignment(m.assignment()))
                        .setTargetAssignment(assignment(m.targetAssignment()))
                        .setMemberType(m.classic() ? CLASSIC_MEMBER_TYPE : CONSUMER_MEMBER_TYPE));
            }
            groups.add(new ConsumerGroupDescribeResponse.DescribedGroup()
                    .setErrorCode(d.error().code())
                    .setErrorMessage(d.errorMessage())
                    .setGroupId(groupId)
                    .setGroupState(d.state())
                    .setGroupEpoch(d.groupEpoch())
                    .setAssignmentEpoch(d.assignmentEpoch())
                    .setAssignorName(d.assignorName())
                    .setMembers(members)
                    // Kafka fills them in only for the groups it found
                    .setAuthorizedOperations(
                            request.includeAuthorizedOperations() && d.error().code() == Errors.NONE.code()
                                    ? ctx.authorizer().authorizedOperations(ctx, ResourceType.GROUP, groupId)
                                    : RequestAuthorizer.NOT_REQUESTED));
        }
        answers.addAll(GroupDescribeAuthorization.hidingUndescribableTopics(
                ctx,
                groups,
                ConsumerGroupDescribeHandler::assignedTopics,
                g -> new ConsumerGroupDescribeResponse.DescribedGroup()
                        .setGroupId(g.groupId())
                        .setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(UNDESCRIBABLE_TOPICS)
                        .setMembers(List.of())));
        return CompletableFuture.completedFuture(new ConsumerGroupDescribeResponse().setGroups(answers));
    }

    /**
     * The topics Kafka 4.4 checks: those of the members' current and target assignments (not their subscriptions).
     */
    private static Stream<String> assignedTopics(ConsumerGroupDescribeResponse.DescribedGroup g) {
        return g.members().stream()
                .flatMap(m -> Stream.of(m.assignment(), m.targetAssignment()))
                .flatMap(a -> a.topicPartitions().stream())
                .map(ConsumerGroupDescribeResponse.TopicPartitions::topicName);
    }

    private static ConsumerGroupDescribeResponse.Assignment assignment(Map<TopicsView.TopicInfo, Set<Integer>> a) {
        List<ConsumerGroupDescribeResponse.TopicPartitions> tps = new ArrayList<>();
        a.forEach((topic, partitions) -> tps.add(new ConsumerGroupDescribeResponse.TopicPartitions()
                .setTopicId(topic.id())
                .setTopicName(topic.name())
                .setPartitions(new ArrayList<>(partitions))));
        return new ConsumerGroupDescribeResponse.Assignment().setTopicPartitions(tps);
    }

    @Override
    public ConsumerGroupDescribeResponse errorResponse(
            RequestContext ctx, ConsumerGroupDescribeRequest request, Errors error) {
        List<ConsumerGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : request.groupIds()) {
            groups.add(new ConsumerGroupDescribeResponse.DescribedGroup()
                    .setGroupId(groupId)
                    .setErrorCode(error.code()));
        }
        return new ConsumerGroupDescribeResponse().setGroups(groups);
    }
}
