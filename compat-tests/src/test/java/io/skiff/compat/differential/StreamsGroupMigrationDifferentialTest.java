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
package io.skiff.compat.differential;

import static io.skiff.compat.differential.HandWrittenCorpus.list;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.JoinGroupResponse;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.ListGroupsRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Migration between the other group types and streams groups, sent to Skiff and to a real Kafka 4.4 from the same
 * state and compared field by field: a streams join on the id of a classic group with a member, of an empty classic
 * group (and of one that only holds committed offsets, which stay), of an empty consumer group; then JoinGroup,
 * ConsumerGroupHeartbeat and a simple OffsetCommit on the id of a streams group with a member and of an empty one.
 */
class StreamsGroupMigrationDifferentialTest {
    private static final String PREFIX = "sgm-";
    private static final String SOURCE = PREFIX + "in";
    private static final short STREAMS_VERSION = StreamsDifferentialFixture.STREAMS_VERSION;

    @RegisterExtension
    static final StreamsDifferentialFixture FIXTURE = new StreamsDifferentialFixture(PREFIX);

    private final List<String> differences = new ArrayList<>();

    @Test
    void aStreamsJoinOnAClassicGroupIsAnsweredAsKafkaAnswersIt() throws IOException {
        String group = group("classic");
        JoinGroupRequest classicJoin = classicJoin(group);
        String skiffMember = ((JoinGroupResponse)
                        FIXTURE.brokers().sendToSkiff(ApiKeys.JOIN_GROUP, (short) 3, classicJoin))
                .memberId();
        String kafkaMember = ((JoinGroupResponse)
                        FIXTURE.brokers().sendToKafka(ApiKeys.JOIN_GROUP, (short) 3, classicJoin))
                .memberId();

        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "streams join: a classic group with a member", join(group, "m1"));
        step(ApiKeys.STREAMS_GROUP_DESCRIBE, "the classic group with a member", describe(group));

        FIXTURE.brokers()
                .send(
                        ApiKeys.LEAVE_GROUP,
                        (short) 3,
                        "skiff-differential",
                        leave(group, skiffMember),
                        leave(group, kafkaMember));
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "streams join: the classic group once empty", join(group, "m1"));
        step(ApiKeys.STREAMS_GROUP_DESCRIBE, "the streams group that was a classic group", describe(group));
        step(ApiKeys.DESCRIBE_GROUPS, "the streams group that was a classic group", describeGroups(group));
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "leave", join(group, "m1").setMemberEpoch(-1));
        assertNoDifferences();
    }

    @Test
    void aStreamsJoinOnAGroupWithOnlyCommittedOffsetsKeepsThemAsKafkaDoes() throws IOException {
        String group = group("offsets");
        step(ApiKeys.OFFSET_COMMIT, "a simple commit", commit(group));
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "streams join: a group with only committed offsets", join(group, "m1"));
        step(ApiKeys.OFFSET_FETCH, "the offsets after the join", fetch(group));
        step(ApiKeys.STREAMS_GROUP_DESCRIBE, "the streams group with the offsets", describe(group));
        step(ApiKeys.LIST_GROUPS, "the groups by type", new ListGroupsRequest().setTypesFilter(list()));
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "leave", join(group, "m1").setMemberEpoch(-1));
        step(ApiKeys.OFFSET_FETCH, "the offsets after the leave", fetch(group));
        assertNoDifferences();
    }

    @Test
    void aStreamsJoinOnAnEmptyConsumerGroupIsAnsweredAsKafkaAnswersIt() throws IOException {
        String group = group("consumer");
        String member = memberId("consumer");
        step(ApiKeys.CONSUMER_GROUP_HEARTBEAT, "a consumer joins", GroupRequests.consumerJoin(group, member, SOURCE));
        step(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "the consumer leaves",
                new ConsumerGroupHeartbeatRequest()
                        .setGroupId(group)
                        .setMemberId(member)
                        .setMemberEpoch(-1));
        step(ApiKeys.OFFSET_COMMIT, "a simple commit to the empty consumer group", commit(group));
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "streams join: an empty consumer group", join(group, "m1"));
        step(ApiKeys.STREAMS_GROUP_DESCRIBE, "the empty consumer group", describe(group));
        step(ApiKeys.OFFSET_FETCH, "its offsets", fetch(group));
        assertNoDifferences();
    }

    @Test
    void otherProtocolsOnAStreamsGroupAreAnsweredAsKafkaAnswersThem() throws IOException {
        String group = group("streams");
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "streams join: a new group", join(group, "m1"));
        otherProtocols(group, "a streams group with a member");
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "leave", join(group, "m1").setMemberEpoch(-1));
        otherProtocols(group, "an empty streams group");
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "streams join: the empty group again", join(group, "m2"));
        step(ApiKeys.STREAMS_GROUP_DESCRIBE, "the group joined again", describe(group));
        step(ApiKeys.STREAMS_GROUP_HEARTBEAT, "leave again", join(group, "m2").setMemberEpoch(-1));
        assertNoDifferences();
    }

    private void otherProtocols(String group, String on) throws IOException {
        step(ApiKeys.JOIN_GROUP, "JoinGroup on " + on, classicJoin(group));
        step(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "ConsumerGroupHeartbeat join on " + on,
                GroupRequests.consumerJoin(group, memberId("consumer-on-streams"), SOURCE));
        step(ApiKeys.OFFSET_COMMIT, "a simple commit on " + on, commit(group));
        step(ApiKeys.DESCRIBE_GROUPS, on, describeGroups(group));
    }

    /** A join as Kafka Streams sends it, of a stateless topology (no internal topics to wait for). */
    private static StreamsGroupHeartbeatRequest join(String group, String name) {
        String member = memberId(name);
        return StreamsDifferentialFixture.join(
                member,
                group,
                new StreamsGroupHeartbeatRequest.Topology()
                        .setEpoch(0)
                        .setSubtopologies(list(
                                StreamsDifferentialFixture.subtopology("0", list(SOURCE), list(), list(), list()))));
    }

    /** The test's group {@code name}, with no rebalance delays on both brokers. */
    private static String group(String name) throws IOException {
        String group = PREFIX + name;
        FIXTURE.setNoDelays(group);
        return group;
    }

    private static StreamsGroupDescribeRequest describe(String group) {
        return new StreamsGroupDescribeRequest().setGroupIds(list(group));
    }

    private static DescribeGroupsRequest describeGroups(String group) {
        return new DescribeGroupsRequest().setGroups(list(group));
    }

    private static LeaveGroupRequest leave(String group, String member) {
        return new LeaveGroupRequest()
                .setGroupId(group)
                .setMembers(list(new LeaveGroupRequest.MemberIdentity().setMemberId(member)));
    }

    /** A simple commit (no generation, no member) of offset 0 for both partitions of the source topic. */
    private static OffsetCommitRequest commit(String group) {
        return GroupRequests.commit(group, -1, "", SOURCE, 0, 0, 1);
    }

    /** A classic consumer's JoinGroup without a member id. */
    private static JoinGroupRequest classicJoin(String group) {
        return new JoinGroupRequest()
                .setGroupId(group)
                .setSessionTimeoutMs(30_000)
                .setRebalanceTimeoutMs(30_000)
                .setMemberId("")
                .setProtocolType("consumer")
                .setProtocols(list(new JoinGroupRequest.JoinGroupRequestProtocol().setName("range")));
    }

    private static OffsetFetchRequest fetch(String group) {
        return new OffsetFetchRequest()
                .setGroups(list(new OffsetFetchRequest.OffsetFetchRequestGroup()
                        .setGroupId(group)
                        .setTopics(list(new OffsetFetchRequest.OffsetFetchRequestTopics()
                                .setName(SOURCE)
                                .setPartitionIndexes(list(0, 1))))));
    }

    /** A member id as the Java client makes them (a UUID). */
    private static String memberId(String name) {
        String hex = String.format("%012x", Math.abs(name.hashCode()));
        return "6e1d0b8f-0000-4000-8000-" + hex.substring(hex.length() - 12);
    }

    /** Sends {@code request} at the highest version both brokers have and records what differs. */
    private ApiMessage step(ApiKeys api, String name, ApiMessage request) throws IOException {
        short version = api == ApiKeys.STREAMS_GROUP_HEARTBEAT || api == ApiKeys.STREAMS_GROUP_DESCRIBE
                ? STREAMS_VERSION
                : (short) Math.min(
                        FIXTURE.brokers().skiffRanges().get(api)[1],
                        FIXTURE.brokers().kafkaRange(api)[1]);
        return FIXTURE.step(api, version, name, request, differences);
    }

    private void assertNoDifferences() {
        if (!differences.isEmpty()) {
            fail(String.join("\n", differences));
        }
    }
}
