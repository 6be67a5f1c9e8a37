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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.fetch.FetchSessionCache;
import io.skiff.broker.fetch.FetchSessions;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fetch sessions through the handler: a real registry and fetch service, requests as a Java consumer sends them. */
class FetchHandlerSessionTest {
    @TempDir
    Path dir;

    private TopicRegistry topics;
    private FetchService fetches;
    private FetchSessionCache cache;
    private FetchHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        topics = TopicRegistry.open(config(dir), Clock.systemUTC());
        fetches = new FetchService();
        cache = new FetchSessionCache(1000, FetchSessionCache.EVICTION_MS);
        handler = new FetchHandler(topics, fetches, new FetchSessions(cache, Clock.systemUTC()));
    }

    @AfterEach
    void tearDown() {
        fetches.close();
        topics.close();
    }

    /** A fetch of {@code topic} (by name before v13, by id from v13) at the given offsets per partition. */
    private static FetchRequest fetch(
            int version, Topic topic, int sessionId, int epoch, int maxWaitMs, long... offsetsByPartition) {
        FetchRequest.FetchTopic ft = new FetchRequest.FetchTopic();
        if (version >= 13) {
            ft.setTopicId(topic.id());
        } else {
            ft.setTopic(topic.name());
        }
        for (int p = 0; p < offsetsByPartition.length; p++) {
            if (offsetsByPartition[p] >= 0) {
                ft.partitions().add(fetchPartition(p, offsetsByPartition[p]));
            }
        }
        FetchRequest r = new FetchRequest()
                .setMaxWaitMs(maxWaitMs)
                .setMinBytes(1)
                .setMaxBytes(50 << 20)
                .setSessionId(sessionId)
                .setSessionEpoch(epoch);
        if (!ft.partitions().isEmpty()) {
            r.topics().add(ft);
        }
        return r;
    }

    private FetchResponse send(int version, FetchRequest r) {
        return handler.handle(ctx(ApiKeys.FETCH, version), r).join();
    }

    private static List<Integer> partitions(FetchResponse r) {
        List<Integer> out = new ArrayList<>();
        for (FetchResponse.FetchableTopicResponse t : r.responses()) {
            for (FetchResponse.PartitionData pd : t.partitions()) {
                out.add(pd.partitionIndex());
                if (pd.records() instanceof FileRecords f) {
                    f.release();
                }
            }
        }
        return out;
    }

    @Test
    void aConsumersSessionAnswersOnlyPartitionsWithNews() {
        Topic t = topics.createTopic("t", 3, Map.of());
        t.partition(1).appendRecords(batch(2), AppendOrigin.CLIENT);
        FetchResponse full = send(12, fetch(12, t, 0, 0, 0, 0, 0, 0));
        int id = full.sessionId();
        assertNotEquals(0, id);
        assertEquals(List.of(0, 1, 2), partitions(full));
        assertEquals(1, cache.size());

        // The consumer moves partition 1 on; nothing else changed, so nothing is answered.
        FetchResponse quiet = send(12, fetch(12, t, id, 1, 0, -1, 2, -1));
        assertEquals(Errors.NONE.code(), quiet.errorCode());
        assertEquals(id, quiet.sessionId());
        assertEquals(List.of(), partitions(quiet));

        t.partition(2).appendRecords(batch(3), AppendOrigin.CLIENT);
        FetchResponse news = send(12, fetch(12, t, id, 2, 0));
        assertEquals(List.of(2), partitions(news));
        FetchResponse.PartitionData pd = news.responses().get(0).partitions().get(0);
        assertEquals(3, pd.highWatermark());
    }

    @Test
    void aParkedIncrementalFetchIsWokenByAnAppendAndAnswersThatPartition() {
        Topic t = topics.createTopic("t", 4, Map.of());
        int id = send(13, fetch(13, t, 0, 0, 0, 0, 0, 0, 0)).sessionId();
        CompletableFuture<FetchResponse> parked = handler.handle(ctx(ApiKeys.FETCH, 13), fetch(13, t, id, 1, 60_000));
        assertFalse(parked.isDone());
        t.partition(3).appendRecords(batch(1), AppendOrigin.CLIENT);
        await().atMost(Duration.ofSeconds(10)).until(parked::isDone);
        FetchResponse r = parked.join();
        assertEquals(t.id(), r.responses().get(0).topicId());
        assertEquals(List.of(3), partitions(r));
    }

    @Test
    void aFetchThatWaitedWhileItsSessionMovedOnGetsAnEpochError() {
        Topic t = topics.createTopic("t", 1, Map.of());
        int id = send(12, fetch(12, t, 0, 0, 0, 0)).sessionId();
        CompletableFuture<FetchResponse> waiting = handler.handle(ctx(ApiKeys.FETCH, 12), fetch(12, t, id, 1, 60_000));
        // The next epoch arrives (as a client that gave up on the first would send it) and is answered at once.
        t.partition(0).appendRecords(batch(1), AppendOrigin.CLIENT);
        await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
        assertEquals(List.of(0), partitions(waiting.join()));
        FetchResponse duplicate = send(12, fetch(12, t, id, 1, 0));
        assertEquals(Errors.INVALID_FETCH_SESSION_EPOCH.code(), duplicate.errorCode());
        assertEquals(0, duplicate.sessionId());

        CompletableFuture<FetchResponse> first = handler.handle(ctx(ApiKeys.FETCH, 12), fetch(12, t, id, 2, 60_000, 1));
        assertFalse(first.isDone());
        FetchResponse second = send(12, fetch(12, t, id, 3, 0));
        assertEquals(Errors.NONE.code(), second.errorCode());
        assertEquals(List.of(), partitions(second));
        t.partition(0).appendRecords(batch(1), AppendOrigin.CLIENT);
        await().atMost(Duration.ofSeconds(10)).until(first::isDone);
        assertEquals(Errors.INVALID_FETCH_SESSION_EPOCH.code(), first.join().errorCode());
        assertEquals(id, first.join().sessionId());
        assertTrue(first.join().responses().isEmpty());
    }

    @Test
    void refusedPartitionsComeAfterThePartitionsRead() {
        Topic t = topics.createTopic("t", 2, Map.of());
        FetchRequest r = fetch(12, t, 0, 0, 0, 0, 0);
        FetchRequest.FetchTopic missing = new FetchRequest.FetchTopic().setTopic("missing");
        missing.partitions().add(fetchPartition(0, 0));
        r.topics().add(0, missing);
        r.topics().get(1).partitions().add(1, fetchPartition(9, 0));
        FetchResponse resp = send(12, r);
        List<String> order = new ArrayList<>();
        for (FetchResponse.FetchableTopicResponse tr : resp.responses()) {
            for (FetchResponse.PartitionData pd : tr.partitions()) {
                order.add(tr.topic() + "-" + pd.partitionIndex() + ":" + pd.errorCode());
            }
        }
        short unknown = Errors.UNKNOWN_TOPIC_OR_PARTITION.code();
        assertEquals(List.of("t-0:0", "t-1:0", "missing-0:" + unknown, "t-9:" + unknown), order);
        partitions(resp);
    }

    @Test
    void aDeletedTopicsPartitionsAreErrorsInTheSessionAndARecreatedTopicIsInconsistent() {
        Topic t = topics.createTopic("t", 1, Map.of());
        Topic u = topics.createTopic("u", 1, Map.of());
        FetchRequest full = fetch(13, t, 0, 0, 0, 0);
        full.topics().addAll(fetch(13, u, 0, 0, 0, 0).topics());
        int id = send(13, full).sessionId();
        topics.deleteTopic("u");
        // The session knows u by name already: Kafka answers by name, UNKNOWN_TOPIC_OR_PARTITION.
        FetchResponse afterDelete = send(13, fetch(13, t, id, 1, 0));
        assertEquals(1, afterDelete.responses().size());
        assertEquals(u.id(), afterDelete.responses().get(0).topicId());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(),
                afterDelete.responses().get(0).partitions().get(0).errorCode());
        topics.createTopic("u", 1, Map.of());
        FetchResponse recreated = send(13, fetch(13, t, id, 2, 0));
        assertEquals(
                Errors.INCONSISTENT_TOPIC_ID.code(),
                recreated.responses().get(0).partitions().get(0).errorCode());
        // The consumer forgets the old id: the session has only t, which has nothing new.
        FetchRequest forget = fetch(13, t, id, 3, 0);
        forget.forgottenTopicsData()
                .add(new FetchRequest.ForgottenTopic().setTopicId(u.id()).setPartitions(new ArrayList<>(List.of(0))));
        assertEquals(List.of(), partitions(send(13, forget)));
        assertEquals(1, cache.totalPartitions());
    }

    @Test
    void anUnknownTopicIdStaysInTheSessionAsAnError() {
        Topic t = topics.createTopic("t", 1, Map.of());
        FetchRequest full = fetch(13, t, 0, 0, 0, 0);
        FetchRequest.FetchTopic unknown = new FetchRequest.FetchTopic().setTopicId(UUID.randomUUID());
        unknown.partitions().add(fetchPartition(0, 0));
        full.topics().add(0, unknown);
        FetchResponse first = send(13, full);
        assertEquals(2, first.responses().size());
        assertEquals(t.id(), first.responses().get(0).topicId(), "the partition read comes first");
        assertEquals(
                Errors.UNKNOWN_TOPIC_ID.code(),
                first.responses().get(1).partitions().get(0).errorCode());
        FetchResponse next = send(13, fetch(13, t, first.sessionId(), 1, 0));
        assertEquals(1, next.responses().size());
        assertEquals(
                Errors.UNKNOWN_TOPIC_ID.code(),
                next.responses().get(0).partitions().get(0).errorCode());
    }

    @Test
    void versionsBeforeSevenAndFinalEpochUseNoSession() {
        Topic t = topics.createTopic("t", 1, Map.of());
        assertEquals(0, send(6, fetch(6, t, 0, -1, 0, 0)).sessionId());
        assertEquals(0, send(12, fetch(12, t, 0, -1, 0, 0)).sessionId());
        assertEquals(0, cache.size());
    }
}
