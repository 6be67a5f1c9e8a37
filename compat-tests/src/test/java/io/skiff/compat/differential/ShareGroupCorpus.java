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
package io.skiff.compat.differential;

import static io.skiff.compat.differential.DifferentialCase.of;
import static io.skiff.compat.differential.HandWrittenCorpus.list;

import io.skiff.protocol.message.AlterShareGroupOffsetsRequest;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupDescribeRequest;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.DeleteShareGroupOffsetsRequest;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.DescribeShareGroupOffsetsRequest;
import io.skiff.protocol.message.HeartbeatRequest;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetDeleteRequest;
import io.skiff.protocol.message.ShareAcknowledgeRequest;
import io.skiff.protocol.message.ShareFetchRequest;
import io.skiff.protocol.message.ShareGroupDescribeRequest;
import io.skiff.protocol.message.ShareGroupHeartbeatRequest;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.SyncGroupRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Share groups (KIP-932) in the hand-written corpus ({@link HandWrittenCorpus}): the other group APIs on a share
 * group's id and ShareGroupHeartbeat on a consumer or classic group's id (each refused as Kafka 4.4 refuses it), and
 * the edge cases of the share APIs: unknown groups and members, wrong member and session epochs, unknown topic ids,
 * acknowledgements without a session, offsets of groups that are not empty or not share groups.
 *
 * <p>The share group's member subscribes to a topic that does not exist, so that neither broker assigns it anything:
 * Kafka 4.4 initializes share-partitions asynchronously and bumps its epochs when it has, which Skiff does at once.
 * The member stays in the group until the last case, which makes it leave.
 */
final class ShareGroupCorpus {
    static final String SHARE = HandWrittenCorpus.GROUP + "-share";
    private static final String CONSUMER = HandWrittenCorpus.GROUP + "-share-cg";
    private static final String CLASSIC = HandWrittenCorpus.GROUP + "-share-classic";
    private static final String MEMBER = "hw-share-member-000000";
    private static final String CG_MEMBER = "hw-share-cgmember-0000";
    private static final UUID NO_SUCH_TOPIC_ID = new UUID(0x5c1ffL, 0x1d5L);

    private ShareGroupCorpus() {}

    static void add(List<DifferentialCase> cases) {
        cases.add(of(ApiKeys.SHARE_GROUP_HEARTBEAT, "join a new share group", v -> shareJoin(SHARE, MEMBER)));
        otherApisOnTheShareGroup(cases);
        shareHeartbeatOnOtherGroups(cases);
        shareHeartbeat(cases);
        shareDescribe(cases);
        shareFetchAndAcknowledge(cases);
        shareOffsets(cases);
        cases.add(of(
                ApiKeys.SHARE_GROUP_HEARTBEAT,
                "the member leaves the share group",
                v -> new ShareGroupHeartbeatRequest()
                        .setGroupId(SHARE)
                        .setMemberId(MEMBER)
                        .setMemberEpoch(-1)));
        cases.add(of(ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS, "an empty share group", v -> describeOffsets(SHARE)));
    }

    private static ShareGroupHeartbeatRequest shareJoin(String group, String member) {
        return new ShareGroupHeartbeatRequest()
                .setGroupId(group)
                .setMemberId(member)
                .setMemberEpoch(0)
                .setSubscribedTopicNames(list(HandWrittenCorpus.MISSING));
    }

    /** JoinGroup, SyncGroup, Heartbeat, LeaveGroup, offsets and the describes of a share group's id. */
    private static void otherApisOnTheShareGroup(List<DifferentialCase> cases) {
        String on = "a share group's id";
        cases.add(of(ApiKeys.JOIN_GROUP, on, v -> HandWrittenCorpus.join(SHARE, v)));
        cases.add(of(
                ApiKeys.JOIN_GROUP,
                on + ", with a member id",
                v -> HandWrittenCorpus.join(SHARE, v).setMemberId(MEMBER)));
        cases.add(of(
                ApiKeys.SYNC_GROUP,
                on,
                v -> new SyncGroupRequest()
                        .setGroupId(SHARE)
                        .setGenerationId(1)
                        .setMemberId(MEMBER)
                        .setProtocolType("consumer")
                        .setProtocolName("range")));
        cases.add(of(
                ApiKeys.HEARTBEAT,
                on,
                v -> new HeartbeatRequest().setGroupId(SHARE).setGenerationId(1).setMemberId(MEMBER)));
        cases.add(of(
                ApiKeys.LEAVE_GROUP,
                on,
                v -> new LeaveGroupRequest()
                        .setGroupId(SHARE)
                        .setMemberId(MEMBER)
                        .setMembers(list(new LeaveGroupRequest.MemberIdentity().setMemberId(MEMBER)))));
        cases.add(of(ApiKeys.OFFSET_COMMIT, on + ", simple commit", v -> commit(SHARE, -1, "")));
        cases.add(of(ApiKeys.OFFSET_COMMIT, on + ", as its member", v -> commit(SHARE, 1, MEMBER)));
        cases.add(of(ApiKeys.OFFSET_FETCH, on, v -> HandWrittenCorpus.offsetFetch(SHARE, v)));
        cases.add(of(
                ApiKeys.OFFSET_DELETE,
                on,
                v -> new OffsetDeleteRequest()
                        .setGroupId(SHARE)
                        .setTopics(list(new OffsetDeleteRequest.OffsetDeleteRequestTopic()
                                .setName(HandWrittenCorpus.TOPIC)
                                .setPartitions(list(new OffsetDeleteRequest.OffsetDeleteRequestPartition()
                                        .setPartitionIndex(0)))))));
        cases.add(of(ApiKeys.DESCRIBE_GROUPS, on, v -> new DescribeGroupsRequest().setGroups(list(SHARE))));
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "join " + on,
                v -> GroupRequests.consumerJoin(SHARE, CG_MEMBER, HandWrittenCorpus.TOPIC)));
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "heartbeat in " + on,
                v -> new ConsumerGroupHeartbeatRequest()
                        .setGroupId(SHARE)
                        .setMemberId(MEMBER)
                        .setMemberEpoch(1)));
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_DESCRIBE, on, v -> new ConsumerGroupDescribeRequest().setGroupIds(list(SHARE))));
        cases.add(of(
                ApiKeys.STREAMS_GROUP_DESCRIBE, on, v -> new StreamsGroupDescribeRequest().setGroupIds(list(SHARE))));
    }

    /** A commit of offset 1 for partition 0 of the corpus's topic. */
    private static OffsetCommitRequest commit(String group, int generation, String member) {
        return GroupRequests.commit(group, generation, member, HandWrittenCorpus.TOPIC, 1, 0);
    }

    /** ShareGroupHeartbeat and the share describes on the id of a consumer group and of a classic group. */
    private static void shareHeartbeatOnOtherGroups(List<DifferentialCase> cases) {
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "join a consumer group (for the share APIs)",
                v -> GroupRequests.consumerJoin(CONSUMER, CG_MEMBER, HandWrittenCorpus.MISSING)));
        cases.add(of(
                ApiKeys.OFFSET_COMMIT,
                "simple commit that makes a classic group (for the share APIs)",
                v -> commit(CLASSIC, -1, "")));
        for (String group : List.of(CONSUMER, CLASSIC)) {
            String kind = group.equals(CONSUMER) ? "a consumer group's id" : "a classic group's id";
            cases.add(of(ApiKeys.SHARE_GROUP_HEARTBEAT, "join " + kind, v -> shareJoin(group, MEMBER)));
            cases.add(of(
                    ApiKeys.SHARE_GROUP_HEARTBEAT,
                    "heartbeat in " + kind,
                    v -> new ShareGroupHeartbeatRequest()
                            .setGroupId(group)
                            .setMemberId(MEMBER)
                            .setMemberEpoch(1)));
            cases.add(of(
                    ApiKeys.SHARE_GROUP_HEARTBEAT,
                    "leave " + kind,
                    v -> new ShareGroupHeartbeatRequest()
                            .setGroupId(group)
                            .setMemberId(MEMBER)
                            .setMemberEpoch(-1)));
            cases.add(of(
                    ApiKeys.SHARE_GROUP_DESCRIBE, kind, v -> new ShareGroupDescribeRequest().setGroupIds(list(group))));
            cases.add(of(ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS, kind, v -> describeOffsets(group)));
            cases.add(of(ApiKeys.ALTER_SHARE_GROUP_OFFSETS, kind, v -> alterOffsets(group, 0, 0)));
            cases.add(of(ApiKeys.DELETE_SHARE_GROUP_OFFSETS, kind, v -> deleteOffsets(group)));
        }
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "leave the consumer group (for the share APIs)",
                v -> new ConsumerGroupHeartbeatRequest()
                        .setGroupId(CONSUMER)
                        .setMemberId(CG_MEMBER)
                        .setMemberEpoch(-1)));
    }

    private static void shareHeartbeat(List<DifferentialCase> cases) {
        ApiKeys api = ApiKeys.SHARE_GROUP_HEARTBEAT;
        cases.add(of(api, "a greater member epoch", v -> heartbeat(MEMBER, 7)));
        cases.add(of(api, "epoch 0 without topics from a member", v -> heartbeat(MEMBER, 0)));
        cases.add(of(api, "an unknown member", v -> heartbeat("hw-share-nobody-000000", 1)));
        cases.add(of(api, "an unknown member leaves", v -> heartbeat("hw-share-nobody-000000", -1)));
        cases.add(of(api, "epoch -2", v -> heartbeat(MEMBER, -2)));
        cases.add(of(api, "an empty member id", v -> heartbeat("", 1)));
        cases.add(of(api, "an empty rack id", v -> heartbeat(MEMBER, 1).setRackId("")));
        cases.add(of(
                api,
                "a join without topics",
                v -> shareJoin(SHARE + "-new", MEMBER).setSubscribedTopicNames(null)));
        cases.add(of(
                api,
                "a join with an empty topic list",
                v -> shareJoin(SHARE + "-new", MEMBER).setSubscribedTopicNames(new ArrayList<>())));
        cases.add(of(api, "an empty group id", v -> shareJoin("", MEMBER)));
        cases.add(of(
                api,
                "a heartbeat in an unknown group",
                v -> heartbeat(MEMBER, 1).setGroupId(SHARE + "-none")));
        cases.add(of(
                api, "a leave of an unknown group", v -> heartbeat(MEMBER, -1).setGroupId(SHARE + "-none")));
    }

    private static ShareGroupHeartbeatRequest heartbeat(String member, int epoch) {
        return new ShareGroupHeartbeatRequest()
                .setGroupId(SHARE)
                .setMemberId(member)
                .setMemberEpoch(epoch);
    }

    private static void shareDescribe(List<DifferentialCase> cases) {
        ApiKeys api = ApiKeys.SHARE_GROUP_DESCRIBE;
        cases.add(of(
                api,
                "unknown, empty and duplicate",
                v -> new ShareGroupDescribeRequest().setGroupIds(list(SHARE + "-none", "", SHARE + "-none"))));
        cases.add(of(
                api,
                "a share group with its member, and authorized operations",
                v -> new ShareGroupDescribeRequest().setGroupIds(list(SHARE)).setIncludeAuthorizedOperations(true)));
    }

    private static void shareFetchAndAcknowledge(List<DifferentialCase> cases) {
        cases.add(of(
                ApiKeys.SHARE_ACKNOWLEDGE,
                "no share session (epoch 1)",
                v -> new ShareAcknowledgeRequest()
                        .setGroupId(SHARE)
                        .setMemberId(MEMBER)
                        .setShareSessionEpoch(1)));
        cases.add(of(
                ApiKeys.SHARE_ACKNOWLEDGE,
                "epoch 0 (acknowledgements need a session)",
                v -> new ShareAcknowledgeRequest()
                        .setGroupId(SHARE)
                        .setMemberId(MEMBER)
                        .setShareSessionEpoch(0)));
        cases.add(of(ApiKeys.SHARE_FETCH, "no share session (epoch 3)", v -> fetch(SHARE, MEMBER, 3)));
        cases.add(of(
                ApiKeys.SHARE_FETCH,
                "closing a session that does not exist (epoch -1)",
                v -> fetch(SHARE, MEMBER, -1)));
        cases.add(of(ApiKeys.SHARE_FETCH, "an empty group id", v -> fetch("", MEMBER, 0)));
        cases.add(of(ApiKeys.SHARE_FETCH, "an empty member id", v -> fetch(SHARE, "", 0)));
        cases.add(of(
                ApiKeys.SHARE_FETCH,
                "an unknown topic id, opening a session",
                v -> fetch(SHARE, MEMBER, 0)
                        .setTopics(list(new ShareFetchRequest.FetchTopic()
                                .setTopicId(NO_SUCH_TOPIC_ID)
                                .setPartitions(list(new ShareFetchRequest.FetchPartition().setPartitionIndex(0)))))));
        cases.add(of(
                ApiKeys.SHARE_FETCH,
                "the session's next epoch, forgetting the unknown topic",
                v -> fetch(SHARE, MEMBER, 1)
                        .setForgottenTopicsData(list(new ShareFetchRequest.ForgottenTopic()
                                .setTopicId(NO_SUCH_TOPIC_ID)
                                .setPartitions(list(0))))));
        cases.add(of(ApiKeys.SHARE_FETCH, "a stale session epoch", v -> fetch(SHARE, MEMBER, 1)));
        cases.add(of(
                ApiKeys.SHARE_ACKNOWLEDGE,
                "a wrong session epoch",
                v -> new ShareAcknowledgeRequest()
                        .setGroupId(SHARE)
                        .setMemberId(MEMBER)
                        .setShareSessionEpoch(9)));
        cases.add(of(ApiKeys.SHARE_FETCH, "closing the session", v -> fetch(SHARE, MEMBER, -1)));
    }

    private static ShareFetchRequest fetch(String group, String member, int epoch) {
        return new ShareFetchRequest()
                .setGroupId(group)
                .setMemberId(member)
                .setShareSessionEpoch(epoch)
                .setMaxWaitMs(0)
                .setMinBytes(1)
                .setMaxRecords(500)
                .setBatchSize(500);
    }

    private static void shareOffsets(List<DifferentialCase> cases) {
        cases.add(of(
                ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS,
                "unknown group, unknown topic and the share group",
                v -> new DescribeShareGroupOffsetsRequest()
                        .setGroups(list(
                                describeOffsets(SHARE + "-none").groups().get(0),
                                new DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup()
                                        .setGroupId(SHARE)
                                        .setTopics(list(
                                                new DescribeShareGroupOffsetsRequest
                                                                .DescribeShareGroupOffsetsRequestTopic()
                                                        .setTopicName(HandWrittenCorpus.MISSING)
                                                        .setPartitions(list(0))))))));
        cases.add(of(
                ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS,
                "every topic of the share group",
                v -> new DescribeShareGroupOffsetsRequest()
                        .setGroups(list(new DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup()
                                .setGroupId(SHARE)
                                .setTopics(null)))));
        cases.add(of(ApiKeys.ALTER_SHARE_GROUP_OFFSETS, "a share group with a member", v -> alterOffsets(SHARE, 0, 0)));
        cases.add(of(ApiKeys.ALTER_SHARE_GROUP_OFFSETS, "an unknown group", v -> alterOffsets(SHARE + "-none", 0, 0)));
        cases.add(of(ApiKeys.DELETE_SHARE_GROUP_OFFSETS, "a share group with a member", v -> deleteOffsets(SHARE)));
        cases.add(of(ApiKeys.DELETE_SHARE_GROUP_OFFSETS, "an unknown group", v -> deleteOffsets(SHARE + "-none")));
    }

    private static DescribeShareGroupOffsetsRequest describeOffsets(String group) {
        return new DescribeShareGroupOffsetsRequest()
                .setGroups(list(new DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup()
                        .setGroupId(group)
                        .setTopics(list(new DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestTopic()
                                .setTopicName(HandWrittenCorpus.TOPIC)
                                .setPartitions(list(0))))));
    }

    private static AlterShareGroupOffsetsRequest alterOffsets(String group, int partition, long offset) {
        return new AlterShareGroupOffsetsRequest()
                .setGroupId(group)
                .setTopics(list(new AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestTopic()
                        .setTopicName(HandWrittenCorpus.TOPIC)
                        .setPartitions(list(new AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestPartition()
                                .setPartitionIndex(partition)
                                .setStartOffset(offset)))));
    }

    private static DeleteShareGroupOffsetsRequest deleteOffsets(String group) {
        return new DeleteShareGroupOffsetsRequest()
                .setGroupId(group)
                .setTopics(list(new DeleteShareGroupOffsetsRequest.DeleteShareGroupOffsetsRequestTopic()
                        .setTopicName(HandWrittenCorpus.TOPIC)));
    }
}
