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

import static io.skiff.compat.RawGroupRequests.answer;
import static io.skiff.compat.RawGroupRequests.consumerGroupDescribe;
import static io.skiff.compat.RawGroupRequests.describe;
import static io.skiff.compat.RawGroupRequests.heartbeat;
import static io.skiff.compat.RawGroupRequests.joinStatic;
import static io.skiff.compat.RawGroupRequests.leave;
import static io.skiff.compat.RawGroupRequests.listGroups;
import static io.skiff.compat.RawGroupRequests.owned;
import static io.skiff.compat.RawGroupRequests.partitions;
import static io.skiff.compat.RawGroupRequests.relativeEpochs;
import static io.skiff.compat.RawGroupRequests.sync;
import static org.awaitility.Awaitility.await;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.internals.ConsumerProtocol;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.message.JoinGroupResponseData;
import org.apache.kafka.common.message.SyncGroupRequestData;
import org.apache.kafka.common.message.SyncGroupResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/**
 * A static member that moves between the classic and the consumer protocol with the same group.instance.id (an
 * application upgraded from group.protocol=classic to consumer, or rolled back), without leaving first: raw requests
 * sent to Skiff and to a real Kafka 4.4, their answers written down and compared (Kafka's are the spec). Kafka
 * replaces a classic member by the consumer-protocol member at once, and a consumer-protocol member by a classic
 * JoinGroup at once; only a consumer-protocol member replacing a consumer-protocol member must wait for its leave.
 */
@Skiff
class StaticMemberProtocolSwitchCompatTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int PARTITIONS = 4;

    private SkiffServer skiff;

    @Test
    void aStaticMemberSwitchingProtocolsInAConsumerGroupIsReplacedAsOnKafka() throws Exception {
        SideBySide.assertSameAsOnKafka(skiff.bootstrapServers(), StaticMemberProtocolSwitchCompatTest::inConsumerGroup);
    }

    @Test
    void theLastClassicStaticMemberMovingToTheConsumerProtocolUpgradesTheGroupAsOnKafka() throws Exception {
        SideBySide.assertSameAsOnKafka(skiff.bootstrapServers(), StaticMemberProtocolSwitchCompatTest::inClassicGroup);
    }

    /**
     * m (consumer protocol, "i-m") and c (classic, "i-c") share four partitions; c's instance moves to the consumer
     * protocol (n), back to the classic one (d), then leaves and comes back with the consumer protocol (k).
     */
    private static List<String> inConsumerGroup(String bootstrap) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "protocol-switch-" + suffix;
        String group = "protocol-switch-group-" + suffix;
        createTopic(bootstrap, topic, group);
        String[] hp = bootstrap.split(":");
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]))) {
            String m = Uuid.randomUuid().toString();
            ConsumerGroupHeartbeatResponseData joined =
                    RawGroupRequests.awaitCoordinator(c, group, () -> consumerJoin(c, group, m, "i-m", topic));
            // Only the error: Kafka sometimes answers a new group's first join before its metadata image has the
            // just-created topic (no partitions, and one more epoch when they arrive); base is taken after that.
            out.add("m join: " + Errors.forCode(joined.errorCode()));
            AtomicReference<ConsumerGroupHeartbeatResponseData> latest = new AtomicReference<>(joined);
            AtomicReference<ConsumerGroupHeartbeatResponseData.Assignment> ofM =
                    new AtomicReference<>(joined.assignment());
            await().atMost(WAIT).until(() -> {
                if (partitions(ofM.get()) == PARTITIONS) {
                    return true;
                }
                ConsumerGroupHeartbeatResponseData r =
                        consumerHeartbeat(c, group, m, "i-m", latest.get().memberEpoch(), owned(ofM.get()));
                latest.set(r);
                if (r.assignment() != null) {
                    ofM.set(r.assignment());
                }
                return partitions(ofM.get()) == PARTITIONS;
            });
            int base = latest.get().memberEpoch();

            // c joins with the classic protocol and gets half once m released it.
            JoinGroupResponseData cJoin = joinStatic(c, group, "", "i-c", List.of(topic));
            out.add("c join: " + describe(cJoin));
            String cId = cJoin.memberId();
            out.add("c sync: " + describe(sync(c, group, cId, "i-c", cJoin.generationId(), "range")));
            ConsumerGroupHeartbeatResponseData revoke = consumerHeartbeat(c, group, m, "i-m", base, owned(ofM.get()));
            out.add("m must revoke: " + answer(revoke));
            ConsumerGroupHeartbeatResponseData mBeat =
                    consumerHeartbeat(c, group, m, "i-m", revoke.memberEpoch(), owned(revoke.assignment()));
            out.add("m revoked: " + answer(mBeat));
            out.add("c heartbeat: " + heartbeat(c, group, cId, "i-c", cJoin.generationId()));
            cJoin = joinStatic(c, group, cId, "i-c", List.of(topic));
            out.add("c rejoin: " + describe(cJoin));
            SyncGroupResponseData cSync = sync(c, group, cId, "i-c", cJoin.generationId(), "range");
            out.add("c sync: " + describe(cSync));
            Set<Integer> ofC = partitionsOf(cSync);
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));

            out.add("-- c's instance moves to the consumer protocol without leaving");
            String n = Uuid.randomUuid().toString();
            ConsumerGroupHeartbeatResponseData nJoin = consumerJoin(c, group, n, "i-c", topic);
            out.add("n join: " + answer(nJoin) + " c's partitions " + ofC.equals(partitionsOf(nJoin.assignment())));
            out.add("c heartbeat: " + heartbeat(c, group, cId, "i-c", cJoin.generationId()));
            out.add("c sync: " + describe(sync(c, group, cId, "i-c", cJoin.generationId(), "range")));
            out.add("c rejoin: " + describe(joinStatic(c, group, cId, "i-c", List.of(topic))));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            ConsumerGroupHeartbeatResponseData nBeat =
                    consumerHeartbeat(c, group, n, "i-c", nJoin.memberEpoch(), owned(nJoin.assignment()));
            out.add("n heartbeat: " + answer(nBeat));
            out.add("m heartbeat: " + answer(consumerHeartbeat(c, group, m, "i-m", mBeat.memberEpoch(), null)));

            out.add("-- and back to the classic protocol without leaving");
            JoinGroupResponseData dJoin = joinStatic(c, group, "", "i-c", List.of(topic));
            out.add("d join: " + describe(dJoin));
            String dId = dJoin.memberId();
            SyncGroupResponseData dSync = sync(c, group, dId, "i-c", dJoin.generationId(), "range");
            out.add("d sync: " + describe(dSync) + " n's partitions " + ofC.equals(partitionsOf(dSync)));
            out.add("n heartbeat: " + answer(consumerHeartbeat(c, group, n, "i-c", nBeat.memberEpoch(), null)));
            out.add("n rejoin under its member id: " + answer(consumerJoin(c, group, n, "i-c", topic)));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            out.add("d heartbeat: " + heartbeat(c, group, dId, "i-c", dJoin.generationId()));

            out.add(
                    "-- n takes its instance back from d; d's leave is fenced; n's consumer successor waits for n's leave");
            out.add("d leave: " + leave(c, group, dId, "i-c"));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            String k = Uuid.randomUuid().toString();
            out.add("k join: " + answer(consumerJoin(c, group, k, "i-c", topic)));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));

            out.add("n static leave: " + answer(consumerHeartbeat(c, group, n, "i-c", -2, null)));
            out.add("k join after it: " + answer(consumerJoin(c, group, k, "i-c", topic)));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            consumerHeartbeat(c, group, m, "i-m", -1, null);
            consumerHeartbeat(c, group, k, "i-c", -1, null);
            relativeEpochs(out, base);
            // Member ids are random: each is written as the name of its member.
            for (String[] named : new String[][] {{m, "<m>"}, {cId, "<c>"}, {n, "<n>"}, {dId, "<d>"}, {k, "<k>"}}) {
                out.replaceAll(line -> line.replace(named[0], named[1]));
            }
        }
        GroupCompatSupport.deleteGroupAndTopic(bootstrap, group, topic);
        return out;
    }

    /** A classic group whose only member, static, comes back with the consumer protocol under a new member id. */
    private static List<String> inClassicGroup(String bootstrap) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "protocol-upgrade-" + suffix;
        String group = "protocol-upgrade-group-" + suffix;
        createTopic(bootstrap, topic, group);
        String[] hp = bootstrap.split(":");
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]))) {
            JoinGroupResponseData cJoin = RawGroupRequests.awaitCoordinator(
                    c, group, () -> joinStatic(c, group, "", "i-1", List.of(topic)), JoinGroupResponseData::errorCode);
            out.add("c join: " + describe(cJoin));
            int base = cJoin.generationId();
            String cId = cJoin.memberId();
            SyncGroupResponseData cSync = leaderSync(c, group, cId, "i-1", cJoin.generationId(), topic);
            out.add("c sync: " + describe(cSync));
            out.add("ListGroups: " + listGroups(c, group));

            String n = Uuid.randomUuid().toString();
            ConsumerGroupHeartbeatResponseData nJoin = consumerJoin(c, group, n, "i-1", topic);
            out.add("n join: " + answer(nJoin) + " error message " + nJoin.errorMessage());
            out.add("ListGroups: " + listGroups(c, group));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            out.add("c heartbeat: " + heartbeat(c, group, cId, "i-1", cJoin.generationId()));
            out.add("n heartbeat: "
                    + answer(consumerHeartbeat(c, group, n, "i-1", nJoin.memberEpoch(), owned(nJoin.assignment()))));
            out.add("n leave: " + answer(consumerHeartbeat(c, group, n, "i-1", -1, null)));
            out.add("ListGroups: " + listGroups(c, group));
            relativeEpochs(out, base);
        }
        GroupCompatSupport.deleteGroupAndTopic(bootstrap, group, topic);
        return out;
    }

    // ------------------------------------------------------------------ requests

    private static void createTopic(String bootstrap, String topic, String group) throws Exception {
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
                    .all()
                    .get();
            GroupCompatSupport.assignAtOnce(admin, List.of(group));
        }
    }

    private static ConsumerGroupHeartbeatResponseData consumerJoin(
            RawKafkaConnection c, String group, String memberId, String instanceId, String topic) throws Exception {
        return RawGroupRequests.heartbeat(
                c,
                new ConsumerGroupHeartbeatRequestData()
                        .setGroupId(group)
                        .setMemberId(memberId)
                        .setInstanceId(instanceId)
                        .setMemberEpoch(0)
                        .setRebalanceTimeoutMs(30_000)
                        .setSubscribedTopicNames(List.of(topic))
                        .setTopicPartitions(List.of()));
    }

    /** A ConsumerGroupHeartbeat; {@code owned} only when not null. */
    private static ConsumerGroupHeartbeatResponseData consumerHeartbeat(
            RawKafkaConnection c,
            String group,
            String memberId,
            String instanceId,
            int epoch,
            List<ConsumerGroupHeartbeatRequestData.TopicPartitions> owned)
            throws Exception {
        return RawGroupRequests.heartbeat(
                c,
                new ConsumerGroupHeartbeatRequestData()
                        .setGroupId(group)
                        .setMemberId(memberId)
                        .setInstanceId(instanceId)
                        .setMemberEpoch(epoch)
                        .setTopicPartitions(owned));
    }

    /** The leader's SyncGroup of a classic group of one member: every partition to itself. */
    private static SyncGroupResponseData leaderSync(
            RawKafkaConnection c, String group, String memberId, String instanceId, int generation, String topic)
            throws Exception {
        List<TopicPartition> all = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            all.add(new TopicPartition(topic, p));
        }
        ByteBuffer b = ConsumerProtocol.serializeAssignment(new ConsumerPartitionAssignor.Assignment(all));
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return RawGroupRequests.sync(
                c,
                group,
                memberId,
                instanceId,
                generation,
                "range",
                List.of(new SyncGroupRequestData.SyncGroupRequestAssignment()
                        .setMemberId(memberId)
                        .setAssignment(bytes)));
    }

    // ------------------------------------------------------------------ answers

    private static Set<Integer> partitionsOf(ConsumerGroupHeartbeatResponseData.Assignment a) {
        Set<Integer> out = new TreeSet<>();
        if (a != null) {
            a.topicPartitions().forEach(tp -> out.addAll(tp.partitions()));
        }
        return out;
    }

    private static Set<Integer> partitionsOf(SyncGroupResponseData r) {
        Set<Integer> out = new TreeSet<>();
        if (r.assignment() != null && r.assignment().length > 0) {
            ConsumerProtocol.deserializeAssignment(ByteBuffer.wrap(r.assignment()))
                    .partitions()
                    .forEach(tp -> out.add(tp.partition()));
        }
        return out;
    }
}
