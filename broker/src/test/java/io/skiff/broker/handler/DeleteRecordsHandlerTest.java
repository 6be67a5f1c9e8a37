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
import io.skiff.protocol.message.DeleteRecordsRequest;
import io.skiff.protocol.message.DeleteRecordsRequest.DeleteRecordsPartition;
import io.skiff.protocol.message.DeleteRecordsRequest.DeleteRecordsTopic;
import io.skiff.protocol.message.DeleteRecordsResponse.DeleteRecordsPartitionResult;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeleteRecordsHandlerTest {
    @TempDir
    Path dir;

    AdminFixture fx;
    DeleteRecordsHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        fx.createTopic("orders", 2, Map.of());
        fx.produce("orders", 0, 10);
        fx.produce("orders", 1, 5);
        handler = new DeleteRecordsHandler(NodeTopics.singleNode(fx.topics, HandlerTestSupport.NODE_ID));
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private DeleteRecordsPartitionResult delete(String topic, int partition, long offset) {
        DeleteRecordsRequest request = new DeleteRecordsRequest().setTimeoutMs(1000);
        DeleteRecordsTopic t = new DeleteRecordsTopic().setName(topic);
        t.partitions()
                .add(new DeleteRecordsPartition().setPartitionIndex(partition).setOffset(offset));
        request.topics().add(t);
        return call(handler, 2, request).topics().get(0).partitions().get(0);
    }

    @Test
    void movesTheLogStartOffsetAndAnswersTheLowWatermark() throws Exception {
        DeleteRecordsPartitionResult r = delete("orders", 0, 4);
        assertEquals(Errors.NONE.code(), r.errorCode());
        assertEquals(4, r.lowWatermark());
        assertEquals(4, fx.topics.topic("orders").orElseThrow().partition(0).logStartOffset());
        assertEquals(4, delete("orders", 0, 2).lowWatermark(), "below the start: unchanged");
        fx.restart();
        assertEquals(4, fx.topics.topic("orders").orElseThrow().partition(0).logStartOffset());
    }

    @Test
    void answersEachTopicOnceWithItsPartitionsInKafkasHashOrder() {
        // What Kafka 4.4 answered kafkajs for these names (its Scala hash map's iteration order)
        List<String> names = List.of("k16-alpha", "k16-b", "k16-d");
        DeleteRecordsRequest request = new DeleteRecordsRequest().setTimeoutMs(1000);
        for (String name : names) {
            fx.createTopic(name, 3, Map.of());
            for (int p = 0; p < 3; p++) {
                // each partition in a topic entry of its own: Kafka answers one entry per topic
                DeleteRecordsTopic t = new DeleteRecordsTopic().setName(name);
                t.partitions()
                        .add(new DeleteRecordsPartition().setPartitionIndex(p).setOffset(0));
                request.topics().add(t);
            }
        }
        Map<String, List<Integer>> partitions = new LinkedHashMap<>();
        call(handler, 2, request)
                .topics()
                .forEach(t -> partitions.put(
                        t.name(),
                        t.partitions().stream()
                                .map(DeleteRecordsPartitionResult::partitionIndex)
                                .toList()));
        assertEquals(
                Map.of("k16-alpha", List.of(2, 1, 0), "k16-b", List.of(0, 2, 1), "k16-d", List.of(0, 2, 1)),
                partitions);
        assertEquals(3, partitions.size());
    }

    @Test
    void minusOneMeansTheHighWatermark() {
        DeleteRecordsPartitionResult r = delete("orders", 1, -1);
        assertEquals(Errors.NONE.code(), r.errorCode());
        assertEquals(5, r.lowWatermark());
    }

    @Test
    void offsetsBeyondTheHighWatermarkOrNegativeAreOutOfRange() {
        DeleteRecordsPartitionResult beyond = delete("orders", 1, 6);
        assertEquals(Errors.OFFSET_OUT_OF_RANGE.code(), beyond.errorCode());
        assertEquals(-1, beyond.lowWatermark());
        assertEquals(Errors.OFFSET_OUT_OF_RANGE.code(), delete("orders", 1, -2).errorCode());
        assertEquals(0, fx.topics.topic("orders").orElseThrow().partition(1).logStartOffset());
    }

    @Test
    void unknownPartitionsInternalTopicsAndCompactedTopics() {
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), delete("orders", 2, 0).errorCode());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(),
                delete("missing", 0, 0).errorCode());
        fx.createTopic("compacted", 1, Map.of("cleanup.policy", "compact"));
        DeleteRecordsPartitionResult policy = delete("compacted", 0, 0);
        assertEquals(Errors.POLICY_VIOLATION.code(), policy.errorCode());
        assertEquals(-1, policy.lowWatermark());
        fx.topics.getOrCreateInternalTopic("__consumer_offsets", 1, Map.of());
        assertEquals(
                Errors.INVALID_TOPIC_EXCEPTION.code(),
                delete("__consumer_offsets", 0, 0).errorCode());
    }
}
