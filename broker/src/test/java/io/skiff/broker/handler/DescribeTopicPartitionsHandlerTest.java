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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.DescribeTopicPartitionsRequest;
import io.skiff.protocol.message.DescribeTopicPartitionsRequest.Cursor;
import io.skiff.protocol.message.DescribeTopicPartitionsRequest.TopicRequest;
import io.skiff.protocol.message.DescribeTopicPartitionsResponse;
import io.skiff.protocol.message.DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DescribeTopicPartitionsHandlerTest {
    @TempDir
    Path dir;

    AdminFixture fx;
    DescribeTopicPartitionsHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        fx.createTopic("a", 3, Map.of());
        fx.createTopic("b", 2, Map.of());
        fx.createTopic("c", 1, Map.of());
        handler = new DescribeTopicPartitionsHandler(NodeTopics.singleNode(fx.topics, AdminFixture.NODE_ID));
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private DescribeTopicPartitionsResponse describe(int limit, Cursor cursor, String... names) {
        DescribeTopicPartitionsRequest request = new DescribeTopicPartitionsRequest()
                .setResponsePartitionLimit(limit)
                .setCursor(cursor);
        for (String name : names) {
            request.topics().add(new TopicRequest().setName(name));
        }
        return call(handler, 0, request);
    }

    @Test
    void describesNamedTopicsWithPartitionsLedByThisNode() {
        DescribeTopicPartitionsResponse r = describe(2000, null, "b", "missing");
        assertNull(r.nextCursor());
        assertEquals(
                List.of("b", "missing"),
                r.topics().stream()
                        .map(DescribeTopicPartitionsResponseTopic::name)
                        .toList());
        DescribeTopicPartitionsResponseTopic b = r.topics().get(0);
        assertEquals(Errors.NONE.code(), b.errorCode());
        assertEquals(fx.topics.topic("b").orElseThrow().id(), b.topicId());
        assertEquals(3576, b.topicAuthorizedOperations());
        assertEquals(2, b.partitions().size());
        var p1 = b.partitions().get(1);
        assertEquals(1, p1.partitionIndex());
        assertEquals(1, p1.leaderId());
        assertEquals(0, p1.leaderEpoch());
        assertEquals(List.of(1), p1.replicaNodes());
        assertEquals(List.of(1), p1.isrNodes());
        assertEquals(List.of(), p1.eligibleLeaderReplicas());
        DescribeTopicPartitionsResponseTopic missing = r.topics().get(1);
        assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), missing.errorCode());
        assertEquals(Uuids.ZERO, missing.topicId());
        assertTrue(missing.partitions().isEmpty());
    }

    @Test
    void paginatesAllTopicsWithACursor() {
        DescribeTopicPartitionsResponse first = describe(2, null);
        assertEquals(
                List.of("a"),
                first.topics().stream()
                        .map(DescribeTopicPartitionsResponseTopic::name)
                        .toList());
        assertEquals(2, first.topics().get(0).partitions().size());
        assertEquals("a", first.nextCursor().topicName());
        assertEquals(2, first.nextCursor().partitionIndex());

        DescribeTopicPartitionsResponse second =
                describe(2, new Cursor().setTopicName("a").setPartitionIndex(2));
        assertEquals(
                List.of("a", "b"),
                second.topics().stream()
                        .map(DescribeTopicPartitionsResponseTopic::name)
                        .toList());
        assertEquals(2, second.topics().get(0).partitions().get(0).partitionIndex());
        assertEquals(1, second.topics().get(1).partitions().size());
        assertEquals("b", second.nextCursor().topicName());
        assertEquals(1, second.nextCursor().partitionIndex());

        DescribeTopicPartitionsResponse third =
                describe(2, new Cursor().setTopicName("b").setPartitionIndex(1));
        assertEquals(
                List.of("b", "c"),
                third.topics().stream()
                        .map(DescribeTopicPartitionsResponseTopic::name)
                        .toList());
        assertNull(third.nextCursor());
    }

    @Test
    void limitReachedAtATopicBoundaryPointsAtTheNextTopic() {
        DescribeTopicPartitionsResponse r = describe(3, null);
        assertEquals(
                List.of("a"),
                r.topics().stream()
                        .map(DescribeTopicPartitionsResponseTopic::name)
                        .toList());
        assertEquals("b", r.nextCursor().topicName());
        assertEquals(0, r.nextCursor().partitionIndex());
    }

    @Test
    void invalidCursorsFailEveryTopic() {
        DescribeTopicPartitionsResponse notListed =
                describe(10, new Cursor().setTopicName("c").setPartitionIndex(0), "a", "b");
        assertEquals(2, notListed.topics().size());
        notListed.topics().forEach(t -> assertEquals(Errors.INVALID_REQUEST.code(), t.errorCode()));
        DescribeTopicPartitionsResponse negative =
                describe(10, new Cursor().setTopicName("a").setPartitionIndex(-1), "a");
        assertEquals(Errors.INVALID_REQUEST.code(), negative.topics().get(0).errorCode());
    }
}
