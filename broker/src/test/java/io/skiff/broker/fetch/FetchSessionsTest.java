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
package io.skiff.broker.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The session logic of {@link FetchSessions} and {@link FetchContext}, without a broker. */
class FetchSessionsTest {
    private static final short BY_NAME = 12;
    private static final short BY_ID = 13;
    private static final Function<UUID, String> NO_NAMES = id -> null;

    private final FetchSessionCache cache = new FetchSessionCache(10, FetchSessionCache.EVICTION_MS);
    private final FetchSessions sessions =
            new FetchSessions(cache, Clock.fixed(Instant.ofEpochMilli(1_000), ZoneOffset.UTC));

    private static FetchPartitionKey p(int partition) {
        return FetchPartitionKey.byName("t", partition);
    }

    private static Map<FetchPartitionKey, FetchRequest.FetchPartition> fetchData(long offset, int... partitions) {
        Map<FetchPartitionKey, FetchRequest.FetchPartition> data = new LinkedHashMap<>();
        for (int partition : partitions) {
            data.put(
                    p(partition),
                    new FetchRequest.FetchPartition()
                            .setPartition(partition)
                            .setFetchOffset(offset)
                            .setPartitionMaxBytes(1024));
        }
        return data;
    }

    /** A partition's answer: its high watermark, log start offset, error and how many record bytes. */
    private static FetchResponse.PartitionData data(int partition, long hw, long logStart, Errors error, int bytes) {
        return new FetchResponse.PartitionData()
                .setPartitionIndex(partition)
                .setHighWatermark(hw)
                .setLogStartOffset(logStart)
                .setErrorCode(error.code())
                .setPreferredReadReplica(-1)
                .setRecords(new ByteBufferRecords(ByteBuffer.allocate(bytes)));
    }

    /** Answers every partition of the context with the same high watermark, no records and no error. */
    private static LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> quiet(FetchContext ctx, long hw) {
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates = new LinkedHashMap<>();
        for (Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition> e : ctx.partitions()) {
            updates.put(e.getKey(), data(e.getKey().partition(), hw, 0, Errors.NONE, 0));
        }
        return updates;
    }

    private static List<Integer> partitionsOf(Map<FetchPartitionKey, ?> map) {
        List<Integer> out = new ArrayList<>();
        map.keySet().forEach(k -> out.add(k.partition()));
        return out;
    }

    private static List<Integer> order(FetchContext ctx) {
        List<Integer> out = new ArrayList<>();
        ctx.partitions().forEach(e -> out.add(e.getKey().partition()));
        return out;
    }

    /** Opens a session of partitions 0..n-1 of t, every partition at high watermark 5; returns its id. */
    private int open(int n) {
        int[] partitions = new int[n];
        for (int i = 0; i < n; i++) {
            partitions[i] = i;
        }
        FetchContext full = sessions.newContext(BY_NAME, 0, 0, false, fetchData(0, partitions), List.of(), NO_NAMES);
        assertInstanceOf(FetchContext.Full.class, full);
        FetchContext.Answer answer = full.respond(quiet(full, 5));
        assertEquals(Errors.NONE, answer.error());
        assertNotEquals(0, answer.sessionId());
        assertEquals(n, answer.partitions().size(), "a full fetch answers every partition");
        return answer.sessionId();
    }

    private FetchContext incremental(
            int id,
            int epoch,
            Map<FetchPartitionKey, FetchRequest.FetchPartition> data,
            List<FetchPartitionKey> forget) {
        return sessions.newContext(BY_NAME, id, epoch, false, data, forget, NO_NAMES);
    }

    @Test
    void incrementalAnswersCarryOnlyWhatChanged() {
        int id = open(3);
        FetchContext ctx = incremental(id, 1, Map.of(), List.of());
        assertInstanceOf(FetchContext.Incremental.class, ctx);
        assertEquals(List.of(0, 1, 2), order(ctx), "the session's partitions are read, in session order");
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates = quiet(ctx, 5);
        updates.put(p(1), data(1, 6, 0, Errors.NONE, 0)); // new high watermark
        FetchContext.Answer answer = ctx.respond(updates);
        assertEquals(Errors.NONE, answer.error());
        assertEquals(id, answer.sessionId());
        assertEquals(List.of(1), partitionsOf(answer.partitions()));

        // Nothing changed since: an empty answer.
        FetchContext next = incremental(id, 2, Map.of(), List.of());
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> same = quiet(next, 5);
        same.put(p(1), data(1, 6, 0, Errors.NONE, 0));
        assertTrue(next.respond(same).partitions().isEmpty());

        // A new log start offset is news too.
        FetchContext third = incremental(id, 3, Map.of(), List.of());
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> moved = quiet(third, 5);
        moved.put(p(1), data(1, 6, 0, Errors.NONE, 0));
        moved.put(p(2), data(2, 5, 3, Errors.NONE, 0));
        assertEquals(List.of(2), partitionsOf(third.respond(moved).partitions()));
    }

    @Test
    void partitionsWithRecordsAreAnsweredAndMoveToTheEndOfTheReadOrder() {
        int id = open(3);
        FetchContext ctx = incremental(id, 1, Map.of(), List.of());
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates = quiet(ctx, 5);
        updates.put(p(0), data(0, 5, 0, Errors.NONE, 100)); // records but the same high watermark
        assertEquals(List.of(0), partitionsOf(ctx.respond(updates).partitions()));
        assertEquals(List.of(1, 2, 0), order(incremental(id, 2, Map.of(), List.of())));
    }

    @Test
    void errorsAreAnsweredEveryTimeAndThePartitionOnceMoreWhenTheyClear() {
        int id = open(2);
        FetchContext ctx = incremental(id, 1, Map.of(), List.of());
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates = quiet(ctx, 5);
        updates.put(p(0), data(0, -1, -1, Errors.OFFSET_OUT_OF_RANGE, 0));
        assertEquals(List.of(0), partitionsOf(ctx.respond(updates).partitions()));
        FetchContext again = incremental(id, 2, Map.of(), List.of());
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> still = quiet(again, 5);
        still.put(p(0), data(0, -1, -1, Errors.OFFSET_OUT_OF_RANGE, 0));
        assertEquals(List.of(0), partitionsOf(again.respond(still).partitions()));
        // The error is gone: the partition (high watermark 5, as before the error) is sent once more.
        FetchContext cleared = incremental(id, 3, Map.of(), List.of());
        assertEquals(List.of(0), partitionsOf(cleared.respond(quiet(cleared, 5)).partitions()));
    }

    @Test
    void addedPartitionsGoLastUpdatedOnesKeepTheirPlaceForgottenOnesLeave() {
        int id = open(3);
        FetchContext ctx = incremental(id, 1, fetchData(7, 4, 1), List.of(p(0)));
        assertEquals(List.of(1, 2, 4), order(ctx));
        Map<Integer, Long> offsets = new java.util.HashMap<>();
        ctx.partitions()
                .forEach(e -> offsets.put(e.getKey().partition(), e.getValue().fetchOffset()));
        assertEquals(Map.of(1, 7L, 2, 0L, 4, 7L), offsets, "named partitions take the request's offsets");
        // The added partition was never answered: it is in the answer even though nothing else is new about it.
        assertEquals(List.of(4), partitionsOf(ctx.respond(quiet(ctx, 5)).partitions()));
        assertEquals(3, cache.totalPartitions());
    }

    @Test
    void sessionErrors() {
        int id = open(1);
        assertEquals(
                new FetchContext.SessionError(Errors.FETCH_SESSION_ID_NOT_FOUND),
                incremental(id + 1, 1, Map.of(), List.of()));
        assertEquals(
                new FetchContext.SessionError(Errors.INVALID_FETCH_SESSION_EPOCH),
                incremental(id, 2, Map.of(), List.of()));
        assertEquals(
                new FetchContext.SessionError(Errors.FETCH_SESSION_TOPIC_ID_ERROR),
                sessions.newContext(BY_ID, id, 1, false, Map.of(), List.of(), NO_NAMES));
        // None of these moved the session on: epoch 1 is still expected.
        assertInstanceOf(FetchContext.Incremental.class, incremental(id, 1, Map.of(), List.of()));
        // An error context answers nothing but the error, with session id 0.
        FetchContext.Answer answer =
                new FetchContext.SessionError(Errors.INVALID_FETCH_SESSION_EPOCH).respond(new LinkedHashMap<>());
        assertEquals(0, answer.sessionId());
        assertTrue(answer.partitions().isEmpty());
        // Epochs below -1 are incremental epochs no session expects.
        assertEquals(
                new FetchContext.SessionError(Errors.INVALID_FETCH_SESSION_EPOCH),
                incremental(id, -2, Map.of(), List.of()));
    }

    @Test
    void aFullFetchClosesTheSessionItNamesAndFinalEpochOpensNone() {
        int id = open(2);
        FetchContext closing = sessions.newContext(BY_NAME, id, -1, false, fetchData(0, 0), List.of(), NO_NAMES);
        assertInstanceOf(FetchContext.Sessionless.class, closing);
        assertEquals(0, cache.size());
        assertEquals(0, closing.respond(quiet(closing, 5)).sessionId());
        assertEquals(
                new FetchContext.SessionError(Errors.FETCH_SESSION_ID_NOT_FOUND),
                incremental(id, 1, Map.of(), List.of()));

        int second = open(2);
        FetchContext reopen = sessions.newContext(BY_NAME, second, 0, false, fetchData(0, 0), List.of(), NO_NAMES);
        assertEquals(0, cache.size(), "the named session is closed when the request arrives");
        int third = reopen.respond(quiet(reopen, 5)).sessionId();
        assertNotEquals(0, third);
        assertEquals(1, cache.size());
    }

    @Test
    void forgettingEveryPartitionClosesTheSession() {
        int id = open(2);
        FetchContext ctx = incremental(id, 1, Map.of(), List.of(p(0), p(1)));
        assertInstanceOf(FetchContext.Sessionless.class, ctx);
        assertEquals(0, ctx.respond(new LinkedHashMap<>()).sessionId());
        assertEquals(0, cache.size());
    }

    @Test
    void aFullCacheAnswersSessionIdZero() {
        FetchSessions tiny =
                new FetchSessions(new FetchSessionCache(1, FetchSessionCache.EVICTION_MS), Clock.systemUTC());
        FetchContext first = tiny.newContext(BY_NAME, 0, 0, false, fetchData(0, 0), List.of(), NO_NAMES);
        assertNotEquals(0, first.respond(quiet(first, 5)).sessionId());
        FetchContext second = tiny.newContext(BY_NAME, 0, 0, false, fetchData(0, 0, 1), List.of(), NO_NAMES);
        FetchContext.Answer answer = second.respond(quiet(second, 5));
        assertEquals(0, answer.sessionId());
        assertEquals(2, answer.partitions().size());
    }

    @Test
    void epochsWrapToOne() {
        assertEquals(1, FetchSessions.nextEpoch(Integer.MAX_VALUE));
        assertEquals(2, FetchSessions.nextEpoch(1));
        assertEquals(-1, FetchSessions.nextEpoch(-1));
    }

    @Test
    void aSessionByIdResolvesNamesLearnedLaterAndMatchesPartitionsById() {
        UUID id = UUID.randomUUID();
        Map<UUID, String> names = new ConcurrentHashMap<>();
        FetchPartitionKey unknown = new FetchPartitionKey(id, null, 0);
        Map<FetchPartitionKey, FetchRequest.FetchPartition> data =
                Map.of(unknown, new FetchRequest.FetchPartition().setPartition(0));
        FetchContext full = sessions.newContext(BY_ID, 0, 0, false, data, List.of(), names::get);
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates = new LinkedHashMap<>();
        updates.put(unknown, data(0, -1, -1, Errors.UNKNOWN_TOPIC_ID, 0));
        int session = full.respond(updates).sessionId();
        names.put(id, "late");
        FetchContext ctx = sessions.newContext(BY_ID, session, 1, false, Map.of(), List.of(), names::get);
        assertEquals("late", ctx.partitions().get(0).getKey().topic());
        // Forgetting by id works whatever name the forgetting request resolved.
        FetchContext forgot = sessions.newContext(
                BY_ID, session, 2, false, Map.of(), List.of(new FetchPartitionKey(id, null, 0)), names::get);
        assertInstanceOf(FetchContext.Sessionless.class, forgot);
    }

    @Test
    void aRequestThatWaitedIsAnsweredWithAnEpochErrorIfTheSessionMovedOn() {
        int id = open(2);
        FetchContext waiting = incremental(id, 1, Map.of(), List.of());
        FetchContext next = incremental(id, 2, Map.of(), List.of());
        FetchContext.Answer stale = waiting.respond(quiet(waiting, 9));
        assertEquals(Errors.INVALID_FETCH_SESSION_EPOCH, stale.error());
        assertEquals(id, stale.sessionId(), "Kafka names the session in this answer");
        assertTrue(stale.partitions().isEmpty());
        // The stale answer changed nothing: the newer request still sees both high watermarks as news.
        assertEquals(List.of(0, 1), partitionsOf(next.respond(quiet(next, 9)).partitions()));
        // A duplicate of an epoch already used is refused when it arrives.
        assertEquals(
                new FetchContext.SessionError(Errors.INVALID_FETCH_SESSION_EPOCH),
                incremental(id, 2, Map.of(), List.of()));
    }

    @Test
    void concurrentRequestsOfOneSessionGetEachEpochOnce() throws Exception {
        int id = open(50);
        int threads = 4;
        int perThread = 500;
        AtomicInteger expected = new AtomicInteger(1);
        Map<Integer, Integer> winners = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        int epoch = expected.get();
                        FetchContext ctx = incremental(id, epoch, fetchData(i, i % 50), List.of());
                        if (ctx instanceof FetchContext.Incremental) {
                            assertEquals(null, winners.put(epoch, epoch), "epoch " + epoch + " granted twice");
                            expected.compareAndSet(epoch, FetchSessions.nextEpoch(epoch));
                            FetchContext.Answer a = ctx.respond(quiet(ctx, i));
                            assertTrue(a.error() == Errors.NONE || a.error() == Errors.INVALID_FETCH_SESSION_EPOCH);
                        } else {
                            assertEquals(new FetchContext.SessionError(Errors.INVALID_FETCH_SESSION_EPOCH), ctx);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(winners.size() > 0);
        for (int epoch = 1; epoch <= winners.size(); epoch++) {
            assertTrue(winners.containsKey(epoch), "epochs are granted in sequence, missing " + epoch);
        }
        assertEquals(50, cache.get(id).orElseThrow().size());
    }
}
