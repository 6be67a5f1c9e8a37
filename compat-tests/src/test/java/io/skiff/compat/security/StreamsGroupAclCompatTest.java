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
package io.skiff.compat.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.RawKafkaConnection;
import io.skiff.compat.RealKafka;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.message.FindCoordinatorRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeResponseData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatRequestData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.FindCoordinatorRequest;
import org.apache.kafka.common.requests.FindCoordinatorResponse;
import org.apache.kafka.common.requests.StreamsGroupDescribeRequest;
import org.apache.kafka.common.requests.StreamsGroupDescribeResponse;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatRequest;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatResponse;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Streams groups under ACLs (StandardAuthorizer, {@code allow.everyone.if.no.acl.found=true}) on Skiff and on a Kafka
 * 4.4.0 of this test's own: StreamsGroupHeartbeat needs READ on the group, then DESCRIBE on every topic of the
 * topology it sends, and CREATE (on the cluster or the topics) for the missing internal topics to be created;
 * StreamsGroupDescribe hides a group whose topology names a topic the principal may not describe. The transcripts
 * must be the same.
 */
@Skiff(
        properties = {
            "authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer",
            "allow.everyone.if.no.acl.found=true"
        })
class StreamsGroupAclCompatTest {
    private static final String ANONYMOUS = "User:ANONYMOUS";
    private static final short VERSION = 1;

    /** Filled by the extension. */
    static SkiffServer skiff;

    @Test
    void streamsGroupsAreAuthorizedAsKafkaDoes() throws Exception {
        List<String> onKafka;
        try (RealKafka.Dedicated kafka = RealKafka.dedicated(Map.of(
                "authorizer.class.name",
                "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
                "allow.everyone.if.no.acl.found",
                "true",
                // Skiff assigns at once (it has no initial rebalance delay)
                "group.streams.initial.rebalance.delay.ms",
                "0",
                "group.streams.min.assignment.interval.ms",
                "0",
                "group.streams.assignment.interval.ms",
                "0"))) {
            onKafka = transcript(kafka.kafka().host(), kafka.kafka().port());
        }
        List<String> onSkiff = transcript("127.0.0.1", skiff.port());
        assertEquals(String.join("\n", onKafka), String.join("\n", onSkiff));
    }

    private static List<String> transcript(String host, int port) throws Exception {
        List<String> out = new ArrayList<>();
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, host + ":" + port);
        try (Admin admin = Admin.create(props);
                RawKafkaConnection c = new RawKafkaConnection(host, port)) {
            admin.createTopics(List.of(
                            new NewTopic("acl-in", 2, (short) 1),
                            new NewTopic("acl-hidden", 1, (short) 1),
                            new NewTopic("acl-secret", 1, (short) 1)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            // the group coordinator is ready before any ACL exists (FindCoordinator creates __consumer_offsets)
            Awaitility.await()
                    .atMost(Duration.ofSeconds(60))
                    .until(
                            () -> findCoordinator(c)
                                    + brief(join(
                                            c,
                                            "acl-warmup",
                                            "w",
                                            subtopology("acl-in", List.of(), List.of(), List.of()))),
                            answer -> answer.startsWith("0 0 "));
            admin.createAcls(List.of(
                            // the broker's own requests to its controller are ANONYMOUS too: an ACL on the cluster
                            // ends allow.everyone.if.no.acl.found for it
                            allow(
                                    ResourceType.CLUSTER,
                                    "kafka-cluster",
                                    PatternType.LITERAL,
                                    AclOperation.CLUSTER_ACTION),
                            allow(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, AclOperation.ALTER),
                            allow(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, AclOperation.DESCRIBE),
                            deny(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, AclOperation.CREATE),
                            deny(ResourceType.TOPIC, "acl-hidden", PatternType.PREFIXED, AclOperation.DESCRIBE),
                            deny(ResourceType.TOPIC, "acl-nocreate-", PatternType.PREFIXED, AclOperation.CREATE),
                            allow(ResourceType.TOPIC, "acl-nocreate-", PatternType.PREFIXED, AclOperation.DESCRIBE),
                            deny(ResourceType.GROUP, "acl-denied", PatternType.LITERAL, AclOperation.READ),
                            deny(ResourceType.GROUP, "acl-denied", PatternType.LITERAL, AclOperation.DESCRIBE)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            Awaitility.await()
                    .atMost(Duration.ofSeconds(30))
                    .until(() ->
                            describe(c, "acl-denied").get(0).errorCode() == Errors.GROUP_AUTHORIZATION_FAILED.code());

            out.add("source "
                    + brief(join(c, "acl-g", "m1", subtopology("acl-hidden", List.of(), List.of(), List.of()))));
            out.add("repartition sink "
                    + brief(join(
                            c, "acl-g", "m1", subtopology("acl-in", List.of("acl-hidden-r"), List.of(), List.of()))));
            out.add("repartition source "
                    + brief(join(
                            c, "acl-g", "m1", subtopology("acl-in", List.of(), List.of("acl-hidden-r"), List.of()))));
            out.add("changelog "
                    + brief(join(
                            c, "acl-g", "m1", subtopology("acl-in", List.of(), List.of(), List.of("acl-hidden-c")))));
            out.add("denied group "
                    + brief(join(c, "acl-denied", "m1", subtopology("acl-hidden", List.of(), List.of(), List.of()))));
            out.add("internal topic "
                    + brief(join(
                            c,
                            "acl-g",
                            "m1",
                            subtopology("acl-hidden", List.of("__consumer_offsets"), List.of(), List.of()))));
            StreamsGroupHeartbeatResponseData nocreate = join(
                    c, "acl-nocreate", "m1", subtopology("acl-in", List.of(), List.of(), List.of("acl-nocreate-c")));
            out.add("no CREATE " + brief(nocreate));
            out.add("no CREATE again " + brief(heartbeat(c, "acl-nocreate", "m1", nocreate.memberEpoch(), null)));
            out.add("created " + admin.listTopics().names().get().contains("acl-nocreate-c"));

            out.add("secret "
                    + brief(join(
                            c, "acl-secret-app", "m1", subtopology("acl-secret", List.of(), List.of(), List.of()))));
            out.add("open " + brief(join(c, "acl-open", "m1", subtopology("acl-in", List.of(), List.of(), List.of()))));
            admin.createAcls(
                            List.of(deny(ResourceType.TOPIC, "acl-secret", PatternType.LITERAL, AclOperation.DESCRIBE)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            // the broker's authorizer has the ACL once DescribeAcls (answered from it) lists it
            AclBindingFilter secret = new AclBindingFilter(
                    new ResourcePatternFilter(ResourceType.TOPIC, "acl-secret", PatternType.LITERAL),
                    AccessControlEntryFilter.ANY);
            Awaitility.await()
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> !admin.describeAcls(secret).values().get().isEmpty());
            List<StreamsGroupDescribeResponseData.DescribedGroup> described =
                    describe(c, "acl-open", "acl-secret-app", "acl-denied");
            for (StreamsGroupDescribeResponseData.DescribedGroup g : described) {
                out.add("described " + g.groupId() + " " + g.errorCode() + " " + g.errorMessage() + " "
                        + g.groupState() + " members " + g.members().size() + " topology "
                        + (g.topology() != null) + " operations " + g.authorizedOperations());
            }
        }
        return out;
    }

    private static String findCoordinator(RawKafkaConnection c) throws Exception {
        FindCoordinatorResponse r = c.send(new FindCoordinatorRequest.Builder(
                        new FindCoordinatorRequestData().setKeyType((byte) 0).setCoordinatorKeys(List.of("acl-warmup")))
                .build((short) 4));
        return r.data().coordinators().get(0).errorCode() + " ";
    }

    private static String brief(StreamsGroupHeartbeatResponseData r) {
        List<String> statuses = new ArrayList<>();
        r.status().forEach(s -> statuses.add(s.statusCode() + ":" + s.statusDetail()));
        return r.errorCode() + " " + r.errorMessage() + " [" + r.memberId() + "] " + statuses;
    }

    private static AclBinding allow(ResourceType type, String name, PatternType pattern, AclOperation operation) {
        return acl(type, name, pattern, operation, AclPermissionType.ALLOW);
    }

    private static AclBinding deny(ResourceType type, String name, PatternType pattern, AclOperation operation) {
        return acl(type, name, pattern, operation, AclPermissionType.DENY);
    }

    private static AclBinding acl(
            ResourceType type, String name, PatternType pattern, AclOperation operation, AclPermissionType permission) {
        return new AclBinding(
                new ResourcePattern(type, name, pattern),
                new AccessControlEntry(ANONYMOUS, "*", operation, permission));
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

    private static StreamsGroupHeartbeatResponseData join(
            RawKafkaConnection c, String group, String member, StreamsGroupHeartbeatRequestData.Subtopology s)
            throws Exception {
        return heartbeat(
                c,
                group,
                member,
                0,
                new StreamsGroupHeartbeatRequestData.Topology().setEpoch(0).setSubtopologies(List.of(s)));
    }

    private static StreamsGroupHeartbeatResponseData heartbeat(
            RawKafkaConnection c,
            String group,
            String member,
            int epoch,
            StreamsGroupHeartbeatRequestData.Topology topology)
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
        StreamsGroupHeartbeatResponse r = c.send(new StreamsGroupHeartbeatRequest.Builder(data).build(VERSION));
        return r.data();
    }

    private static List<StreamsGroupDescribeResponseData.DescribedGroup> describe(RawKafkaConnection c, String... ids)
            throws Exception {
        StreamsGroupDescribeResponse r =
                c.send(new StreamsGroupDescribeRequest.Builder(new StreamsGroupDescribeRequestData()
                                .setGroupIds(List.of(ids))
                                .setIncludeAuthorizedOperations(true))
                        .build(VERSION));
        return r.data().groups();
    }
}
