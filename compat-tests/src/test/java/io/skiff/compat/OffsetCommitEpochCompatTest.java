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

import static io.skiff.compat.RawGroupRequests.heartbeat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.OffsetCommitRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.OffsetCommitRequest;
import org.apache.kafka.common.requests.OffsetCommitResponse;
import org.junit.jupiter.api.Test;

/**
 * OffsetCommit v9 and v10 of a consumer-protocol member with the epoch it had before its last rebalance (as the Java
 * consumer sends when it commits while an epoch bump is in flight), sent to Skiff and to a real Kafka and compared:
 * accepted for the partitions the member has held since that epoch, the whole commit refused when one partition
 * was given to it later, refused for a newer epoch. Kafka's answers are the spec.
 */
@Skiff
class OffsetCommitEpochCompatTest {
    private SkiffServer skiff;

    @Test
    void anOlderMemberEpochCommitsThePartitionsHeldSinceThenAsOnKafka() throws Exception {
        assertEquals(
                List.of(
                        "m1 join: NONE",
                        "a new epoch: true",
                        "v9, old epoch, partition 0: {0=NONE}",
                        "v9, old epoch, partitions 1 and 2 (given later): {1=STALE_MEMBER_EPOCH, 2=STALE_MEMBER_EPOCH}",
                        "v9, old epoch, partition 3 (given later): {3=STALE_MEMBER_EPOCH}",
                        "v10, old epoch, partition 1: {1=NONE}",
                        "v9, newer epoch: {0=STALE_MEMBER_EPOCH}",
                        "v9, current epoch, partition 3: {3=NONE}",
                        "committed: {0=10, 1=11, 3=13}"),
                transcript(skiff.bootstrapServers()));
        SideBySide.assertSameAsOnKafka(skiff.bootstrapServers(), OffsetCommitEpochCompatTest::transcript);
    }

    private static List<String> transcript(String bootstrap) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "epoch-commit-" + suffix;
        String group = "epoch-commit-group-" + suffix;
        Uuid topicId;
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
            GroupCompatSupport.assignAtOnce(admin, List.of(group));
            topicId = admin.describeTopics(List.of(topic))
                    .allTopicNames()
                    .get()
                    .get(topic)
                    .topicId();
        }
        String[] hp = bootstrap.split(":");
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]))) {
            RawConsumerMember member = new RawConsumerMember(c, group, topic);
            String m1 = member.memberId();
            out.add("m1 join: " + member.joinError());
            member.heartbeatUntilItOwns(2);
            int first = member.epoch();

            // A rebalance: the topic grows, m1 is given the new partitions at a new epoch.
            try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
                admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(4)))
                        .all()
                        .get();
            }
            member.heartbeatUntilItOwns(4);
            int second = member.epoch();
            out.add("a new epoch: " + (second > first));

            out.add("v9, old epoch, partition 0: " + commit(c, 9, group, m1, first, topic, topicId, 0));
            out.add("v9, old epoch, partitions 1 and 2 (given later): "
                    + commit(c, 9, group, m1, first, topic, topicId, 1, 2));
            out.add("v9, old epoch, partition 3 (given later): " + commit(c, 9, group, m1, first, topic, topicId, 3));
            out.add("v10, old epoch, partition 1: " + commit(c, 10, group, m1, first, topic, topicId, 1));
            out.add("v9, newer epoch: " + commit(c, 9, group, m1, second + 1, topic, topicId, 0));
            out.add("v9, current epoch, partition 3: " + commit(c, 9, group, m1, second, topic, topicId, 3));
            try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
                Map<Integer, Long> committed = new TreeMap<>();
                admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata()
                        .get()
                        .forEach((TopicPartition tp, OffsetAndMetadata om) ->
                                committed.put(tp.partition(), om.offset()));
                out.add("committed: " + committed);
            }

            heartbeat(
                    c,
                    new ConsumerGroupHeartbeatRequestData()
                            .setGroupId(group)
                            .setMemberId(m1)
                            .setMemberEpoch(-1));
        }
        // Leave nothing behind in the shared Kafka (the differential tests list its groups).
        GroupCompatSupport.deleteGroupAndTopic(bootstrap, group, topic);
        return out;
    }

    /** An OffsetCommit of offset 10 + partition for each of {@code partitions}: the error of each, by partition. */
    private static String commit(
            RawKafkaConnection c,
            int version,
            String group,
            String memberId,
            int memberEpoch,
            String topic,
            Uuid topicId,
            int... partitions)
            throws Exception {
        List<OffsetCommitRequestData.OffsetCommitRequestPartition> ps = new ArrayList<>();
        for (int p : partitions) {
            ps.add(new OffsetCommitRequestData.OffsetCommitRequestPartition()
                    .setPartitionIndex(p)
                    .setCommittedOffset(10 + p)
                    .setCommittedLeaderEpoch(-1)
                    .setCommittedMetadata(""));
        }
        OffsetCommitRequestData data = new OffsetCommitRequestData()
                .setGroupId(group)
                .setMemberId(memberId)
                .setGenerationIdOrMemberEpoch(memberEpoch)
                .setTopics(List.of(new OffsetCommitRequestData.OffsetCommitRequestTopic()
                        .setName(version >= 10 ? "" : topic)
                        .setTopicId(version >= 10 ? topicId : Uuid.ZERO_UUID)
                        .setPartitions(ps)));
        OffsetCommitResponse r = c.send(
                version >= 10
                        ? OffsetCommitRequest.Builder.forTopicIdsOrNames(data).build((short) version)
                        : OffsetCommitRequest.Builder.forTopicNames(data).build((short) version));
        Map<Integer, Errors> errors = new TreeMap<>();
        r.data()
                .topics()
                .forEach(t ->
                        t.partitions().forEach(p -> errors.put(p.partitionIndex(), Errors.forCode(p.errorCode()))));
        return errors.toString();
    }
}
