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
import static io.skiff.broker.handler.HandlerTestSupport.fetchPartition;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.FetchService;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetchHandlerTest {
    @TempDir
    Path dir;

    private TopicRegistry topics;
    private FetchService fetches;
    private FetchHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        topics = TopicRegistry.open(config(dir), Clock.systemUTC());
        fetches = new FetchService();
        handler = new FetchHandler(topics, fetches);
    }

    @AfterEach
    void tearDown() {
        fetches.close();
        topics.close();
    }

    private static FetchRequest request(
            String name, UUID id, int partition, long offset, int maxWaitMs, int isolation) {
        FetchRequest.FetchTopic ft =
                new FetchRequest.FetchTopic().setTopic(name).setTopicId(id);
        ft.partitions().add(fetchPartition(partition, offset));
        FetchRequest r = new FetchRequest()
                .setMaxWaitMs(maxWaitMs)
                .setMinBytes(1)
                .setMaxBytes(50 << 20)
                .setIsolationLevel((byte) isolation)
                .setSessionId(0)
                .setSessionEpoch(-1);
        r.topics().add(ft);
        return r;
    }

    private static FetchResponse.PartitionData only(FetchResponse r) {
        return r.responses().get(0).partitions().get(0);
    }

    @Test
    void returnsRecordsAsFileRegionsWithOffsets() {
        Topic t = topics.createTopic("t", 1, Map.of());
        t.partition(0).appendRecords(batch(4), AppendOrigin.CLIENT);
        FetchResponse r = handler.handle(ctx(ApiKeys.FETCH, 12), request("t", null, 0, 0, 500, 1))
                .join();
        FetchResponse.PartitionData pd = only(r);
        assertEquals(Errors.NONE.code(), pd.errorCode());
        assertEquals(4, pd.highWatermark());
        assertEquals(4, pd.lastStableOffset());
        assertEquals(0, pd.logStartOffset());
        assertEquals(-1, pd.preferredReadReplica());
        assertNotNull(pd.abortedTransactions(), "read_committed gets an (empty) aborted list");
        assertTrue(pd.abortedTransactions().isEmpty());
        assertEquals(0, r.sessionId());
        FileRecords records = (FileRecords) pd.records();
        assertEquals(batch(4).remaining(), records.sizeInBytes());
        records.release();
    }

    @Test
    void longPollIsWokenByProduce() {
        Topic t = topics.createTopic("t", 1, Map.of());
        CompletableFuture<FetchResponse> f =
                handler.handle(ctx(ApiKeys.FETCH, 17), request(null, t.id(), 0, 0, 60_000, 0));
        assertFalse(f.isDone());
        t.partition(0).appendRecords(batch(1), AppendOrigin.CLIENT);
        await().atMost(Duration.ofSeconds(10)).until(f::isDone);
        FetchResponse.PartitionData pd = only(f.join());
        assertEquals(1, pd.highWatermark());
        assertNull(pd.abortedTransactions());
        ((FileRecords) pd.records()).release();
    }

    @Test
    void unknownTopicsAndOffsetsGetKafkasErrors() {
        Topic t = topics.createTopic("t", 1, Map.of());
        assertEquals(
                Errors.UNKNOWN_TOPIC_ID.code(),
                only(handler.handle(ctx(ApiKeys.FETCH, 13), request(null, UUID.randomUUID(), 0, 0, 0, 0))
                                .join())
                        .errorCode());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(),
                only(handler.handle(ctx(ApiKeys.FETCH, 12), request("nope", null, 0, 0, 0, 0))
                                .join())
                        .errorCode());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(),
                only(handler.handle(ctx(ApiKeys.FETCH, 12), request("t", null, 3, 0, 0, 0))
                                .join())
                        .errorCode());
        FetchResponse.PartitionData oor = only(handler.handle(ctx(ApiKeys.FETCH, 12), request("t", null, 0, 10, 0, 0))
                .join());
        assertEquals(Errors.OFFSET_OUT_OF_RANGE.code(), oor.errorCode());
        assertEquals(-1, oor.highWatermark());
        FetchRequest session = request("t", null, 0, 0, 0, 0).setSessionId(42).setSessionEpoch(3);
        FetchResponse notFound = handler.handle(ctx(ApiKeys.FETCH, 12), session).join();
        assertEquals(Errors.FETCH_SESSION_ID_NOT_FOUND.code(), notFound.errorCode());
        assertEquals(0, notFound.sessionId());
        assertTrue(notFound.responses().isEmpty());
        assertEquals(
                t.id(),
                handler.handle(ctx(ApiKeys.FETCH, 13), request(null, t.id(), 0, 0, 0, 0))
                        .join()
                        .responses()
                        .get(0)
                        .topicId());
    }
}
