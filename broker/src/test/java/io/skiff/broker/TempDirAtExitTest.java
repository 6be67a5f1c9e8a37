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
package io.skiff.broker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.testsupport.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A server with a temporary data directory that is never closed still deletes that directory at JVM exit. */
class TempDirAtExitTest {
    /** Run in a child JVM: starts a server, writes to it, prints its data directory and exits without closing it. */
    public static void main(String[] args) throws IOException {
        SkiffServer server = SkiffServer.builder().start();
        server.createTopic("left-open", 1);
        System.out.println(server.dataDir());
    }

    @Test
    void aServerNeverClosedDeletesItsTemporaryDirectoryAtJvmExit() throws IOException, InterruptedException {
        Path dataDir = Path.of(ChildJvm.lastLineOf(TempDirAtExitTest.class));
        assertTrue(dataDir.getFileName().toString().startsWith("skiff-"), dataDir.toString());
        assertFalse(Files.exists(dataDir), "deleted at exit: " + dataDir);
    }
}
