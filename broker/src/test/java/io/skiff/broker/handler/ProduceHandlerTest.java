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

import static io.skiff.broker.handler.HandlerTestSupport.batch;
import static io.skiff.broker.handler.HandlerTestSupport.config;
import static io.skiff.broker.handler.HandlerTestSupport.ctx;
import static io.skiff.broker.handler.HandlerTestSupport.idempotentBatch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.ProduceResponse;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProduceHandlerTest {
    @TempDir
    Path dir;

    private TopicRegistry topics;
    private ProduceHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        topics = TopicRegistry.open(config(dir), Clock.systemUTC());
        handler = new ProduceHandler(topics, null);
    }

    @AfterEach
    void tearDown() {
        topics.close();
    }

    private static ProduceRequest request(short acks, String topic, UUID id, int partition, ByteBuffer records) {
        ProduceRequest.PartitionProduceData pd = new ProduceRequest.PartitionProduceData()
                .setIndex(partition)
                .setRecords(records == null ? null : new ByteBufferRecords(records));
        ProduceRequest.TopicProduceData td =
                new ProduceRequest.TopicProduceData().setName(topic).setTopicId(id);
        td.partitionData().add(pd);
        ProduceRequest r = new ProduceRequest().setAcks(acks).setTimeoutMs(30000);
        r.topicData().add(td);
        return r;
    }

    private ProduceResponse.PartitionProduceResponse produce(int version, ProduceRequest request) {
        ProduceResponse response =
                handler.handle(ctx(ApiKeys.PRODUCE, version), request).join();
        return response.responses().get(0).partitionResponses().get(0);
    }

    @Test
    void appendsAndAnswersBaseOffsetAndLogStart() {
        topics.createTopic("t", 2, Map.of());
        assertEquals(0, produce(9, request((short) -1, "t", null, 1, batch(3))).baseOffset());
        ProduceResponse.PartitionProduceResponse pr = produce(9, request((short) 1, "t", null, 1, batch(1)));
        assertEquals(Errors.NONE.code(), pr.errorCode());
        assertEquals(3, pr.baseOffset());
        assertEquals(-1, pr.logAppendTimeMs(), "CreateTime topic");
        assertEquals(0, pr.logStartOffset());
    }

    @Test
    void v13AddressesTopicsById() {
        Topic t = topics.createTopic("t", 1, Map.of());
        ProduceResponse response = handler.handle(
                        ctx(ApiKeys.PRODUCE, 13), request((short) -1, null, t.id(), 0, batch(1)))
                .join();
        assertEquals(t.id(), response.responses().get(0).topicId());
        assertEquals(
                Errors.NONE.code(),
                response.responses().get(0).partitionResponses().get(0).errorCode());
        assertEquals(
                Errors.UNKNOWN_TOPIC_ID.code(),
                produce(13, request((short) -1, null, UUID.randomUUID(), 0, batch(1)))
                        .errorCode());
    }

    @Test
    void perPartitionErrors() {
        topics.createTopic("t", 1, Map.of("max.message.bytes", "200"));
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(),
                produce(9, request((short) 1, "missing", null, 0, batch(1))).errorCode());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(),
                produce(9, request((short) 1, "t", null, 5, batch(1))).errorCode());
        assertEquals(
                Errors.MESSAGE_TOO_LARGE.code(),
                produce(9, request((short) 1, "t", null, 0, batch(50))).errorCode());
        assertEquals(
                Errors.INVALID_REQUIRED_ACKS.code(),
                produce(9, request((short) 2, "t", null, 0, batch(1))).errorCode());
        assertEquals(
                Errors.INVALID_RECORD.code(),
                produce(9, request((short) 1, "t", null, 0, null)).errorCode());
        ByteBuffer two = ByteBuffer.allocate(2 * batch(1).remaining());
        two.put(batch(1)).put(batch(1)).flip();
        assertEquals(
                Errors.INVALID_RECORD.code(),
                produce(9, request((short) 1, "t", null, 0, two)).errorCode());
        ByteBuffer corrupt = batch(1);
        corrupt.put(corrupt.limit() - 1, (byte) (corrupt.get(corrupt.limit() - 1) ^ 1));
        assertEquals(
                Errors.CORRUPT_MESSAGE.code(),
                produce(9, request((short) 1, "t", null, 0, corrupt)).errorCode());
        assertEquals(0, topics.topic("t").orElseThrow().partition(0).highWatermark(), "nothing was written");
    }

    @Test
    void idempotentRetryGetsTheOriginalOffsetAndGapsAreRejected() {
        topics.createTopic("t", 1, Map.of());
        produce(9, request((short) -1, "t", null, 0, batch(2)));
        assertEquals(
                2,
                produce(9, request((short) -1, "t", null, 0, idempotentBatch(4, (short) 0, 0, 3)))
                        .baseOffset());
        ProduceResponse.PartitionProduceResponse retry =
                produce(9, request((short) -1, "t", null, 0, idempotentBatch(4, (short) 0, 0, 3)));
        assertEquals(Errors.NONE.code(), retry.errorCode());
        assertEquals(2, retry.baseOffset());
        assertEquals(
                Errors.OUT_OF_ORDER_SEQUENCE_NUMBER.code(),
                produce(9, request((short) -1, "t", null, 0, idempotentBatch(4, (short) 0, 10, 1)))
                        .errorCode());
        assertEquals(5, topics.topic("t").orElseThrow().partition(0).highWatermark());
    }

    @Test
    void logAppendTimeIsReturnedForLogAppendTimeTopics() {
        topics.createTopic("t", 1, Map.of("message.timestamp.type", "LogAppendTime"));
        assertTrue(produce(9, request((short) 1, "t", null, 0, batch(1))).logAppendTimeMs() > 0);
    }

    @Test
    void acksZeroSendsNothingAndClosesTheConnectionOnError() {
        topics.createTopic("t", 1, Map.of());
        assertNull(handler.handle(ctx(ApiKeys.PRODUCE, 9), request((short) 0, "t", null, 0, batch(1)))
                .join());
        assertEquals(1, topics.topic("t").orElseThrow().partition(0).highWatermark());
        CompletionException e = assertThrows(
                CompletionException.class,
                () -> handler.handle(ctx(ApiKeys.PRODUCE, 9), request((short) 0, "nope", null, 0, batch(1)))
                        .join());
        assertTrue(e.getCause() instanceof CloseConnectionException);
    }

    @Test
    void internalTopicsCannotBeWrittenByClients() {
        topics.getOrCreateInternalTopic("__consumer_offsets", 1, Map.of());
        assertEquals(
                Errors.INVALID_TOPIC_EXCEPTION.code(),
                produce(9, request((short) 1, "__consumer_offsets", null, 0, batch(1)))
                        .errorCode());
    }

    @Test
    void advertisesZeroToThirteen() {
        assertEquals(0, handler.minVersion());
        assertEquals(13, handler.maxVersion());
        assertEquals(
                List.of(),
                handler.errorResponse(
                                ctx(ApiKeys.PRODUCE, 9),
                                new ProduceRequest().setAcks((short) 1),
                                Errors.UNKNOWN_SERVER_ERROR)
                        .responses());
    }
}
