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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.tools.StreamsResetter;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka 4.4's application reset tool (kafka-streams-application-reset, StreamsResetter run in-process) against Skiff
 * and against a real Kafka 4.4, side by side, on the same Kafka Streams word count (group.protocol=streams): refused
 * while the application runs; once it stopped, a dry run, then the reset to the earliest offsets, which also deletes
 * the repartition and changelog topics. The tool's output and exit codes, the group's committed offsets and the
 * application's topics afterwards must be the same on both, but for ids, hosts and ports.
 */
@Skiff
class StreamsResetterCompatTest {
    private static final String APP = "sg-reset";
    private static final String INPUT = StreamsApp.input(APP);
    private static final String OUTPUT = StreamsApp.output(APP);

    private static SkiffServer skiff;

    @TempDir
    static Path tmp;

    @Test
    void resetGivesTheSameResultAsOnKafka() throws Exception {
        WordCountToolSession.assertSameAsOnKafka(APP, skiff.bootstrapServers(), StreamsResetterCompatTest::session);
    }

    private static List<String> session(String bootstrap, String name) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            List<String> out = new ArrayList<>();
            try (StreamsApp app = WordCountToolSession.startCounting(bootstrap, APP, tmp.resolve(name), name)) {
                Awaitility.await("offsets committed")
                        .atMost(Duration.ofSeconds(60))
                        .until(() -> committed(admin).keySet().containsAll(List.of(INPUT + "-0", INPUT + "-1")));
                record(out, bootstrap, "--input-topics", INPUT, "--to-earliest", "--dry-run");
            }
            Awaitility.await("empty")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> admin.describeStreamsGroups(List.of(APP))
                                    .all()
                                    .get()
                                    .get(APP)
                                    .groupState()
                            == GroupState.EMPTY);
            out.add("offsets before: " + committed(admin));
            out.add("topics before: " + appTopics(admin));
            record(out, bootstrap, "--input-topics", INPUT, "--to-earliest", "--dry-run");
            record(out, bootstrap, "--input-topics", INPUT, "--to-earliest");
            // Kafka's controller deletes the topics a moment after answering, and its group coordinator then drops
            // their committed offsets; Skiff does both at once
            Awaitility.await("internal topics and their offsets deleted")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> appTopics(admin).size() == 2
                            && committed(admin).keySet().stream().allMatch(tp -> tp.startsWith(INPUT)));
            out.add("topics after: " + appTopics(admin));
            out.add("offsets after: " + committed(admin));
            record(out, bootstrap, "--input-topics", INPUT, "--to-offset", "1", "--force");
            out.add("offsets after --to-offset 1: " + committed(admin));
            // the shared Kafka is left as found: other tests list its streams groups
            admin.deleteStreamsGroups(List.of(APP)).all().get();
            admin.deleteTopics(List.of(INPUT, OUTPUT)).all().get();
            return out;
        }
    }

    /** The group's committed offsets by partition. */
    private static Map<String, Long> committed(Admin admin) throws Exception {
        Map<String, Long> offsets = new TreeMap<>();
        admin.listConsumerGroupOffsets(APP)
                .partitionsToOffsetAndMetadata()
                .get()
                .forEach((tp, om) -> offsets.put(tp.toString(), om == null ? null : om.offset()));
        return offsets;
    }

    /** The application's topics (input, output and internal ones), sorted. */
    private static List<String> appTopics(Admin admin) throws Exception {
        return admin.listTopics().names().get().stream()
                .filter(t -> t.startsWith(APP + "-"))
                .sorted()
                .toList();
    }

    private static void record(List<String> out, String bootstrap, String... args) {
        out.add("$ " + String.join(" ", args));
        out.addAll(WordCountToolSession.comparable(run(bootstrap, args), bootstrap, false)
                .map(StreamsResetterCompatTest::withSortedTopicList)
                .toList());
    }

    /**
     * The tool prints the internal topics it deletes in the order of a hash map it filled from the topic listing,
     * which depends on the order the broker listed them in; the set, not its order, is what it does.
     */
    private static String withSortedTopicList(String line) {
        String prefix = "Deleting inferred internal topics [";
        if (!line.startsWith(prefix) || !line.endsWith("]") || line.length() == prefix.length() + 1) {
            return line;
        }
        String[] topics = line.substring(prefix.length(), line.length() - 1).split(", ");
        return prefix
                + String.join(", ", java.util.Arrays.stream(topics).sorted().toList()) + "]";
    }

    private static String run(String bootstrap, String... args) {
        List<String> all = new ArrayList<>(List.of("--application-id", APP));
        all.addAll(List.of(args));
        return WordCountToolSession.runTool(a -> new StreamsResetter().execute(a), bootstrap, all);
    }
}
