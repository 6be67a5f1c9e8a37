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
import org.apache.kafka.tools.streams.StreamsGroupCommand;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka 4.4's kafka-streams-groups tool (StreamsGroupCommand, run in-process) against Skiff and against a real Kafka
 * 4.4, side by side, on the same Kafka Streams word count (group.protocol=streams): --list, --describe with
 * --members, --offsets, --state and --verbose while the application runs; --reset-offsets (dry run and execute),
 * --delete-offsets and --delete once it stopped. Every command's output and exit code must be the same on both, but
 * for ids, hosts and ports.
 */
@Skiff
class StreamsGroupCommandCompatTest {
    private static final String APP = "sg-cli";
    private static final String INPUT = StreamsApp.input(APP);

    private static SkiffServer skiff;

    @TempDir
    static Path tmp;

    @Test
    void toolPrintsAndExitsAsAgainstKafka() throws Exception {
        WordCountToolSession.assertSameAsOnKafka(APP, skiff.bootstrapServers(), StreamsGroupCommandCompatTest::session);
    }

    /** The application's life on one broker, with every command's exit code and normalized output. */
    private static List<String> session(String bootstrap, String name) throws Exception {
        List<String> out = new ArrayList<>();
        try (StreamsApp app = WordCountToolSession.startCounting(bootstrap, APP, tmp.resolve(name), name)) {
            // the committed offsets and the lag of 0 show once the app committed what it counted
            Awaitility.await("stable with committed offsets")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> run(bootstrap, "--describe", "--group", APP, "--state")
                                    .contains("Stable")
                            && run(bootstrap, "--describe", "--group", APP, "--offsets")
                                    .contains(INPUT));
            record(out, bootstrap, "--list");
            record(out, bootstrap, "--list", "--state");
            record(out, bootstrap, "--describe", "--group", APP);
            record(out, bootstrap, "--describe", "--group", APP, "--members");
            record(out, bootstrap, "--describe", "--group", APP, "--members", "--verbose");
            record(out, bootstrap, "--describe", "--group", APP, "--state");
            record(out, bootstrap, "--describe", "--group", APP, "--state", "--verbose");
            record(out, bootstrap, "--describe", "--group", APP, "--offsets");
            record(out, bootstrap, "--describe", "--group", APP, "--offsets", "--verbose");
            // offsets of a group with members are not reset
            record(out, bootstrap, resetOffsets("--all-input-topics", "--to-earliest", "--dry-run"));
        }
        Awaitility.await("empty")
                .atMost(Duration.ofSeconds(60))
                .until(() ->
                        run(bootstrap, "--describe", "--group", APP, "--state").contains("Empty"));
        record(out, bootstrap, "--describe", "--group", APP, "--state");
        record(out, bootstrap, "--describe", "--group", APP, "--members");
        record(out, bootstrap, "--describe", "--group", APP, "--offsets");
        record(out, bootstrap, resetOffsets("--all-input-topics", "--to-earliest", "--dry-run"));
        record(out, bootstrap, resetOffsets("--input-topic", INPUT + ":1", "--to-offset", "1", "--dry-run"));
        record(out, bootstrap, resetOffsets("--input-topic", INPUT, "--shift-by", "-1", "--execute"));
        record(out, bootstrap, "--describe", "--group", APP, "--offsets");
        record(out, bootstrap, "--delete-offsets", "--group", APP, "--input-topic", INPUT);
        record(out, bootstrap, "--describe", "--group", APP, "--offsets");
        record(out, bootstrap, "--delete", "--group", APP);
        record(out, bootstrap, "--list");
        record(out, bootstrap, "--describe", "--group", APP);
        record(out, bootstrap, "--delete", "--group", APP);
        return out;
    }

    /** The arguments of --reset-offsets of the application's group, {@code how} (which offsets, to what). */
    private static String[] resetOffsets(String... how) {
        List<String> args = new ArrayList<>(List.of("--reset-offsets", "--group", APP));
        args.addAll(List.of(how));
        return args.toArray(String[]::new);
    }

    private static void record(List<String> out, String bootstrap, String... args) {
        out.add("$ " + String.join(" ", args));
        out.addAll(WordCountToolSession.comparable(run(bootstrap, args), bootstrap, true)
                // --list names every streams group of the broker; the shared Kafka may hold other classes' groups
                // (whose members have not yet timed out), so only this application's lines are compared
                .filter(l -> !args[0].equals("--list")
                        || l.startsWith(APP)
                        || l.startsWith("GROUP ")
                        || l.startsWith("exit "))
                .toList());
    }

    private static String run(String bootstrap, String... args) {
        return WordCountToolSession.runTool(StreamsGroupCommand::execute, bootstrap, List.of(args));
    }
}
