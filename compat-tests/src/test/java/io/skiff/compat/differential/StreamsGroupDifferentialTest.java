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
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.compat.RealKafka;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.MetadataResponse;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A streams group's life (KIP-1071), request by request, sent to Skiff and to a real Kafka 4.4 from the same state and
 * compared field by field: the first join, answered MISSING_INTERNAL_TOPICS while the broker creates the repartition and
 * changelog topics after answering; the heartbeat that then gets the tasks; a member owning them; the group described;
 * and the errors of a group that exists: a greater epoch, an unknown member, a task of an unknown subtopology, a
 * second member with another topology of the same epoch or an invalid one, a static member's instance id unknown or
 * owned by another member, a missing source topic, a leave. Each version has groups of its own.
 */
class StreamsGroupDifferentialTest {
    private static final String PREFIX = "sgd-";
    private static final String SOURCE = PREFIX + "in";

    @RegisterExtension
    static final StreamsDifferentialFixture FIXTURE = new StreamsDifferentialFixture(PREFIX);

    private final List<String> differences = new ArrayList<>();
    private short version;
    private String group;

    @ParameterizedTest(name = "v{0}")
    @ValueSource(shorts = {0, 1})
    void aStreamsGroupsLifeIsAnsweredAsKafkaAnswersIt(short v) throws Exception {
        version = v;
        group = PREFIX + "wc-v" + v;
        String m1 = member("one");
        String m2 = member("two");
        // Kafka 4.4 delays a new streams group's first assignment by 3 s and its next ones by at least 1 s; Skiff
        // assigns at once (as for group.initial.rebalance.delay.ms, its developer default is no delay): the group asks
        // for no delay on both.
        noDelays("the group's delays set to 0", group);

        StreamsGroupHeartbeatResponse joined =
                heartbeat("join: the internal topics are missing", join(m1, group, wordCount(group, 0)));
        assertEquals(3, joined.status().get(0).statusCode(), "MISSING_INTERNAL_TOPICS on Kafka");
        awaitTopicsOnBoth(group + "-counts-repartition", group + "-counts-changelog");
        awaitKafkaCoordinatorSees(group, group + "-counts-repartition", group + "-counts-changelog");

        StreamsGroupHeartbeatResponse assigned = heartbeat(
                "heartbeat once the internal topics exist",
                beat(m1, joined.memberEpoch())
                        .setActiveTasks(list())
                        .setStandbyTasks(list())
                        .setWarmupTasks(list()));
        int epoch = assigned.memberEpoch();
        heartbeat("heartbeat owning the tasks", owning(beat(m1, epoch), allTasks()));
        heartbeat("only active tasks named (the others null)", beat(m1, epoch).setActiveTasks(allTasks()));
        step(
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                version,
                "the group with its member and topology",
                new StreamsGroupDescribeRequest().setGroupIds(list(group)).setIncludeAuthorizedOperations(true));

        heartbeat("a greater member epoch", owning(beat(m1, epoch + 5), allTasks()));
        heartbeat("a smaller member epoch", owning(beat(m1, epoch - 1), allTasks()));
        heartbeat("an unknown member", beat(member("nobody"), epoch));
        heartbeat(
                "a task of an unknown subtopology",
                owning(
                        beat(m1, epoch),
                        list(new StreamsGroupHeartbeatRequest.TaskIds()
                                .setSubtopologyId("9")
                                .setPartitions(list(0)))));
        heartbeat(
                "a task beyond the subtopology's partitions",
                owning(
                        beat(m1, epoch),
                        list(new StreamsGroupHeartbeatRequest.TaskIds()
                                .setSubtopologyId("0")
                                .setPartitions(list(5)))));
        heartbeat("a second member with another topology of the same epoch", join(m2, group, wordCount("other", 0)));
        heartbeat("a second member with a topology of a newer epoch", join(m2, group, wordCount(group, 1)));
        heartbeat(
                "a second member with an invalid topology (a changelog topic with a partition count)",
                join(m2, group, invalidTopology(group)));
        heartbeat("an unknown static member's heartbeat", beat(m2, 3).setInstanceId(PREFIX + "instance-unknown"));
        heartbeat("the first member leaves", beat(m1, -1));
        step(
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                version,
                "the group after its member left",
                new StreamsGroupDescribeRequest().setGroupIds(list(group)));

        String other = PREFIX + "missing-v" + v;
        noDelays("the other group's delays set to 0", other);
        StreamsGroupHeartbeatRequest.Topology missingSource = wordCount(other, 0);
        missingSource.subtopologies().get(0).setSourceTopics(list(PREFIX + "nothing"));
        heartbeat("join: a source topic is missing", join(m1, other, missingSource));
        heartbeat("leave of a group that does not exist", beat(m1, -1).setGroupId(PREFIX + "never-v" + v));
        staticMembers(v);

        if (!differences.isEmpty()) {
            fail(String.join("\n", differences));
        }
    }

    /**
     * Static membership: a static member leaves for a while (-2) and its successor under a new member id takes over its
     * tasks; the instance id in use, another member's heartbeat with it and an unknown one are refused.
     */
    private void staticMembers(short v) throws IOException {
        group = PREFIX + "static-v" + v;
        String instance = PREFIX + "instance";
        String first = member("static-first");
        String second = member("static-second");
        StreamsGroupHeartbeatRequest.Topology stateless = new StreamsGroupHeartbeatRequest.Topology()
                .setEpoch(0)
                .setSubtopologies(list(subtopology("0", list(SOURCE), list(), list(), list())));
        noDelays("the static group's delays set to 0", group);
        StreamsGroupHeartbeatResponse joined =
                heartbeat("a static member joins", join(first, group, stateless).setInstanceId(instance));
        int epoch = joined.memberEpoch();
        List<StreamsGroupHeartbeatRequest.TaskIds> tasks = list(
                new StreamsGroupHeartbeatRequest.TaskIds().setSubtopologyId("0").setPartitions(list(0, 1)));
        heartbeat("the static member owns its tasks", owning(beat(first, epoch).setInstanceId(instance), tasks));
        heartbeat(
                "another member joins with the instance id in use",
                join(second, group, stateless).setInstanceId(instance));
        heartbeat(
                "another member heartbeats with the instance id",
                owning(beat(second, epoch).setInstanceId(instance), list()));
        heartbeat("an unknown instance id leaves for a while", beat(first, -2).setInstanceId(PREFIX + "nobody"));
        heartbeat("a leave for a while without an instance id", beat(first, -2));
        heartbeat("the static member leaves for a while", beat(first, -2).setInstanceId(instance));
        step(
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                v,
                "the static member that left for a while",
                new StreamsGroupDescribeRequest().setGroupIds(list(group)));
        StreamsGroupHeartbeatResponse back = heartbeat(
                "its successor joins with the instance id",
                join(second, group, stateless).setInstanceId(instance));
        heartbeat(
                "the successor owns the tasks it was given",
                owning(beat(second, back.memberEpoch()).setInstanceId(instance), tasks));
        step(
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                v,
                "the group after the static member came back",
                new StreamsGroupDescribeRequest().setGroupIds(list(group)));
        heartbeat("the successor leaves for good", beat(second, -1).setInstanceId(instance));
    }

    /** Sets the group's delays to 0 on both brokers, comparing the answers, and waits until Kafka has them. */
    private void noDelays(String name, String groupId) throws IOException {
        step(ApiKeys.INCREMENTAL_ALTER_CONFIGS, (short) 1, name, StreamsDifferentialFixture.noDelays(groupId));
        FIXTURE.awaitKafkaHasNoDelays(groupId);
    }

    private static StreamsGroupHeartbeatRequest owning(
            StreamsGroupHeartbeatRequest r, List<StreamsGroupHeartbeatRequest.TaskIds> active) {
        return r.setActiveTasks(active).setStandbyTasks(list()).setWarmupTasks(list());
    }

    /** The word count of Kafka's examples: the source re-keyed into a repartition topic, then counted in a store. */
    private static StreamsGroupHeartbeatRequest.Topology wordCount(String app, int epoch) {
        return new StreamsGroupHeartbeatRequest.Topology()
                .setEpoch(epoch)
                .setSubtopologies(list(
                        subtopology("0", list(SOURCE), list(), list(app + "-counts-repartition"), list()),
                        subtopology(
                                "1",
                                list(),
                                list(new StreamsGroupHeartbeatRequest.TopicInfo()
                                        .setName(app + "-counts-repartition")
                                        .setTopicConfigs(list())),
                                list(),
                                list(new StreamsGroupHeartbeatRequest.TopicInfo()
                                        .setName(app + "-counts-changelog")
                                        .setTopicConfigs(list(new StreamsGroupHeartbeatRequest.KeyValue()
                                                .setKey("cleanup.policy")
                                                .setValue("compact")))))));
    }

    private static StreamsGroupHeartbeatRequest.Topology invalidTopology(String app) {
        StreamsGroupHeartbeatRequest.Topology t = wordCount(app, 0);
        t.subtopologies().get(1).stateChangelogTopics().get(0).setPartitions(4);
        return t;
    }

    private static List<StreamsGroupHeartbeatRequest.TaskIds> allTasks() {
        return list(
                new StreamsGroupHeartbeatRequest.TaskIds().setSubtopologyId("0").setPartitions(list(0, 1)),
                new StreamsGroupHeartbeatRequest.TaskIds().setSubtopologyId("1").setPartitions(list(0, 1)));
    }

    private StreamsGroupHeartbeatRequest beat(String memberId, int epoch) {
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
        return (StreamsGroupHeartbeatResponse) step(ApiKeys.STREAMS_GROUP_HEARTBEAT, version, name, request);
    }

    private ApiMessage step(ApiKeys api, short v, String name, ApiMessage request) throws IOException {
        return FIXTURE.step(api, v, name, request, differences);
    }

    /** Waits until both brokers have the internal topics (Kafka's controller creates them a moment later). */
    private static void awaitTopicsOnBoth(String... topics) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (String t : topics) {
                if (!FIXTURE.brokers().kafkaKnows(t) || !skiffKnows(t)) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * Waits until Kafka's group coordinator sees the topics too: it learns new topics from the metadata image a moment
     * after the broker's metadata cache, and a heartbeat in between is answered MISSING_INTERNAL_TOPICS. The probe is
     * a throwaway group on the same coordinator partition as {@code groupId}, joined on Kafka only with the topics as
     * its sources until no source topic is missing, then left (so that the group's own state stays as on Skiff).
     */
    private static void awaitKafkaCoordinatorSees(String groupId, String... topics) throws IOException {
        String probe = sameCoordinatorPartition(groupId);
        String member = member("probe-" + groupId);
        StreamsGroupHeartbeatRequest.Topology sourcesOnly = new StreamsGroupHeartbeatRequest.Topology()
                .setEpoch(0)
                .setSubtopologies(list(subtopology("0", list(topics), list(), list(), list())));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> ((StreamsGroupHeartbeatResponse) FIXTURE.brokers()
                                .sendToKafka(
                                        ApiKeys.STREAMS_GROUP_HEARTBEAT, (short) 1, join(member, probe, sourcesOnly)))
                        .status()
                        .isEmpty());
        FIXTURE.brokers()
                .sendToKafka(
                        ApiKeys.STREAMS_GROUP_HEARTBEAT,
                        (short) 1,
                        new StreamsGroupHeartbeatRequest()
                                .setGroupId(probe)
                                .setMemberId(member)
                                .setMemberEpoch(-1));
    }

    /** A group id ({@code groupId-probe-N}) in the same {@code __consumer_offsets} partition as {@code groupId}. */
    private static String sameCoordinatorPartition(String groupId) {
        int partitions = Integer.parseInt(RealKafka.CONFIG.get("offsets.topic.num.partitions"));
        for (int i = 0; ; i++) {
            String candidate = groupId + "-probe-" + i;
            if (offsetsPartition(candidate, partitions) == offsetsPartition(groupId, partitions)) {
                return candidate;
            }
        }
    }

    /** Kafka's partitionFor: the group id's hash code, made non-negative as Kafka's Utils.abs does. */
    private static int offsetsPartition(String groupId, int partitions) {
        int h = groupId.hashCode();
        return (h == Integer.MIN_VALUE ? 0 : Math.abs(h)) % partitions;
    }

    private static boolean skiffKnows(String topic) throws IOException {
        MetadataResponse r = (MetadataResponse) FIXTURE.brokers()
                .sendToSkiff(
                        ApiKeys.METADATA,
                        (short) 12,
                        new MetadataRequest()
                                .setTopics(list(new MetadataRequest.MetadataRequestTopic().setName(topic)))
                                .setAllowAutoTopicCreation(false));
        return r.topics().stream().allMatch(t -> t.errorCode() == 0);
    }
}
