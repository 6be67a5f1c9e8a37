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
package io.skiff.compat;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.AlterShareGroupOffsetsRequestData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.DeleteShareGroupOffsetsRequestData;
import org.apache.kafka.common.message.DescribeShareGroupOffsetsRequestData;
import org.apache.kafka.common.message.ListGroupsRequestData;
import org.apache.kafka.common.message.ShareAcknowledgeRequestData;
import org.apache.kafka.common.message.ShareFetchRequestData;
import org.apache.kafka.common.message.ShareGroupDescribeRequestData;
import org.apache.kafka.common.message.ShareGroupDescribeResponseData;
import org.apache.kafka.common.message.ShareGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ShareGroupHeartbeatResponseData;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeResponseData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatResponseData;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.AlterShareGroupOffsetsRequest;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.apache.kafka.common.requests.DeleteShareGroupOffsetsRequest;
import org.apache.kafka.common.requests.DescribeShareGroupOffsetsRequest;
import org.apache.kafka.common.requests.ListGroupsRequest;
import org.apache.kafka.common.requests.ListGroupsResponse;
import org.apache.kafka.common.requests.ShareAcknowledgeRequest;
import org.apache.kafka.common.requests.ShareFetchRequest;
import org.apache.kafka.common.requests.ShareFetchResponse;
import org.apache.kafka.common.requests.ShareGroupDescribeRequest;
import org.apache.kafka.common.requests.ShareGroupDescribeResponse;
import org.apache.kafka.common.requests.ShareGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ShareGroupHeartbeatResponse;
import org.apache.kafka.common.requests.StreamsGroupDescribeRequest;
import org.apache.kafka.common.requests.StreamsGroupDescribeResponse;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatRequest;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatResponse;
import org.junit.jupiter.api.Test;

/**
 * {@code share.version} and {@code streams.version} disabled (UpdateFeatures, as {@code kafka-features disable} does)
 * on Skiff and on a Kafka 4.4.0 of this test's own — disabling them on the shared one would leak into the other test
 * classes — and every share and streams group API sent to both: the answers must be the same (UNSUPPORTED_VERSION in
 * each API's error response), ApiVersions must still advertise the APIs without finalizing the features, ListGroups
 * must still list the groups, and once the
 * features are finalized again both serve the groups they kept (but not the share sessions opened before). Skiff's
 * levels are restored whatever happens.
 */
@Skiff
class FeatureGateCompatTest {
    private static final String TOPIC = "feature-gates";
    private static final String SHARE_GROUP = "feature-gates-share";
    private static final String STREAMS_GROUP = "feature-gates-streams";

    /** Filled by the extension. */
    static SkiffServer skiff;

    @Test
    void disabledShareAndStreamsVersionsRefuseEveryApiAsKafkaDoes() throws Exception {
        List<String> onKafka;
        try (RealKafka.Dedicated kafka = RealKafka.dedicated()) {
            onKafka = transcript(kafka.kafka().host(), kafka.kafka().port());
        }
        List<String> onSkiff;
        try {
            onSkiff = transcript("127.0.0.1", skiff.port());
        } finally {
            restore(skiff.bootstrapServers());
        }
        assertEquals(String.join("\n", onKafka), String.join("\n", onSkiff));
    }

    /** What a broker answers with both features disabled, and then finalized again. */
    private static List<String> transcript(String host, int port) throws Exception {
        String bootstrap = host + ":" + port;
        List<String> out = new ArrayList<>();
        Uuid topicId;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
            topicId = admin.describeTopics(List.of(TOPIC))
                    .allTopicNames()
                    .get()
                    .get(TOPIC)
                    .topicId();
        }
        String shareMember = Uuid.randomUuid().toString();
        String streamsMember = Uuid.randomUuid().toString();
        try (RawKafkaConnection c = new RawKafkaConnection(host, port)) {
            out.add("joined share "
                    + RawGroupRequests.awaitCoordinator(
                                    c, SHARE_GROUP, () -> shareHeartbeat(c, shareMember), r -> r.errorCode())
                            .errorCode());
            out.add("joined streams "
                    + RawGroupRequests.awaitCoordinator(
                                    c, STREAMS_GROUP, () -> streamsHeartbeat(c, streamsMember), r -> r.errorCode())
                            .errorCode());

            out.add("share session opened "
                    + c.<ShareFetchResponse>send(
                                    new ShareFetchRequest.Builder(shareFetch(shareMember, topicId)).build((short) 2))
                            .data()
                            .errorCode());
            setLevels(bootstrap, c, 0, 0);
            out.add("ShareGroupHeartbeat " + shareHeartbeat(c, shareMember));
            out.add("ShareGroupDescribe " + shareDescribe(c));
            out.add("ShareFetch "
                    + data(c.send(new ShareFetchRequest.Builder(shareFetch(shareMember, topicId)).build((short) 2))));
            out.add("ShareAcknowledge "
                    + data(c.send(new ShareAcknowledgeRequest.Builder(shareAcknowledge(shareMember, topicId))
                            .build((short) 2))));
            out.add("DescribeShareGroupOffsets "
                    + data(c.send(new DescribeShareGroupOffsetsRequest.Builder(describeOffsets()).build((short) 1))));
            out.add("AlterShareGroupOffsets "
                    + data(c.send(new AlterShareGroupOffsetsRequest.Builder(alterOffsets()).build((short) 0))));
            out.add("DeleteShareGroupOffsets "
                    + data(c.send(new DeleteShareGroupOffsetsRequest.Builder(deleteOffsets()).build((short) 0))));
            out.add("StreamsGroupHeartbeat " + streamsHeartbeat(c, streamsMember));
            out.add("StreamsGroupDescribe " + streamsDescribe(c));
            out.add("ApiVersions " + apiVersions(c));
            out.add("ListGroups share " + listed(c, "share"));
            out.add("ListGroups streams " + listed(c, "streams"));

            setLevels(bootstrap, c, 2, 1);
            out.add("share session continued "
                    + c.<ShareFetchResponse>send(
                                    new ShareFetchRequest.Builder(continueSession(shareMember)).build((short) 2))
                            .data()
                            .errorCode());
            ShareGroupDescribeResponseData.DescribedGroup share = shareDescribe(c).groups().stream()
                    .filter(g -> g.groupId().equals(SHARE_GROUP))
                    .findFirst()
                    .orElseThrow();
            out.add("share group again: error " + share.errorCode() + ", state " + share.groupState() + ", members "
                    + share.members().stream()
                            .map(m -> m.memberId().equals(shareMember))
                            .toList());
            StreamsGroupDescribeResponseData.DescribedGroup streams = streamsDescribe(c).groups().stream()
                    .filter(g -> g.groupId().equals(STREAMS_GROUP))
                    .findFirst()
                    .orElseThrow();
            out.add("streams group again: error " + streams.errorCode() + ", members "
                    + streams.members().stream()
                            .map(m -> m.memberId().equals(streamsMember))
                            .toList());
            out.add("ApiVersions again " + apiVersions(c));
        }
        return out;
    }

    /**
     * Finalizes the levels and waits until the broker applies them: Kafka's controller commits them at once, its broker
     * learns them from the metadata log a moment later (ApiVersions then shows them).
     */
    private static void setLevels(String bootstrap, RawKafkaConnection c, int share, int streams) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.updateFeatures(
                            Map.of("share.version", update(share), "streams.version", update(streams)),
                            new UpdateFeaturesOptions())
                    .all()
                    .get();
        }
        Set<String> expected = new TreeSet<>();
        if (share > 0) {
            expected.add("share.version=" + share);
        }
        if (streams > 0) {
            expected.add("streams.version=" + streams);
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> finalized(c).equals(expected));
    }

    private static FeatureUpdate update(int level) {
        return new FeatureUpdate(
                (short) level,
                level == 0 ? FeatureUpdate.UpgradeType.SAFE_DOWNGRADE : FeatureUpdate.UpgradeType.UPGRADE);
    }

    /** Finalizes share.version 2 and streams.version 1 again where a failed transcript left them at 0. */
    private static void restore(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            Map<String, FinalizedVersionRange> finalized =
                    admin.describeFeatures().featureMetadata().get().finalizedFeatures();
            Map<String, FeatureUpdate> updates = new java.util.HashMap<>();
            if (!finalized.containsKey("share.version")) {
                updates.put("share.version", update(2));
            }
            if (!finalized.containsKey("streams.version")) {
                updates.put("streams.version", update(1));
            }
            if (!updates.isEmpty()) {
                admin.updateFeatures(updates, new UpdateFeaturesOptions()).all().get();
            }
        }
    }

    private static String data(AbstractResponse r) {
        return r.data().toString();
    }

    /** The group APIs' advertised ranges, and which of their features are finalized. */
    private static String apiVersions(RawKafkaConnection c) throws Exception {
        ApiVersionsResponse r = c.send(new ApiVersionsRequest.Builder((short) 4).build((short) 4));
        List<String> apis = new ArrayList<>();
        for (ApiVersionsResponseData.ApiVersion v : r.data().apiKeys()) {
            if (Set.of(76, 77, 78, 79, 88, 89, 90, 91, 92).contains((int) v.apiKey())) {
                apis.add(v.apiKey() + ":" + v.minVersion() + "-" + v.maxVersion());
            }
        }
        return apis + " finalized " + finalized(r);
    }

    private static Set<String> finalized(RawKafkaConnection c) throws Exception {
        return finalized(c.<ApiVersionsResponse>send(new ApiVersionsRequest.Builder((short) 4).build((short) 4)));
    }

    /** The finalized levels of share.version and streams.version an ApiVersions answer lists. */
    private static Set<String> finalized(ApiVersionsResponse r) {
        Set<String> finalized = new TreeSet<>();
        r.data().finalizedFeatures().forEach(f -> {
            if (f.name().equals("share.version") || f.name().equals("streams.version")) {
                finalized.add(f.name() + "=" + f.maxVersionLevel());
            }
        });
        return finalized;
    }

    /** This test's groups that ListGroups with a type filter lists, with their types (not gated on Kafka 4.4). */
    private static List<String> listed(RawKafkaConnection c, String type) throws Exception {
        ListGroupsResponse r =
                c.send(new ListGroupsRequest.Builder(new ListGroupsRequestData().setTypesFilter(List.of(type)))
                        .build((short) 5));
        return r.data().groups().stream()
                .filter(g -> g.groupId().equals(SHARE_GROUP) || g.groupId().equals(STREAMS_GROUP))
                .map(g -> g.groupId() + " " + g.groupType() + " " + g.protocolType())
                .toList();
    }

    private static ShareGroupHeartbeatResponseData shareHeartbeat(RawKafkaConnection c, String member)
            throws Exception {
        ShareGroupHeartbeatResponse r =
                c.send(new ShareGroupHeartbeatRequest.Builder(new ShareGroupHeartbeatRequestData()
                                .setGroupId(SHARE_GROUP)
                                .setMemberId(member)
                                .setMemberEpoch(0)
                                .setSubscribedTopicNames(List.of(TOPIC)))
                        .build((short) 1));
        return r.data();
    }

    private static ShareGroupDescribeResponseData shareDescribe(RawKafkaConnection c) throws Exception {
        ShareGroupDescribeResponse r = c.send(new ShareGroupDescribeRequest.Builder(new ShareGroupDescribeRequestData()
                        .setGroupIds(List.of(SHARE_GROUP, "feature-gates-unknown"))
                        .setIncludeAuthorizedOperations(true))
                .build((short) 1));
        return r.data();
    }

    private static ShareFetchRequestData shareFetch(String member, Uuid topicId) {
        ShareFetchRequestData.FetchPartitionCollection partitions =
                new ShareFetchRequestData.FetchPartitionCollection();
        partitions.add(new ShareFetchRequestData.FetchPartition().setPartitionIndex(0));
        ShareFetchRequestData.FetchTopicCollection topics = new ShareFetchRequestData.FetchTopicCollection();
        topics.add(new ShareFetchRequestData.FetchTopic().setTopicId(topicId).setPartitions(partitions));
        return new ShareFetchRequestData()
                .setGroupId(SHARE_GROUP)
                .setMemberId(member)
                .setShareSessionEpoch(0)
                .setMaxWaitMs(0)
                .setMinBytes(1)
                .setMaxBytes(1000)
                .setMaxRecords(10)
                .setBatchSize(10)
                .setTopics(topics);
    }

    /** The next ShareFetch of the session {@link #shareFetch} opened, fetching nothing new. */
    private static ShareFetchRequestData continueSession(String member) {
        return new ShareFetchRequestData()
                .setGroupId(SHARE_GROUP)
                .setMemberId(member)
                .setShareSessionEpoch(1)
                .setMaxWaitMs(0)
                .setMinBytes(1)
                .setMaxBytes(1000)
                .setMaxRecords(10)
                .setBatchSize(10);
    }

    private static ShareAcknowledgeRequestData shareAcknowledge(String member, Uuid topicId) {
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
        return new ShareAcknowledgeRequestData()
                .setGroupId(SHARE_GROUP)
                .setMemberId(member)
                .setShareSessionEpoch(1)
                .setTopics(topics);
    }

    private static DescribeShareGroupOffsetsRequestData describeOffsets() {
        return new DescribeShareGroupOffsetsRequestData()
                .setGroups(List.of(
                        new DescribeShareGroupOffsetsRequestData.DescribeShareGroupOffsetsRequestGroup()
                                .setGroupId(SHARE_GROUP)
                                .setTopics(List.of(
                                        new DescribeShareGroupOffsetsRequestData.DescribeShareGroupOffsetsRequestTopic()
                                                .setTopicName(TOPIC)
                                                .setPartitions(List.of(0)))),
                        new DescribeShareGroupOffsetsRequestData.DescribeShareGroupOffsetsRequestGroup()
                                .setGroupId("feature-gates-all")
                                .setTopics(null)));
    }

    private static AlterShareGroupOffsetsRequestData alterOffsets() {
        AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestTopicCollection topics =
                new AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestTopicCollection();
        topics.add(new AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestTopic()
                .setTopicName(TOPIC)
                .setPartitions(List.of(new AlterShareGroupOffsetsRequestData.AlterShareGroupOffsetsRequestPartition()
                        .setPartitionIndex(0)
                        .setStartOffset(0))));
        return new AlterShareGroupOffsetsRequestData().setGroupId(SHARE_GROUP).setTopics(topics);
    }

    private static DeleteShareGroupOffsetsRequestData deleteOffsets() {
        return new DeleteShareGroupOffsetsRequestData()
                .setGroupId(SHARE_GROUP)
                .setTopics(List.of(new DeleteShareGroupOffsetsRequestData.DeleteShareGroupOffsetsRequestTopic()
                        .setTopicName(TOPIC)));
    }

    private static StreamsGroupHeartbeatResponseData streamsHeartbeat(RawKafkaConnection c, String member)
            throws Exception {
        StreamsGroupHeartbeatResponse r = c.send(new StreamsGroupHeartbeatRequest.Builder(
                        RawGroupRequests.streamsJoin(STREAMS_GROUP, member, List.of(TOPIC)))
                .build((short) 1));
        return r.data();
    }

    private static StreamsGroupDescribeResponseData streamsDescribe(RawKafkaConnection c) throws Exception {
        StreamsGroupDescribeResponse r =
                c.send(new StreamsGroupDescribeRequest.Builder(new StreamsGroupDescribeRequestData()
                                .setGroupIds(List.of(STREAMS_GROUP, "feature-gates-unknown"))
                                .setIncludeAuthorizedOperations(true))
                        .build((short) 1));
        return r.data();
    }
}
