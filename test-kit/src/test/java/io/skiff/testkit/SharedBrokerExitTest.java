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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
        Path dataDir = Path.of(ChildJvm.lastLineOf(SharedBrokerExitTest.class));
        assertTrue(dataDir.getFileName().toString().startsWith("skiff-"), dataDir.toString());
        assertFalse(Files.exists(dataDir), "deleted by the shutdown hook: " + dataDir);
    }
}
