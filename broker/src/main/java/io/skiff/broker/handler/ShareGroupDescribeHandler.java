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

import io.skiff.broker.group.share.ShareGroupCoordinator;
import io.skiff.broker.group.share.ShareGroupDescription;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ShareGroupDescribeRequest;
import io.skiff.protocol.message.ShareGroupDescribeResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * ShareGroupDescribe v1 (KIP-932): state, epochs, assignor and members (with their assignments) of share groups. An
 * unknown group is GROUP_ID_NOT_FOUND ("Group … not found."), a group of another kind GROUP_ID_NOT_FOUND ("Group … is
 * not a share group."), a group the principal may not DESCRIBE GROUP_AUTHORIZATION_FAILED (listed first, as Kafka 4.4
 * does). With an authorizer, a group whose members' assignments hold a topic the principal may not DESCRIBE gets
 * TOPIC_AUTHORIZATION_FAILED without its members.
 *
 * <p>Thread-safe: stateless apart from the coordinator.
 */
public final class ShareGroupDescribeHandler
        extends AbstractApiHandler<ShareGroupDescribeRequest, ShareGroupDescribeResponse> {
    private final ShareGroupCoordinator coordinator;
    private final TopicRegistry topics;
    private final Predicate<String> otherGroupExists;

    public ShareGroupDescribeHandler(
            ShareGroupCoordinator coordinator, TopicRegistry topics, Predicate<String> otherGroupExists) {
        super(ApiKeys.SHARE_GROUP_DESCRIBE, 1, 1);
        this.coordinator = coordinator;
        this.topics = topics;
        this.otherGroupExists = otherGroupExists;
    }

    @Override
    public CompletableFuture<ShareGroupDescribeResponse> handle(RequestContext ctx, ShareGroupDescribeRequest request) {
        // Kafka 4.4's order: the groups the principal may not describe (without a message), then the invalid (empty)
        // ids (without a message), then the others in request order
        List<ShareGroupDescribeResponse.DescribedGroup> answers = new ArrayList<>();
        List<String> describable = GroupDescribeAuthorization.describableGroups(
                ctx,
                request.groupIds(),
                groupId -> new ShareGroupDescribeResponse.DescribedGroup()
                        .setGroupId(groupId)
                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code()),
                answers);
        List<ShareGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : describable) {
            if (groupId == null || groupId.isEmpty()) {
                groups.add(new ShareGroupDescribeResponse.DescribedGroup()
                        .setGroupId(groupId)
                        .setErrorCode(Errors.INVALID_GROUP_ID.code()));
            }
        }
        for (String groupId : describable) {
            if (groupId == null || groupId.isEmpty()) {
                continue;
            }
            ShareGroupDescribeResponse.DescribedGroup g =
                    new ShareGroupDescribeResponse.DescribedGroup().setGroupId(groupId);
            groups.add(g);
            Optional<ShareGroupDescription> d = coordinator.describe(groupId);
            if (d.isEmpty()) {
                g.setErrorCode(Errors.GROUP_ID_NOT_FOUND.code())
                        .setErrorMessage(
                                otherGroupExists.test(groupId)
                                        ? "Group " + groupId + " is not a share group."
                                        : "Group " + groupId + " not found.");
                continue;
            }
            List<ShareGroupDescribeResponse.Member> members = new ArrayList<>();
            for (ShareGroupDescription.Member m : d.get().members()) {
                members.add(new ShareGroupDescribeResponse.Member()
                        .setMemberId(m.memberId())
                        .setRackId(m.rackId())
                        .setMemberEpoch(m.memberEpoch())
                        .setClientId(m.clientId())
                        .setClientHost(m.clientHost())
                        .setSubscribedTopicNames(new ArrayList<>(m.subscribedTopicNames()))
                        .setAssignment(assignment(m.assignment())));
            }
            g.setGroupState(d.get().state())
                    .setGroupEpoch(d.get().groupEpoch())
                    .setAssignmentEpoch(d.get().assignmentEpoch())
                    .setAssignorName(d.get().assignorName())
                    .setMembers(members)
                    .setAuthorizedOperations(
                            request.includeAuthorizedOperations()
                                    ? ctx.authorizer().authorizedOperations(ctx, ResourceType.GROUP, groupId)
                                    : RequestAuthorizer.NOT_REQUESTED);
        }
        answers.addAll(GroupDescribeAuthorization.hidingUndescribableTopics(
                ctx,
                groups,
                // Kafka 4.4 checks the topics of the members' assignments (not their subscriptions)
                g -> g.members().stream()
                        .flatMap(m -> m.assignment().topicPartitions().stream())
                        .map(ShareGroupDescribeResponse.TopicPartitions::topicName),
                g -> new ShareGroupDescribeResponse.DescribedGroup()
                        .setGroupId(g.groupId())
                        .setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(ConsumerGroupDescribeHandler.UNDESCRIBABLE_TOPICS)
                        .setMembers(List.of())));
        return CompletableFuture.completedFuture(new ShareGroupDescribeResponse().setGroups(answers));
    }

    private ShareGroupDescribeResponse.Assignment assignment(Set<TopicIdPartition> assigned) {
        List<ShareGroupDescribeResponse.TopicPartitions> tps = new ArrayList<>();
        ShareHandlers.byTopic(assigned)
                .forEach((id, partitions) -> tps.add(new ShareGroupDescribeResponse.TopicPartitions()
                        .setTopicId(id)
                        .setTopicName(topics.topic(id).map(Topic::name).orElse(""))
                        .setPartitions(partitions)));
        return new ShareGroupDescribeResponse.Assignment().setTopicPartitions(tps);
    }

    @Override
    public ShareGroupDescribeResponse errorResponse(
            RequestContext ctx, ShareGroupDescribeRequest request, Errors error) {
        List<ShareGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
        for (String groupId : request.groupIds()) {
            groups.add(new ShareGroupDescribeResponse.DescribedGroup()
                    .setGroupId(groupId)
                    .setErrorCode(error.code()));
        }
        return new ShareGroupDescribeResponse().setGroups(groups);
    }
}
