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
import static io.skiff.compat.RawGroupRequests.describe;
import static io.skiff.compat.RawGroupRequests.describeGroups;
import static io.skiff.compat.RawGroupRequests.heartbeat;
import static io.skiff.compat.RawGroupRequests.joinStatic;
import static io.skiff.compat.RawGroupRequests.listGroups;
import static io.skiff.compat.RawGroupRequests.owned;
import static io.skiff.compat.RawGroupRequests.partitions;
import static io.skiff.compat.RawGroupRequests.relativeEpochs;
import static io.skiff.compat.RawGroupRequests.sync;
import static org.awaitility.Awaitility.await;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
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
import org.junit.jupiter.api.Test;

/**
 * The same raw requests sent to Skiff and to a real Kafka 4.1, their answers written down and compared (Kafka's are
 * the spec): a consumer group of a consumer-protocol static member (instance "i-m") and a classic static member
 * ("i-c"); the consumer-protocol member leaves for a while (epoch -2) and a classic member with instance id "i-m"
 * joins in its place, which downgrades the group to a classic group at once. Twice: with the replaced member's
 * subscription (the classic group stays Stable, nobody rebalances) and with another one (the classic group
 * rebalances; the replacement's JoinGroup answer carries generation 0, so its SyncGroup fails and it rejoins).
 */
@Skiff
class StaticGroupDowngradeProtocolCompatTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int PARTITIONS = 6;

    private SkiffServer skiff;

    @Test
    void skiffAnswersTheStaticReplacementSequencesAsKafkaDoes() throws Exception {
        SideBySide.assertSameAsOnKafka(skiff.bootstrapServers(), StaticGroupDowngradeProtocolCompatTest::transcript);
    }

    private static List<String> transcript(String bootstrap) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "raw-static-" + suffix;
        String other = "raw-static-other-" + suffix;
        List<String> groups = List.of("raw-static-same-" + suffix, "raw-static-changed-" + suffix);
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1), new NewTopic(other, 2, (short) 1)))
                    .all()
                    .get();
            GroupCompatSupport.assignAtOnce(admin, groups);
        }
        String[] hp = bootstrap.split(":");
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]));
                RawKafkaConnection c2 = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]))) {
            out.add("-- replaced with the same subscription");
            out.addAll(replacement(c, c2, groups.get(0), topic, List.of(topic)));
            out.add("-- replaced with another subscription");
            out.addAll(replacement(c, c2, groups.get(1), topic, List.of(topic, other)));
        }
        // Leave nothing behind in the shared Kafka (the differential tests list its groups).
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            for (String g : groups) {
                try {
                    admin.deleteConsumerGroups(List.of(g)).all().get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                        throw e;
                    }
                }
            }
            admin.deleteTopics(List.of(topic, other)).all().get();
        }
        return out;
    }

    /** One group's sequence; epochs and generations are written relative to m1's once it owns every partition. */
    private static List<String> replacement(
            RawKafkaConnection c, RawKafkaConnection c2, String group, String topic, List<String> replacementTopics)
            throws Exception {
        List<String> out = new ArrayList<>();
        // The consumer-protocol static member forms the consumer group and owns every partition.
        String m1 = Uuid.randomUuid().toString();
        ConsumerGroupHeartbeatResponseData joined =
                awaitCoordinator(c, group, () -> consumerHeartbeat(c, group, m1, 0, List.of(topic), List.of()));
        out.add("m1 join: " + Errors.forCode(joined.errorCode()));
        AtomicReference<ConsumerGroupHeartbeatResponseData> latest = new AtomicReference<>(joined);
        AtomicReference<ConsumerGroupHeartbeatResponseData.Assignment> assigned =
                new AtomicReference<>(joined.assignment());
        await().atMost(WAIT).until(() -> {
            if (partitions(assigned.get()) == PARTITIONS) {
                return true;
            }
            ConsumerGroupHeartbeatResponseData r =
                    consumerHeartbeat(c, group, m1, latest.get().memberEpoch(), null, owned(assigned.get()));
            latest.set(r);
            if (r.assignment() != null) {
                assigned.set(r.assignment());
            }
            return partitions(assigned.get()) == PARTITIONS;
        });
        int base = latest.get().memberEpoch();
        out.add("m1 owns every partition");

        // A classic static member joins; m1 gives up half and the classic member takes it.
        JoinGroupResponseData cJoin = joinStatic(c, group, "", "i-c", List.of(topic));
        out.add("c join: " + describe(cJoin));
        String cId = cJoin.memberId();
        out.add("c sync: " + describe(sync(c, group, cId, "i-c", cJoin.generationId(), "range")));
        ConsumerGroupHeartbeatResponseData revoke = consumerHeartbeat(c, group, m1, base, null, owned(assigned.get()));
        out.add("m1 heartbeat: " + Errors.forCode(revoke.errorCode()) + " epoch " + revoke.memberEpoch()
                + " partitions " + partitions(revoke.assignment()));
        ConsumerGroupHeartbeatResponseData revoked =
                consumerHeartbeat(c, group, m1, revoke.memberEpoch(), null, owned(revoke.assignment()));
        out.add("m1 revoked: " + Errors.forCode(revoked.errorCode()) + " epoch " + revoked.memberEpoch());
        out.add("c heartbeat: " + heartbeat(c, group, cId, "i-c", cJoin.generationId()));
        cJoin = joinStatic(c, group, cId, "i-c", List.of(topic));
        out.add("c rejoin: " + describe(cJoin));
        out.add("c sync: " + describe(sync(c, group, cId, "i-c", cJoin.generationId(), "range")));
        out.add("c heartbeat: " + heartbeat(c, group, cId, "i-c", cJoin.generationId()));
        out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));

        // m1 leaves for a while, keeping its place; a classic member with its instance id takes that place.
        ConsumerGroupHeartbeatResponseData left = consumerHeartbeat(c, group, m1, -2, null, null);
        out.add("m1 static leave: " + Errors.forCode(left.errorCode()) + " epoch " + left.memberEpoch());
        out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
        JoinGroupResponseData rJoin = joinStatic(c, group, "", "i-m", replacementTopics);
        // Generation 0 is written as such, not relative to m1's epoch (which Kafka sometimes starts at 2).
        out.add("r join: " + describe(rJoin).replace("generation 0 ", "generation zero "));
        String rId = rJoin.memberId();
        out.add("ListGroups: " + listGroups(c, group));
        out.add("DescribeGroups: " + describeGroups(c, group));
        out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
        SyncGroupResponseData rSync = sync(c, group, rId, "i-m", rJoin.generationId(), "range");
        out.add("r sync: " + describe(rSync));
        Errors cHeartbeat = heartbeat(c, group, cId, "i-c", cJoin.generationId());
        out.add("c heartbeat: " + cHeartbeat);
        out.add("r heartbeat: " + heartbeat(c, group, rId, "i-m", rJoin.generationId()));
        out.add("m1 heartbeat: "
                + Errors.forCode(consumerHeartbeat(c, group, m1, revoked.memberEpoch(), null, null)
                        .errorCode()));

        if (cHeartbeat == Errors.REBALANCE_IN_PROGRESS) {
            // Both rejoin the classic group (each JoinGroup waits for the other's).
            String cRejoinedAs = cId;
            CompletableFuture<JoinGroupResponseData> cRejoin = CompletableFuture.supplyAsync(() -> {
                try {
                    return joinStatic(c2, group, cRejoinedAs, "i-c", List.of(topic));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            JoinGroupResponseData rRejoin = joinStatic(c, group, rId, "i-m", replacementTopics);
            JoinGroupResponseData cRejoined = cRejoin.get();
            out.add("rejoins: " + Errors.forCode(cRejoined.errorCode()) + " " + Errors.forCode(rRejoin.errorCode())
                    + " generation " + cRejoined.generationId() + " and generation " + rRejoin.generationId()
                    + " one leader "
                    + (cRejoined.leader().equals(rRejoin.leader())
                            && List.of(cId, rId).contains(rRejoin.leader()))
                    + " members "
                    + (cRejoined.members().size() + rRejoin.members().size()));
            out.add("ListGroups: " + listGroups(c, group));
        }

        LeaveGroupResponse leave = c.send(new LeaveGroupRequest.Builder(
                        group,
                        List.of(
                                new LeaveGroupRequestData.MemberIdentity()
                                        .setMemberId(cId)
                                        .setGroupInstanceId("i-c"),
                                new LeaveGroupRequestData.MemberIdentity()
                                        .setMemberId(rId)
                                        .setGroupInstanceId("i-m")))
                .build((short) 5));
        out.add("leave: " + leave.error() + " "
                + leave.data().members().stream()
                        .map(m -> Errors.forCode(m.errorCode()).toString())
                        .toList());
        out.add("ListGroups: " + listGroups(c, group));
        relativeEpochs(out, base);
        return out;
    }

    /** A ConsumerGroupHeartbeat of m1 (instance "i-m"): topics and owned partitions only when not null. */
    private static ConsumerGroupHeartbeatResponseData consumerHeartbeat(
            RawKafkaConnection c,
            String group,
            String memberId,
            int epoch,
            List<String> topics,
            List<ConsumerGroupHeartbeatRequestData.TopicPartitions> owned)
            throws Exception {
        ConsumerGroupHeartbeatRequestData data = new ConsumerGroupHeartbeatRequestData()
                .setGroupId(group)
                .setMemberId(memberId)
                .setInstanceId("i-m")
                .setMemberEpoch(epoch)
                .setSubscribedTopicNames(topics)
                .setTopicPartitions(owned);
        if (epoch == 0) {
            data.setRebalanceTimeoutMs(30_000);
        }
        return RawGroupRequests.heartbeat(c, data);
    }
}
