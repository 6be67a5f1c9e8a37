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
package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.StreamsGroupDescription;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.config.ConfigResource;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka Streams 4.4.0 on the streams rebalance protocol ({@code group.protocol=streams}, KIP-1071) against Skiff: the
 * broker records the topology, creates the repartition and changelog topics, assigns the tasks and hands out the
 * endpoints for interactive queries. Each application runs in a child JVM ({@link StreamsApp}); the counts it writes
 * must be exact.
 */
@Skiff
class StreamsGroupCompatTest {
    private static SkiffServer skiff;

    @TempDir
    static Path tmp;

    @Test
    void wordCountAtLeastOnceRunsWithExactCounts() throws Exception {
        wordCount("sg-alos", "at_least_once");
    }

    @Test
    void wordCountExactlyOnceV2RunsWithExactCounts() throws Exception {
        wordCount("sg-eos", "exactly_once_v2");
    }

    @Test
    void adminListsAltersAndDeletesTheOffsetsOfAnEmptyStreamsGroupAndDeletesIt() throws Exception {
        String app = "sg-admin";
        String input = StreamsApp.input(app);
        String output = StreamsApp.output(app);
        skiff.createTopic(input, 2);
        skiff.createTopic(output, 2);
        Map<String, Long> expected = new HashMap<>();
        try (StreamsApp streams = start(app, "", "at_least_once", 0)) {
            streams.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
            send(input, List.of("one two", "two three three"), expected);
            awaitCounts(output, expected, false);
        }
        org.apache.kafka.common.TopicPartition in0 = new org.apache.kafka.common.TopicPartition(input, 0);
        org.apache.kafka.common.TopicPartition in1 = new org.apache.kafka.common.TopicPartition(input, 1);
        try (Admin admin = admin()) {
            // The app left: the group is empty and keeps the offsets it committed for its input.
            Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.consumer.OffsetAndMetadata> offsets =
                    admin.listStreamsGroupOffsets(
                                    Map.of(app, new org.apache.kafka.clients.admin.ListStreamsGroupOffsetsSpec()))
                            .partitionsToOffsetAndMetadata(app)
                            .get();
            long committed = offsets.entrySet().stream()
                    .filter(e -> e.getKey().topic().equals(input))
                    .mapToLong(e -> e.getValue().offset())
                    .sum();
            assertEquals(2, committed, offsets::toString);
            assertEquals(
                    "Empty",
                    admin.describeStreamsGroups(List.of(app))
                            .all()
                            .get()
                            .get(app)
                            .groupState()
                            .toString());

            admin.alterStreamsGroupOffsets(app, Map.of(in0, new org.apache.kafka.clients.consumer.OffsetAndMetadata(0)))
                    .all()
                    .get();
            admin.deleteStreamsGroupOffsets(app, Set.of(in1)).all().get();
            offsets = admin.listStreamsGroupOffsets(
                            Map.of(app, new org.apache.kafka.clients.admin.ListStreamsGroupOffsetsSpec()))
                    .partitionsToOffsetAndMetadata(app)
                    .get();
            assertEquals(0, offsets.get(in0).offset(), offsets::toString);
            assertTrue(offsets.get(in1) == null, offsets::toString);

            admin.deleteStreamsGroups(List.of(app)).all().get();
            List<String> listed = new ArrayList<>();
            for (GroupListing g : admin.listGroups().all().get()) {
                listed.add(g.groupId());
            }
            assertFalse(listed.contains(app), () -> "still listed: " + listed);
            assertTrue(
                    admin.listStreamsGroupOffsets(
                                    Map.of(app, new org.apache.kafka.clients.admin.ListStreamsGroupOffsetsSpec()))
                            .partitionsToOffsetAndMetadata(app)
                            .get()
                            .isEmpty(),
                    "no offsets left");
        }
    }

    @Test
    void twoInstancesShareTasksWithStandbysAnswerQueriesByEndpointAndOneTakesOverWhenTheOtherStops() throws Exception {
        String app = "sg-two";
        String input = StreamsApp.input(app);
        String output = StreamsApp.output(app);
        skiff.createTopic(input, 2);
        skiff.createTopic(output, 2);
        setGroupConfig(app, "streams.num.standby.replicas", "1");
        int portA = freePort();
        int portB = freePort();
        Map<String, Long> expected = new HashMap<>();
        try (StreamsApp b = start(app, "-b", "at_least_once", portB)) {
            try (StreamsApp a = start(app, "-a", "at_least_once", portA)) {
                // Four tasks (two subtopologies of two partitions): two active on each instance, and the count
                // store's tasks (subtopology 1) have their standby on the other instance.
                Awaitility.await("tasks shared, standbys placed")
                        .atMost(Duration.ofSeconds(60))
                        .until(() -> a.failed() || b.failed() || shared(a, b));
                assertFalse(a.failed() || b.failed(), () -> "Kafka Streams failed: " + a.lines() + b.lines());
                String[] tasksA = a.ask("tasks", "TASKS").split(" ", -1);
                String[] tasksB = b.ask("tasks", "TASKS").split(" ", -1);
                assertEquals(Set.of("1_0", "1_1"), union(tasksA[2], tasksB[2]), "standbys of the stateful tasks");
                for (String standby : tasksA[2].split(",")) {
                    assertTrue(tasksB[1].contains(standby), "A's standby " + standby + " is B's active task");
                }

                send(input, List.of("alpha beta", "beta gamma gamma", "delta alpha beta"), expected);
                awaitCounts(output, expected, false);
                // Interactive queries: both instances route each word to the same endpoint, whose store has it.
                Map<String, StreamsApp> byEndpoint = Map.of("localhost:" + portA, a, "localhost:" + portB, b);
                for (Map.Entry<String, Long> e : expected.entrySet()) {
                    String hostA = a.ask("host " + e.getKey(), "HOST").split(" ")[2];
                    String hostB = b.ask("host " + e.getKey(), "HOST").split(" ")[2];
                    assertEquals(hostA, hostB, "both instances route " + e.getKey() + " alike");
                    assertTrue(byEndpoint.containsKey(hostA), hostA);
                    assertEquals(
                            "COUNT " + e.getKey() + " " + e.getValue(),
                            byEndpoint.get(hostA).ask("count " + e.getKey(), "COUNT"));
                }
            }
            // A left: B owns every task and keeps counting.
            Awaitility.await("B owns every task")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> b.failed()
                            || (b.isRunning() && b.ask("tasks", "TASKS").startsWith("TASKS 0_0,0_1,1_0,1_1 ")));
            assertFalse(b.failed(), () -> "Kafka Streams failed: " + b.lines());
            send(input, List.of("alpha omega"), expected);
            awaitCounts(output, expected, false);
        }
    }

    private static boolean shared(StreamsApp a, StreamsApp b) throws java.io.IOException {
        if (!a.isRunning() || !b.isRunning()) {
            return false;
        }
        String[] tasksA = a.ask("tasks", "TASKS").split(" ", -1);
        String[] tasksB = b.ask("tasks", "TASKS").split(" ", -1);
        return tasksA[1].split(",").length == 2
                && tasksB[1].split(",").length == 2
                && union(tasksA[1], tasksB[1]).size() == 4
                && union(tasksA[2], tasksB[2]).size() == 2;
    }

    private static Set<String> union(String a, String b) {
        Set<String> out = new java.util.TreeSet<>();
        for (String s : (a + "," + b).split(",")) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private void wordCount(String app, String guarantee) throws Exception {
        String input = StreamsApp.input(app);
        String output = StreamsApp.output(app);
        skiff.createTopic(input, 2);
        skiff.createTopic(output, 2);
        try (StreamsApp streams = start(app, "", guarantee, 0)) {
            streams.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
            Map<String, Long> expected = new HashMap<>();
            send(
                    input,
                    List.of("the quick brown fox", "jumps over the lazy dog", "The dog barks", "THE END"),
                    expected);
            awaitCounts(output, expected, guarantee.startsWith("exactly"));
            assertFalse(streams.failed(), () -> "Kafka Streams failed: " + streams.lines());

            try (Admin admin = admin()) {
                StreamsGroupDescription group =
                        admin.describeStreamsGroups(List.of(app)).all().get().get(app);
                assertEquals(1, group.members().size(), group::toString);
                assertEquals(2, group.subtopologies().size(), group::toString);
                List<String> listed = new ArrayList<>();
                for (GroupListing g : admin.listGroups(new ListGroupsOptions().withTypes(Set.of(GroupType.STREAMS)))
                        .all()
                        .get()) {
                    listed.add(g.groupId());
                }
                assertTrue(listed.contains(app), () -> "listed: " + listed);
                Set<String> topics = admin.listTopics().names().get();
                assertTrue(topics.contains(app + "-counts-repartition"), topics::toString);
                assertTrue(topics.contains(app + "-counts-changelog"), topics::toString);
            }
        }
    }

    /** Starts an instance of {@code app}'s word count; {@code instance} tells its state and log from the others'. */
    private static StreamsApp start(String app, String instance, String guarantee, int port) throws Exception {
        return StreamsApp.start(
                skiff.bootstrapServers(), app, tmp.resolve(app + instance), guarantee, port, app + instance);
    }

    private static void send(String topic, List<String> lines, Map<String, Long> expected) throws Exception {
        WordCounts.send(skiff.bootstrapServers(), topic, lines, expected);
    }

    private static void awaitCounts(String topic, Map<String, Long> expected, boolean readCommitted) {
        WordCounts.await(skiff.bootstrapServers(), topic, expected, readCommitted, Duration.ofSeconds(60));
    }

    static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()));
    }

    static void setGroupConfig(String group, String key, String value) throws Exception {
        try (Admin admin = admin()) {
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, group),
                            List.of(new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
    }
}
