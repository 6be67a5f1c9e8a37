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

import static io.skiff.compat.RawGroupRequests.awaitCoordinator;
import static io.skiff.compat.RawGroupRequests.consumerGroupDescribe;
import static io.skiff.compat.RawGroupRequests.heartbeat;
import static io.skiff.compat.RawGroupRequests.owned;
import static io.skiff.compat.RawGroupRequests.partitions;
import static io.skiff.compat.RawGroupRequests.relativeEpochs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/**
 * A static member of a consumer-protocol group that leaves temporarily (MemberEpoch -2) in the middle of a
 * rebalance, while it still has partitions to revoke, and comes back with the same instance id: raw
 * ConsumerGroupHeartbeats sent to Skiff and to a real Kafka 4.4 and compared (who owns what, at which epochs, and
 * the errors of a static leave that names no instance, an unknown one, or another member's). Kafka's answers are
 * the spec.
 */
@Skiff
class StaticMemberLeaveCompatTest {
    private SkiffServer skiff;

    @Test
    void aStaticMemberLeavingDuringARebalanceReleasesWhatItHadToRevokeAsOnKafka() throws Exception {
        assertEquals(
                List.of(
                        "a joins: NONE epoch base+0 partitions 4",
                        "b joins: NONE epoch base+1 partitions 0",
                        "a must revoke: NONE epoch base+0 partitions 2",
                        "a leaves for a while: NONE epoch -2 same member id true",
                        "b: NONE epoch base+1 partitions 2",
                        "described: state Reconciling epoch base+1 assignmentEpoch base+1 members [type 1 epoch -2"
                                + " partitions 2, type 1 epoch base+1 partitions 2]",
                        "a returns: NONE epoch base+1 partitions 2 same partitions true",
                        "b: NONE epoch base+1 partitions unchanged",
                        "the old instance: FENCED_INSTANCE_ID",
                        "described: state Stable epoch base+1 assignmentEpoch base+1 members [type 1 epoch base+1"
                                + " partitions 2, type 1 epoch base+1 partitions 2]",
                        "b rejoins under its own member id without leaving: UNRELEASED_INSTANCE_ID",
                        "a returns under the same member id: NONE epoch base+1 partitions 2 same partitions true",
                        "described: state Stable epoch base+1 assignmentEpoch base+1 members [type 1 epoch base+1"
                                + " partitions 2, type 1 epoch base+1 partitions 2]",
                        "static leave without instance id: INVALID_REQUEST InstanceId can't be null.",
                        "static leave of an unknown instance: UNKNOWN_MEMBER_ID Instance id unknown is unknown.",
                        "static leave of another member's instance: FENCED_INSTANCE_ID",
                        "leave of an unknown member: UNKNOWN_MEMBER_ID"),
                transcript(skiff.bootstrapServers()));
        SideBySide.assertSameAsOnKafka(skiff.bootstrapServers(), StaticMemberLeaveCompatTest::transcript);
    }

    private static List<String> transcript(String bootstrap) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "static-leave-" + suffix;
        String group = "static-leave-group-" + suffix;
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(topic, 4, (short) 1))).all().get();
            GroupCompatSupport.assignAtOnce(admin, List.of(group));
        }
        String[] hp = bootstrap.split(":");
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]))) {
            String a = Uuid.randomUuid().toString();
            String b = Uuid.randomUuid().toString();
            ConsumerGroupHeartbeatResponseData aJoin = awaitCoordinator(c, group, () -> join(c, group, a, "ia", topic));
            ConsumerGroupHeartbeatResponseData.Assignment ofA = aJoin.assignment();
            int base = aJoin.memberEpoch();
            out.add("a joins: " + describe(aJoin));
            ConsumerGroupHeartbeatResponseData bJoin = join(c, group, b, "ib", topic);
            out.add("b joins: " + describe(bJoin));
            ConsumerGroupHeartbeatResponseData.Assignment ofB = bJoin.assignment();

            // a still owns all four: it keeps two and must revoke the two b is waiting for
            ConsumerGroupHeartbeatResponseData revoke =
                    heartbeat(c, beat(group, a, "ia", aJoin.memberEpoch()).setTopicPartitions(owned(ofA)));
            out.add("a must revoke: " + describe(revoke));
            ofA = revoke.assignment();

            ConsumerGroupHeartbeatResponseData left = heartbeat(c, beat(group, a, "ia", -2));
            out.add("a leaves for a while: " + Errors.forCode(left.errorCode()) + " epoch " + left.memberEpoch()
                    + " same member id " + a.equals(left.memberId()));

            ConsumerGroupHeartbeatResponseData bBeat =
                    heartbeat(c, beat(group, b, "ib", bJoin.memberEpoch()).setTopicPartitions(owned(ofB)));
            out.add("b: " + describe(bBeat));
            if (bBeat.assignment() != null) {
                ofB = bBeat.assignment();
            }
            out.add("described: " + consumerGroupDescribe(c, group));

            String a2 = Uuid.randomUuid().toString();
            ConsumerGroupHeartbeatResponseData back = join(c, group, a2, "ia", topic);
            out.add("a returns: " + describe(back) + " same partitions "
                    + owned(back.assignment()).equals(owned(ofA)));
            ConsumerGroupHeartbeatResponseData bAgain =
                    heartbeat(c, beat(group, b, "ib", bBeat.memberEpoch()).setTopicPartitions(owned(ofB)));
            out.add("b: " + Errors.forCode(bAgain.errorCode()) + " epoch " + bAgain.memberEpoch() + " partitions "
                    + (bAgain.assignment() == null ? "unchanged" : partitions(bAgain.assignment())));
            out.add("the old instance: "
                    + Errors.forCode(heartbeat(c, beat(group, a, "ia", revoke.memberEpoch()))
                            .errorCode()));
            out.add("described: " + consumerGroupDescribe(c, group));

            out.add("b rejoins under its own member id without leaving: "
                    + Errors.forCode(join(c, group, b, "ib", topic).errorCode()));
            heartbeat(c, beat(group, a2, "ia", -2));
            ConsumerGroupHeartbeatResponseData sameId = join(c, group, a2, "ia", topic);
            out.add("a returns under the same member id: " + describe(sameId) + " same partitions "
                    + owned(sameId.assignment()).equals(owned(ofA)));
            out.add("described: " + consumerGroupDescribe(c, group));

            out.add("static leave without instance id: " + error(heartbeat(c, beat(group, b, null, -2))));
            out.add("static leave of an unknown instance: " + error(heartbeat(c, beat(group, b, "unknown", -2))));
            out.add("static leave of another member's instance: "
                    + Errors.forCode(heartbeat(c, beat(group, b, "ia", -2)).errorCode()));
            out.add("leave of an unknown member: "
                    + Errors.forCode(heartbeat(c, beat(group, Uuid.randomUuid().toString(), null, -1))
                            .errorCode()));

            heartbeat(c, beat(group, a2, "ia", -1));
            heartbeat(c, beat(group, b, "ib", -1));
            relativeEpochs(out, base);
        }
        // Leave nothing behind in the shared Kafka (the differential tests list its groups).
        GroupCompatSupport.deleteGroupAndTopic(bootstrap, group, topic);
        return out;
    }

    private static ConsumerGroupHeartbeatResponseData join(
            RawKafkaConnection c, String group, String memberId, String instanceId, String topic) throws Exception {
        return heartbeat(
                c,
                beat(group, memberId, instanceId, 0)
                        .setRebalanceTimeoutMs(30_000)
                        .setSubscribedTopicNames(List.of(topic))
                        .setTopicPartitions(List.of()));
    }

    private static ConsumerGroupHeartbeatRequestData beat(String group, String memberId, String instanceId, int epoch) {
        return new ConsumerGroupHeartbeatRequestData()
                .setGroupId(group)
                .setMemberId(memberId)
                .setInstanceId(instanceId)
                .setMemberEpoch(epoch);
    }

    private static String describe(ConsumerGroupHeartbeatResponseData r) {
        return Errors.forCode(r.errorCode()) + " epoch " + r.memberEpoch() + " partitions "
                + partitions(r.assignment());
    }

    private static String error(ConsumerGroupHeartbeatResponseData r) {
        return Errors.forCode(r.errorCode()) + " " + r.errorMessage();
    }
}
