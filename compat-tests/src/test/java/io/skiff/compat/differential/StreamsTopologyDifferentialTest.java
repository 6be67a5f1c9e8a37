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
import static io.skiff.compat.differential.StreamsDifferentialFixture.join;
import static io.skiff.compat.differential.StreamsDifferentialFixture.subtopology;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Topologies at the edges of what Kafka 4.4 checks, each joined to a group of its own on Skiff and on a real Kafka 4.4
 * and compared field by field: a topology without subtopologies (accepted: a member without tasks, followed by its
 * next heartbeats and the group described), and topologies that look wrong, which Kafka 4.4 refuses, fails on or
 * accepts: duplicate or empty subtopology ids, subtopologies without sources, internal and invalid topic names (also
 * in a heartbeat that is not a join), repartition topics nobody writes or written in a loop, a negative partition
 * count, copartition indexes out of range.
 */
class StreamsTopologyDifferentialTest {
    private static final String PREFIX = "stv-";
    private static final short V = StreamsDifferentialFixture.STREAMS_VERSION;

    @RegisterExtension
    static final StreamsDifferentialFixture FIXTURE = new StreamsDifferentialFixture(PREFIX);

    private final List<String> differences = new ArrayList<>();

    @Test
    void aTopologyWithoutSubtopologiesIsAcceptedAsKafkaAcceptsIt() throws Exception {
        String group = PREFIX + "empty";
        String m = member("empty");
        setNoDelays(group);
        StreamsGroupHeartbeatResponse joined = heartbeat(
                "join with no subtopologies",
                join(
                        m,
                        group,
                        new StreamsGroupHeartbeatRequest.Topology().setEpoch(0).setSubtopologies(list())));
        heartbeat("the next heartbeat", beat(group, m, joined.memberEpoch()));
        heartbeat(
                "a heartbeat owning no tasks",
                beat(group, m, joined.memberEpoch())
                        .setActiveTasks(list())
                        .setStandbyTasks(list())
                        .setWarmupTasks(list()));
        step(
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                "the group with no subtopologies",
                new StreamsGroupDescribeRequest().setGroupIds(list(group)).setIncludeAuthorizedOperations(true));
        heartbeat("the member leaves", beat(group, m, -1));
        assertNoDifferences();
    }

    @Test
    void oddTopologiesAreAnsweredAsKafkaAnswersThem() throws Exception {
        String source = FIXTURE.source();
        joinOnce(
                "duplicate subtopology ids",
                topology(
                        subtopology("0", list(source), list(), list(), list()),
                        subtopology("0", list(source), list(), list(), list())));
        joinOnce("an empty subtopology id", topology(subtopology("", list(source), list(), list(), list())));
        joinOnce("a subtopology without sources", topology(subtopology("0", list(), list(), list(), list())));
        joinOnce(
                "a subtopology without sources with a changelog",
                topology(subtopology("0", list(), list(), list(), list(topic(PREFIX + "nosrc-changelog", 0)))));
        joinOnce(
                "an illegal changelog topic name",
                topology(subtopology("0", list(source), list(), list(), list(topic(PREFIX + "bad name!", 0)))));
        joinOnce(
                "an empty changelog topic name",
                topology(subtopology("0", list(source), list(), list(), list(topic("", 0)))));
        joinOnce(
                "an illegal repartition topic name",
                topology(
                        subtopology("0", list(source), list(), list(PREFIX + "bad/name"), list()),
                        subtopology("1", list(), list(topic(PREFIX + "bad/name", 0)), list(), list())));
        joinOnce(
                "a negative repartition partition count",
                topology(
                        subtopology("0", list(source), list(), list(PREFIX + "neg-repartition"), list()),
                        subtopology("1", list(), list(topic(PREFIX + "neg-repartition", -3)), list(), list())));
        joinOnce(
                "internal and invalid topic names",
                topology(
                        subtopology("0", list(source, "__consumer_offsets"), list(), list("x y"), list()),
                        subtopology("1", list("__transaction_state"), list(topic("x y", 0)), list(), list())));
        joinOnce(
                "several invalid topic names",
                topology(subtopology(
                        "0", list(source, "a:b", ".."), list(), list(), list(topic(PREFIX + "ok-changelog", 0)))));
        String g = PREFIX + "not-joining";
        setNoDelays(g);
        heartbeat(
                "a heartbeat that is not a join, with an invalid topic name",
                beat(g, member("not-joining"), 3)
                        .setTopology(topology(subtopology("0", list("bad name"), list(), list(), list()))));
        joinOnce(
                "a repartition topic nobody writes",
                topology(
                        subtopology("0", list(source), list(), list(), list()),
                        subtopology("1", list(), list(topic(PREFIX + "unwritten-repartition", 0)), list(), list())));
        joinOnce(
                "repartition topics in a loop",
                topology(
                        subtopology("0", list(), list(topic(PREFIX + "loop-a", 0)), list(PREFIX + "loop-b"), list()),
                        subtopology("1", list(), list(topic(PREFIX + "loop-b", 0)), list(PREFIX + "loop-a"), list())));
        StreamsGroupHeartbeatRequest.Subtopology copartitioned = subtopology("0", list(source), list(), list(), list());
        copartitioned.setCopartitionGroups(list(new StreamsGroupHeartbeatRequest.CopartitionGroup()
                .setSourceTopics(list((short) 0, (short) 4))
                .setSourceTopicRegex(list())
                .setRepartitionSourceTopics(list())));
        joinOnce("a copartition index out of range", topology(copartitioned));
        assertNoDifferences();
    }

    /** One member joins a group of its own with {@code topology}, then leaves. */
    private void joinOnce(String name, StreamsGroupHeartbeatRequest.Topology topology) throws IOException {
        String group = PREFIX + name.replaceAll("[^a-z0-9]+", "-");
        String m = member(name);
        setNoDelays(group);
        StreamsGroupHeartbeatResponse joined = heartbeat("join: " + name, join(m, group, topology));
        if (joined.errorCode() == 0) {
            step(
                    ApiKeys.STREAMS_GROUP_DESCRIBE,
                    "described: " + name,
                    new StreamsGroupDescribeRequest().setGroupIds(list(group)));
            heartbeat("leave: " + name, beat(group, m, -1));
        }
    }

    private static StreamsGroupHeartbeatRequest.Topology topology(StreamsGroupHeartbeatRequest.Subtopology... subs) {
        return new StreamsGroupHeartbeatRequest.Topology().setEpoch(0).setSubtopologies(list(subs));
    }

    private static StreamsGroupHeartbeatRequest.TopicInfo topic(String name, int partitions) {
        return new StreamsGroupHeartbeatRequest.TopicInfo()
                .setName(name)
                .setPartitions(partitions)
                .setTopicConfigs(list());
    }

    private void setNoDelays(String group) throws IOException {
        step(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "delays set to 0: " + group,
                StreamsDifferentialFixture.noDelays(group));
        FIXTURE.awaitKafkaHasNoDelays(group);
    }

    private static StreamsGroupHeartbeatRequest beat(String group, String memberId, int epoch) {
        return new StreamsGroupHeartbeatRequest()
                .setGroupId(group)
                .setMemberId(memberId)
                .setMemberEpoch(epoch);
    }

    /** A member id as Kafka Streams makes them (a UUID). */
    private static String member(String name) {
        String hex = String.format("%012x", Math.abs(name.hashCode()));
        return "5d0c9a7e-0000-4000-8000-" + hex.substring(hex.length() - 12);
    }

    private StreamsGroupHeartbeatResponse heartbeat(String name, StreamsGroupHeartbeatRequest request)
            throws IOException {
        return (StreamsGroupHeartbeatResponse) step(ApiKeys.STREAMS_GROUP_HEARTBEAT, name, request);
    }

    private ApiMessage step(ApiKeys api, String name, ApiMessage request) throws IOException {
        return FIXTURE.step(api, V, name, request, differences);
    }

    private void assertNoDifferences() {
        if (!differences.isEmpty()) {
            fail(String.join("\n", differences));
        }
    }
}
