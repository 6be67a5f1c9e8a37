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

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a real client program (kcat, node, a child JVM) as a process and captures what it printed.
 *
 * <p>A missing program FAILS the test with a message saying how to install it: these tests are how we know the
 * clients users run work, so they are never skipped.
 *
 * <p>Thread-safety: instances are immutable; {@link #run} may be called from any thread.
 */
public final class ExternalProcess {
    private final List<String> command;
    private final Path workDir;
    private final Map<String, String> environment;
    private final Duration timeout;

    private ExternalProcess(List<String> command, Path workDir, Map<String, String> environment, Duration timeout) {
        this.command = List.copyOf(command);
        this.workDir = workDir;
        this.environment = Map.copyOf(environment);
        this.timeout = timeout;
    }

    public static ExternalProcess of(List<String> command) {
        return new ExternalProcess(command, null, Map.of(), Duration.ofSeconds(60));
    }

    static ExternalProcess of(String... command) {
        return of(Arrays.asList(command));
    }

    ExternalProcess in(Path dir) {
        return new ExternalProcess(command, dir, environment, timeout);
    }

    ExternalProcess env(Map<String, String> env) {
        return new ExternalProcess(command, workDir, env, timeout);
    }

    /**
     * A Java program's main class in a child JVM of this JDK, small and quick to start (the Kafka tools), with a
     * 120-second limit.
     */
    public static ExternalProcess java(String classpath, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                classpath,
                mainClass));
        command.addAll(List.of(args));
        return of(command).timeout(Duration.ofSeconds(120));
    }

    /** This test JVM's classpath (kafka-tools 4.1.1 is a test dependency), for {@link #java}. */
    static String testClasspath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    public ExternalProcess timeout(Duration limit) {
        return new ExternalProcess(command, workDir, environment, limit);
    }

    /** The absolute path of {@code program} on the PATH, or a test failure naming how to install it. */
    public static String require(String program, String installHint) {
        return find(program)
                .map(Path::toString)
                .orElseGet(() -> fail(program + " not found on PATH (" + System.getenv("PATH") + "): " + installHint));
    }

    static Optional<Path> find(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /** Runs with no standard input. */
    public Result run() {
        return run(new byte[0]);
    }

    /** Runs, writes {@code stdin} and closes it, waits up to the timeout (then kills the process and fails). */
    public Result run(String stdin) {
        return run(stdin.getBytes(StandardCharsets.UTF_8));
    }

    Result run(byte[] stdin) {
        ProcessBuilder builder = new ProcessBuilder(command);
        if (workDir != null) {
            builder.directory(workDir.toFile());
        }
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin);
        } catch (IOException e) {
            // the program may exit without reading its input; its exit code and output tell what happened
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                fail("timed out after " + timeout + ": " + String.join(" ", command) + "\n--- stdout ---\n" + text(out)
                        + "\n--- stderr ---\n" + text(err));
            }
            return new Result(command, process.exitValue(), text(out), text(err));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private static byte[] readAll(InputStream in) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (in) {
            in.transferTo(buf);
        } catch (IOException e) {
            // the stream closes when the process is killed: keep what was read
        }
        return buf.toByteArray();
    }

    private static String text(CompletableFuture<byte[]> stream) {
        try {
            return new String(stream.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "<interrupted>";
        } catch (ExecutionException | TimeoutException e) {
            return "<unreadable: " + e + ">";
        }
    }

    /** What a finished process printed and how it exited. */
    public record Result(List<String> command, int exitCode, String stdout, String stderr) {
        /** Fails the test, showing everything the program printed, unless it exited with 0. */
        public Result assertSuccess() {
            if (exitCode != 0) {
                fail(describe("exited with " + exitCode));
            }
            return this;
        }

        List<String> lines() {
            List<String> lines = new ArrayList<>();
            for (String line : stdout.split("\n", -1)) {
                if (!line.isEmpty()) {
                    lines.add(line);
                }
            }
            return lines;
        }

        /** Lines of stdout that start with {@code prefix + " "}, the prefix removed. */
        List<String> linesStartingWith(String prefix) {
            return lines().stream()
                    .filter(l -> l.startsWith(prefix + " "))
                    .map(l -> l.substring(prefix.length() + 1))
                    .toList();
        }

        public String describe(String what) {
            return String.join(" ", command) + " " + what + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n"
                    + stderr;
        }
    }
}
