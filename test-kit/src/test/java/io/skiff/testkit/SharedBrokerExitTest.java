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
package io.skiff.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A run-wide shared broker is closed when its JVM exits, and its temporary directory deleted. */
class SharedBrokerExitTest {
    /** Run in a child JVM: starts a shared broker, prints its data directory, and exits without closing it. */
    public static void main(String[] args) {
        RunningBroker broker = SharedBrokers.get(new BrokerSpec(Lifecycle.SHARED, List.of(), Map.of(), 0, ""));
        broker.server().createTopic("left-open", 1);
        System.out.println(broker.server().dataDir());
    }

    @Test
    void theSharedBrokerIsClosedAndItsDirectoryDeletedAtJvmExit() throws IOException, InterruptedException {
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        SharedBrokerExitTest.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM exits");
        assertEquals(0, child.exitValue());
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Path dataDir = Path.of(out.lines().reduce((a, b) -> b).orElseThrow());
        assertTrue(dataDir.getFileName().toString().startsWith("skiff-"), out);
        assertFalse(Files.exists(dataDir), "deleted by the shutdown hook: " + dataDir);
    }
}
