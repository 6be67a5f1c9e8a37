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

import static io.skiff.broker.handler.HandlerTestSupport.config;
import static io.skiff.broker.handler.HandlerTestSupport.ctx;
import static io.skiff.broker.handler.HandlerTestSupport.listOffsets;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.skiff.broker.producer.ProducerIdManager;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.InitProducerIdResponse;
import io.skiff.protocol.message.ListOffsetsRequest;
import io.skiff.protocol.message.ListOffsetsResponse;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ListOffsets and InitProducerId. */
class OffsetsAndProducerIdHandlersTest {
    @TempDir
    Path dir;

    private TopicRegistry topics;

    @BeforeEach
    void setUp() throws Exception {
        topics = TopicRegistry.open(config(dir), Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        topics.close();
    }

    private ListOffsetsResponse.ListOffsetsPartitionResponse list(String topic, int partition, long timestamp) {
        return listOffsets(topics, (byte) 1, topic, partition, timestamp);
    }

    @Test
    void specialTimestampsAndLookupsByTime() {
        Topic t = topics.createTopic("t", 1, Map.of());
        assertEquals(-1, list("t", 0, -3).offset(), "max timestamp of an empty log");
        t.partition(0)
                .appendRecords(
                        new RecordBatchBuilder(0, 100)
                                .add(100, null, new byte[1])
                                .add(300, null, new byte[1])
                                .build(),
                        AppendOrigin.CLIENT);
        t.partition(0)
                .appendRecords(
                        new RecordBatchBuilder(0, 200)
                                .add(200, null, new byte[1])
                                .build(),
                        AppendOrigin.CLIENT);
        assertEquals(0, list("t", 0, -2).offset());
        assertEquals(3, list("t", 0, -1).offset());
        assertEquals(0, list("t", 0, -1).leaderEpoch());
        assertEquals(0, list("t", 0, -4).offset());
        assertEquals(-1, list("t", 0, -5).offset());
        ListOffsetsResponse.ListOffsetsPartitionResponse max = list("t", 0, -3);
        assertEquals(1, max.offset());
        assertEquals(300, max.timestamp());
        ListOffsetsResponse.ListOffsetsPartitionResponse byTime = list("t", 0, 150);
        assertEquals(1, byTime.offset());
        assertEquals(300, byTime.timestamp());
        assertEquals(-1, list("t", 0, 301).offset());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), list("nope", 0, -1).errorCode());
        assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), list("t", 9, -1).errorCode());
    }

    @Test
    void answersComeInKafkasHashOrderOfTopicsAndPartitions() {
        // What Kafka 4.4 answered kafkajs for these names (its Scala hash maps' iteration orders)
        List<String> names = List.of("alpha", "b", "gamma-long-name", "d", "e5", "f6");
        names.forEach(n -> topics.createTopic("k15-" + n, 14, Map.of()));
        assertEquals(
                "f6:[2, 0, 1] e5:[2, 0, 1] b:[2, 1, 0] gamma-long-name:[2, 1, 0] alpha:[1, 0, 2] d:[1, 0, 2]",
                order(names, 3));
        assertEquals(
                "e5:[2, 0, 1] b:[2, 1, 0] alpha:[1, 0, 2] d:[1, 0, 2]", order(List.of("d", "e5", "b", "alpha"), 3));
        assertEquals("alpha:[11, 10, 13, 12, 7, 6, 9, 8, 3, 2, 5, 4, 1, 0]", order(List.of("alpha"), 14));
        assertEquals("d:[13, 12, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2]", order(List.of("d"), 14));
    }

    /** The topics and partitions of the answer to latest offsets of partitions 0..count-1 of k15-NAME, in order. */
    private String order(List<String> names, int count) {
        ListOffsetsRequest r = new ListOffsetsRequest().setReplicaId(-1);
        for (String n : names) {
            ListOffsetsRequest.ListOffsetsTopic t = new ListOffsetsRequest.ListOffsetsTopic().setName("k15-" + n);
            for (int p = 0; p < count; p++) {
                t.partitions()
                        .add(new ListOffsetsRequest.ListOffsetsPartition()
                                .setPartitionIndex(p)
                                .setTimestamp(-1));
            }
            r.topics().add(t);
        }
        return new ListOffsetsHandler(NodeTopics.singleNode(topics, HandlerTestSupport.NODE_ID))
                .handle(ctx(ApiKeys.LIST_OFFSETS, 10), r).join().topics().stream()
                        .map(t -> t.name().substring("k15-".length()) + ":"
                                + t.partitions().stream()
                                        .map(ListOffsetsResponse.ListOffsetsPartitionResponse::partitionIndex)
                                        .toList())
                        .collect(Collectors.joining(" "));
    }

    @Test
    void initProducerIdHandsOutFreshIdsWithEpochZero() throws Exception {
        InitProducerIdHandler h = new InitProducerIdHandler(ProducerIdManager.open(dir), null);
        InitProducerIdResponse first = h.handle(
                        ctx(ApiKeys.INIT_PRODUCER_ID, 5),
                        new InitProducerIdRequest()
                                .setTransactionalId(null)
                                .setProducerId(-1)
                                .setProducerEpoch((short) -1))
                .join();
        assertEquals(Errors.NONE.code(), first.errorCode());
        assertEquals(0, first.producerEpoch());
        InitProducerIdResponse bump = h.handle(
                        ctx(ApiKeys.INIT_PRODUCER_ID, 5),
                        new InitProducerIdRequest()
                                .setTransactionalId(null)
                                .setProducerId(first.producerId())
                                .setProducerEpoch((short) 0))
                .join();
        assertEquals(Errors.NONE.code(), bump.errorCode());
        assertNotEquals(first.producerId(), bump.producerId());
        assertEquals(0, bump.producerEpoch());
        assertEquals(
                Errors.INVALID_REQUEST.code(),
                h.handle(
                                ctx(ApiKeys.INIT_PRODUCER_ID, 5),
                                new InitProducerIdRequest()
                                        .setTransactionalId(null)
                                        .setProducerId(5)
                                        .setProducerEpoch((short) -1))
                        .join()
                        .errorCode());
        // as Kafka, a transactional producer's half id is refused before the coordinator is asked (here: none)
        assertEquals(
                Errors.INVALID_REQUEST.code(),
                h.handle(
                                ctx(ApiKeys.INIT_PRODUCER_ID, 5),
                                new InitProducerIdRequest()
                                        .setTransactionalId("tx")
                                        .setProducerId(5)
                                        .setProducerEpoch((short) -1))
                        .join()
                        .errorCode());
        assertEquals(
                Errors.COORDINATOR_NOT_AVAILABLE.code(),
                h.handle(
                                ctx(ApiKeys.INIT_PRODUCER_ID, 5),
                                new InitProducerIdRequest()
                                        .setTransactionalId("tx")
                                        .setProducerId(-1)
                                        .setProducerEpoch((short) -1))
                        .join()
                        .errorCode());
    }
}
