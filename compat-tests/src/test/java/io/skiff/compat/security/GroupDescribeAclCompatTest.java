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
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.message.ConsumerGroupDescribeRequestData;
import org.apache.kafka.common.message.ConsumerGroupDescribeResponseData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.FindCoordinatorRequestData;
import org.apache.kafka.common.message.ShareGroupDescribeRequestData;
import org.apache.kafka.common.message.ShareGroupDescribeResponseData;
import org.apache.kafka.common.message.ShareGroupHeartbeatRequestData;
import org.apache.kafka.common.requests.ConsumerGroupDescribeRequest;
import org.apache.kafka.common.requests.ConsumerGroupDescribeResponse;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatResponse;
import org.apache.kafka.common.requests.FindCoordinatorRequest;
import org.apache.kafka.common.requests.FindCoordinatorResponse;
import org.apache.kafka.common.requests.ShareGroupDescribeRequest;
import org.apache.kafka.common.requests.ShareGroupDescribeResponse;
import org.apache.kafka.common.requests.ShareGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ShareGroupHeartbeatResponse;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * ConsumerGroupDescribe and ShareGroupDescribe under ACLs (StandardAuthorizer, {@code
 * allow.everyone.if.no.acl.found=true}) on Skiff and on a Kafka 4.4.0 of this test's own: the groups the principal may
 * not DESCRIBE come first, and a group whose members are assigned a topic the principal may not DESCRIBE is hidden
 * (a subscribed but unassigned one does not count). The transcripts must be the same.
 */
@Skiff(
        properties = {
            "authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer",
            "allow.everyone.if.no.acl.found=true"
        })
class GroupDescribeAclCompatTest {
    private static final String ANONYMOUS = "User:ANONYMOUS";

    /** Filled by the extension. */
    static SkiffServer skiff;

    @Test
    void consumerAndShareGroupsAreDescribedAsKafkaDoes() throws Exception {
        List<String> onKafka;
        try (RealKafka.Dedicated kafka = RealKafka.dedicated(Map.of(
                "authorizer.class.name",
                "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
                "allow.everyone.if.no.acl.found",
                "true",
                // Skiff assigns at once
                "group.consumer.min.assignment.interval.ms",
                "0",
                "group.consumer.assignment.interval.ms",
                "0",
                "group.share.min.assignment.interval.ms",
                "0",
                "group.share.assignment.interval.ms",
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
            admin.createTopics(
                            List.of(new NewTopic("dacl-open", 1, (short) 1), new NewTopic("dacl-secret", 1, (short) 1)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            // the group coordinator is ready (FindCoordinator creates __consumer_offsets)
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> findCoordinator(c) == 0);
            // the members join while every topic may be described (their heartbeats need DESCRIBE on them)
            // (the joins retried while the coordinator of each group's offsets partition is still loading; the members
            // heartbeat until they are assigned their topic)
            Member cSecret = new Member("dacl-c-secret", List.of("dacl-secret"));
            Member cOpen = new Member("dacl-c-open", List.of("dacl-open", "dacl-ghost"));
            Member sSecret = new Member("dacl-s-secret", List.of("dacl-secret"));
            Member sOpen = new Member("dacl-s-open", List.of("dacl-open", "dacl-ghost"));
            Awaitility.await()
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> consumerBeat(c, cSecret)
                            & consumerBeat(c, cOpen)
                            & shareBeat(c, sSecret)
                            & shareBeat(c, sOpen));
            admin.createAcls(List.of(
                            // the broker's own requests to its controller are ANONYMOUS too: an ACL on the cluster
                            // ends allow.everyone.if.no.acl.found for it
                            allow(ResourceType.CLUSTER, "kafka-cluster", AclOperation.CLUSTER_ACTION),
                            allow(ResourceType.CLUSTER, "kafka-cluster", AclOperation.ALTER),
                            allow(ResourceType.CLUSTER, "kafka-cluster", AclOperation.DESCRIBE),
                            deny(ResourceType.TOPIC, "dacl-secret", AclOperation.DESCRIBE),
                            deny(ResourceType.TOPIC, "dacl-ghost", AclOperation.DESCRIBE),
                            deny(ResourceType.GROUP, "dacl-denied", AclOperation.DESCRIBE)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            // the broker's authorizer has the ACLs once DescribeAcls (answered from it) lists them
            AclBindingFilter denied = new AclBindingFilter(
                    new ResourcePatternFilter(ResourceType.GROUP, "dacl-denied", PatternType.LITERAL),
                    AccessControlEntryFilter.ANY);
            Awaitility.await()
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> !admin.describeAcls(denied).values().get().isEmpty());
            List<String> consumer = new ArrayList<>();
            for (ConsumerGroupDescribeResponseData.DescribedGroup g :
                    consumerDescribe(c, "dacl-c-open", "dacl-c-secret", "dacl-unknown", "dacl-denied")) {
                consumer.add("consumer " + g.groupId() + " " + g.errorCode() + " " + g.errorMessage() + " members "
                        + g.members().size() + " operations " + g.authorizedOperations());
            }
            out.addAll(coordinatorAnswersSorted(consumer, 1));
            List<String> share = new ArrayList<>();
            for (ShareGroupDescribeResponseData.DescribedGroup g :
                    shareDescribe(c, "dacl-s-open", "dacl-s-secret", "", "dacl-unknown", "dacl-denied")) {
                share.add("share " + g.groupId() + " " + g.errorCode() + " " + g.errorMessage() + " members "
                        + g.members().size() + " operations " + g.authorizedOperations());
            }
            out.addAll(coordinatorAnswersSorted(share, 2));
        }
        return out;
    }

    /**
     * The answers with the first {@code kept} (the unauthorized group, then the invalid id) in place and the rest
     * sorted: Kafka's coordinator answers the groups of each {@code __consumer_offsets} partition together, in an order
     * Skiff (one coordinator for all) does not reproduce.
     */
    private static List<String> coordinatorAnswersSorted(List<String> answers, int kept) {
        List<String> out = new ArrayList<>(answers.subList(0, kept));
        answers.subList(kept, answers.size()).stream().sorted().forEach(out::add);
        return out;
    }

    private static short findCoordinator(RawKafkaConnection c) throws Exception {
        FindCoordinatorResponse r = c.send(new FindCoordinatorRequest.Builder(new FindCoordinatorRequestData()
                        .setKeyType((byte) 0)
                        .setCoordinatorKeys(List.of("dacl-warmup")))
                .build((short) 4));
        return r.data().coordinators().get(0).errorCode();
    }

    private static AclBinding allow(ResourceType type, String name, AclOperation operation) {
        return acl(type, name, operation, AclPermissionType.ALLOW);
    }

    private static AclBinding deny(ResourceType type, String name, AclOperation operation) {
        return acl(type, name, operation, AclPermissionType.DENY);
    }

    private static AclBinding acl(
            ResourceType type, String name, AclOperation operation, AclPermissionType permission) {
        return new AclBinding(
                new ResourcePattern(type, name, PatternType.LITERAL),
                new AccessControlEntry(ANONYMOUS, "*", operation, permission));
    }

    /** A member of a group, heartbeating with its epoch. */
    private static final class Member {
        final String group;
        final List<String> topics;
        final String id = Uuid.randomUuid().toString();
        int epoch;
        /** Once assigned partitions (a heartbeat answer carries the assignment only when it changes). */
        boolean assigned;

        Member(String group, List<String> topics) {
            this.group = group;
            this.topics = topics;
        }
    }

    /** Heartbeats; true once the member is assigned partitions. */
    private static boolean consumerBeat(RawKafkaConnection c, Member m) throws Exception {
        ConsumerGroupHeartbeatResponse r =
                c.send(new ConsumerGroupHeartbeatRequest.Builder(new ConsumerGroupHeartbeatRequestData()
                                .setGroupId(m.group)
                                .setMemberId(m.id)
                                .setMemberEpoch(m.epoch)
                                .setRebalanceTimeoutMs(30_000)
                                .setSubscribedTopicNames(m.topics)
                                .setTopicPartitions(m.epoch == 0 ? List.of() : null))
                        .build((short) 1));
        if (r.data().errorCode() != 0) {
            return m.assigned;
        }
        m.epoch = r.data().memberEpoch();
        m.assigned |= r.data().assignment() != null
                && !r.data().assignment().topicPartitions().isEmpty();
        return m.assigned;
    }

    /** Heartbeats; true once the member is assigned partitions. */
    private static boolean shareBeat(RawKafkaConnection c, Member m) throws Exception {
        ShareGroupHeartbeatResponse r =
                c.send(new ShareGroupHeartbeatRequest.Builder(new ShareGroupHeartbeatRequestData()
                                .setGroupId(m.group)
                                .setMemberId(m.id)
                                .setMemberEpoch(m.epoch)
                                .setSubscribedTopicNames(m.epoch == 0 ? m.topics : null))
                        .build((short) 1));
        if (r.data().errorCode() != 0) {
            return m.assigned;
        }
        m.epoch = r.data().memberEpoch();
        m.assigned |= r.data().assignment() != null
                && !r.data().assignment().topicPartitions().isEmpty();
        return m.assigned;
    }

    private static List<ConsumerGroupDescribeResponseData.DescribedGroup> consumerDescribe(
            RawKafkaConnection c, String... ids) throws Exception {
        ConsumerGroupDescribeResponse r =
                c.send(new ConsumerGroupDescribeRequest.Builder(new ConsumerGroupDescribeRequestData()
                                .setGroupIds(List.of(ids))
                                .setIncludeAuthorizedOperations(true))
                        .build((short) 1));
        return r.data().groups();
    }

    private static List<ShareGroupDescribeResponseData.DescribedGroup> shareDescribe(
            RawKafkaConnection c, String... ids) throws Exception {
        ShareGroupDescribeResponse r = c.send(new ShareGroupDescribeRequest.Builder(new ShareGroupDescribeRequestData()
                        .setGroupIds(List.of(ids))
                        .setIncludeAuthorizedOperations(true))
                .build((short) 1));
        return r.data().groups();
    }
}
