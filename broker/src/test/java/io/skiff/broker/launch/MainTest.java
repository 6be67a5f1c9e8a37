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
package io.skiff.broker.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String errText() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void parsesConfigAndOverrides() {
        Main.CommandLine cli = Main.CommandLine.parse(new String[] {
            "--config", "server.properties", "--override", "num.partitions=3", "--override=log.dirs=/d=x"
        });
        assertEquals(Path.of("server.properties"), cli.configFile());
        assertEquals(Map.of("num.partitions", "3", "log.dirs", "/d=x"), cli.overrides());
    }

    @Test
    void noArgumentsMeansDefaults() {
        Main.CommandLine cli = Main.CommandLine.parse(new String[0]);
        assertNull(cli.configFile());
        assertTrue(cli.overrides().isEmpty());
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(
                IllegalArgumentException.class, () -> Main.CommandLine.parse(new String[] {"--override", "novalue"}));
        assertThrows(IllegalArgumentException.class, () -> Main.CommandLine.parse(new String[] {"--bogus"}));
        assertEquals(1, run("--config"));
        assertTrue(errText().contains("usage"), errText());
    }

    @Test
    void usageNamesTheCommandThatStartedSkiff() {
        assertEquals("usage: java -jar skiff.jar [--config FILE] [--override key=value]...", Main.CommandLine.usage());
        assertEquals("usage: skiff [--config FILE] [--override key=value]...", Main.CommandLine.usage("skiff"));
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: java -jar skiff.jar "));
    }

    @Test
    void invalidConfigurationIsOneLineAndExitCodeOne() {
        assertEquals(1, run("--override", "num.partitions=many", "--override", "log.dirs=" + tmp));
        String text = errText().trim();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("Skiff failed to start: invalid configuration"), text);
        assertTrue(text.contains("num.partitions"), text);
    }

    @Test
    void takenPortIsOneLineAndExitCodeOne() {
        try (SkiffServer running = SkiffServer.builder().start()) {
            assertEquals(
                    1,
                    run(
                            "--override",
                            "listeners=PLAINTEXT://127.0.0.1:" + running.port(),
                            "--override",
                            "log.dirs=" + tmp));
            String text = errText().trim();
            assertEquals(1, text.lines().count(), text);
            assertTrue(text.contains("Address already in use") && text.contains(String.valueOf(running.port())), text);
        }
    }

    @Test
    void unusableDataDirIsOneLineAndExitCodeOne() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertEquals(1, run("--override", "listeners=PLAINTEXT://127.0.0.1:0", "--override", "log.dirs=" + file));
        String text = errText().trim();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.contains("data directory") && text.contains(file.toString()), text);
    }

    @Test
    void dataDirUnderAFileIsOneLineNamingTheDirectory() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        Path dataDir = file.resolve("data");
        assertEquals(1, run("--override", "listeners=PLAINTEXT://127.0.0.1:0", "--override", "log.dirs=" + dataDir));
        String text = errText().trim();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.contains("data directory " + dataDir + " cannot be created"), text);
    }

    @Test
    void unreadablePartitionDirectoryIsOneLineNamingIt() throws Exception {
        Path dataDir = tmp.resolve("data");
        try (SkiffServer server = SkiffServer.builder().dataDir(dataDir).start()) {
            server.createTopic("t", 1);
        }
        Path partition = dataDir.resolve("t-0");
        try (var files = Files.list(partition)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(partition);
        Files.writeString(partition, "not a directory");

        assertEquals(1, run("--override", "listeners=PLAINTEXT://127.0.0.1:0", "--override", "log.dirs=" + dataDir));
        String text = errText().trim();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("Skiff failed to start: ") && text.contains(partition.toString()), text);
    }

    @Test
    void readyLineNamesListenerDataDirAndTime() {
        try (SkiffServer server = SkiffServer.builder().start()) {
            String line = Main.readyLine(server, System.currentTimeMillis());
            assertTrue(
                    line.matches(
                            "Skiff ready in \\d+ ms: listening on PLAINTEXT://127\\.0\\.0\\.1:" + server.port() + ".*"),
                    line);
            assertTrue(line.contains(server.dataDir().toAbsolutePath().toString()), line);
            assertTrue(line.contains("0 topics recovered"), line);
        }
    }
}
