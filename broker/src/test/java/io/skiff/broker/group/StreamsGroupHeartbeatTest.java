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
package io.skiff.broker.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.InMemoryRecordLog;
import io.skiff.broker.coordinator.ManualScheduler;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.broker.group.streams.ConfiguredTopology;
import io.skiff.broker.group.streams.StreamsGroupDescription;
import io.skiff.broker.group.streams.StreamsHeartbeat;
import io.skiff.broker.group.streams.StreamsHeartbeatResult;
import io.skiff.broker.group.streams.StreamsTopology;
import io.skiff.broker.group.streams.TaskAssignment;
import io.skiff.broker.group.streams.Tasks;
import io.skiff.config.GroupConfig;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * StreamsGroupHeartbeat on the coordinator: the topology's internal topics created with derived partition counts,
 * tasks assigned, active tasks revoked before they move to a new member, statuses while source topics are missing,
 * Kafka's request checks, and the group's state and assignment kept across a restart.
 */
class StreamsGroupHeartbeatTest {
    private static final String GROUP = "wc";
    private static final StreamsTopology WORD_COUNT = new StreamsTopology(
            0,
            List.of(
                    new StreamsTopology.Subtopology(
                            "0",
                            List.of("in"),
                            List.of(),
                            List.of(),
                            List.of("wc-counts-repartition"),
                            List.of(),
                            List.of()),
                    new StreamsTopology.Subtopology(
                            "1",
                            List.of(),
                            List.of(),
                            List.of(new StreamsTopology.InternalTopic(
                                    "wc-counts-changelog", 0, (short) 0, Map.of("cleanup.policy", "compact"))),
                            List.of(),
                            List.of(new StreamsTopology.InternalTopic("wc-counts-repartition", 0, (short) 0, Map.of())),
                            List.of())));

    private final ManualScheduler scheduler = new ManualScheduler(1_000_000L);
    private final InMemoryRecordLog log = new InMemoryRecordLog(4);
    private final FakeTopics topics = new FakeTopics();
    private final Map<String, Map<String, String>> created = new java.util.concurrent.ConcurrentHashMap<>();
    private GroupCoordinator coordinator = newCoordinator();

    private GroupCoordinator newCoordinator() {
        GroupCoordinator c = new GroupCoordinator(
                GroupCoordinatorConfig.defaults(),
                ConsumerGroupConfig.defaults(),
                topics,
                t -> {
                    topics.create(t.name(), t.partitions());
                    created.put(t.name(), t.configs());
                },
                log,
                scheduler,
                scheduler.clock,
                Runnable::run);
        c.load();
        return c;
    }

    @AfterEach
    void close() {
        coordinator.close();
    }

    private StreamsHeartbeatResult heartbeat(String member, int epoch, StreamsTopology topology, Tasks owned) {
        return coordinator
                .streamsGroupHeartbeat(new StreamsHeartbeat(
                        GROUP,
                        member,
                        epoch,
                        0,
                        null,
                        null,
                        epoch == 0 ? 30_000 : -1,
                        topology,
                        owned,
                        owned == null ? null : Tasks.EMPTY,
                        owned == null ? null : Tasks.EMPTY,
                        epoch == 0 ? "process-" + member : null,
                        null,
                        null,
                        false,
                        "client",
                        "/127.0.0.1",
                        null,
                        null))
                .join();
    }

    private static Tasks tasks(String subtopology, Integer... partitions) {
        return new Tasks(Map.of(subtopology, Set.of(partitions)));
    }

    private static Tasks all() {
        return new Tasks(Map.of("0", Set.of(0, 1, 2), "1", Set.of(0, 1, 2)));
    }

    /** Joins and heartbeats once more after the internal topics were created, as a Streams client does. */
    private StreamsHeartbeatResult joinAndAwaitTopics(String member) {
        StreamsHeartbeatResult r = heartbeat(member, 0, WORD_COUNT, null);
        scheduler.runDue();
        return heartbeat(member, r.memberEpoch(), null, Tasks.EMPTY);
    }

    @Test
    void theFirstMemberGetsEveryTaskAfterTheInternalTopicsAreCreated() {
        topics.create("in", 3);
        StreamsHeartbeatResult r = heartbeat("m1", 0, WORD_COUNT, null);
        assertEquals(GroupError.NONE, r.error(), r.errorMessage());
        assertEquals(2, r.memberEpoch(), "Kafka 4.4 starts a streams group at epoch 1");
        assertEquals(1, r.statuses().size());
        assertEquals(
                ConfiguredTopology.MISSING_INTERNAL_TOPICS, r.statuses().get(0).code());
        assertEquals(
                "Internal topics are missing: "
                        + String.join(
                                ", ", new java.util.HashSet<>(List.of("wc-counts-repartition", "wc-counts-changelog"))),
                r.statuses().get(0).detail());
        assertEquals(TaskAssignment.EMPTY, r.assignment());
        assertTrue(topics.byName("wc-counts-changelog").isEmpty(), "created after the answer, not during it");

        scheduler.runDue();
        r = heartbeat("m1", 2, null, Tasks.EMPTY);
        assertEquals(GroupError.NONE, r.error(), r.errorMessage());
        assertEquals(3, r.memberEpoch(), "the new topics changed the group's metadata");
        assertEquals(List.of(), r.statuses());
        assertEquals(new TaskAssignment(all(), Tasks.EMPTY, Tasks.EMPTY), r.assignment());
        assertEquals(3, topics.byName("wc-counts-repartition").orElseThrow().partitionCount());
        assertEquals(3, topics.byName("wc-counts-changelog").orElseThrow().partitionCount());
        assertEquals(Map.of("cleanup.policy", "compact"), created.get("wc-counts-changelog"));
        StreamsGroupDescription d = coordinator.describeStreamsGroup(GROUP);
        assertEquals("Stable", d.state());
        assertEquals(2, d.subtopologies().size());
    }

    @Test
    void reportedTaskOffsetsAreKeptAndDescribed() {
        topics.create("in", 3);
        StreamsHeartbeatResult r = joinAndAwaitTopics("m1");
        Map<String, Map<Integer, Long>> offsets = Map.of("1", Map.of(2, 40L, 0, 7L));
        Map<String, Map<Integer, Long>> ends = Map.of("1", Map.of(2, 50L, 0, 7L));
        r = coordinator
                .streamsGroupHeartbeat(new StreamsHeartbeat(
                        GROUP,
                        "m1",
                        r.memberEpoch(),
                        0,
                        null,
                        null,
                        -1,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        false,
                        "client",
                        "/127.0.0.1",
                        offsets,
                        ends))
                .join();
        assertEquals(GroupError.NONE, r.error(), r.errorMessage());
        heartbeat("m1", r.memberEpoch(), null, null); // reports nothing new: the last report stays

        StreamsGroupDescription.Member m =
                coordinator.describeStreamsGroup(GROUP).members().get(0);
        assertEquals(offsets, m.taskOffsets());
        assertEquals(ends, m.taskEndOffsets());
    }

    @Test
    void theGroupsHeartbeatIntervalAndSessionTimeoutTakeEffect() {
        topics.create("in", 3);
        StreamsHeartbeatResult r = joinAndAwaitTopics("m1");
        assertEquals(500, r.heartbeatIntervalMs(), "Skiff's default");
        coordinator
                .groupConfigs()
                .replace(
                        GROUP,
                        GroupConfig.of(
                                Map.of("streams.heartbeat.interval.ms", "1234", "streams.session.timeout.ms", "9000"),
                                coordinator.groupConfigs().brokerConfig()));

        r = heartbeat("m1", r.memberEpoch(), null, null);
        assertEquals(1234, r.heartbeatIntervalMs());
        scheduler.advance(8_000);
        assertEquals(1, coordinator.describeStreamsGroup(GROUP).members().size(), "within the group's timeout");
        scheduler.advance(1_500);
        assertEquals(0, coordinator.describeStreamsGroup(GROUP).members().size(), "expired after 9 s, not 45 s");
    }

    @Test
    void missingSourceTopicsAreAStatusAndNoTasks() {
        StreamsHeartbeatResult r = heartbeat("m1", 0, WORD_COUNT, null);
        assertEquals(GroupError.NONE, r.error());
        assertEquals(1, r.statuses().size());
        assertEquals(
                ConfiguredTopology.MISSING_SOURCE_TOPICS, r.statuses().get(0).code());
        assertEquals(TaskAssignment.EMPTY, r.assignment());
        assertEquals("NotReady", coordinator.describeStreamsGroup(GROUP).state());
    }

    @Test
    void requestsAreCheckedAsKafkaDoes() {
        StreamsHeartbeatResult r = coordinator
                .streamsGroupHeartbeat(new StreamsHeartbeat(
                        GROUP,
                        "m1",
                        0,
                        0,
                        null,
                        null,
                        -1,
                        WORD_COUNT,
                        null,
                        null,
                        null,
                        "p",
                        null,
                        null,
                        false,
                        "c",
                        "h",
                        null,
                        null))
                .join();
        assertEquals(GroupError.INVALID_REQUEST, r.error());
        assertEquals("RebalanceTimeoutMs must be provided in first request.", r.errorMessage());
        r = heartbeat("m1", 0, null, null);
        assertEquals("Topology must be non-null when (re-)joining.", r.errorMessage());
        r = heartbeat("m1", 3, null, null);
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, r.error());
    }

    @Test
    void aTopologyWithoutSubtopologiesJoinsWithNoTasks() {
        // Kafka 4.4 accepts it (StreamsTopologyDifferentialTest): the member joins, the group is Stable, nobody has
        // tasks
        StreamsHeartbeatResult r = heartbeat("m1", 0, new StreamsTopology(0, List.of()), null);
        assertEquals(GroupError.NONE, r.error(), r.errorMessage());
        assertEquals(2, r.memberEpoch());
        assertEquals(List.of(), r.statuses());
        assertEquals(TaskAssignment.EMPTY, r.assignment());
        r = heartbeat("m1", 2, null, Tasks.EMPTY);
        assertEquals(GroupError.NONE, r.error(), r.errorMessage());
        assertEquals(2, r.memberEpoch());
        StreamsGroupDescription d = coordinator.describeStreamsGroup(GROUP);
        assertEquals("Stable", d.state());
        assertEquals(List.of(), d.subtopologies());
    }

    @Test
    void topologiesAreRefusedOnlyWhereKafkaRefusesThem() {
        topics.create("in", 3);
        StreamsTopology.Subtopology noSources =
                new StreamsTopology.Subtopology("0", List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        StreamsHeartbeatResult r = heartbeat("m1", 0, new StreamsTopology(0, List.of(noSources)), null);
        assertEquals(GroupError.STREAMS_INVALID_TOPOLOGY, r.error());
        assertEquals("No source topics found for subtopology 0", r.errorMessage());

        StreamsTopology.Subtopology unwritten = new StreamsTopology.Subtopology(
                "1",
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(new StreamsTopology.InternalTopic("nobody-writes", 0, (short) 0, Map.of())),
                List.of());
        StreamsTopology.Subtopology reader = new StreamsTopology.Subtopology(
                "0", List.of("in"), List.of(), List.of(), List.of(), List.of(), List.of());
        r = heartbeat("m1", 0, new StreamsTopology(0, List.of(reader, unwritten)), null);
        assertEquals(GroupError.STREAMS_INVALID_TOPOLOGY, r.error());
        assertEquals(
                "Failed to compute number of partitions for all repartition topics, because a repartition source topic"
                        + " is never used as a sink topic.",
                r.errorMessage());
        StreamsTopology.Subtopology badNames = new StreamsTopology.Subtopology(
                "0",
                List.of("in", "a b", "__consumer_offsets"),
                List.of(),
                List.of(new StreamsTopology.InternalTopic("", 0, (short) 0, Map.of())),
                List.of(),
                List.of(),
                List.of());
        r = heartbeat("m1", 0, new StreamsTopology(0, List.of(badNames)), null);
        assertEquals(GroupError.STREAMS_INVALID_TOPOLOGY, r.error());
        assertEquals(
                "Use of Kafka internal topics __consumer_offsets in a Kafka Streams topology is prohibited.",
                r.errorMessage());
        StreamsTopology.Subtopology invalidNames = new StreamsTopology.Subtopology(
                "0",
                List.of("in", "a b"),
                List.of(),
                List.of(new StreamsTopology.InternalTopic("", 0, (short) 0, Map.of())),
                List.of(),
                List.of(),
                List.of());
        r = heartbeat("m1", 0, new StreamsTopology(0, List.of(invalidNames)), null);
        assertEquals("Topic names a b, are not valid topic names.", r.errorMessage());

        StreamsTopology.Subtopology source = new StreamsTopology.Subtopology(
                "0", List.of("in"), List.of(), List.of(), List.of(), List.of(), List.of());
        r = heartbeat("m1", 0, new StreamsTopology(0, List.of(source, source)), null);
        assertEquals(GroupError.UNKNOWN_SERVER_ERROR, r.error(), "Kafka 4.4 fails on duplicate subtopology ids");
        assertNull(r.errorMessage());
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND,
                coordinator.describeStreamsGroup(GROUP).error(),
                "no group was created");

        StreamsTopology.Subtopology emptyId = new StreamsTopology.Subtopology(
                "", List.of("in"), List.of(), List.of(), List.of(), List.of(), List.of());
        r = heartbeat("m1", 0, new StreamsTopology(0, List.of(emptyId)), null);
        assertEquals(GroupError.NONE, r.error(), "an empty subtopology id is an id as any other");
        assertEquals(
                new TaskAssignment(new Tasks(Map.of("", Set.of(0, 1, 2))), Tasks.EMPTY, Tasks.EMPTY), r.assignment());
    }

    @Test
    void aMissingSourceTopicIsToldBeforeASubtopologyWithoutSources() {
        StreamsTopology.Subtopology missingSource = new StreamsTopology.Subtopology(
                "0", List.of("absent"), List.of(), List.of(), List.of(), List.of(), List.of());
        StreamsTopology.Subtopology noSources =
                new StreamsTopology.Subtopology("1", List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        StreamsHeartbeatResult r = heartbeat("m1", 0, new StreamsTopology(0, List.of(missingSource, noSources)), null);
        assertEquals(GroupError.NONE, r.error(), "Kafka checks the sources first");
        assertEquals(
                ConfiguredTopology.MISSING_SOURCE_TOPICS, r.statuses().get(0).code());
    }

    @Test
    void activeTasksAreRevokedBeforeTheyMoveToANewMember() {
        topics.create("in", 3);
        assertEquals(all(), joinAndAwaitTopics("m1").assignment().active());
        StreamsHeartbeatResult second = heartbeat("m2", 0, WORD_COUNT, null);
        assertEquals(4, second.memberEpoch());
        // m1 still owns everything: m2 gets nothing yet.
        assertEquals(TaskAssignment.EMPTY, second.assignment());

        StreamsHeartbeatResult first = heartbeat("m1", 3, null, all());
        assertEquals(3, first.memberEpoch(), "the old epoch until the tasks are revoked");
        Tasks kept = first.assignment().active();
        assertEquals(3, kept.size());

        first = heartbeat("m1", 3, null, kept);
        assertEquals(4, first.memberEpoch());
        assertNull(first.assignment(), "unchanged");

        second = heartbeat("m2", 4, null, Tasks.EMPTY);
        assertEquals(all().minus(kept), second.assignment().active());
    }

    private Map<TopicPartition, GroupError> commit(String member, int epoch, TopicPartition tp) {
        return coordinator
                .commitOffsets(
                        GROUP,
                        member,
                        null,
                        epoch,
                        Map.of(tp, new OffsetAndMetadata(1, -1, "", -1L, OffsetAndMetadata.NO_EXPIRE_TIMESTAMP)),
                        true)
                .join();
    }

    /** A partition of one of the active tasks: subtopology 0 reads "in", 1 the repartition topic. */
    private static TopicPartition partitionOfATask(Tasks tasks) {
        var first = tasks.bySubtopology().entrySet().iterator().next();
        String topic = first.getKey().equals("0") ? "in" : "wc-counts-repartition";
        return new TopicPartition(topic, first.getValue().iterator().next());
    }

    /**
     * m1 keeps at epoch 4 the active tasks it was given at epoch 3; its commits at epoch 3 (sent before it learnt
     * epoch 4) go through for the partitions of those tasks only, also after a restart; m2 was given its tasks at 4.
     */
    @Test
    void anOlderEpochCommitsThePartitionsOfActiveTasksHeldSinceThen() {
        topics.create("in", 3);
        joinAndAwaitTopics("m1");
        heartbeat("m2", 0, WORD_COUNT, null);
        Tasks kept = heartbeat("m1", 3, null, all()).assignment().active();
        assertEquals(4, heartbeat("m1", 3, null, kept).memberEpoch());
        TopicPartition held = partitionOfATask(kept);
        TopicPartition moved = partitionOfATask(
                heartbeat("m2", 4, null, Tasks.EMPTY).assignment().active());
        for (int restart = 0; restart < 2; restart++) {
            assertEquals(Map.of(held, GroupError.NONE), commit("m1", 3, held));
            assertEquals(Map.of(moved, GroupError.STALE_MEMBER_EPOCH), commit("m1", 3, moved));
            assertEquals(Map.of(moved, GroupError.STALE_MEMBER_EPOCH), commit("m2", 3, moved));
            assertEquals(Map.of(moved, GroupError.NONE), commit("m2", 4, moved));
            coordinator.close();
            coordinator = newCoordinator();
        }
    }

    @Test
    void theGroupAndItsAssignmentSurviveARestart() {
        topics.create("in", 3);
        joinAndAwaitTopics("m1");
        coordinator.close();
        coordinator = newCoordinator();
        StreamsGroupDescription d = coordinator.describeStreamsGroup(GROUP);
        assertEquals(GroupError.NONE, d.error());
        assertEquals(3, d.groupEpoch());
        assertEquals(1, d.members().size());
        assertEquals(3, d.members().get(0).memberEpoch());
        assertEquals(all(), d.members().get(0).assignment().active());
        assertEquals("process-m1", d.members().get(0).processId());
        StreamsHeartbeatResult r = heartbeat("m1", 3, null, all());
        assertEquals(GroupError.NONE, r.error(), r.errorMessage());
        assertEquals(3, r.memberEpoch());
    }
}
