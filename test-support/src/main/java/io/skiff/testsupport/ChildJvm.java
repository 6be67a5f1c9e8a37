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
package io.skiff.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A {@code main} of a test class run in a child JVM on this JVM's class path: for what only a JVM's exit shows
 * (shutdown hooks, files deleted at exit).
 */
public final class ChildJvm {
    private static final long TIMEOUT_SECONDS = 60;

    private ChildJvm() {}

    /**
     * Runs {@code mainClass} in a child JVM and returns the last line it printed; fails unless the child exited
     * with 0 within a minute. Its standard error goes to this JVM's.
     */
    public static String lastLineOf(Class<?> mainClass) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        mainClass.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError(
                    mainClass.getSimpleName() + "'s JVM did not exit within " + TIMEOUT_SECONDS + " s");
        }
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (child.exitValue() != 0) {
            throw new AssertionError(
                    mainClass.getSimpleName() + "'s JVM exited with " + child.exitValue() + " after printing: " + out);
        }
        return out.lines().reduce((first, second) -> second).orElseThrow();
    }
}
