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

import io.skiff.compat.clients.ExternalProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A real Apache Kafka 4.4 broker (KRaft, broker and controller in one process, node 1) on free loopback ports, in a
 * child JVM, for tests that compare Skiff's answers with Kafka's. It is started once per test JVM, on first use of
 * {@link #shared()}, and shared by every test class that asks for it; it stops when the test JVM exits (shutdown hook,
 * and the child also watches its parent so a killed test run leaves nothing behind). A test that changes what the
 * others would see (finalized feature levels) starts one of its own with {@link #dedicated()}.
 *
 * <p>Kafka's jars are copied from Maven Central into {@code reference-kafka/target/kafka-libs} by the build (system
 * property {@code skiff.referenceKafkaLibs}); Kafka's configuration is the one Skiff's differential tests assume:
 * {@link #CONFIG}, which mirrors Skiff's developer defaults where they differ from Kafka's.
 *
 * <p>Thread-safe: {@link #shared()} is synchronized, the rest is immutable after start.
 */
public final class RealKafka {
    /** The cluster id Kafka's log directory is formatted with. */
    public static final String CLUSTER_ID = "q1Sh-9_ISia_zwGINzRvyQ";

    public static final int NODE_ID = 1;

    /**
     * Broker settings beyond the KRaft wiring: replication factor 1 for the internal topics (one node) and Skiff's
     * developer defaults where Kafka's differ, so that both start from the same state. The log directory is formatted
     * with Kafka 4.4's default features (share.version 2, streams.version 1 among them).
     */
    public static final Map<String, String> CONFIG = Map.ofEntries(
            Map.entry("num.partitions", "1"),
            Map.entry("offsets.topic.replication.factor", "1"),
            Map.entry("offsets.topic.num.partitions", "50"),
            Map.entry("transaction.state.log.replication.factor", "1"),
            Map.entry("transaction.state.log.min.isr", "1"),
            Map.entry("group.initial.rebalance.delay.ms", "0"),
            // Skiff's lower bounds for a consumer group's own settings: Kafka 4.4 names the bounds in its errors
            Map.entry("group.consumer.min.heartbeat.interval.ms", "100"),
            Map.entry("group.consumer.min.session.timeout.ms", "1000"),
            Map.entry("share.coordinator.state.topic.replication.factor", "1"),
            Map.entry("share.coordinator.state.topic.min.isr", "1"),
            Map.entry("auto.create.topics.enable", "true"),
            // A client telemetry receiver, without which Kafka does not serve the telemetry APIs (Skiff always does).
            Map.entry("metric.reporters", TelemetryReceivingReporter.class.getName()));

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static RealKafka shared;

    private final Process process;
    private final Path dir;
    private final int port;

    private RealKafka(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    /** The test JVM's Kafka, started on first call (tens of seconds on a busy machine; later calls return at once). */
    public static synchronized RealKafka shared() {
        if (shared == null) {
            shared = start(Map.of());
            RealKafka started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::stop, "real-kafka-stop"));
        }
        return shared;
    }

    /**
     * A Kafka of its own, for a test that changes what other tests would see on the shared one (finalized feature
     * levels); the caller closes it. It starts as {@link #shared()} does, in tens of seconds.
     */
    public static Dedicated dedicated() {
        return dedicated(Map.of());
    }

    /** As {@link #dedicated()}, with {@code overrides} set over {@link #CONFIG} (a broker setting under test). */
    public static Dedicated dedicated(Map<String, String> overrides) {
        return new Dedicated(start(overrides));
    }

    /** A Kafka started by {@link #dedicated()}: closing it stops Kafka and deletes its directory. */
    public static final class Dedicated implements AutoCloseable {
        private final RealKafka kafka;

        private Dedicated(RealKafka kafka) {
            this.kafka = kafka;
        }

        public RealKafka kafka() {
            return kafka;
        }

        @Override
        public void close() {
            kafka.stop();
        }
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    public String bootstrapServers() {
        return host() + ":" + port;
    }

    /** Kafka's own log (its WARN and ERROR lines), for a failing test's message. */
    public Path serverLog() {
        return dir.resolve("server.log");
    }

    /** The folder of Kafka 4.4.0's jars the build copied (system property {@code skiff.referenceKafkaLibs}). */
    static Path libs() {
        String libs = System.getProperty("skiff.referenceKafkaLibs");
        if (libs == null || !Files.isDirectory(Paths.get(libs))) {
            throw new IllegalStateException("Kafka's jars are missing (system property skiff.referenceKafkaLibs = "
                    + libs + "): build with Maven, which copies them into reference-kafka/target/kafka-libs");
        }
        return Paths.get(libs).toAbsolutePath();
    }

    /** Runs one of Kafka's command-line tools in a child JVM on Kafka's own jars; its output, unless it fails. */
    public static String runTool(String mainClass, List<String> args) {
        return ExternalProcess.java(libs() + "/*", mainClass, args.toArray(new String[0]))
                .run()
                .assertSuccess()
                .stdout();
    }

    private static RealKafka start(Map<String, String> overrides) {
        Path libs = libs();
        try {
            Path dir = Files.createTempDirectory("real-kafka");
            int[] ports = freePorts(2);
            int port = ports[0];
            int controllerPort = ports[1];
            Path properties = dir.resolve("server.properties");
            Files.writeString(
                    properties, serverProperties(dir, port, controllerPort, overrides), StandardCharsets.UTF_8);
            String classpath = libs + "/*" + java.io.File.pathSeparator
                    + Paths.get(RealKafkaMain.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI())
                            .toAbsolutePath();
            List<String> command = new ArrayList<>(List.of(
                    Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    // Small and quick to start: a handful of test topics, requests one at a time.
                    "-Xmx256m",
                    "-Xms64m",
                    "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1",
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                    "-cp",
                    classpath,
                    RealKafkaMain.class.getName(),
                    Long.toString(ProcessHandle.current().pid()),
                    CLUSTER_ID,
                    properties.toString()));
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("server.log").toFile())
                    .start();
            RealKafka kafka = new RealKafka(process, dir, port);
            kafka.awaitListening();
            return kafka;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String serverProperties(Path dir, int port, int controllerPort, Map<String, String> overrides) {
        StringBuilder s = new StringBuilder();
        s.append("process.roles=broker,controller\n");
        s.append("node.id=").append(NODE_ID).append('\n');
        s.append("controller.quorum.voters=")
                .append(NODE_ID)
                .append("@127.0.0.1:")
                .append(controllerPort);
        s.append('\n');
        s.append("listeners=PLAINTEXT://127.0.0.1:")
                .append(port)
                .append(",CONTROLLER://127.0.0.1:")
                .append(controllerPort)
                .append('\n');
        s.append("advertised.listeners=PLAINTEXT://127.0.0.1:").append(port).append('\n');
        s.append("controller.listener.names=CONTROLLER\n");
        s.append("listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT\n");
        s.append("inter.broker.listener.name=PLAINTEXT\n");
        s.append("log.dirs=")
                .append(dir.resolve("logs").toString().replace('\\', '/'))
                .append('\n');
        Map<String, String> config = new java.util.TreeMap<>(CONFIG);
        config.putAll(overrides);
        config.forEach((k, v) -> s.append(k).append('=').append(v).append('\n'));
        return s.toString();
    }

    /** Kafka opens its client port only when the broker is ready to serve (unfenced). */
    private void awaitListening() throws IOException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "Kafka exited with code " + process.exitValue() + " during start:\n" + tail());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host(), port), 1000);
                return;
            } catch (IOException notYet) {
                try {
                    process.waitFor(200, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for Kafka", e);
                }
            }
        }
        stop();
        throw new IllegalStateException(
                "Kafka did not listen on " + port + " within " + START_TIMEOUT + ":\n" + tail());
    }

    private String tail() throws IOException {
        List<String> lines = Files.readAllLines(serverLog(), StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private void stop() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is harmless
        }
    }

    /** Distinct free loopback ports (the sockets are held together, so that the OS cannot hand out one twice). */
    private static int[] freePorts(int n) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }
}
