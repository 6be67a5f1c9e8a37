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

import io.skiff.broker.SkiffServer;
import io.skiff.compat.robustness.ChildBroker;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.StreamsGroupDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Kafka Streams 4.4.0 word count (exactly_once_v2, {@code group.protocol=streams}) keeps running across a restart
 * of the broker on the same port and data directory, graceful (in this JVM) or a SIGKILL of a broker in a child JVM
 * mid-run: the streams group comes back from {@code __consumer_offsets} with its member and tasks, and the counts
 * stay exact.
 */
class StreamsGroupRestartCompatTest {
    private static final String APP = "sg-restart";

    @TempDir
    Path dir;

    private SkiffServer skiff;

    @AfterEach
    void stop() {
        if (skiff != null) {
            skiff.close();
        }
    }

    @Test
    void theApplicationKeepsCountingExactlyAcrossABrokerRestart() throws Exception {
        skiff = SkiffServer.builder().port(0).dataDir(dir.resolve("data")).start();
        int port = Integer.parseInt(
                skiff.bootstrapServers().substring(skiff.bootstrapServers().lastIndexOf(':') + 1));
        skiff.createTopic(APP + "-in", 2);
        skiff.createTopic(APP + "-out", 2);
        String bootstrap = skiff.bootstrapServers();
        Map<String, Long> expected = new HashMap<>();
        try (StreamsApp app = startApp(bootstrap, APP)) {
            app.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
            send(bootstrap, APP, List.of("red green", "green blue blue"), expected);
            awaitCounts(bootstrap, APP, expected);
            String member = describe(bootstrap, APP).members().iterator().next().memberId();

            skiff.close();
            skiff = SkiffServer.builder()
                    .port(port)
                    .dataDir(dir.resolve("data"))
                    .start();
            StreamsGroupDescription after = describe(bootstrap, APP);
            assertEquals(1, after.members().size(), after::toString);
            assertEquals(member, after.members().iterator().next().memberId(), "the member came back from the log");

            send(bootstrap, APP, List.of("red violet"), expected);
            awaitCounts(bootstrap, APP, expected);
            assertFalse(app.failed(), () -> "Kafka Streams failed: " + app.lines());
        }
    }

    @Test
    void theApplicationKeepsCountingExactlyAfterTheBrokerIsKilledMidRun() throws Exception {
        String app = APP + "-kill";
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String listener = "listeners=PLAINTEXT://127.0.0.1:" + port;
        Path data = dir.resolve("child-data");
        ChildBroker broker = ChildBroker.start(data, listener);
        try {
            String bootstrap = broker.bootstrapServers();
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                admin.createTopics(List.of(
                                new NewTopic(app + "-in", 2, (short) 1), new NewTopic(app + "-out", 2, (short) 1)))
                        .all()
                        .get();
            }
            Map<String, Long> expected = new HashMap<>();
            try (StreamsApp streams = startApp(bootstrap, app)) {
                streams.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
                send(bootstrap, app, List.of("red green", "green blue blue"), expected);
                awaitCounts(bootstrap, app, expected);
                // more input while the broker dies: what was acknowledged is counted once, after the restart
                send(bootstrap, app, List.of("amber red", "blue"), expected);

                broker.kill();
                broker = ChildBroker.start(data, listener);
                assertEquals(bootstrap, broker.bootstrapServers());

                send(bootstrap, app, List.of("red violet"), expected);
                awaitCounts(bootstrap, app, expected);
                assertEquals(1, describe(bootstrap, app).members().size());
                assertFalse(streams.failed(), () -> "Kafka Streams failed: " + streams.lines());
            }
        } finally {
            broker.close();
        }
    }

    private StreamsApp startApp(String bootstrap, String app) throws Exception {
        return StreamsApp.start(bootstrap, app, dir.resolve("state-" + app), "exactly_once_v2", 0, app);
    }

    private static StreamsGroupDescription describe(String bootstrap, String app) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            return admin.describeStreamsGroups(List.of(app)).all().get().get(app);
        }
    }

    private static void send(String bootstrap, String app, List<String> lines, Map<String, Long> expected)
            throws Exception {
        WordCounts.send(bootstrap, StreamsApp.input(app), lines, expected);
    }

    private static void awaitCounts(String bootstrap, String app, Map<String, Long> expected) {
        WordCounts.await(bootstrap, StreamsApp.output(app), expected, true, Duration.ofSeconds(90));
    }
}
