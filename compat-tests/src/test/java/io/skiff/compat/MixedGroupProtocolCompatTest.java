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

import static io.skiff.compat.RawGroupRequests.consumerGroupDescribe;
import static io.skiff.compat.RawGroupRequests.describe;
import static io.skiff.compat.RawGroupRequests.describeGroups;
import static io.skiff.compat.RawGroupRequests.heartbeat;
import static io.skiff.compat.RawGroupRequests.join;
import static io.skiff.compat.RawGroupRequests.joinWithType;
import static io.skiff.compat.RawGroupRequests.listGroups;
import static io.skiff.compat.RawGroupRequests.owned;
import static io.skiff.compat.RawGroupRequests.partitions;
import static io.skiff.compat.RawGroupRequests.relativeEpochs;
import static io.skiff.compat.RawGroupRequests.sync;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.message.JoinGroupResponseData;
import org.apache.kafka.common.message.LeaveGroupRequestData;
import org.apache.kafka.common.message.SyncGroupResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.LeaveGroupRequest;
import org.apache.kafka.common.requests.LeaveGroupResponse;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;

/**
 * The same sequence of raw group requests (kafka-clients' own request classes) sent to Skiff and to a real Kafka
 * 4.1, their answers written down field by field and compared: a classic member joining, syncing, heartbeating and
 * leaving a consumer group, the group's ConsumerGroupDescribe, DescribeGroups and ListGroups views before and after
 * the downgrade when its consumer-protocol member leaves, and the refused upgrade of a group whose protocol type is
 * not "consumer". Kafka's answers are the spec.
 */
@Skiff
class MixedGroupProtocolCompatTest {
    private static final int PARTITIONS = 6;

    private SkiffServer skiff;

    @Test
    void skiffAnswersTheMixedGroupSequenceAsKafkaDoes() throws Exception {
        SideBySide.assertSameAsOnKafka(skiff.bootstrapServers(), MixedGroupProtocolCompatTest::transcript);
    }

    private static List<String> transcript(String bootstrap) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "raw-mixed-" + suffix;
        String group = "raw-mixed-group-" + suffix;
        String connectGroup = "raw-connect-group-" + suffix;
        String probeGroup = onTheSameOffsetsPartition(group, "raw-probe-group-" + suffix);
        try (Admin admin = admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
                    .all()
                    .get();
            GroupCompatSupport.assignAtOnce(admin, List.of(group));
        }
        String[] hp = bootstrap.split(":");
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]))) {
            // A consumer-protocol member forms the consumer group and owns every partition.
            RawConsumerMember member1 = new RawConsumerMember(c, group, topic);
            String m1 = member1.memberId();
            out.add("m1 join: " + member1.joinError());
            // Kafka's coordinator may see the new topic only after a first empty assignment (and a new epoch):
            // heartbeat until m1 owns every partition; epochs are written down relative to m1's epoch then.
            member1.heartbeatUntilItOwns(PARTITIONS);
            int base = member1.epoch();
            out.add("m1 owns every partition");

            // A classic member joins the consumer group.
            JoinGroupResponseData first = join(c, group, "", topic);
            out.add("classic join: " + Errors.forCode(first.errorCode()) + " id length "
                    + first.memberId().length());
            String classic = first.memberId();
            JoinGroupResponseData second = join(c, group, classic, topic);
            out.add("classic join with id: " + describe(second));
            int generation = second.generationId();
            SyncGroupResponseData synced = sync(c, group, classic, generation, "range");
            out.add("classic sync: " + describe(synced));
            out.add("classic sync, wrong protocol: "
                    + Errors.forCode(
                            sync(c, group, classic, generation, "roundrobin").errorCode()));
            out.add("classic heartbeat: " + heartbeat(c, group, classic, generation));
            out.add("classic heartbeat, wrong generation: " + heartbeat(c, group, classic, generation + 5));
            out.add("m1 with the classic Heartbeat: " + heartbeat(c, group, m1, base));
            out.add("DescribeGroups: " + describeGroups(c, group));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            out.add("ListGroups: " + listGroups(c, group));

            // m1 gives up half; the classic member is told to rejoin and gets the other half.
            ConsumerGroupHeartbeatResponseData revoke = heartbeat(
                    c,
                    new ConsumerGroupHeartbeatRequestData()
                            .setGroupId(group)
                            .setMemberId(m1)
                            .setMemberEpoch(base)
                            .setTopicPartitions(owned(member1.assigned())));
            out.add("m1 heartbeat: " + Errors.forCode(revoke.errorCode()) + " epoch " + revoke.memberEpoch()
                    + " partitions " + partitions(revoke.assignment()));
            ConsumerGroupHeartbeatResponseData revoked = heartbeat(
                    c,
                    new ConsumerGroupHeartbeatRequestData()
                            .setGroupId(group)
                            .setMemberId(m1)
                            .setMemberEpoch(revoke.memberEpoch())
                            .setTopicPartitions(owned(revoke.assignment())));
            out.add("m1 revoked: " + Errors.forCode(revoked.errorCode()) + " epoch " + revoked.memberEpoch());
            out.add("classic heartbeat after the release: " + heartbeat(c, group, classic, generation));
            JoinGroupResponseData rejoined = join(c, group, classic, topic);
            out.add("classic rejoin: " + describe(rejoined));
            SyncGroupResponseData resynced = sync(c, group, classic, rejoined.generationId(), "range");
            out.add("classic sync: " + describe(resynced));
            out.add("classic heartbeat: " + heartbeat(c, group, classic, rejoined.generationId()));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));

            // m1 leaves: the group downgrades to a classic group and rebalances.
            ConsumerGroupHeartbeatResponseData left = heartbeat(
                    c,
                    new ConsumerGroupHeartbeatRequestData()
                            .setGroupId(group)
                            .setMemberId(m1)
                            .setMemberEpoch(-1));
            out.add("m1 leave: " + Errors.forCode(left.errorCode()) + " epoch " + left.memberEpoch());
            out.add("ListGroups: " + listGroups(c, group));
            out.add("DescribeGroups: " + describeGroups(c, group));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            out.add("classic heartbeat: " + heartbeat(c, group, classic, rejoined.generationId()));
            JoinGroupResponseData classicAgain = join(c, group, classic, topic);
            out.add("classic rejoin: " + describe(classicAgain));
            out.add("ListGroups: " + listGroups(c, group));
            LeaveGroupResponse leave = c.send(new LeaveGroupRequest.Builder(
                            group, List.of(new LeaveGroupRequestData.MemberIdentity().setMemberId(classic)))
                    .build((short) 5));
            out.add("classic leave: " + leave.error() + " "
                    + Errors.forCode(leave.data().members().get(0).errorCode()));

            // A group of another protocol type is not upgraded.
            JoinGroupResponseData connect = joinWithType(c, connectGroup, "", "connect", topic);
            connect = joinWithType(c, connectGroup, connect.memberId(), "connect", topic);
            out.add("connect group join: " + Errors.forCode(connect.errorCode()));
            ConsumerGroupHeartbeatResponseData refused = heartbeat(
                    c,
                    new ConsumerGroupHeartbeatRequestData()
                            .setGroupId(connectGroup)
                            .setMemberId(Uuid.randomUuid().toString())
                            .setMemberEpoch(0)
                            .setRebalanceTimeoutMs(30_000)
                            .setSubscribedTopicNames(List.of(topic))
                            .setTopicPartitions(List.of()));
            out.add("consumer-protocol join to it: " + Errors.forCode(refused.errorCode()) + " "
                    + refused.errorMessage().replace(suffix, "*"));
            relativeEpochs(out, base);
            c.send(new LeaveGroupRequest.Builder(
                            connectGroup,
                            List.of(new LeaveGroupRequestData.MemberIdentity().setMemberId(connect.memberId())))
                    .build((short) 5));
        }
        // Leave nothing behind in the shared Kafka (the differential tests list its groups).
        try (Admin admin = admin(bootstrap)) {
            for (String g : List.of(group, connectGroup, probeGroup)) {
                try {
                    admin.deleteConsumerGroups(List.of(g)).all().get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                        throw e; // an empty group without offsets may be gone already
                    }
                }
            }
            admin.deleteTopics(List.of(topic)).all().get();
        }
        return out;
    }

    /**
     * A group id whose records go to the same {@code __consumer_offsets} partition as {@code group}'s: Kafka's group
     * coordinator shards learn of new topics each on its own, so only a probe on the same shard tells when the
     * group's coordinator sees the topic.
     */
    private static String onTheSameOffsetsPartition(String group, String prefix) {
        int partitions = Integer.parseInt(RealKafka.CONFIG.get("offsets.topic.num.partitions"));
        int target = Utils.abs(group.hashCode()) % partitions;
        for (int i = 0; ; i++) {
            String candidate = prefix + "-" + i;
            if (Utils.abs(candidate.hashCode()) % partitions == target) {
                return candidate;
            }
        }
    }

    private static Admin admin(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        return Admin.create(p);
    }
}
