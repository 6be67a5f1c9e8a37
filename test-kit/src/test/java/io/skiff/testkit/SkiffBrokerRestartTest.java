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
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A broker of the extension restarts in place: same data directory and port, fields filled with the new server. */
@Skiff(lifecycle = Lifecycle.PER_METHOD, topics = @SkiffTopic(name = "kept", partitions = 2))
class SkiffBrokerRestartTest {
    SkiffServer server;
    SkiffKit kit;

    @BootstrapServers
    String bootstrap;

    @Test
    void aRestartKeepsDataAndPortAndRefillsTheFields(SkiffBroker broker) throws Exception {
        SkiffServer before = server;
        Path dataDir = broker.dataDir();
        kit.send("kept", "k", "before");

        SkiffServer after = broker.restart();

        assertNotSame(before, after);
        assertSame(after, server, "the SkiffServer field holds the new server");
        assertSame(broker.kit(), kit, "the SkiffKit field is bound to the new server");
        assertEquals(before.port(), after.port());
        assertEquals(after.bootstrapServers(), bootstrap);
        assertEquals(dataDir, broker.dataDir());
        assertEquals(1, after.recoveredTopicCount(), "the declared topic comes back from disk, not created again");
        assertEquals("before", kit.readRecord("kept", Duration.ofSeconds(30)).value());
    }

    @Test
    void whatRunsWhileStoppedSeesTheDataDirectory(SkiffBroker broker) throws Exception {
        AtomicBoolean ran = new AtomicBoolean();
        broker.restart(dir -> {
            assertTrue(Files.isDirectory(dir.resolve("kept-0")), "the partition's directory is there");
            ran.set(true);
        });
        assertTrue(ran.get());
        assertEquals(1, broker.server().recoveredTopicCount());
    }
}
