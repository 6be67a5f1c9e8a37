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

import static io.skiff.broker.AnonymousAcls.deny;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.message.AddPartitionsToTxnRequestData;
import org.apache.kafka.common.message.DescribeGroupsRequestData;
import org.apache.kafka.common.message.HeartbeatRequestData;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.message.OffsetCommitRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.AddPartitionsToTxnRequest;
import org.apache.kafka.common.requests.AddPartitionsToTxnResponse;
import org.apache.kafka.common.requests.DescribeGroupsRequest;
import org.apache.kafka.common.requests.DescribeGroupsResponse;
import org.apache.kafka.common.requests.HeartbeatRequest;
import org.apache.kafka.common.requests.HeartbeatResponse;
import org.apache.kafka.common.requests.InitProducerIdRequest;
import org.apache.kafka.common.requests.InitProducerIdResponse;
import org.apache.kafka.common.requests.OffsetCommitRequest;
import org.apache.kafka.common.requests.OffsetCommitResponse;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On a simulated cluster with an authorizer, a node that does not coordinate a group or transactional id checks the
 * principal's rights first, as Kafka 4.4's KafkaApis does before its coordinator answers NOT_COORDINATOR; and the
 * brokers' batched AddPartitionsToTxn (v4+) is answered per transaction.
 */
class SimulatedCoordinatorsAuthTest {
    private static SkiffServer kafka;

    @BeforeAll
    static void start() throws Exception {
        kafka = SkiffServer.builder()
                .nodes(3)
                .config("offsets.topic.num.partitions", "6")
                .config("transaction.state.log.num.partitions", "6")
                .config("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .config("allow.everyone.if.no.acl.found", "true")
                .start();
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (Admin admin = Admin.create(props)) {
            admin.createTopics(List.of(new NewTopic("open", 1, (short) 3), new NewTopic("hidden", 1, (short) 3)))
                    .all()
                    .get();
            admin.createAcls(List.of(
                            deny(ResourceType.GROUP, "denied-group", AclOperation.READ),
                            deny(ResourceType.GROUP, "denied-group", AclOperation.DESCRIBE),
                            deny(ResourceType.TOPIC, "hidden", AclOperation.READ),
                            deny(ResourceType.TRANSACTIONAL_ID, "denied-txn", AclOperation.WRITE)))
                    .all()
                    .get();
        }
    }

    @AfterAll
    static void stop() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void anUnauthorizedGroupGetsTheAuthorizationErrorOnEveryNode() throws Exception {
        for (int node : kafka.nodes().ids()) {
            HeartbeatResponse heartbeat = send(
                    node,
                    new HeartbeatRequest.Builder(new HeartbeatRequestData()
                            .setGroupId("denied-group")
                            .setMemberId("m")
                            .setGenerationId(1)),
                    (short) 4);
            assertEquals(Errors.GROUP_AUTHORIZATION_FAILED, heartbeat.error(), "Heartbeat on node " + node);
            DescribeGroupsResponse described = send(
                    node,
                    new DescribeGroupsRequest.Builder(
                            new DescribeGroupsRequestData().setGroups(List.of("denied-group"))),
                    (short) 5);
            assertEquals(
                    Errors.GROUP_AUTHORIZATION_FAILED.code(),
                    described.data().groups().get(0).errorCode(),
                    "DescribeGroups on node " + node);
        }
    }

    @Test
    void offsetCommitChecksEachTopicBeforeTheCoordinatorAsKafka() throws Exception {
        String group = "allowed-group";
        int coordinator = coordinator((byte) 0, group);
        int other = kafka.nodes().ids().stream()
                .filter(id -> id != coordinator)
                .findFirst()
                .orElseThrow();
        OffsetCommitResponse commit = send(
                other,
                OffsetCommitRequest.Builder.forTopicNames(new OffsetCommitRequestData()
                        .setGroupId(group)
                        .setGenerationIdOrMemberEpoch(-1)
                        .setTopics(List.of(topic("open"), topic("hidden"), topic("missing")))),
                (short) 8);
        Map<String, Errors> errors = new TreeMap<>();
        commit.data()
                .topics()
                .forEach(t -> errors.put(
                        t.name(), Errors.forCode(t.partitions().get(0).errorCode())));
        assertEquals(
                Map.of(
                        "open", Errors.NOT_COORDINATOR,
                        "hidden", Errors.TOPIC_AUTHORIZATION_FAILED,
                        "missing", Errors.UNKNOWN_TOPIC_OR_PARTITION),
                errors);
    }

    private static OffsetCommitRequestData.OffsetCommitRequestTopic topic(String name) {
        return new OffsetCommitRequestData.OffsetCommitRequestTopic()
                .setName(name)
                .setPartitions(List.of(new OffsetCommitRequestData.OffsetCommitRequestPartition()
                        .setPartitionIndex(0)
                        .setCommittedOffset(1)));
    }

    @Test
    void anUnauthorizedTransactionalIdGetsTheAuthorizationErrorOnEveryNode() throws Exception {
        for (int node : kafka.nodes().ids()) {
            InitProducerIdResponse init = send(
                    node,
                    new InitProducerIdRequest.Builder(new InitProducerIdRequestData()
                            .setTransactionalId("denied-txn")
                            .setTransactionTimeoutMs(10_000)),
                    (short) 4);
            assertEquals(Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED, init.error(), "on node " + node);
        }
    }

    @Test
    void batchedAddPartitionsToTxnAnswersNotCoordinatorForEachForeignTransaction() throws Exception {
        Map<Integer, String> byNode = new TreeMap<>();
        for (int i = 0; byNode.size() < 2 && i < 1000; i++) {
            byNode.putIfAbsent(coordinator((byte) 1, "verify-" + i), "verify-" + i);
        }
        int node = byNode.keySet().iterator().next();
        List<String> ids = List.copyOf(byNode.values());
        AddPartitionsToTxnRequestData.AddPartitionsToTxnTransactionCollection transactions =
                new AddPartitionsToTxnRequestData.AddPartitionsToTxnTransactionCollection();
        for (String id : ids) {
            AddPartitionsToTxnRequestData.AddPartitionsToTxnTopicCollection topics =
                    new AddPartitionsToTxnRequestData.AddPartitionsToTxnTopicCollection();
            topics.add(new AddPartitionsToTxnRequestData.AddPartitionsToTxnTopic()
                    .setName("open")
                    .setPartitions(List.of(0)));
            transactions.add(new AddPartitionsToTxnRequestData.AddPartitionsToTxnTransaction()
                    .setTransactionalId(id)
                    .setProducerId(1000L)
                    .setProducerEpoch((short) 0)
                    .setVerifyOnly(true)
                    .setTopics(topics));
        }
        AddPartitionsToTxnResponse answer =
                send(node, AddPartitionsToTxnRequest.Builder.forBroker(transactions), (short) 5);
        assertEquals(Errors.NONE.code(), answer.data().errorCode());
        Map<String, Errors> errors = new TreeMap<>();
        answer.data()
                .resultsByTransaction()
                .forEach(r -> errors.put(
                        r.transactionalId(),
                        Errors.forCode(r.topicResults()
                                .find("open")
                                .resultsByPartition()
                                .iterator()
                                .next()
                                .partitionErrorCode())));
        assertEquals(2, errors.size(), errors.toString());
        assertNotEquals(Errors.NOT_COORDINATOR, errors.get(byNode.get(node)), "its own: " + errors);
        String foreign = ids.stream()
                .filter(id -> !id.equals(byNode.get(node)))
                .findFirst()
                .orElseThrow();
        assertEquals(Errors.NOT_COORDINATOR, errors.get(foreign), errors.toString());
    }

    private static int coordinator(byte keyType, String key) throws IOException {
        return NodeRequests.coordinator(kafka, keyType, key);
    }

    private static <T extends AbstractResponse> T send(int node, AbstractRequest.Builder<?> builder, short version)
            throws IOException {
        return NodeRequests.send(kafka, node, builder, version);
    }
}
