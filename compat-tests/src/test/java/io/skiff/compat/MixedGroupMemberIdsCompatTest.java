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
import static io.skiff.compat.RawGroupRequests.join;
import static io.skiff.compat.RawGroupRequests.joinStatic;
import static io.skiff.compat.RawGroupRequests.joinWithProtocols;
import static io.skiff.compat.RawGroupRequests.joinWithType;
import static io.skiff.compat.RawGroupRequests.leave;
import static io.skiff.compat.RawGroupRequests.listGroups;
import static io.skiff.compat.RawGroupRequests.relativeEpochs;
import static io.skiff.compat.RawGroupRequests.sync;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.message.JoinGroupResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/**
 * A consumer group (KIP-848) with classic members, sent requests of one protocol under a member id of the other:
 * raw requests sent to Skiff and to a real Kafka 4.4, their answers written down and compared (Kafka's are the spec).
 * Kafka keys both kinds of member by member id alone: a ConsumerGroupHeartbeat under a classic member's id (at its
 * epoch) makes it a consumer-protocol member, a classic JoinGroup under a consumer-protocol member's id makes it a
 * classic one, and a LeaveGroup or a leave heartbeat removes a member of either kind; only SyncGroup and Heartbeat
 * insist on a classic member. A JoinGroup that fails with an error of the consumer group carries no member id.
 */
@Skiff
class MixedGroupMemberIdsCompatTest {
    private static final int PARTITIONS = 4;
    private static final Pattern PARENTHESIZED_NUMBER = Pattern.compile("\\((\\d+)\\)");

    private SkiffServer skiff;

    @Test
    void requestsUnderTheOtherProtocolsMemberIdsAreAnsweredAsOnKafka() throws Exception {
        SideBySide.assertSameAsOnKafka(skiff.bootstrapServers(), MixedGroupMemberIdsCompatTest::transcript);
    }

    /** m and k use the consumer protocol, c the classic one; c then moves to the consumer protocol, k to the classic. */
    private static List<String> transcript(String bootstrap) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "member-ids-" + suffix;
        String group = "member-ids-group-" + suffix;
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
                    .all()
                    .get();
            GroupCompatSupport.assignAtOnce(admin, List.of(group));
        }
        String[] hp = bootstrap.split(":");
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(hp[0], Integer.parseInt(hp[1]))) {
            RawConsumerMember m = new RawConsumerMember(c, group, topic);
            out.add("m join: " + m.joinError());
            m.heartbeatUntilItOwns(PARTITIONS);
            int base = m.epoch();

            JoinGroupResponseData first = join(c, group, "", topic);
            out.add("c join: " + describe(first));
            String cId = first.memberId();
            JoinGroupResponseData cJoin = join(c, group, cId, topic);
            out.add("c join with its id: " + describe(cJoin));
            int cGeneration = cJoin.generationId();
            out.add("c sync: " + describe(sync(c, group, cId, cGeneration, "range")));
            RawConsumerMember k = new RawConsumerMember(c, group, topic);
            out.add("k join: " + k.joinError());

            out.add("-- classic SyncGroup and Heartbeat under consumer-protocol member ids");
            out.add("sync as m: " + describe(sync(c, group, m.memberId(), m.epoch(), "range")));
            out.add("heartbeat as k: " + heartbeat(c, group, k.memberId(), k.epoch()));

            out.add("-- JoinGroup errors of the consumer group");
            out.add("protocol type connect, no id: "
                    + describe(joinWithType(c, group, "", null, "connect", List.of(topic))));
            out.add("protocol type connect, c's id: "
                    + describe(joinWithType(c, group, cId, null, "connect", List.of(topic))));
            out.add("no common protocol, no id: "
                    + describe(
                            joinWithProtocols(c, group, "", null, "consumer", List.of("roundrobin"), List.of(topic))));
            out.add("no common protocol, c's id: "
                    + describe(
                            joinWithProtocols(c, group, cId, null, "consumer", List.of("roundrobin"), List.of(topic))));
            out.add("unknown instance id with a member id: "
                    + describe(joinStatic(c, group, "some-member", "i-unknown", List.of(topic))));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));

            out.add("-- ConsumerGroupHeartbeat under c's id");
            // (an error's epoch, 0, is left out: Kafka may need an epoch more than Skiff to see the new topic)
            ConsumerGroupHeartbeatResponseData fenced = consumerHeartbeat(c, group, cId, cGeneration + 7);
            out.add("c, another epoch: " + Errors.forCode(fenced.errorCode()) + " (" + fenced.errorMessage() + ")");
            ConsumerGroupHeartbeatResponseData cBeat = consumerHeartbeat(c, group, cId, cGeneration);
            out.add("c, its epoch: " + answer(cBeat));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            out.add("c classic heartbeat: " + heartbeat(c, group, cId, cGeneration));
            out.add("c classic sync: " + describe(sync(c, group, cId, cGeneration, "range")));

            out.add("-- classic JoinGroup under k's id");
            JoinGroupResponseData kJoin = join(c, group, k.memberId(), topic);
            out.add("k classic join: " + describe(kJoin));
            out.add("k classic sync: " + describe(sync(c, group, k.memberId(), kJoin.generationId(), "range")));
            out.add("k classic heartbeat: " + heartbeat(c, group, k.memberId(), kJoin.generationId()));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));

            out.add("-- leaving under the other protocol");
            out.add("c LeaveGroup: " + leave(c, group, cId, null));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            out.add("k leave heartbeat: " + answer(consumerHeartbeat(c, group, k.memberId(), -1)));
            out.add("ConsumerGroupDescribe: " + consumerGroupDescribe(c, group));
            out.add("ListGroups: " + listGroups(c, group));
            consumerHeartbeat(c, group, m.memberId(), -1);

            relativeEpochs(out, base);
            // Error messages name epochs in parentheses and member ids: both are written relative or by name.
            out.replaceAll(line -> {
                Matcher n = PARENTHESIZED_NUMBER.matcher(line);
                StringBuilder b = new StringBuilder();
                while (n.find()) {
                    n.appendReplacement(b, "(base" + String.format("%+d", Integer.parseInt(n.group(1)) - base) + ")");
                }
                n.appendTail(b);
                return b.toString()
                        .replace(m.memberId(), "<m>")
                        .replace(k.memberId(), "<k>")
                        .replace(cId, "<c>")
                        .replace(group, "<group>");
            });
        }
        GroupCompatSupport.deleteGroupAndTopic(bootstrap, group, topic);
        return out;
    }

    /** A ConsumerGroupHeartbeat that sends nothing but the member id and epoch. */
    private static ConsumerGroupHeartbeatResponseData consumerHeartbeat(
            RawKafkaConnection c, String group, String memberId, int epoch) throws Exception {
        return RawGroupRequests.heartbeat(
                c,
                new ConsumerGroupHeartbeatRequestData()
                        .setGroupId(group)
                        .setMemberId(memberId)
                        .setMemberEpoch(epoch));
    }
}
