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

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToIntFunction;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.internals.ConsumerProtocol;
import org.apache.kafka.common.message.ConsumerGroupDescribeRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.message.DescribeGroupsRequestData;
import org.apache.kafka.common.message.FindCoordinatorRequestData;
import org.apache.kafka.common.message.HeartbeatRequestData;
import org.apache.kafka.common.message.JoinGroupRequestData;
import org.apache.kafka.common.message.JoinGroupResponseData;
import org.apache.kafka.common.message.LeaveGroupRequestData;
import org.apache.kafka.common.message.ListGroupsRequestData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatRequestData;
import org.apache.kafka.common.message.SyncGroupRequestData;
import org.apache.kafka.common.message.SyncGroupResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ConsumerGroupDescribeRequest;
import org.apache.kafka.common.requests.ConsumerGroupDescribeResponse;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatResponse;
import org.apache.kafka.common.requests.DescribeGroupsRequest;
import org.apache.kafka.common.requests.DescribeGroupsResponse;
import org.apache.kafka.common.requests.FindCoordinatorRequest;
import org.apache.kafka.common.requests.FindCoordinatorResponse;
import org.apache.kafka.common.requests.HeartbeatRequest;
import org.apache.kafka.common.requests.HeartbeatResponse;
import org.apache.kafka.common.requests.JoinGroupRequest;
import org.apache.kafka.common.requests.JoinGroupResponse;
import org.apache.kafka.common.requests.LeaveGroupRequest;
import org.apache.kafka.common.requests.LeaveGroupResponse;
import org.apache.kafka.common.requests.ListGroupsRequest;
import org.apache.kafka.common.requests.ListGroupsResponse;
import org.apache.kafka.common.requests.SyncGroupRequest;
import org.apache.kafka.common.requests.SyncGroupResponse;

/**
 * Raw group requests built with kafka-clients' own request classes, and their answers written down as text, for the
 * transcript tests that send the same sequence to Skiff and to a real Kafka and compare what came back
 * ({@link MixedGroupProtocolCompatTest}, {@link StaticGroupDowngradeProtocolCompatTest}). Stateless.
 */
final class RawGroupRequests {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private RawGroupRequests() {}

    /** Rewrites every "epoch N", "generation N" and "assignmentEpoch N" (N >= 0) as its distance to {@code base}. */
    static void relativeEpochs(List<String> out, int base) {
        java.util.regex.Pattern number = java.util.regex.Pattern.compile("(epoch|generation|assignmentEpoch) (\\d+)");
        out.replaceAll(line -> {
            java.util.regex.Matcher m = number.matcher(line);
            StringBuilder b = new StringBuilder();
            while (m.find()) {
                int n = Integer.parseInt(m.group(2));
                m.appendReplacement(b, m.group(1) + " base" + (n - base >= 0 ? "+" : "") + (n - base));
            }
            m.appendTail(b);
            return b.toString();
        });
    }

    interface Call<T> {
        T call() throws Exception;
    }

    /**
     * Retries the first group request until the coordinator answers: FindCoordinator makes Kafka create
     * {@code __consumer_offsets}, whose partition then loads.
     */
    static ConsumerGroupHeartbeatResponseData awaitCoordinator(
            RawKafkaConnection c, String group, Call<ConsumerGroupHeartbeatResponseData> call) {
        return awaitCoordinator(c, group, call, ConsumerGroupHeartbeatResponseData::errorCode);
    }

    /** As {@link #awaitCoordinator(RawKafkaConnection, String, Call)}, for any group request's response. */
    static <T> T awaitCoordinator(RawKafkaConnection c, String group, Call<T> call, ToIntFunction<T> errorCode) {
        AtomicReference<T> result = new AtomicReference<>();
        await().atMost(WAIT).until(() -> {
            FindCoordinatorResponse found = c.send(new FindCoordinatorRequest.Builder(new FindCoordinatorRequestData()
                            .setKeyType(FindCoordinatorRequest.CoordinatorType.GROUP.id())
                            .setCoordinatorKeys(List.of(group)))
                    .build((short) 4));
            if (found.data().coordinators().get(0).errorCode() != 0) {
                return false;
            }
            T r = call.call();
            Errors e = Errors.forCode((short) errorCode.applyAsInt(r));
            if (e == Errors.COORDINATOR_LOAD_IN_PROGRESS
                    || e == Errors.COORDINATOR_NOT_AVAILABLE
                    || e == Errors.NOT_COORDINATOR) {
                return false;
            }
            result.set(r);
            return true;
        });
        return result.get();
    }

    static ConsumerGroupHeartbeatResponseData heartbeat(RawKafkaConnection c, ConsumerGroupHeartbeatRequestData data)
            throws Exception {
        ConsumerGroupHeartbeatResponse r = c.send(new ConsumerGroupHeartbeatRequest.Builder(data).build((short) 1));
        return r.data();
    }

    static Errors heartbeat(RawKafkaConnection c, String group, String memberId, int generation) throws Exception {
        return heartbeat(c, group, memberId, null, generation);
    }

    /** A classic Heartbeat of a static member ({@code instanceId} non-null) or a dynamic one. */
    static Errors heartbeat(RawKafkaConnection c, String group, String memberId, String instanceId, int generation)
            throws Exception {
        HeartbeatResponse r = c.send(new HeartbeatRequest.Builder(new HeartbeatRequestData()
                        .setGroupId(group)
                        .setMemberId(memberId)
                        .setGroupInstanceId(instanceId)
                        .setGenerationId(generation))
                .build((short) 4));
        return r.error();
    }

    static JoinGroupResponseData join(RawKafkaConnection c, String group, String memberId, String topic)
            throws Exception {
        return joinWithType(c, group, memberId, "consumer", topic);
    }

    static JoinGroupResponseData joinWithType(
            RawKafkaConnection c, String group, String memberId, String protocolType, String topic) throws Exception {
        return joinWithType(c, group, memberId, null, protocolType, List.of(topic));
    }

    /** A static member's JoinGroup ({@code instanceId} non-null) subscribing to {@code topics}. */
    static JoinGroupResponseData joinStatic(
            RawKafkaConnection c, String group, String memberId, String instanceId, List<String> topics)
            throws Exception {
        return joinWithType(c, group, memberId, instanceId, "consumer", topics);
    }

    /** JoinGroup v9 with the protocols "range" and "cooperative-sticky", both subscribing to {@code topics}. */
    static JoinGroupResponseData joinWithType(
            RawKafkaConnection c,
            String group,
            String memberId,
            String instanceId,
            String protocolType,
            List<String> topics)
            throws Exception {
        return joinWithProtocols(
                c, group, memberId, instanceId, protocolType, List.of("range", "cooperative-sticky"), topics);
    }

    /** JoinGroup v9 with the protocols {@code names}, each subscribing to {@code topics}. */
    static JoinGroupResponseData joinWithProtocols(
            RawKafkaConnection c,
            String group,
            String memberId,
            String instanceId,
            String protocolType,
            List<String> names,
            List<String> topics)
            throws Exception {
        JoinGroupRequestData.JoinGroupRequestProtocolCollection protocols =
                new JoinGroupRequestData.JoinGroupRequestProtocolCollection();
        for (String name : names) {
            protocols.add(new JoinGroupRequestData.JoinGroupRequestProtocol()
                    .setName(name)
                    .setMetadata(subscription(topics)));
        }
        JoinGroupResponse r = c.send(new JoinGroupRequest.Builder(new JoinGroupRequestData()
                        .setGroupId(group)
                        .setMemberId(memberId)
                        .setGroupInstanceId(instanceId)
                        .setSessionTimeoutMs(10_000)
                        .setRebalanceTimeoutMs(30_000)
                        .setProtocolType(protocolType)
                        .setProtocols(protocols))
                .build((short) 9));
        return r.data();
    }

    static SyncGroupResponseData sync(
            RawKafkaConnection c, String group, String memberId, int generation, String protocolName) throws Exception {
        return sync(c, group, memberId, null, generation, protocolName);
    }

    /** A follower's SyncGroup (no assignments), of a static member when {@code instanceId} is non-null. */
    static SyncGroupResponseData sync(
            RawKafkaConnection c, String group, String memberId, String instanceId, int generation, String protocolName)
            throws Exception {
        return sync(c, group, memberId, instanceId, generation, protocolName, List.of());
    }

    /** A SyncGroup with {@code assignments} (a leader's), of a static member when {@code instanceId} is non-null. */
    static SyncGroupResponseData sync(
            RawKafkaConnection c,
            String group,
            String memberId,
            String instanceId,
            int generation,
            String protocolName,
            List<SyncGroupRequestData.SyncGroupRequestAssignment> assignments)
            throws Exception {
        SyncGroupResponse r = c.send(new SyncGroupRequest.Builder(new SyncGroupRequestData()
                        .setGroupId(group)
                        .setMemberId(memberId)
                        .setGroupInstanceId(instanceId)
                        .setGenerationId(generation)
                        .setProtocolType("consumer")
                        .setProtocolName(protocolName)
                        .setAssignments(assignments))
                .build((short) 5));
        return r.data();
    }

    /** A LeaveGroup v5 of one member: the top-level error and the member's. */
    static String leave(RawKafkaConnection c, String group, String memberId, String instanceId) throws Exception {
        LeaveGroupResponse r = c.send(new LeaveGroupRequest.Builder(
                        group,
                        List.of(new LeaveGroupRequestData.MemberIdentity()
                                .setMemberId(memberId)
                                .setGroupInstanceId(instanceId)))
                .build((short) 5));
        return r.error() + " "
                + r.data().members().stream()
                        .map(x -> Errors.forCode(x.errorCode()).toString())
                        .toList();
    }

    static String describeGroups(RawKafkaConnection c, String group) throws Exception {
        DescribeGroupsResponse r =
                c.send(new DescribeGroupsRequest.Builder(new DescribeGroupsRequestData().setGroups(List.of(group)))
                        .build((short) 5));
        var g = r.data().groups().get(0);
        return Errors.forCode(g.errorCode()) + " state " + g.groupState() + " protocolType '" + g.protocolType()
                + "' protocol '" + g.protocolData() + "' members " + g.members().size();
    }

    static String consumerGroupDescribe(RawKafkaConnection c, String group) throws Exception {
        ConsumerGroupDescribeResponse r = c.send(new ConsumerGroupDescribeRequest.Builder(
                        new ConsumerGroupDescribeRequestData().setGroupIds(List.of(group)))
                .build((short) 1));
        var g = r.data().groups().get(0);
        if (g.errorCode() != 0) {
            return Errors.forCode(g.errorCode()).toString();
        }
        List<String> members = g.members().stream()
                .map(m -> "type " + m.memberType() + " epoch " + m.memberEpoch() + " partitions "
                        + m.assignment().topicPartitions().stream()
                                .mapToInt(tp -> tp.partitions().size())
                                .sum())
                .sorted()
                .toList();
        return "state " + g.groupState() + " epoch " + g.groupEpoch() + " assignmentEpoch " + g.assignmentEpoch()
                + " members " + members;
    }

    static String listGroups(RawKafkaConnection c, String group) throws Exception {
        ListGroupsResponse r = c.send(new ListGroupsRequest.Builder(new ListGroupsRequestData()).build((short) 5));
        return r.data().groups().stream()
                .filter(g -> g.groupId().equals(group))
                .map(g -> "type " + g.groupType() + " state " + g.groupState() + " protocolType '" + g.protocolType()
                        + "'")
                .findFirst()
                .orElse("absent");
    }

    // ------------------------------------------------------------------ payloads

    static String describe(JoinGroupResponseData r) {
        String leader = !r.leader().isEmpty() && r.leader().equals(r.memberId()) ? "<itself>" : r.leader();
        return Errors.forCode(r.errorCode()) + " generation " + r.generationId() + " protocolType " + r.protocolType()
                + " protocol " + r.protocolName() + " leader '" + leader + "' members "
                + r.members().size()
                + " skipAssignment " + r.skipAssignment() + " member id length "
                + r.memberId().length();
    }

    /** A ConsumerGroupHeartbeat's answer: error, epoch, partitions (-1: no assignment) and any error message. */
    static String answer(ConsumerGroupHeartbeatResponseData r) {
        String s = Errors.forCode(r.errorCode()) + " epoch " + r.memberEpoch() + " partitions "
                + partitions(r.assignment());
        return r.errorCode() == 0 ? s : s + " (" + r.errorMessage() + ")";
    }

    static String describe(SyncGroupResponseData r) {
        String partitions = r.assignment() == null || r.assignment().length == 0
                ? "none"
                : String.valueOf(ConsumerProtocol.deserializeAssignment(ByteBuffer.wrap(r.assignment()))
                        .partitions()
                        .size());
        return Errors.forCode(r.errorCode()) + " protocolType " + r.protocolType() + " protocol " + r.protocolName()
                + " partitions " + partitions;
    }

    static byte[] subscription(List<String> topics) {
        ByteBuffer b = ConsumerProtocol.serializeSubscription(
                new ConsumerPartitionAssignor.Subscription(topics, null, List.of(), -1, Optional.empty()));
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    static int partitions(ConsumerGroupHeartbeatResponseData.Assignment a) {
        return a == null
                ? -1
                : a.topicPartitions().stream()
                        .mapToInt(tp -> tp.partitions().size())
                        .sum();
    }

    static List<ConsumerGroupHeartbeatRequestData.TopicPartitions> owned(
            ConsumerGroupHeartbeatResponseData.Assignment a) {
        List<ConsumerGroupHeartbeatRequestData.TopicPartitions> out = new ArrayList<>();
        if (a != null) {
            a.topicPartitions()
                    .forEach(tp -> out.add(new ConsumerGroupHeartbeatRequestData.TopicPartitions()
                            .setTopicId(tp.topicId())
                            .setPartitions(tp.partitions())));
        }
        return out;
    }

    /**
     * A streams group join (epoch 0) whose topology has one subtopology "0" reading {@code sourceTopics}, or none when
     * there are no source topics.
     */
    static StreamsGroupHeartbeatRequestData streamsJoin(String group, String memberId, List<String> sourceTopics) {
        List<StreamsGroupHeartbeatRequestData.Subtopology> subtopologies = sourceTopics.isEmpty()
                ? List.of()
                : List.of(new StreamsGroupHeartbeatRequestData.Subtopology()
                        .setSubtopologyId("0")
                        .setSourceTopics(sourceTopics));
        return new StreamsGroupHeartbeatRequestData()
                .setGroupId(group)
                .setMemberId(memberId)
                .setMemberEpoch(0)
                .setRebalanceTimeoutMs(30_000)
                .setActiveTasks(List.of())
                .setStandbyTasks(List.of())
                .setWarmupTasks(List.of())
                .setTopology(new StreamsGroupHeartbeatRequestData.Topology()
                        .setEpoch(0)
                        .setSubtopologies(subtopologies));
    }
}
