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
import static org.awaitility.Awaitility.await;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.DescribeConfigsResponse;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the streams group differential tests share, registered with {@code @RegisterExtension} on a static field: both
 * brokers with a two-partition source topic and ready
 * coordinators, requests sent to both and compared, groups whose rebalance delays are 0, and a clean-up that makes
 * every member a test joined leave on both brokers before its groups are deleted from the shared Kafka (a streams
 * member that never leaves keeps its group Stable there, and a Stable group cannot be deleted).
 *
 * <p>Not thread-safe: one test class's thread uses it.
 */
final class StreamsDifferentialFixture implements BeforeAllCallback, AfterAllCallback {
    /** The StreamsGroupHeartbeat version of Kafka Streams 4.4 (v0 is the early-access one). */
    static final short STREAMS_VERSION = 1;

    /** A group's own streams.acceptable.recovery.lag, not the default 10000 (answers hand it to the members). */
    private static final String RECOVERY_LAG = "1234";

    private final String prefix;
    private final Set<Member> joined = new LinkedHashSet<>();
    private DifferentialBrokers brokers;

    private record Member(String groupId, String memberId, String instanceId) {}

    /** For {@code @RegisterExtension} on a static field: the test's topics and groups are named {@code prefix…}. */
    StreamsDifferentialFixture(String prefix) {
        this.prefix = prefix;
    }

    /** Connects to both brokers and creates the topic {@link #source()} on both. */
    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        brokers = new DifferentialBrokers(name -> name.startsWith(prefix));
        brokers.createTopicOnBoth(source(), 2);
        ReadyCoordinators.awaitReady(brokers, prefix + "group", prefix + "txn");
    }

    DifferentialBrokers brokers() {
        return brokers;
    }

    /** The source topic (two partitions) of the test's topologies. */
    String source() {
        return prefix + "in";
    }

    /**
     * Sends {@code request} to both brokers at version {@code v}, adds what differs unexplained to
     * {@code differences}, and returns Kafka's answer. A streams join is remembered for {@link #afterAll}.
     */
    ApiMessage step(ApiKeys api, short v, String name, ApiMessage request, List<String> differences)
            throws IOException {
        if (request instanceof StreamsGroupHeartbeatRequest r && r.memberEpoch() == 0) {
            joined.add(new Member(r.groupId(), r.memberId(), r.instanceId()));
        }
        DifferentialBrokers.Comparison c =
                brokers.compare(api, name, brokers.send(api, v, "skiff-differential", request, request));
        if (!c.unexplained().isEmpty()) {
            differences.add(api.name + " v" + v + " \"" + name + "\": "
                    + c.unexplained().stream().map(Object::toString).collect(Collectors.joining("\n  ", "\n  ", ""))
                    + "\nSkiff: " + c.skiff() + "\nKafka: " + c.kafka());
        }
        return c.kafkaAnswer();
    }

    /**
     * The request that sets a streams group's delays to 0 (Kafka 4.4 delays a new group's first assignment by 3 s and
     * its next ones by at least 1 s; Skiff's developer default is no delay) and its recovery lag to its own value.
     */
    static IncrementalAlterConfigsRequest noDelays(String groupId) {
        return new IncrementalAlterConfigsRequest()
                .setResources(list(new IncrementalAlterConfigsRequest.AlterConfigsResource()
                        .setResourceType((byte) 32)
                        .setResourceName(groupId)
                        .setConfigs(list(
                                new IncrementalAlterConfigsRequest.AlterableConfig()
                                        .setName("streams.initial.rebalance.delay.ms")
                                        .setConfigOperation((byte) 0)
                                        .setValue("0"),
                                new IncrementalAlterConfigsRequest.AlterableConfig()
                                        .setName("streams.assignment.interval.ms")
                                        .setConfigOperation((byte) 0)
                                        .setValue("0"),
                                new IncrementalAlterConfigsRequest.AlterableConfig()
                                        .setName("streams.acceptable.recovery.lag")
                                        .setConfigOperation((byte) 0)
                                        .setValue(RECOVERY_LAG)))));
    }

    /** Sets the group's delays to 0 on both brokers without comparing the answers, as {@link #noDelays} says. */
    void setNoDelays(String groupId) throws IOException {
        brokers.sendToBoth(ApiKeys.INCREMENTAL_ALTER_CONFIGS, (short) 1, noDelays(groupId));
        awaitKafkaHasNoDelays(groupId);
    }

    /** Waits until Kafka's broker has the group config (its controller stores it, the broker learns it later). */
    void awaitKafkaHasNoDelays(String groupId) {
        DescribeConfigsRequest describe = new DescribeConfigsRequest()
                .setResources(list(new DescribeConfigsRequest.DescribeConfigsResource()
                        .setResourceType((byte) 32)
                        .setResourceName(groupId)
                        .setConfigurationKeys(list(
                                "streams.initial.rebalance.delay.ms",
                                "streams.assignment.interval.ms",
                                "streams.acceptable.recovery.lag"))));
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        ((DescribeConfigsResponse) brokers.sendToKafka(ApiKeys.DESCRIBE_CONFIGS, (short) 4, describe))
                                        .results().get(0).configs().stream()
                                                .filter(c -> "0".equals(c.value()) || RECOVERY_LAG.equals(c.value()))
                                                .count()
                                == 3);
    }

    /** A join as Kafka Streams sends it: member epoch 0, the topology, no tasks owned. */
    static StreamsGroupHeartbeatRequest join(
            String memberId, String groupId, StreamsGroupHeartbeatRequest.Topology topology) {
        return new StreamsGroupHeartbeatRequest()
                .setGroupId(groupId)
                .setMemberId(memberId)
                .setMemberEpoch(0)
                .setRebalanceTimeoutMs(30_000)
                .setTopology(topology)
                .setActiveTasks(list())
                .setStandbyTasks(list())
                .setWarmupTasks(list())
                .setProcessId("11111111-2222-3333-4444-" + memberId.substring(memberId.length() - 12))
                .setUserEndpoint(new StreamsGroupHeartbeatRequest.Endpoint()
                        .setHost("localhost")
                        .setPort(8080))
                .setClientTags(list());
    }

    /** A subtopology with no source regex and no copartition groups. */
    static StreamsGroupHeartbeatRequest.Subtopology subtopology(
            String id,
            List<String> sources,
            List<StreamsGroupHeartbeatRequest.TopicInfo> repartitionSources,
            List<String> repartitionSinks,
            List<StreamsGroupHeartbeatRequest.TopicInfo> changelogs) {
        return new StreamsGroupHeartbeatRequest.Subtopology()
                .setSubtopologyId(id)
                .setSourceTopics(sources)
                .setSourceTopicRegex(list())
                .setRepartitionSourceTopics(repartitionSources)
                .setRepartitionSinkTopics(repartitionSinks)
                .setStateChangelogTopics(changelogs)
                .setCopartitionGroups(list());
    }

    /**
     * Makes every member the test joined leave (member epoch -1) on both brokers, then deletes the test's topics and
     * groups from the shared Kafka. A member that has left already is answered UNKNOWN_MEMBER_ID: harmless.
     */
    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (brokers == null) {
            return;
        }
        try {
            for (Member m : joined) {
                brokers.sendToBoth(
                        ApiKeys.STREAMS_GROUP_HEARTBEAT,
                        STREAMS_VERSION,
                        new StreamsGroupHeartbeatRequest()
                                .setGroupId(m.groupId())
                                .setMemberId(m.memberId())
                                .setInstanceId(m.instanceId())
                                .setMemberEpoch(-1));
            }
            KafkaSettling.leaveKafkaAsFound(brokers, name -> name.startsWith(prefix));
        } finally {
            brokers.close();
        }
    }
}
