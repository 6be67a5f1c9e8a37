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
package io.skiff.broker.handler;

import static io.skiff.broker.handler.AdminFixture.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest.AlterReplicaLogDir;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic;
import io.skiff.protocol.message.AlterReplicaLogDirsResponse;
import io.skiff.protocol.message.AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlterReplicaLogDirsHandlerTest {
    @TempDir
    Path dir;

    AdminFixture fx;
    AlterReplicaLogDirsHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        fx.createTopic("orders", 2, Map.of());
        handler = new AlterReplicaLogDirsHandler(fx.topics);
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private static AlterReplicaLogDir move(String path, String topic, Integer... partitions) {
        AlterReplicaLogDir d = new AlterReplicaLogDir().setPath(path);
        d.topics()
                .add(new AlterReplicaLogDirTopic().setName(topic).setPartitions(new ArrayList<>(List.of(partitions))));
        return d;
    }

    /** topic-partition → error name. */
    private static Map<String, String> errors(AlterReplicaLogDirsResponse response) {
        Map<String, String> errors = new TreeMap<>();
        for (AlterReplicaLogDirTopicResult t : response.results()) {
            t.partitions()
                    .forEach(p -> errors.put(
                            t.topicName() + "-" + p.partitionIndex(),
                            Errors.forCode(p.errorCode()).name()));
        }
        return errors;
    }

    @Test
    void theOneLogDirIsWhereEveryReplicaIsAlready() {
        String logDir = fx.topics.dataDir().toAbsolutePath().toString();
        AlterReplicaLogDirsRequest request = new AlterReplicaLogDirsRequest()
                .setDirs(new ArrayList<>(List.of(
                        move(logDir, "orders", 0, 1, 7), move(logDir, "missing", 0), move("/elsewhere", "orders", 3))));
        assertEquals(
                Map.of(
                        "orders-0", "NONE",
                        "orders-1", "NONE",
                        "orders-7", "UNKNOWN_TOPIC_OR_PARTITION",
                        "missing-0", "UNKNOWN_TOPIC_OR_PARTITION",
                        "orders-3", "LOG_DIR_NOT_FOUND"),
                errors(call(handler, 2, request)));
    }

    @Test
    void aLaterPathForThePartitionWins() {
        String logDir = fx.topics.dataDir().toAbsolutePath().toString();
        AlterReplicaLogDirsRequest request = new AlterReplicaLogDirsRequest()
                .setDirs(new ArrayList<>(List.of(move(logDir, "orders", 0), move("/elsewhere", "orders", 0))));
        assertEquals(Map.of("orders-0", "LOG_DIR_NOT_FOUND"), errors(call(handler, 1, request)));
    }
}
