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
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.protocol.Errors;
import io.skiff.protocol.message.CreatePartitionsRequest;
import io.skiff.protocol.message.CreatePartitionsRequest.CreatePartitionsAssignment;
import io.skiff.protocol.message.CreatePartitionsRequest.CreatePartitionsTopic;
import io.skiff.protocol.message.CreatePartitionsResponse;
import io.skiff.protocol.message.CreatePartitionsResponse.CreatePartitionsTopicResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CreatePartitionsHandlerTest {
    @TempDir
    Path dir;

    AdminFixture fx;
    CreatePartitionsHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        fx.createTopic("orders", 2, Map.of());
        handler = new CreatePartitionsHandler(NodeTopics.singleNode(fx.topics, AdminFixture.NODE_ID));
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private static CreatePartitionsTopic topic(String name, int count, List<List<Integer>> assignments) {
        CreatePartitionsTopic t = new CreatePartitionsTopic().setName(name).setCount(count);
        if (assignments == null) {
            t.setAssignments(null);
        } else {
            List<CreatePartitionsAssignment> list = new ArrayList<>();
            assignments.forEach(a -> list.add(new CreatePartitionsAssignment().setBrokerIds(new ArrayList<>(a))));
            t.setAssignments(list);
        }
        return t;
    }

    private CreatePartitionsTopicResult create(boolean validateOnly, CreatePartitionsTopic topic) {
        CreatePartitionsRequest request =
                new CreatePartitionsRequest().setValidateOnly(validateOnly).setTimeoutMs(5000);
        request.topics().add(topic);
        return call(handler, 3, request).results().get(0);
    }

    @Test
    void increaseCreatesPersistedWritablePartitions() throws Exception {
        CreatePartitionsTopicResult result = create(false, topic("orders", 4, null));
        assertEquals(Errors.NONE.code(), result.errorCode());
        assertNull(result.errorMessage());
        assertEquals(4, fx.topics.topic("orders").orElseThrow().partitionCount());
        assertEquals(true, Files.isDirectory(dir.resolve("orders-3")));
        fx.produce("orders", 3, 2);
        fx.restart();
        assertEquals(4, fx.topics.topic("orders").orElseThrow().partitionCount());
        assertEquals(2, fx.topics.topic("orders").orElseThrow().partition(3).highWatermark());
    }

    @Test
    void sameOrSmallerCountIsRefused() {
        CreatePartitionsTopicResult same = create(false, topic("orders", 2, null));
        assertEquals(Errors.INVALID_PARTITIONS.code(), same.errorCode());
        assertEquals("Topic already has 2 partition(s).", same.errorMessage());
        CreatePartitionsTopicResult smaller = create(false, topic("orders", 1, null));
        assertEquals(Errors.INVALID_PARTITIONS.code(), smaller.errorCode());
        assertEquals(
                "The topic orders currently has 2 partition(s); 1 would not be an increase.", smaller.errorMessage());
    }

    @Test
    void validateOnlyAndUnknownTopic() {
        assertEquals(Errors.NONE.code(), create(true, topic("orders", 5, null)).errorCode());
        assertEquals(2, fx.topics.topic("orders").orElseThrow().partitionCount());
        CreatePartitionsTopicResult missing = create(false, topic("missing", 3, null));
        assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), missing.errorCode());
        assertNull(missing.errorMessage());
    }

    @Test
    void manualAssignmentsMayNameOnlyThisNode() {
        assertEquals(
                Errors.NONE.code(),
                create(false, topic("orders", 3, List.of(List.of(1)))).errorCode());
        CreatePartitionsTopicResult other = create(false, topic("orders", 4, List.of(List.of(2))));
        assertEquals(Errors.INVALID_REPLICA_ASSIGNMENT.code(), other.errorCode());
        assertEquals(
                "The manual partition assignment includes broker 2, but no such broker is registered.",
                other.errorMessage());
        assertEquals(
                "The manual partition assignment includes the broker 1 more than once.",
                create(false, topic("orders", 4, List.of(List.of(1, 1)))).errorMessage());
        assertEquals(
                "The manual partition assignment includes an empty replica list.",
                create(false, topic("orders", 4, List.of(List.of()))).errorMessage());
        assertEquals(
                "Attempted to add 2 additional partition(s), but only 1 assignment(s) were specified.",
                create(false, topic("orders", 5, List.of(List.of(1)))).errorMessage());
        assertEquals(3, fx.topics.topic("orders").orElseThrow().partitionCount());
    }

    @Test
    void duplicateTopicNamesAreRefusedOnce() {
        CreatePartitionsRequest request = new CreatePartitionsRequest();
        request.topics().add(topic("orders", 3, null));
        request.topics().add(topic("orders", 4, null));
        CreatePartitionsResponse response = call(handler, 0, request);
        assertEquals(1, response.results().size());
        assertEquals(Errors.INVALID_REQUEST.code(), response.results().get(0).errorCode());
        assertEquals("Duplicate topic name.", response.results().get(0).errorMessage());
        assertEquals(2, fx.topics.topic("orders").orElseThrow().partitionCount());
    }
}
