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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.TransactionalPartitionFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kcat (librdkafka, whose default isolation level is read_committed) reads a partition with committed, aborted and
 * open transactions: by default it gets the committed records up to the last stable offset; with
 * {@code isolation.level=read_uncommitted} every record. Needs {@code kcat} on the PATH; fails, never skips.
 */
class KcatReadCommittedCompatTest {
    @TempDir
    Path dir;

    private SkiffServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private List<String> consume(String kcat, String isolation) {
        List<String> command = new ArrayList<>(
                List.of(kcat, "-b", server.bootstrapServers(), "-C", "-t", "txn", "-p", "0", "-o", "beginning", "-e"));
        command.addAll(List.of("-X", "isolation.level=" + isolation, "-f", "%s\\n"));
        String out = ExternalProcess.of(command).run().assertSuccess().stdout();
        return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }

    @Test
    void defaultReadCommittedSeesCommittedRecordsOnly() throws Exception {
        String kcat = ExternalProcess.require("kcat", "install it with apt-get install kcat (.ci/run does)");
        server = SkiffServer.builder().port(0).dataDir(dir).start();
        server.createTopic("txn", 1);
        server.close();
        TransactionalPartitionFixture.write(dir.resolve("txn-0"));
        server = SkiffServer.builder().port(0).dataDir(dir).start();

        assertEquals(TransactionalPartitionFixture.COMMITTED, consume(kcat, "read_committed"));
        assertEquals(TransactionalPartitionFixture.ALL, consume(kcat, "read_uncommitted"));
    }
}
