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
package io.skiff.distribution;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The download as a user without Java gets it: the tarball unpacked in a folder of its own, {@code bin/skiff} started
 * with an environment that has no {@code java} on the PATH and no JAVA_HOME, configured through a file, a
 * {@code KAFKA_*} variable and an override, and kcat round-trips a record through it. The JVM runs with
 * {@code -Xshare:on}, which refuses to start unless the build's class-data-sharing archive maps in the unpacked place.
 */
class DownloadIT {
    private static final Pattern READY =
            Pattern.compile("Skiff ready in \\d+ ms: listening on PLAINTEXT://127\\.0\\.0\\.1:(\\d+)");

    @TempDir
    static Path dir;

    private static Path home;
    private static Process broker;
    private static final List<String> output = new CopyOnWriteArrayList<>();
    private static int port;
    private static String kcat;

    @BeforeAll
    static void unpackAndStart() throws Exception {
        kcat = onPath("kcat");
        Path tarball = Path.of(System.getProperty("skiff.download"));
        assertTrue(Files.isRegularFile(tarball), tarball + " was built");
        run(List.of("tar", "-xzf", tarball.toString(), "-C", dir.toString()), Map.of());
        try (Stream<Path> unpacked = Files.list(dir)) {
            home = unpacked.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertEquals(
                tarball.getFileName().toString().replace(".tar.gz", ""),
                home.getFileName().toString());

        Path config = dir.resolve("server.properties");
        Files.writeString(config, "log.dirs=" + dir.resolve("data") + "\nauto.create.topics.enable=true\n");
        Path emptyBin = Files.createDirectories(dir.resolve("no-java-here"));
        ProcessBuilder builder = new ProcessBuilder(
                        home.resolve("bin/skiff").toString(),
                        "--config",
                        config.toString(),
                        "--override",
                        "listeners=PLAINTEXT://127.0.0.1:0")
                .directory(dir.toFile())
                .redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("PATH", emptyBin.toString());
        env.put("HOME", dir.toString());
        env.put("KAFKA_NUM_PARTITIONS", "3");
        env.put("SKIFF_OPTS", "-Xshare:on");
        assertFalse(Files.exists(emptyBin.resolve("java")));
        broker = builder.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader in =
                    new BufferedReader(new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    output.add(line);
                }
            } catch (IOException e) {
                // the broker stopped
            }
        });
        reader.setDaemon(true);
        reader.start();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> !broker.isAlive()
                        || output.stream().anyMatch(l -> READY.matcher(l).find()));
        assertTrue(broker.isAlive(), () -> "bin/skiff exited: " + output);
        Matcher ready = output.stream()
                .map(READY::matcher)
                .filter(Matcher::find)
                .findFirst()
                .orElseThrow();
        port = Integer.parseInt(ready.group(1));
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.destroy(); // SIGTERM: the graceful stop
            assertTrue(broker.waitFor(30, TimeUnit.SECONDS), "stopped on SIGTERM");
        }
    }

    @Test
    void startsOnItsOwnRuntimeFromTheFileTheEnvironmentAndTheOverride() {
        String ready = output.stream()
                .filter(l -> l.startsWith("Skiff ready"))
                .findFirst()
                .orElseThrow();
        assertTrue(ready.contains("data " + dir.resolve("data")), ready); // log.dirs of the file
        assertTrue(
                Files.isDirectory(home.resolve("runtime/bin")) && Files.isRegularFile(home.resolve("lib/skiff.jar")));
        assertTrue(Files.isRegularFile(home.resolve("LICENSE")) && Files.isRegularFile(home.resolve("README.md")));
        assertTrue(Files.isRegularFile(home.resolve("licenses/THIRD-PARTY.txt")));
    }

    @Test
    void helpNamesTheCommandAsTheUserTypesIt() throws Exception {
        Process help = new ProcessBuilder(home.resolve("bin/skiff").toString(), "--help")
                .redirectErrorStream(true)
                .start();
        help.getOutputStream().close();
        String text = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(help.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, help.exitValue(), text);
        assertEquals("usage: skiff [--config FILE] [--override key=value]...", text.strip());
    }

    @Test
    void kcatRoundTripsARecord() throws Exception {
        String bootstrap = "127.0.0.1:" + port;
        run(List.of(kcat, "-P", "-b", bootstrap, "-t", "from-kcat", "-K:", "-p", "2"), Map.of(), "order-1:42 EUR\n");
        String read = run(
                List.of(
                        kcat,
                        "-C",
                        "-q",
                        "-b",
                        bootstrap,
                        "-t",
                        "from-kcat",
                        "-p",
                        "2",
                        "-o",
                        "beginning",
                        "-e",
                        "-f",
                        "%k=%s\\n"),
                Map.of());
        assertEquals("order-1=42 EUR", read.strip());
        // The topic was created on first use with KAFKA_NUM_PARTITIONS=3 from the environment.
        String metadata = run(List.of(kcat, "-L", "-b", bootstrap, "-t", "from-kcat"), Map.of());
        assertTrue(metadata.contains("topic \"from-kcat\" with 3 partitions"), metadata);
    }

    private static String onPath(String command) {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(folder, command);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(command + " is not on the PATH: install it with apt-get install kcat (.ci/run does)");
    }

    private static String run(List<String> command, Map<String, String> env) throws Exception {
        return run(command, env, null);
    }

    private static String run(List<String> command, Map<String, String> env, String input) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        if (input != null) {
            process.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        }
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), command + " finished");
        assertEquals(0, process.exitValue(), () -> command + " failed: " + out);
        return out;
    }
}
