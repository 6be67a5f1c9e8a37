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

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.message.DeleteGroupsRequestData;
import org.apache.kafka.common.message.DescribeGroupsRequestData;
import org.apache.kafka.common.message.DescribeTransactionsRequestData;
import org.apache.kafka.common.message.HeartbeatRequestData;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.message.JoinGroupRequestData;
import org.apache.kafka.common.message.ListGroupsRequestData;
import org.apache.kafka.common.message.OffsetCommitRequestData;
import org.apache.kafka.common.message.OffsetFetchRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.DeleteGroupsRequest;
import org.apache.kafka.common.requests.DeleteGroupsResponse;
import org.apache.kafka.common.requests.DescribeGroupsRequest;
import org.apache.kafka.common.requests.DescribeGroupsResponse;
import org.apache.kafka.common.requests.DescribeTransactionsRequest;
import org.apache.kafka.common.requests.DescribeTransactionsResponse;
import org.apache.kafka.common.requests.HeartbeatRequest;
import org.apache.kafka.common.requests.HeartbeatResponse;
import org.apache.kafka.common.requests.InitProducerIdRequest;
import org.apache.kafka.common.requests.InitProducerIdResponse;
import org.apache.kafka.common.requests.JoinGroupRequest;
import org.apache.kafka.common.requests.JoinGroupResponse;
import org.apache.kafka.common.requests.ListGroupsRequest;
import org.apache.kafka.common.requests.ListGroupsResponse;
import org.apache.kafka.common.requests.OffsetCommitRequest;
import org.apache.kafka.common.requests.OffsetCommitResponse;
import org.apache.kafka.common.requests.OffsetFetchRequest;
import org.apache.kafka.common.requests.OffsetFetchResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A 3-node simulated cluster answers the group and transaction APIs on the coordinator's node only, and
 * NOT_COORDINATOR (in the field Kafka uses) on the others, checked with raw requests sent to one node at a time.
 */
class SimulatedCoordinatorsTest {
    private static SkiffServer kafka;

    @BeforeAll
    static void start() {
        // the builder's one __consumer_offsets partition would put every group on one node
        kafka = SkiffServer.builder()
                .nodes(3)
                .config("offsets.topic.num.partitions", "6")
                .start();
    }

    @AfterAll
    static void stop() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void singleGroupRequestsAnswerNotCoordinatorOnAnotherNode() throws Exception {
        String group = "single";
        int coordinator = coordinator((byte) 0, group);
        for (int node : kafka.nodes().ids()) {
            Errors expected = node == coordinator ? Errors.UNKNOWN_MEMBER_ID : Errors.NOT_COORDINATOR;
            HeartbeatResponse heartbeat = send(
                    node,
                    new HeartbeatRequest.Builder(new HeartbeatRequestData()
                            .setGroupId(group)
                            .setMemberId("nobody")
                            .setGenerationId(1)),
                    (short) 4);
            assertEquals(expected, heartbeat.error(), "Heartbeat on node " + node);
            OffsetCommitResponse commit = send(
                    node,
                    OffsetCommitRequest.Builder.forTopicNames(new OffsetCommitRequestData()
                            .setGroupId(group)
                            .setGenerationIdOrMemberEpoch(-1)
                            .setTopics(List.of(new OffsetCommitRequestData.OffsetCommitRequestTopic()
                                    .setName("t")
                                    .setPartitions(List.of(new OffsetCommitRequestData.OffsetCommitRequestPartition()
                                            .setPartitionIndex(0)
                                            .setCommittedOffset(5)))))),
                    (short) 8);
            Errors commitError = Errors.forCode(
                    commit.data().topics().get(0).partitions().get(0).errorCode());
            // Kafka checks the topics before its coordinator answers: an unknown topic is that on every node
            assertEquals(
                    Errors.UNKNOWN_TOPIC_OR_PARTITION,
                    commitError,
                    "OffsetCommit on node " + node + ": the partition's error");
        }
        int other = otherThan(coordinator);
        JoinGroupResponse join = send(
                other,
                new JoinGroupRequest.Builder(new JoinGroupRequestData()
                        .setGroupId(group)
                        .setMemberId("")
                        .setProtocolType("consumer")
                        .setSessionTimeoutMs(10_000)
                        .setRebalanceTimeoutMs(10_000)
                        .setProtocols(new JoinGroupRequestData.JoinGroupRequestProtocolCollection())),
                (short) 9);
        assertEquals(Errors.NOT_COORDINATOR, join.error());
    }

    @Test
    void batchedGroupRequestsAnswerNotCoordinatorPerForeignGroup() throws Exception {
        List<String> groups = groupsOnTwoNodes();
        int node = coordinator((byte) 0, groups.get(0));
        DescribeGroupsResponse described = send(
                node, new DescribeGroupsRequest.Builder(new DescribeGroupsRequestData().setGroups(groups)), (short) 5);
        assertEquals(
                groups, described.data().groups().stream().map(g -> g.groupId()).toList());
        assertEquals(Errors.NONE.code(), described.data().groups().get(0).errorCode());
        assertEquals("Dead", described.data().groups().get(0).groupState());
        assertEquals(
                Errors.NOT_COORDINATOR.code(), described.data().groups().get(1).errorCode());

        OffsetFetchResponse fetched = send(
                node,
                OffsetFetchRequest.Builder.forTopicNames(
                        new OffsetFetchRequestData()
                                .setGroups(groups.stream()
                                        .map(g -> new OffsetFetchRequestData.OffsetFetchRequestGroup()
                                                .setGroupId(g)
                                                .setTopics(null))
                                        .toList()),
                        false),
                (short) 8);
        assertEquals(
                groups, fetched.data().groups().stream().map(g -> g.groupId()).toList());
        assertEquals(Errors.NONE.code(), fetched.data().groups().get(0).errorCode());
        assertEquals(
                Errors.NOT_COORDINATOR.code(), fetched.data().groups().get(1).errorCode());

        DeleteGroupsResponse deleted = send(
                node, new DeleteGroupsRequest.Builder(new DeleteGroupsRequestData().setGroupsNames(groups)), (short) 2);
        Map<String, Errors> results = new TreeMap<>();
        deleted.data().results().forEach(r -> results.put(r.groupId(), Errors.forCode(r.errorCode())));
        assertEquals(Map.of(groups.get(0), Errors.GROUP_ID_NOT_FOUND, groups.get(1), Errors.NOT_COORDINATOR), results);
    }

    @Test
    void eachNodeListsOnlyTheGroupsItCoordinates() throws Exception {
        List<String> groups = groupsOnTwoNodes();
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (Admin admin = Admin.create(props)) {
            admin.createTopics(List.of(new NewTopic("listed", 1, (short) 3)))
                    .all()
                    .get();
        }
        // an offset commit of a simple consumer creates the group on its coordinator
        for (String group : groups) {
            send(
                    coordinator((byte) 0, group),
                    OffsetCommitRequest.Builder.forTopicNames(new OffsetCommitRequestData()
                            .setGroupId(group)
                            .setGenerationIdOrMemberEpoch(-1)
                            .setTopics(List.of(new OffsetCommitRequestData.OffsetCommitRequestTopic()
                                    .setName("listed")
                                    .setPartitions(List.of(new OffsetCommitRequestData.OffsetCommitRequestPartition()
                                            .setPartitionIndex(0)
                                            .setCommittedOffset(1)))))),
                    (short) 8);
        }
        for (int node : kafka.nodes().ids()) {
            ListGroupsResponse listed =
                    send(node, new ListGroupsRequest.Builder(new ListGroupsRequestData()), (short) 5);
            List<String> expected = new ArrayList<>();
            for (String group : groups) {
                if (coordinator((byte) 0, group) == node) {
                    expected.add(group);
                }
            }
            assertEquals(
                    expected,
                    listed.data().groups().stream()
                            .map(g -> g.groupId())
                            .filter(groups::contains)
                            .sorted()
                            .toList(),
                    "groups listed by node " + node);
        }
    }

    @Test
    void transactionalRequestsAnswerNotCoordinatorOnAnotherNode() throws Exception {
        String txn = "txn-raw";
        int coordinator = coordinator((byte) 1, txn);
        int other = otherThan(coordinator);
        InitProducerIdResponse refused = send(
                other,
                new InitProducerIdRequest.Builder(
                        new InitProducerIdRequestData().setTransactionalId(txn).setTransactionTimeoutMs(10_000)),
                (short) 4);
        assertEquals(Errors.NOT_COORDINATOR, refused.error());
        InitProducerIdResponse idempotent = send(
                other,
                new InitProducerIdRequest.Builder(
                        new InitProducerIdRequestData().setTransactionalId(null).setTransactionTimeoutMs(10_000)),
                (short) 4);
        assertEquals(Errors.NONE, idempotent.error(), "a producer id without a transactional id comes from any node");
        InitProducerIdResponse served = send(
                coordinator,
                new InitProducerIdRequest.Builder(
                        new InitProducerIdRequestData().setTransactionalId(txn).setTransactionTimeoutMs(10_000)),
                (short) 4);
        assertEquals(Errors.NONE, served.error());

        DescribeTransactionsResponse described = send(
                other,
                new DescribeTransactionsRequest.Builder(
                        new DescribeTransactionsRequestData().setTransactionalIds(List.of(txn))),
                (short) 0);
        assertEquals(
                Errors.NOT_COORDINATOR.code(),
                described.data().transactionStates().get(0).errorCode());
        described = send(
                coordinator,
                new DescribeTransactionsRequest.Builder(
                        new DescribeTransactionsRequestData().setTransactionalIds(List.of(txn))),
                (short) 0);
        assertEquals(
                Errors.NONE.code(), described.data().transactionStates().get(0).errorCode());
        assertEquals("Empty", described.data().transactionStates().get(0).transactionState());
    }

    /** Two groups coordinated by different nodes. */
    private static List<String> groupsOnTwoNodes() throws IOException {
        Map<Integer, String> byNode = new TreeMap<>();
        for (int i = 0; byNode.size() < 2 && i < 1000; i++) {
            String group = "batch-" + i;
            byNode.putIfAbsent(coordinator((byte) 0, group), group);
        }
        return byNode.values().stream().sorted().collect(Collectors.toList());
    }

    private static int otherThan(int node) {
        return kafka.nodes().ids().stream().filter(id -> id != node).findFirst().orElseThrow();
    }

    private static int coordinator(byte keyType, String key) throws IOException {
        return NodeRequests.coordinator(kafka, keyType, key);
    }

    private static <T extends AbstractResponse> T send(int node, AbstractRequest.Builder<?> builder, short version)
            throws IOException {
        return NodeRequests.send(kafka, node, builder, version);
    }
}
