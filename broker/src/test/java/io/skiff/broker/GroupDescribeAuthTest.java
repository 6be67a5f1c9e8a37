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

import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.message.ConsumerGroupDescribeRequestData;
import org.apache.kafka.common.message.ConsumerGroupDescribeResponseData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.message.ShareGroupDescribeRequestData;
import org.apache.kafka.common.message.ShareGroupDescribeResponseData;
import org.apache.kafka.common.message.ShareGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ShareGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ConsumerGroupDescribeRequest;
import org.apache.kafka.common.requests.ConsumerGroupDescribeResponse;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatResponse;
import org.apache.kafka.common.requests.ShareGroupDescribeRequest;
import org.apache.kafka.common.requests.ShareGroupDescribeResponse;
import org.apache.kafka.common.requests.ShareGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ShareGroupHeartbeatResponse;
import org.apache.kafka.common.resource.ResourceType;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ConsumerGroupDescribe and ShareGroupDescribe under ACLs, as Kafka 4.4's KafkaApis answers them: the groups the
 * principal may not DESCRIBE first, without a message; then the others, a group whose members are assigned a topic the
 * principal may not DESCRIBE answered TOPIC_AUTHORIZATION_FAILED without its members (subscriptions are not checked).
 */
class GroupDescribeAuthTest {
    private static final String HIDDEN_MESSAGE =
            "The group has described topic(s) that the client is not authorized to describe.";
    private static SkiffServer kafka;

    @BeforeAll
    static void start() throws Exception {
        kafka = SkiffServer.builder()
                .config("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .config("allow.everyone.if.no.acl.found", "true")
                .start();
        kafka.createTopic("open", 1);
        kafka.createTopic("secret", 1);
        try (Admin admin = admin()) {
            admin.createAcls(List.of(deny(ResourceType.GROUP, "denied-group", AclOperation.DESCRIBE)))
                    .all()
                    .get();
        }
        // the members join before their topics are hidden: heartbeats need DESCRIBE on the subscribed topics
        assertEquals(
                Errors.NONE.code(), consumerJoin("cg-secret", List.of("secret")).errorCode());
        assertEquals(
                Errors.NONE.code(),
                consumerJoin("cg-open", List.of("open", "ghost")).errorCode());
        assertEquals(
                Errors.NONE.code(), shareJoin("sg-secret", List.of("secret")).errorCode());
        assertEquals(
                Errors.NONE.code(),
                shareJoin("sg-open", List.of("open", "ghost")).errorCode());
        try (Admin admin = admin()) {
            admin.createAcls(List.of(
                            deny(ResourceType.TOPIC, "secret", AclOperation.DESCRIBE),
                            // a subscribed topic that is not assigned (it does not exist) does not hide the group
                            deny(ResourceType.TOPIC, "ghost", AclOperation.DESCRIBE)))
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
    void consumerGroupDescribeListsUnauthorizedGroupsFirstAndHidesGroupsAssignedUndescribableTopics() throws Exception {
        List<ConsumerGroupDescribeResponseData.DescribedGroup> described = Awaitility.await()
                .until(
                        () -> consumerDescribe("cg-open", "cg-secret", "unknown", "denied-group"),
                        groups -> groups.get(2).errorCode() != Errors.NONE.code());
        assertEquals(
                new ConsumerGroupDescribeResponseData.DescribedGroup()
                        .setGroupId("denied-group")
                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code()),
                described.get(0),
                "the unauthorized groups first, without a message");
        assertEquals("cg-open", described.get(1).groupId());
        assertEquals(Errors.NONE.code(), described.get(1).errorCode());
        assertEquals(1, described.get(1).members().size());
        assertEquals(
                new ConsumerGroupDescribeResponseData.DescribedGroup()
                        .setGroupId("cg-secret")
                        .setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(HIDDEN_MESSAGE),
                described.get(2));
        assertEquals("unknown", described.get(3).groupId());
        assertEquals(Errors.GROUP_ID_NOT_FOUND.code(), described.get(3).errorCode());
        assertEquals(
                Integer.MIN_VALUE,
                described.get(3).authorizedOperations(),
                "authorized operations only for the groups found");
    }

    @Test
    void shareGroupDescribeListsUnauthorizedGroupsFirstAndHidesGroupsAssignedUndescribableTopics() throws Exception {
        List<ShareGroupDescribeResponseData.DescribedGroup> described = Awaitility.await()
                .until(
                        () -> shareDescribe("sg-open", "sg-secret", "", "denied-group"),
                        groups -> groups.get(3).errorCode() != Errors.NONE.code());
        assertEquals(
                new ShareGroupDescribeResponseData.DescribedGroup()
                        .setGroupId("denied-group")
                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code()),
                described.get(0),
                "the unauthorized groups first, without a message");
        assertEquals(
                new ShareGroupDescribeResponseData.DescribedGroup()
                        .setGroupId("")
                        .setErrorCode(Errors.INVALID_GROUP_ID.code()),
                described.get(1),
                "then the invalid ids");
        assertEquals("sg-open", described.get(2).groupId());
        assertEquals(Errors.NONE.code(), described.get(2).errorCode());
        assertEquals(1, described.get(2).members().size());
        assertEquals(
                new ShareGroupDescribeResponseData.DescribedGroup()
                        .setGroupId("sg-secret")
                        .setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(HIDDEN_MESSAGE),
                described.get(3));
    }

    private static ConsumerGroupHeartbeatResponseData consumerJoin(String group, List<String> topics) throws Exception {
        ConsumerGroupHeartbeatResponse response = NodeRequests.send(
                kafka,
                new ConsumerGroupHeartbeatRequest.Builder(new ConsumerGroupHeartbeatRequestData()
                        .setGroupId(group)
                        .setMemberId(Uuid.randomUuid().toString())
                        .setMemberEpoch(0)
                        .setRebalanceTimeoutMs(30_000)
                        .setSubscribedTopicNames(topics)
                        .setTopicPartitions(List.of())),
                (short) 1);
        return response.data();
    }

    private static ShareGroupHeartbeatResponseData shareJoin(String group, List<String> topics) throws Exception {
        ShareGroupHeartbeatResponse response = NodeRequests.send(
                kafka,
                new ShareGroupHeartbeatRequest.Builder(new ShareGroupHeartbeatRequestData()
                        .setGroupId(group)
                        .setMemberId(Uuid.randomUuid().toString())
                        .setMemberEpoch(0)
                        .setSubscribedTopicNames(topics)),
                (short) 1);
        return response.data();
    }

    private static List<ConsumerGroupDescribeResponseData.DescribedGroup> consumerDescribe(String... groups)
            throws Exception {
        ConsumerGroupDescribeResponse response = NodeRequests.send(
                kafka,
                new ConsumerGroupDescribeRequest.Builder(new ConsumerGroupDescribeRequestData()
                        .setGroupIds(List.of(groups))
                        .setIncludeAuthorizedOperations(true)),
                (short) 1);
        return response.data().groups();
    }

    private static List<ShareGroupDescribeResponseData.DescribedGroup> shareDescribe(String... groups)
            throws Exception {
        ShareGroupDescribeResponse response = NodeRequests.send(
                kafka,
                new ShareGroupDescribeRequest.Builder(new ShareGroupDescribeRequestData().setGroupIds(List.of(groups))),
                (short) 1);
        return response.data().groups();
    }

    private static Admin admin() {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        return Admin.create(props);
    }
}
