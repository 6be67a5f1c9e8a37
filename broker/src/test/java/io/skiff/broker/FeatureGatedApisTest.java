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
package io.skiff.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.AlterShareGroupOffsetsRequestData;
import org.apache.kafka.common.message.AlterShareGroupOffsetsResponseData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.message.DeleteShareGroupOffsetsRequestData;
import org.apache.kafka.common.message.DeleteShareGroupOffsetsResponseData;
import org.apache.kafka.common.message.DescribeShareGroupOffsetsRequestData;
import org.apache.kafka.common.message.DescribeShareGroupOffsetsResponseData;
import org.apache.kafka.common.message.ShareAcknowledgeRequestData;
import org.apache.kafka.common.message.ShareAcknowledgeResponseData;
import org.apache.kafka.common.message.ShareFetchRequestData;
import org.apache.kafka.common.message.ShareFetchResponseData;
import org.apache.kafka.common.message.ShareGroupDescribeRequestData;
import org.apache.kafka.common.message.ShareGroupDescribeResponseData;
import org.apache.kafka.common.message.ShareGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ShareGroupHeartbeatResponseData;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeResponseData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatRequestData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AlterShareGroupOffsetsRequest;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatRequest;
import org.apache.kafka.common.requests.DeleteShareGroupOffsetsRequest;
import org.apache.kafka.common.requests.DescribeShareGroupOffsetsRequest;
import org.apache.kafka.common.requests.ShareAcknowledgeRequest;
import org.apache.kafka.common.requests.ShareFetchRequest;
import org.apache.kafka.common.requests.ShareGroupDescribeRequest;
import org.apache.kafka.common.requests.ShareGroupHeartbeatRequest;
import org.apache.kafka.common.requests.StreamsGroupDescribeRequest;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code share.version} and {@code streams.version} finalized at 0 (UpdateFeatures, as {@code kafka-features disable}
 * leaves them) refuse every API of their group kind with the answer Kafka 4.4 gives (recorded from a real Kafka 4.4.0
 * with the features disabled): its error response with UNSUPPORTED_VERSION, before any other check. Finalized again,
 * the APIs serve the groups they kept; share sessions were closed when share.version was turned off.
 */
class FeatureGatedApisTest {

    private static final short UNSUPPORTED = Errors.UNSUPPORTED_VERSION.code();

    private SkiffServer server;
    private final String streamsMember = Uuid.randomUuid().toString();

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void shareVersionZeroRefusesEveryShareApiAndFinalizedAgainServesTheGroup() throws Exception {
        server = SkiffServer.builder().start();
        server.createTopic("fg", 1);
        Uuid topicId = topicId();
        String member = Uuid.randomUuid().toString();
        assertEquals(Errors.NONE.code(), shareHeartbeat(member).errorCode());
        assertEquals(Errors.NONE.code(), shareFetch(member, topicId).errorCode(), "opens a share session");
        assertEquals(Errors.NONE.code(), continueSession(member, 1).errorCode());

        setLevel("share.version", 0);
        assertEquals(new ShareGroupHeartbeatResponseData().setErrorCode(UNSUPPORTED), shareHeartbeat(member));
        assertEquals(
                new ShareGroupDescribeResponseData()
                        .setGroups(List.of(
                                new ShareGroupDescribeResponseData.DescribedGroup()
                                        .setGroupId("fg-share")
                                        .setErrorCode(UNSUPPORTED),
                                new ShareGroupDescribeResponseData.DescribedGroup()
                                        .setGroupId("nope")
                                        .setErrorCode(UNSUPPORTED))),
                shareDescribe());
        assertEquals(new ShareFetchResponseData().setErrorCode(UNSUPPORTED), shareFetch(member, topicId));
        assertEquals(new ShareAcknowledgeResponseData().setErrorCode(UNSUPPORTED), shareAcknowledge(member, topicId));
        assertEquals(
                new DescribeShareGroupOffsetsResponseData()
                        .setGroups(List.of(
                                new DescribeShareGroupOffsetsResponseData.DescribeShareGroupOffsetsResponseGroup()
                                        .setGroupId("fg-share")
                                        .setErrorCode(UNSUPPORTED),
                                new DescribeShareGroupOffsetsResponseData.DescribeShareGroupOffsetsResponseGroup()
                                        .setGroupId("all")
                                        .setErrorCode(UNSUPPORTED))),
                describeOffsets());
        String message = "The version of API is not supported.";
        assertEquals(
                new AlterShareGroupOffsetsResponseData()
                        .setErrorCode(UNSUPPORTED)
                        .setErrorMessage(message),
                alterOffsets());
        assertEquals(
                new DeleteShareGroupOffsetsResponseData()
                        .setErrorCode(UNSUPPORTED)
                        .setErrorMessage(message),
                deleteOffsets());
        assertEquals(Errors.NONE.code(), streamsHeartbeat().errorCode(), "streams.version is still 1");

        setLevel("share.version", 2);
        assertEquals(
                Errors.SHARE_SESSION_NOT_FOUND.code(),
                continueSession(member, 2).errorCode(),
                "turning the feature off closed the share sessions, as on Kafka 4.4");
        assertEquals(Errors.NONE.code(), shareHeartbeat(member).errorCode());
        ShareGroupDescribeResponseData.DescribedGroup group =
                shareDescribe().groups().get(0);
        assertEquals(Errors.NONE.code(), group.errorCode());
        assertEquals(
                List.of(member), group.members().stream().map(m -> m.memberId()).toList(), "the group kept its member");
        assertEquals(Errors.NONE.code(), shareFetch(member, topicId).errorCode());
        assertEquals(Errors.NONE.code(), describeOffsets().groups().get(0).errorCode());
        assertEquals(Errors.NON_EMPTY_GROUP.code(), alterOffsets().errorCode());
        assertEquals(Errors.NON_EMPTY_GROUP.code(), deleteOffsets().errorCode());
    }

    @Test
    void streamsVersionZeroRefusesBothStreamsApisAndFinalizedAgainServesTheGroup() throws Exception {
        server = SkiffServer.builder().start();
        server.createTopic("fg", 1);
        assertEquals(Errors.NONE.code(), streamsHeartbeat().errorCode());

        setLevel("streams.version", 0);
        assertStreamsApisRefused();
        assertNotEquals(UNSUPPORTED, shareDescribe().groups().get(0).errorCode(), "share.version is still 2");

        setLevel("streams.version", 1);
        StreamsGroupDescribeResponseData.DescribedGroup group = streamsDescribe().groups().stream()
                .filter(g -> g.groupId().equals("fg-streams"))
                .findFirst()
                .orElseThrow();
        assertEquals(Errors.NONE.code(), group.errorCode());
        assertEquals(1, group.members().size(), "the group kept its member");
        assertEquals(Errors.NONE.code(), streamsHeartbeat().errorCode());
    }

    @Test
    void streamsAndConsumerLeftOutOfTheRebalanceProtocolsAreAdvertisedButRefused() throws Exception {
        // Kafka 4.4 checks group.coordinator.rebalance.protocols next to the feature level, and keeps advertising
        // the APIs and the features (RebalanceProtocolsCompatTest compares this with a real Kafka 4.4).
        server = SkiffServer.builder()
                .config("group.coordinator.rebalance.protocols", "classic")
                .start();
        server.createTopic("fg", 1);
        ApiVersionsResponseData versions = send(new ApiVersionsRequest.Builder().build((short) 3));
        for (ApiKeys api : List.of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                ApiKeys.CONSUMER_GROUP_DESCRIBE,
                ApiKeys.STREAMS_GROUP_HEARTBEAT,
                ApiKeys.STREAMS_GROUP_DESCRIBE)) {
            assertNotNull(versions.apiKeys().find(api.id), api + " advertised");
        }
        assertEquals(1, versions.finalizedFeatures().find("streams.version").maxVersionLevel());
        assertEquals(1, versions.finalizedFeatures().find("group.version").maxVersionLevel());
        assertStreamsApisRefused();
        ConsumerGroupHeartbeatResponseData consumer =
                send(new ConsumerGroupHeartbeatRequest.Builder(new ConsumerGroupHeartbeatRequestData()
                                .setGroupId("fg-consumer")
                                .setMemberId(Uuid.randomUuid().toString())
                                .setMemberEpoch(0)
                                .setRebalanceTimeoutMs(30_000)
                                .setSubscribedTopicNames(List.of("fg"))
                                .setTopicPartitions(List.of()))
                        .build((short) 1));
        assertEquals(new ConsumerGroupHeartbeatResponseData().setErrorCode(UNSUPPORTED), consumer);
    }

    @Test
    void aPersonalityThatDidNotFinalizeShareVersionServesTheShareApisOnceItIsFinalized() throws Exception {
        server = SkiffServer.builder().emulateKafkaVersion("4.1").start();
        assertEquals(UNSUPPORTED, shareDescribe().groups().get(0).errorCode(), "Kafka 4.1 finalizes share.version 0");
        setLevel("share.version", 1);
        assertNotEquals(UNSUPPORTED, shareDescribe().groups().get(0).errorCode());
    }

    private void setLevel(String feature, int level) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            FeatureUpdate update = new FeatureUpdate(
                    (short) level,
                    level == 0 ? FeatureUpdate.UpgradeType.SAFE_DOWNGRADE : FeatureUpdate.UpgradeType.UPGRADE);
            admin.updateFeatures(Map.of(feature, update), new UpdateFeaturesOptions())
                    .all()
                    .get();
        }
    }

    private Uuid topicId() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", server.bootstrapServers()))) {
            return admin.describeTopics(List.of("fg"))
                    .allTopicNames()
                    .get()
                    .get("fg")
                    .topicId();
        }
    }

    private ShareGroupHeartbeatResponseData shareHeartbeat(String member) throws IOException {
        return send(new ShareGroupHeartbeatRequest.Builder(new ShareGroupHeartbeatRequestData()
                        .setGroupId("fg-share")
                        .setMemberId(member)
                        .setMemberEpoch(0)
                        .setSubscribedTopicNames(List.of("fg")))
                .build((short) 1));
    }

    private ShareGroupDescribeResponseData shareDescribe() throws IOException {
        return send(new ShareGroupDescribeRequest.Builder(new ShareGroupDescribeRequestData()
                        .setGroupIds(List.of("fg-share", "nope"))
                        .setIncludeAuthorizedOperations(true))
                .build((short) 1));
    }

    private ShareFetchResponseData shareFetch(String member, Uuid topicId) throws IOException {
        ShareFetchRequestData.FetchTopicCollection topics = new ShareFetchRequestData.FetchTopicCollection();
        ShareFetchRequestData.FetchPartitionCollection partitions =
                new ShareFetchRequestData.FetchPartitionCollection();
        partitions.add(new ShareFetchRequestData.FetchPartition().setPartitionIndex(0));
        topics.add(new ShareFetchRequestData.FetchTopic().setTopicId(topicId).setPartitions(partitions));
        return send(new ShareFetchRequest.Builder(new ShareFetchRequestData()
                        .setGroupId("fg-share")
                        .setMemberId(member)
                        .setShareSessionEpoch(0)
                        .setMaxWaitMs(0)
                        .setMinBytes(1)
                        .setMaxBytes(1000)
                        .setMaxRecords(10)
                        .setBatchSize(10)
                        .setTopics(topics))
                .build((short) 2));
    }

    /** A ShareFetch in the member's open share session, at {@code epoch}. */
    private ShareFetchResponseData continueSession(String member, int epoch) throws IOException {
        return send(new ShareFetchRequest.Builder(new ShareFetchRequestData()
                        .setGroupId("fg-share")
                        .setMemberId(member)
                        .setShareSessionEpoch(epoch)
                        .setMaxWaitMs(0)
                        .setMinBytes(1)
                        .setMaxBytes(1000)
                        .setMaxRecords(10)
                        .setBatchSize(10))
                .build((short) 2));
    }

    private ShareAcknowledgeResponseData shareAcknowledge(String member, Uuid topicId) throws IOException {
        ShareAcknowledgeRequestData.AcknowledgePartitionCollection partitions =
                new ShareAcknowledgeRequestData.AcknowledgePartitionCollection();
        partitions.add(new ShareAcknowledgeRequestData.AcknowledgePartition()
                .setPartitionIndex(0)
                .setAcknowledgementBatches(List.of(new ShareAcknowledgeRequestData.AcknowledgementBatch()
                        .setFirstOffset(0)
                        .setLastOffset(0)
                        .setAcknowledgeTypes(List.of((byte) 1)))));
        ShareAcknowledgeRequestData.AcknowledgeTopicCollection topics =
                new ShareAcknowledgeRequestData.AcknowledgeTopicCollection();
        topics.add(new ShareAcknowledgeRequestData.AcknowledgeTopic()
                .setTopicId(topicId)
                .setPartitions(partitions));
        return send(new ShareAcknowledgeRequest.Builder(new ShareAcknowledgeRequestData()
                        .setGroupId("fg-share")
                        .setMemberId(member)
                        .setShareSessionEpoch(1)
                        .setTopics(topics))
                .build((short) 2));
    }

    private DescribeShareGroupOffsetsResponseData describeOffsets() throws IOException {
        return send(new DescribeShareGroupOffsetsRequest.Builder(new DescribeShareGroupOffsetsRequestData()
                        .setGroups(List.of(
                                new DescribeShareGroupOffsetsRequestData.DescribeShareGroupOffsetsRequestGroup()
                                        .setGroupId("fg-share")
                                        .setTopics(List.of(
                                                new DescribeShareGroupOffsetsRequestData
                                                                .DescribeShareGroupOffsetsRequestTopic()
                                                        .setTopicName("fg")
                                                        .setPartitions(List.of(0)))),
                                new DescribeShareGroupOffsetsRequestData.DescribeShareGroupOffsetsRequestGroup()
                                        .setGroupId("all")
                                        .setTopics(null))))
                .build((short) 1));
    }

    private AlterShareGroupOffsetsResponseData alterOffsets() throws IOException {
        AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestTopicCollection topics =
                new AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestTopicCollection();
        topics.add(new AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestTopic()
                .setTopicName("fg")
                .setPartitions(List.of(new AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestPartition()
                        .setPartitionIndex(0)
                        .setStartOffset(0))));
        return send(new AlterShareGroupOffsetsRequest.Builder(new AlterShareGroupOffsetsRequestData()
                        .setGroupId("fg-share")
                        .setTopics(topics))
                .build((short) 0));
    }

    private DeleteShareGroupOffsetsResponseData deleteOffsets() throws IOException {
        return send(new DeleteShareGroupOffsetsRequest.Builder(new DeleteShareGroupOffsetsRequestData()
                        .setGroupId("fg-share")
                        .setTopics(List.of(new DeleteShareGroupOffsetsRequestData.DeleteShareGroupOffsetsRequestTopic()
                                .setTopicName("fg"))))
                .build((short) 0));
    }

    /** Both streams group APIs answer Kafka 4.4's UNSUPPORTED_VERSION, with every described group named. */
    private void assertStreamsApisRefused() throws Exception {
        assertEquals(
                new StreamsGroupHeartbeatResponseData()
                        .setErrorCode(UNSUPPORTED)
                        .setMemberId(""),
                streamsHeartbeat());
        assertEquals(
                new StreamsGroupDescribeResponseData()
                        .setGroups(List.of(
                                new StreamsGroupDescribeResponseData.DescribedGroup()
                                        .setGroupId("fg-streams")
                                        .setErrorCode(UNSUPPORTED),
                                new StreamsGroupDescribeResponseData.DescribedGroup()
                                        .setGroupId("nope")
                                        .setErrorCode(UNSUPPORTED))),
                streamsDescribe());
    }

    private StreamsGroupHeartbeatResponseData streamsHeartbeat() throws IOException {
        return send(new StreamsGroupHeartbeatRequest.Builder(new StreamsGroupHeartbeatRequestData()
                        .setGroupId("fg-streams")
                        .setMemberId(streamsMember)
                        .setMemberEpoch(0)
                        .setRebalanceTimeoutMs(30_000)
                        .setActiveTasks(List.of())
                        .setStandbyTasks(List.of())
                        .setWarmupTasks(List.of())
                        .setTopology(new StreamsGroupHeartbeatRequestData.Topology()
                                .setEpoch(0)
                                .setSubtopologies(List.of(new StreamsGroupHeartbeatRequestData.Subtopology()
                                        .setSubtopologyId("0")
                                        .setSourceTopics(List.of("fg"))))))
                .build((short) 1));
    }

    private StreamsGroupDescribeResponseData streamsDescribe() throws IOException {
        return send(new StreamsGroupDescribeRequest.Builder(new StreamsGroupDescribeRequestData()
                        .setGroupIds(List.of("fg-streams", "nope"))
                        .setIncludeAuthorizedOperations(true))
                .build((short) 1));
    }

    /** Sends one request over a fresh connection; the answer's data. */
    @SuppressWarnings("unchecked")
    private <T extends ApiMessage> T send(AbstractRequest request) throws IOException {
        return (T) NodeRequests.send(server, request).data();
    }
}
