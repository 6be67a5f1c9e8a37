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
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import io.skiff.testkit.SkiffBroker;
import io.skiff.testkit.SkiffTopic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * kcat (librdkafka, whose default isolation level is read_committed) reads a partition with committed, aborted and
 * open transactions: by default it gets the committed records up to the last stable offset; with
 * {@code isolation.level=read_uncommitted} every record. Needs {@code kcat} on the PATH; fails, never skips.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, topics = @SkiffTopic(name = "txn", partitions = 1))
class KcatReadCommittedCompatTest {
    private SkiffServer server;

    private List<String> consume(String kcat, String isolation) {
        List<String> command = new ArrayList<>(
                List.of(kcat, "-b", server.bootstrapServers(), "-C", "-t", "txn", "-p", "0", "-o", "beginning", "-e"));
        command.addAll(List.of("-X", "isolation.level=" + isolation, "-f", "%s\\n"));
        String out = ExternalProcess.of(command).run().assertSuccess().stdout();
        return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }

    @Test
    void defaultReadCommittedSeesCommittedRecordsOnly(SkiffBroker broker) throws Exception {
        String kcat = ExternalProcess.require("kcat", "install it with apt-get install kcat (.ci/run does)");
        broker.restart(dir -> TransactionalPartitionFixture.write(dir.resolve("txn-0")));

        assertEquals(TransactionalPartitionFixture.COMMITTED, consume(kcat, "read_committed"));
        assertEquals(TransactionalPartitionFixture.ALL, consume(kcat, "read_uncommitted"));
    }
}
