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
import static io.skiff.broker.handler.HandlerTestSupport.fetchPartition;
import static io.skiff.broker.handler.HandlerTestSupport.fetchRequest;
import static io.skiff.broker.handler.HandlerTestSupport.listOffsets;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.broker.topic.FetchService;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import io.skiff.protocol.message.ListOffsetsResponse;
import io.skiff.record.ControlRecords;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fetch and ListOffsets with isolation_level read_committed: the last stable offset and aborted transactions. */
class ReadCommittedHandlersTest {
    private static final byte READ_UNCOMMITTED = 0;
    private static final byte READ_COMMITTED = 1;

    @TempDir
    Path dir;

    private TopicRegistry topics;
    private FetchService fetches;
    private Partition partition;

    @BeforeEach
    void setUp() throws Exception {
        topics = TopicRegistry.open(config(dir), Clock.systemUTC());
        fetches = new FetchService();
        partition = topics.createTopic("t", 1, Map.of()).partition(0);
    }

    @AfterEach
    void tearDown() {
        fetches.close();
        topics.close();
    }

    private static ByteBuffer transactional(long pid, int sequence, int records) {
        RecordBatchBuilder b = new RecordBatchBuilder(0, 1000)
                .producer(pid, (short) 0, sequence)
                .transactional(true);
        for (int i = 0; i < records; i++) {
            b.add(1000 + i, null, new byte[] {(byte) i});
        }
        return b.build();
    }

    private static ByteBuffer plain() {
        return new RecordBatchBuilder(0, 1000).add(1000, null, new byte[] {9}).build();
    }

    private void end(long pid, boolean commit) {
        partition.appendRecords(
                ControlRecords.endTransactionMarker(0, 2000, pid, (short) 0, commit, 0), AppendOrigin.COORDINATOR);
    }

    private FetchResponse.PartitionData fetch(byte isolation) {
        FetchRequest.FetchTopic ft = new FetchRequest.FetchTopic().setTopic("t");
        ft.partitions().add(fetchPartition(0, 0));
        FetchRequest r = fetchRequest(isolation, ft);
        FetchResponse.PartitionData pd = new FetchHandler(topics, fetches)
                .handle(ctx(ApiKeys.FETCH, 12), r)
                .join()
                .responses()
                .get(0)
                .partitions()
                .get(0);
        ((FileRecords) pd.records()).release();
        return pd;
    }

    private long latest(byte isolation) {
        ListOffsetsResponse.ListOffsetsPartitionResponse p = listOffsets(topics, isolation, "t", 0, -1);
        assertEquals(Errors.NONE.code(), p.errorCode());
        return p.offset();
    }

    @Test
    void readCommittedStopsAtTheLastStableOffset() {
        partition.appendRecords(plain(), AppendOrigin.CLIENT); // 0
        partition.appendRecords(transactional(5, 0, 2), AppendOrigin.CLIENT); // 1-2, open
        partition.appendRecords(plain(), AppendOrigin.CLIENT); // 3

        FetchResponse.PartitionData committed = fetch(READ_COMMITTED);
        assertEquals(4, committed.highWatermark());
        assertEquals(1, committed.lastStableOffset());
        assertEquals(plain().remaining(), committed.records().sizeInBytes(), "only the batch below the LSO");
        assertEquals(List.of(), committed.abortedTransactions());
        FetchResponse.PartitionData uncommitted = fetch(READ_UNCOMMITTED);
        assertEquals(1, uncommitted.lastStableOffset());
        assertEquals(
                2 * plain().remaining() + transactional(5, 0, 2).remaining(),
                uncommitted.records().sizeInBytes());
        assertNull(uncommitted.abortedTransactions());

        assertEquals(1, latest(READ_COMMITTED), "ListOffsets latest under read_committed is the LSO");
        assertEquals(4, latest(READ_UNCOMMITTED));
    }

    @Test
    void abortedTransactionsAreListedForReadCommitted() {
        partition.appendRecords(transactional(5, 0, 2), AppendOrigin.CLIENT); // 0-1
        end(5, false); // 2
        partition.appendRecords(transactional(6, 0, 1), AppendOrigin.CLIENT); // 3
        end(6, true); // 4

        FetchResponse.PartitionData pd = fetch(READ_COMMITTED);
        assertEquals(5, pd.lastStableOffset());
        assertEquals(5, latest(READ_COMMITTED));
        assertEquals(1, pd.abortedTransactions().size());
        FetchResponse.AbortedTransaction aborted = pd.abortedTransactions().get(0);
        assertEquals(5, aborted.producerId());
        assertEquals(0, aborted.firstOffset());
    }
}
