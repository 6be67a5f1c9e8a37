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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatResponseData;
import org.apache.kafka.common.message.ShareGroupHeartbeatRequestData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ShareGroupHeartbeatRequest;
import org.apache.kafka.common.requests.ShareGroupHeartbeatResponse;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatRequest;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatResponse;
import org.apache.kafka.tools.FeatureCommand;
import org.junit.jupiter.api.Test;

/**
 * Kafka 4.4.0's {@code kafka-features} (FeatureCommand, run in-process) against Skiff and the reference Kafka 4.4.0:
 * describe, and every upgrade, downgrade and disable that leaves the shared Kafka as it is (dry runs and refusals),
 * compared by exit status and output with the epochs masked. The changes themselves are made on Skiff only, which
 * must keep them across a restart and apply them (group.version 0 turns the consumer group protocol off, share.version
 * and streams.version 0 refuse their heartbeats, as Kafka 4.4 does; {@link FeatureGateCompatTest} compares every
 * share and streams group API with a Kafka of its own).
 */
@Skiff
class FeatureCommandCompatTest {
    /** Filled by the extension, and again with the new server after a restart. */
    static SkiffServer skiff;

    static SkiffBroker broker;

    /** FeatureCommand's exit status and what it printed (stdout, then stderr), epochs masked. */
    private static synchronized String features(String bootstrap, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--bootstrap-server", bootstrap));
        all.addAll(List.of(args));
        Method main = FeatureCommand.class.getDeclaredMethod("mainNoExit", String[].class);
        main.setAccessible(true);
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        // Only this thread's output: clients other test classes left behind log to System.err at any time
        Thread tool = Thread.currentThread();
        System.setOut(new PrintStream(new ThreadOutput(tool, stdout, out), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new ThreadOutput(tool, stderr, err), true, StandardCharsets.UTF_8));
        int status;
        try {
            status = (Integer) main.invoke(null, (Object) all.toArray(new String[0]));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        // stderr also receives the test JVM's log lines ("[thread] LEVEL ...", indented config dumps): left out
        String printed = (stdout.toString(StandardCharsets.UTF_8) + stderr.toString(StandardCharsets.UTF_8))
                .lines()
                .filter(l -> !l.isBlank() && !l.startsWith("[") && !Character.isWhitespace(l.charAt(0)))
                .map(l -> l.replaceAll("Epoch: \\d+", "Epoch: N") + "\n")
                .collect(Collectors.joining());
        return "exit " + status + "\n" + printed;
    }

    private static String both(String... args) throws Exception {
        String onKafka = features(RealKafka.shared().bootstrapServers(), args);
        String onSkiff = features(skiff.bootstrapServers(), args);
        assertEquals(onKafka, onSkiff, String.join(" ", args));
        return onSkiff;
    }

    @Test
    void describeListsWhatASingleNodeKafka44Lists() throws Exception {
        String out = both("describe");
        assertEquals(
                List.of(
                        "Feature: eligible.leader.replicas.version SupportedMinVersion: 0 SupportedMaxVersion: 1"
                                + " FinalizedVersionLevel: 1 Epoch: N",
                        "Feature: group.version SupportedMinVersion: 0 SupportedMaxVersion: 1 FinalizedVersionLevel: 1"
                                + " Epoch: N",
                        "Feature: kraft.version SupportedMinVersion: 0 SupportedMaxVersion: 1 FinalizedVersionLevel: 0"
                                + " Epoch: N",
                        "Feature: metadata.version SupportedMinVersion: 3.3-IV3 SupportedMaxVersion: 4.4-IV2"
                                + " FinalizedVersionLevel: 4.4-IV2 Epoch: N",
                        "Feature: share.version SupportedMinVersion: 0 SupportedMaxVersion: 2 FinalizedVersionLevel: 2"
                                + " Epoch: N",
                        "Feature: streams.version SupportedMinVersion: 0 SupportedMaxVersion: 1"
                                + " FinalizedVersionLevel: 1 Epoch: N",
                        "Feature: transaction.version SupportedMinVersion: 0 SupportedMaxVersion: 2"
                                + " FinalizedVersionLevel: 2 Epoch: N"),
                out.lines()
                        .filter(l -> l.startsWith("Feature: "))
                        .map(l -> l.replaceAll("\\s+", " ").strip())
                        .toList());
    }

    @Test
    void dryRunsAndRefusalsAnswerAsOnKafka() throws Exception {
        List<List<String>> commands = List.of(
                List.of("upgrade", "--feature", "transaction.version=2", "--dry-run"),
                List.of("downgrade", "--feature", "transaction.version=1", "--dry-run"),
                List.of("upgrade", "--feature", "transaction.version=1"),
                List.of("downgrade", "--feature", "transaction.version=3"),
                List.of("upgrade", "--feature", "group.version=1", "--feature", "transaction.version=3"),
                List.of("disable", "--feature", "group.version", "--dry-run"),
                List.of("downgrade", "--feature", "share.version=1", "--dry-run"),
                List.of("upgrade", "--feature", "streams.version=2"),
                List.of("upgrade", "--feature", "foo.version=1"),
                List.of("disable", "--feature", "foo.version"),
                List.of("upgrade", "--feature", "metadata.version=34"),
                List.of("downgrade", "--feature", "metadata.version=32", "--dry-run"),
                List.of("downgrade", "--metadata", "4.3-IV0", "--dry-run"),
                List.of("downgrade", "--feature", "metadata.version=30", "--unsafe", "--dry-run"),
                List.of("disable", "--feature", "metadata.version", "--dry-run"),
                List.of("upgrade", "--release-version", "4.4-IV2", "--dry-run"),
                List.of("upgrade", "--release-version", "4.3-IV0", "--dry-run"),
                List.of("downgrade", "--release-version", "4.3-IV0", "--dry-run"),
                List.of("upgrade", "--feature", "kraft.version=1", "--dry-run"),
                List.of("disable", "--feature", "eligible.leader.replicas.version", "--dry-run"));
        for (List<String> command : commands) {
            both(command.toArray(new String[0]));
        }
        assertEquals(
                "exit 1\nCould not upgrade transaction.version to 1. The update failed for all features since the"
                        + " following feature had an error: Invalid update version 1 for feature transaction.version."
                        + " Can't downgrade the version of this feature without setting the upgrade type to either safe"
                        + " or unsafe downgrade.\n1 out of 1 operation(s) failed.\n",
                features(skiff.bootstrapServers(), "upgrade", "--feature", "transaction.version=1"));
    }

    @Test
    void changesTakeEffectAndSurviveARestart() throws Exception {
        try {
            assertEquals(
                    "exit 0\ngroup.version was disabled.\n",
                    features(skiff.bootstrapServers(), "disable", "--feature", "group.version"));
            assertConsumerGroupProtocol(false);
            broker.restart();
            assertConsumerGroupProtocol(false);
            assertEquals(
                    "exit 0\nFeature: group.version SupportedMinVersion: 0 SupportedMaxVersion: 1"
                            + " FinalizedVersionLevel: 0 Epoch: N",
                    features(skiff.bootstrapServers(), "describe")
                            .lines()
                            .filter(l -> l.startsWith("exit") || l.contains("group.version"))
                            .map(l -> l.replaceAll("\\s+", " ").strip())
                            .reduce((a, b) -> a + "\n" + b)
                            .orElse(""));
        } finally {
            assertEquals(
                    "exit 0\ngroup.version was upgraded to 1.\n",
                    features(skiff.bootstrapServers(), "upgrade", "--feature", "group.version=1"));
        }
        assertConsumerGroupProtocol(true);
    }

    @Test
    void disabledShareAndStreamsVersionsRefuseTheirHeartbeats() throws Exception {
        try (RawKafkaConnection c = new RawKafkaConnection("127.0.0.1", skiff.port())) {
            assertEquals(
                    "exit 0\nshare.version was disabled.\nstreams.version was disabled.\n",
                    features(
                            skiff.bootstrapServers(),
                            "disable",
                            "--feature",
                            "share.version",
                            "--feature",
                            "streams.version"));
            ShareGroupHeartbeatResponse share =
                    c.send(new ShareGroupHeartbeatRequest.Builder(new ShareGroupHeartbeatRequestData()
                                    .setGroupId("features-share")
                                    .setMemberId(Uuid.randomUuid().toString())
                                    .setMemberEpoch(0)
                                    .setSubscribedTopicNames(List.of("features-share")))
                            .build((short) 1));
            assertEquals(Errors.UNSUPPORTED_VERSION, Errors.forCode(share.data().errorCode()));
            StreamsGroupHeartbeatResponse streams =
                    c.send(new StreamsGroupHeartbeatRequest.Builder(RawGroupRequests.streamsJoin(
                                    "features-streams", Uuid.randomUuid().toString(), List.of()))
                            .build((short) 0));
            assertEquals(
                    Errors.UNSUPPORTED_VERSION, Errors.forCode(streams.data().errorCode()));
        } finally {
            features(
                    skiff.bootstrapServers(),
                    "upgrade",
                    "--feature",
                    "share.version=2",
                    "--feature",
                    "streams.version=1");
        }
    }

    /** A first ConsumerGroupHeartbeat is refused with UNSUPPORTED_VERSION while group.version is 0, as on Kafka 4.4. */
    private static void assertConsumerGroupProtocol(boolean on) throws Exception {
        try (RawKafkaConnection c = new RawKafkaConnection("127.0.0.1", skiff.port())) {
            ConsumerGroupHeartbeatResponseData r = RawGroupRequests.heartbeat(
                    c,
                    new ConsumerGroupHeartbeatRequestData()
                            .setGroupId("features-probe")
                            .setMemberId(Uuid.randomUuid().toString())
                            .setMemberEpoch(0)
                            .setRebalanceTimeoutMs(30_000)
                            .setSubscribedTopicNames(List.of("features-probe"))
                            .setTopicPartitions(List.of()));
            assertEquals(on ? Errors.NONE : Errors.UNSUPPORTED_VERSION, Errors.forCode(r.errorCode()), r::toString);
        }
    }

    /** Writes of {@code owner} go to {@code captured}, every other thread's to {@code passed}. */
    private static final class ThreadOutput extends OutputStream {
        private final Thread owner;
        private final OutputStream captured;
        private final OutputStream passed;

        ThreadOutput(Thread owner, OutputStream captured, OutputStream passed) {
            this.owner = owner;
            this.captured = captured;
            this.passed = passed;
        }

        private OutputStream target() {
            return Thread.currentThread() == owner ? captured : passed;
        }

        @Override
        public void write(int b) throws IOException {
            target().write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            target().write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            target().flush();
        }
    }
}
