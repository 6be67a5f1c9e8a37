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

import static io.skiff.broker.AnonymousAcls.ANONYMOUS;
import static io.skiff.broker.AnonymousAcls.deny;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeResponseData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatRequestData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.StreamsGroupDescribeRequest;
import org.apache.kafka.common.requests.StreamsGroupDescribeResponse;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatRequest;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatResponse;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Streams groups under ACLs. StreamsGroupHeartbeat as Kafka 4.4's KafkaApis authorizes it: READ on the group, then
 * (when a topology is sent) the topic names, then DESCRIBE on every topic of the topology (source, repartition sink
 * and source, changelog), else TOPIC_AUTHORIZATION_FAILED without a message; and the missing internal topics are
 * created only with CREATE on the cluster or on each of them, else the MISSING_INTERNAL_TOPICS status says so.
 * StreamsGroupDescribe answers the groups the principal may not describe first, and a group whose topology names a
 * topic the principal may not DESCRIBE with TOPIC_AUTHORIZATION_FAILED.
 */
class StreamsGroupAuthTest {
    private static SkiffServer kafka;

    @BeforeAll
    static void start() throws Exception {
        kafka = SkiffServer.builder()
                .config("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .config("allow.everyone.if.no.acl.found", "true")
                .start();
        kafka.createTopic("in", 2);
        kafka.createTopic("hidden", 2);
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (Admin admin = Admin.create(props)) {
            admin.createAcls(List.of(
                            deny(ResourceType.TOPIC, "hidden", PatternType.LITERAL, AclOperation.DESCRIBE),
                            deny(ResourceType.TOPIC, "hidden-", PatternType.PREFIXED, AclOperation.DESCRIBE),
                            deny(ResourceType.GROUP, "denied-group", PatternType.LITERAL, AclOperation.READ),
                            deny(ResourceType.GROUP, "denied-group", PatternType.LITERAL, AclOperation.DESCRIBE),
                            // without CREATE on the cluster, the topics' own ACLs decide
                            deny(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, AclOperation.CREATE),
                            // with an ACL on the cluster, adding ACLs needs ALTER allowed
                            new AclBinding(
                                    new ResourcePattern(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL),
                                    new AccessControlEntry(
                                            ANONYMOUS, "*", AclOperation.ALTER, AclPermissionType.ALLOW)),
                            deny(ResourceType.TOPIC, "nocreate-", PatternType.PREFIXED, AclOperation.CREATE),
                            // an ACL on a topic ends allow.everyone.if.no.acl.found for it: DESCRIBE must be allowed
                            new AclBinding(
                                    new ResourcePattern(ResourceType.TOPIC, "nocreate-", PatternType.PREFIXED),
                                    new AccessControlEntry(
                                            ANONYMOUS, "*", AclOperation.DESCRIBE, AclPermissionType.ALLOW))))
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
    void everyTopicOfTheTopologyNeedsDescribe() throws Exception {
        List<StreamsGroupHeartbeatRequestData.Subtopology> denied = List.of(
                subtopology("hidden", List.of(), List.of(), List.of()),
                subtopology("in", List.of("hidden-repartition"), List.of(), List.of()),
                subtopology("in", List.of(), List.of("hidden-repartition"), List.of()),
                subtopology("in", List.of(), List.of(), List.of("hidden-changelog")));
        for (StreamsGroupHeartbeatRequestData.Subtopology s : denied) {
            StreamsGroupHeartbeatResponseData answer = join("app", s);
            assertEquals(Errors.TOPIC_AUTHORIZATION_FAILED.code(), answer.errorCode(), s.toString());
            assertNull(answer.errorMessage(), "Kafka names no topic");
            assertEquals("", answer.memberId());
        }
        assertEquals(
                Errors.NONE.code(),
                join("app", subtopology("in", List.of(), List.of(), List.of())).errorCode());
    }

    @Test
    void groupReadAndTopicNamesAreCheckedBeforeTopicDescribe() throws Exception {
        assertEquals(
                Errors.GROUP_AUTHORIZATION_FAILED.code(),
                join("denied-group", subtopology("hidden", List.of(), List.of(), List.of()))
                        .errorCode());
        StreamsGroupHeartbeatResponseData internal =
                join("app-internal", subtopology("hidden", List.of("__consumer_offsets"), List.of(), List.of()));
        assertEquals(Errors.STREAMS_INVALID_TOPOLOGY.code(), internal.errorCode());
        assertEquals(
                "Use of Kafka internal topics __consumer_offsets in a Kafka Streams topology is prohibited.",
                internal.errorMessage());
    }

    @Test
    void aHeartbeatWithoutTopologyChecksNoTopic() throws Exception {
        String member = Uuid.randomUuid().toString();
        StreamsGroupHeartbeatResponseData joined =
                heartbeat("app-no-topology", member, 0, topology(subtopology("in", List.of(), List.of(), List.of())));
        assertEquals(Errors.NONE.code(), joined.errorCode());
        StreamsGroupHeartbeatResponseData next = heartbeat("app-no-topology", member, joined.memberEpoch(), null);
        assertEquals(Errors.NONE.code(), next.errorCode());
    }

    @Test
    void missingInternalTopicsAreNotCreatedWithoutCreate() throws Exception {
        String member = Uuid.randomUuid().toString();
        StreamsGroupHeartbeatRequestData.Topology topology =
                topology(subtopology("in", List.of(), List.of(), List.of("nocreate-store-changelog")));
        StreamsGroupHeartbeatResponseData joined = heartbeat("app-nocreate", member, 0, topology);
        assertEquals(Errors.NONE.code(), joined.errorCode());
        assertEquals(
                List.of(new StreamsGroupHeartbeatResponseData.Status()
                        .setStatusCode(StreamsGroupHeartbeatResponse.Status.MISSING_INTERNAL_TOPICS.code())
                        .setStatusDetail("Internal topics are missing: nocreate-store-changelog; Unauthorized to"
                                + " CREATE on topics nocreate-store-changelog.")),
                joined.status());
        // a later heartbeat still finds it missing: it was not created
        StreamsGroupHeartbeatResponseData next = heartbeat("app-nocreate", member, joined.memberEpoch(), null);
        assertEquals(joined.status(), next.status());
        assertFalse(topicNames().contains("nocreate-store-changelog"));
    }

    @Test
    void describeHidesAGroupWhoseTopologyNamesATopicThePrincipalMayNotDescribe() throws Exception {
        kafka.createTopic("secret", 1);
        String member = Uuid.randomUuid().toString();
        assertEquals(
                Errors.NONE.code(),
                heartbeat("app-secret", member, 0, topology(subtopology("secret", List.of(), List.of(), List.of())))
                        .errorCode());
        assertEquals(
                Errors.NONE.code(),
                heartbeat("app-open", member, 0, topology(subtopology("in", List.of(), List.of(), List.of())))
                        .errorCode());
        try (Admin admin = admin()) {
            admin.createAcls(List.of(deny(ResourceType.TOPIC, "secret", PatternType.LITERAL, AclOperation.DESCRIBE)))
                    .all()
                    .get();
        }
        List<StreamsGroupDescribeResponseData.DescribedGroup> described = Awaitility.await()
                .until(
                        () -> describe("app-open", "app-secret", "denied-group"),
                        groups -> groups.get(2).errorCode() != Errors.NONE.code());
        assertEquals(
                new StreamsGroupDescribeResponseData.DescribedGroup()
                        .setGroupId("denied-group")
                        .setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code()),
                described.get(0),
                "the unauthorized groups first, without a message");
        assertEquals("app-open", described.get(1).groupId());
        assertEquals(Errors.NONE.code(), described.get(1).errorCode());
        assertEquals(1, described.get(1).members().size());
        assertEquals(
                new StreamsGroupDescribeResponseData.DescribedGroup()
                        .setGroupId("app-secret")
                        .setErrorCode(Errors.TOPIC_AUTHORIZATION_FAILED.code())
                        .setErrorMessage(
                                "The described group uses topics that the client is not authorized to describe."),
                described.get(2));
    }

    private static List<StreamsGroupDescribeResponseData.DescribedGroup> describe(String... groups) throws Exception {
        StreamsGroupDescribeResponse response = NodeRequests.send(
                kafka,
                new StreamsGroupDescribeRequest.Builder(
                        new StreamsGroupDescribeRequestData().setGroupIds(List.of(groups))),
                (short) 0);
        return response.data().groups();
    }

    private static Admin admin() {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        return Admin.create(props);
    }

    private static Set<String> topicNames() throws Exception {
        try (Admin admin = admin()) {
            return admin.listTopics().names().get();
        }
    }

    private static StreamsGroupHeartbeatRequestData.Subtopology subtopology(
            String source, List<String> repartitionSinks, List<String> repartitionSources, List<String> changelogs) {
        return new StreamsGroupHeartbeatRequestData.Subtopology()
                .setSubtopologyId("0")
                .setSourceTopics(List.of(source))
                .setRepartitionSinkTopics(repartitionSinks)
                .setRepartitionSourceTopics(repartitionSources.stream()
                        .map(t -> new StreamsGroupHeartbeatRequestData.TopicInfo()
                                .setName(t)
                                .setPartitions(2))
                        .toList())
                .setStateChangelogTopics(changelogs.stream()
                        .map(t -> new StreamsGroupHeartbeatRequestData.TopicInfo().setName(t))
                        .toList());
    }

    private static StreamsGroupHeartbeatRequestData.Topology topology(
            StreamsGroupHeartbeatRequestData.Subtopology subtopology) {
        return new StreamsGroupHeartbeatRequestData.Topology().setEpoch(0).setSubtopologies(List.of(subtopology));
    }

    private static StreamsGroupHeartbeatResponseData join(
            String group, StreamsGroupHeartbeatRequestData.Subtopology subtopology) throws Exception {
        return heartbeat(group, Uuid.randomUuid().toString(), 0, topology(subtopology));
    }

    private static StreamsGroupHeartbeatResponseData heartbeat(
            String group, String member, int epoch, StreamsGroupHeartbeatRequestData.Topology topology)
            throws Exception {
        StreamsGroupHeartbeatRequestData data = new StreamsGroupHeartbeatRequestData()
                .setGroupId(group)
                .setMemberId(member)
                .setMemberEpoch(epoch)
                .setRebalanceTimeoutMs(30_000)
                .setTopology(topology);
        if (epoch == 0) {
            data.setActiveTasks(List.of()).setStandbyTasks(List.of()).setWarmupTasks(List.of());
        }
        StreamsGroupHeartbeatResponse response =
                NodeRequests.send(kafka, new StreamsGroupHeartbeatRequest.Builder(data), (short) 1);
        return response.data();
    }
}
