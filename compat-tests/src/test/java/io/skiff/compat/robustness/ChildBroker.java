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
package io.skiff.compat.robustness;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real broker ({@code io.skiff.broker.launch.Main}) in a child JVM, from the test classpath or from {@code skiff.jar}
 * as users start it, on port 0 and a given data directory. Keeps every line the child prints, reads the bound port
 * from its "Skiff ready" line, and can be killed like {@code kill -9} or stopped like Ctrl-C.
 *
 * <p>Thread-safe: the output list is concurrent; start, kill and stop from one thread.
 */
public final class ChildBroker implements AutoCloseable {
    private static final Pattern ADVERTISED = Pattern.compile("advertised (\\S+?:\\d+),");

    private final Process process;
    private final List<String> output = new CopyOnWriteArrayList<>();
    private final String bootstrap;

    private ChildBroker(List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(k -> k.startsWith("KAFKA_"));
        process = builder.start();
        Thread reader = new Thread(this::readOutput, "child-broker-output");
        reader.setDaemon(true);
        reader.start();
        await().atMost(Duration.ofSeconds(90)).until(() -> readyLine() != null || !process.isAlive());
        String ready = readyLine();
        if (ready == null) {
            throw new AssertionError("the child broker did not start:\n" + String.join("\n", output));
        }
        Matcher m = ADVERTISED.matcher(ready);
        if (!m.find()) {
            throw new AssertionError("no advertised address in: " + ready);
        }
        bootstrap = m.group(1);
    }

    /** Starts the broker from the test classpath and waits for its ready line. */
    static ChildBroker start(Path dataDir) throws IOException {
        return start(dataDir, new String[0]);
    }

    /** As {@link #start(Path)}, with more configuration ({@code key=value} each). */
    public static ChildBroker start(Path dataDir, String... overrides) throws IOException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command =
                new ArrayList<>(List.of(java(), "-Xmx256m", "-cp", classpath, "io.skiff.broker.launch.Main"));
        command.addAll(brokerArguments(dataDir));
        for (String override : overrides) {
            command.addAll(List.of("--override", override));
        }
        return new ChildBroker(command);
    }

    /**
     * Starts the broker as users do, {@code java [jvmOptions] -jar skiff.jar}, and waits for its ready line. The jar's
     * web console, on by default at 127.0.0.1:9080, is moved to a free port.
     */
    static ChildBroker startJar(Path jar, Path dataDir, String... jvmOptions) throws IOException {
        return startJar(jar, dataDir, List.of(), jvmOptions);
    }

    /** {@link #startJar(Path, Path, String...)} with more {@code --override key=value} broker settings. */
    static ChildBroker startJar(Path jar, Path dataDir, List<String> overrides, String... jvmOptions)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(brokerArguments(dataDir));
        command.addAll(List.of("--override", "console.listener=http://127.0.0.1:0"));
        for (String override : overrides) {
            command.addAll(List.of("--override", override));
        }
        return new ChildBroker(command);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static List<String> brokerArguments(Path dataDir) {
        return List.of(
                "--override",
                "listeners=PLAINTEXT://127.0.0.1:0",
                "--override",
                "log.dirs=" + dataDir.toAbsolutePath(),
                "--override",
                "offsets.topic.num.partitions=1");
    }

    /** The process started (for {@code java -jar}, the launcher). */
    ProcessHandle handle() {
        return process.toHandle();
    }

    public String bootstrapServers() {
        return bootstrap;
    }

    /** The web console's URL from the ready line ({@code ..., console http://HOST:PORT}), if it has one. */
    Optional<String> consoleUrl() {
        return extensionUrl("console");
    }

    /** The URL an HTTP extension ({@code console}, {@code schema-registry}) printed in the ready line, if any. */
    Optional<String> extensionUrl(String name) {
        Matcher m = Pattern.compile(Pattern.quote(name) + " (http://\\S+:\\d+)").matcher(readyLine());
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Everything the child printed so far (stdout and stderr). */
    List<String> output() {
        return List.copyOf(output);
    }

    /** SIGKILL: no shutdown hook, no flush, no clean-shutdown marker. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("the child broker did not die");
        }
    }

    /** SIGTERM: the broker's graceful stop (flush, clean-shutdown markers). */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child broker did not stop within 60 s:\n" + String.join("\n", output));
        }
    }

    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> descendants = process.descendants().toList();
        if (process.isAlive()) {
            kill();
        }
        for (ProcessHandle descendant : descendants) {
            descendant.destroyForcibly(); // a broker JVM a launcher left behind must not outlive the test
        }
    }

    private String readyLine() {
        return output.stream()
                .filter(l -> l.startsWith("Skiff ready"))
                .findFirst()
                .orElse(null);
    }

    private void readOutput() {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                output.add(line);
            }
        } catch (IOException closed) {
            // the process is gone; what was read is kept
        }
    }
}
