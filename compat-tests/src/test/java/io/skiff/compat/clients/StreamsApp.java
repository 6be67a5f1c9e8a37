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

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;

/**
 * A Kafka Streams 4.4.0 word count in a child JVM ({@link StreamsProtocolDriver}), on the jars the build copied to
 * {@code skiff.kafkaStreams44}: started, asked (tasks, the host of a key, a local count) and closed; its output
 * lines are collected as they come. Not thread-safe apart from the collected lines.
 */
final class StreamsApp implements AutoCloseable {
    private final Process process;
    private final Writer stdin;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private StreamsApp(Process process) {
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("READ-FAILED " + e);
            }
        });
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts the word count of {@code appId} from {@link #input} to {@link #output} (serverPort 0: no endpoint), with
     * its standard error in {@link #logFile}({@code logName}).
     */
    static StreamsApp start(
            String bootstrap, String appId, Path stateDir, String guarantee, int serverPort, String logName)
            throws Exception {
        Path jars = Path.of(System.getProperty("skiff.kafkaStreams44", "target/kafka-streams/4.4.0"));
        String classpath =
                DriverClasspath.of(StreamsProtocolDriver.class, jars, "kafka-streams-4.4.0.jar", "Kafka Streams 4.4.0");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-XX:TieredStopAtLevel=1",
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                        "-cp",
                        classpath,
                        StreamsProtocolDriver.class.getName(),
                        bootstrap,
                        appId,
                        input(appId),
                        output(appId),
                        stateDir.toString(),
                        guarantee,
                        String.valueOf(serverPort))
                .redirectError(logFile(logName).toFile())
                .start();
        return new StreamsApp(p);
    }

    /** The word count's input topic. */
    static String input(String appId) {
        return appId + "-in";
    }

    /** The word count's output topic. */
    static String output(String appId) {
        return appId + "-out";
    }

    /** A file under target/streams-apps, kept for a failure's diagnosis (a child JVM's stderr, a tool's output). */
    static Path logFile(String name) throws IOException {
        Path dir = Path.of("target", "streams-apps");
        Files.createDirectories(dir);
        return dir.resolve(name + ".log");
    }

    List<String> lines() {
        return lines;
    }

    boolean failed() {
        return lines.stream().anyMatch(l -> l.startsWith("ERROR") || l.startsWith("FAILED"));
    }

    /** Waits until the app has printed {@code line} (after the given count of lines), failing on an error line. */
    void awaitLine(String line, Duration atMost) {
        Awaitility.await(line).atMost(atMost).until(() -> failed() || lines.contains(line));
        if (failed()) {
            fail("Kafka Streams failed: " + lines);
        }
    }

    boolean isRunning() {
        List<String> states = lines.stream().filter(l -> l.startsWith("STATE ")).toList();
        return !states.isEmpty() && states.get(states.size() - 1).equals("STATE RUNNING");
    }

    /** Sends {@code command} and returns the first answer line starting with {@code prefix} that follows it. */
    String ask(String command, String prefix) throws IOException {
        int from = lines.size();
        stdin.write(command + "\n");
        stdin.flush();
        Awaitility.await(command).atMost(Duration.ofSeconds(30)).until(() -> answer(from, prefix) != null);
        return answer(from, prefix);
    }

    private String answer(int from, String prefix) {
        List<String> now = new ArrayList<>(lines);
        for (int i = from; i < now.size(); i++) {
            if (now.get(i).startsWith(prefix) || now.get(i).startsWith("FAILED")) {
                return now.get(i);
            }
        }
        return null;
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            try {
                stdin.write("close\n");
                stdin.flush();
            } catch (IOException e) {
                // already gone
            }
            if (!process.waitFor(40, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
