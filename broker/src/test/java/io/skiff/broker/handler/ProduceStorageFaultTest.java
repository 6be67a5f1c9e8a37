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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.FetchService;
import io.skiff.broker.topic.FetchedPartition;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.PartitionFetch;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.ProduceResponse;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.FileChannelFactory;
import io.skiff.storage.FileSlice;
import io.skiff.storage.Log;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partition whose disk fails answers KAFKA_STORAGE_ERROR while the other partitions of the same request are
 * written, and keeps every acknowledged record across a restart.
 */
class ProduceStorageFaultTest {
    private static final long HOUR_MS = 3_600_000L;

    @TempDir
    Path dir;

    private final AtomicBoolean diskFull = new AtomicBoolean();
    // The "doomed" partition's disk is full once diskFull is set: opening a file to write there fails.
    private final FileChannelFactory files = (file, options) -> {
        if (diskFull.get() && file.getParent().getFileName().toString().equals("doomed-0")) {
            throw new IOException("No space left on device");
        }
        return FileChannel.open(file, options);
    };
    private TopicRegistry topics;

    @AfterEach
    void tearDown() {
        if (topics != null) {
            topics.close();
        }
    }

    private static ByteBuffer batchAt(long timestamp, String value) {
        return new RecordBatchBuilder(0L, timestamp)
                .add(timestamp, null, value.getBytes(StandardCharsets.UTF_8))
                .build();
    }

    private static ProduceRequest.TopicProduceData topicData(String topic, ByteBuffer records) {
        ProduceRequest.TopicProduceData td = new ProduceRequest.TopicProduceData().setName(topic);
        td.partitionData()
                .add(new ProduceRequest.PartitionProduceData().setIndex(0).setRecords(new ByteBufferRecords(records)));
        return td;
    }

    private ProduceResponse produce(ProduceRequest.TopicProduceData... data) {
        ProduceRequest r = new ProduceRequest().setAcks((short) -1).setTimeoutMs(30000);
        for (ProduceRequest.TopicProduceData td : data) {
            r.topicData().add(td);
        }
        return new ProduceHandler(topics, null)
                .handle(ctx(ApiKeys.PRODUCE, 9), r)
                .join();
    }

    private static short errorOf(ProduceResponse response, String topic) {
        return response.responses().stream()
                .filter(t -> t.name().equals(topic))
                .findFirst()
                .orElseThrow()
                .partitionResponses()
                .get(0)
                .errorCode();
    }

    private Partition partition(String topic) {
        return topics.topic(topic).orElseThrow().partition(0);
    }

    private Log log(String topic) {
        return partition(topic).log();
    }

    @Test
    void aFailedPartitionAnswersStorageErrorWhileTheOthersAreWrittenAndNothingAcknowledgedIsLost() throws IOException {
        topics = TopicRegistry.open(config(dir), Clock.systemUTC(), files);
        // segment.ms: the next batch, an hour later by its timestamp, rolls the segment (and writes its indexes).
        topics.createTopic("doomed", 1, Map.of("segment.ms", String.valueOf(HOUR_MS)));
        topics.createTopic("healthy", 1, Map.of());
        long now = System.currentTimeMillis() - 2 * HOUR_MS;
        ProduceResponse first =
                produce(topicData("doomed", batchAt(now, "kept")), topicData("healthy", batchAt(now, "a")));
        assertEquals(Errors.NONE.code(), errorOf(first, "doomed"));
        assertEquals(Errors.NONE.code(), errorOf(first, "healthy"));

        diskFull.set(true);
        ProduceResponse failed =
                produce(topicData("doomed", batchAt(now + HOUR_MS, "lost")), topicData("healthy", batchAt(now, "b")));
        assertEquals(Errors.KAFKA_STORAGE_ERROR.code(), errorOf(failed, "doomed"));
        assertEquals(Errors.NONE.code(), errorOf(failed, "healthy"));
        assertTrue(log("doomed").isOffline());
        assertEquals(1, log("doomed").logEndOffset(), "nothing of the failed batch is published");
        // Fetches of the offline partition get the storage error (KAFKA_STORAGE_ERROR on the wire); the other
        // partition of the same fetch is read.
        try (FetchService fetches = new FetchService()) {
            List<FetchedPartition> read = fetches.fetch(
                            List.of(
                                    new PartitionFetch(partition("doomed"), 0, 1 << 20),
                                    new PartitionFetch(partition("healthy"), 0, 1 << 20)),
                            1 << 20,
                            0,
                            0)
                    .join();
            assertEquals(FetchedPartition.FetchError.STORAGE_ERROR, read.get(0).error());
            assertEquals(FetchedPartition.FetchError.NONE, read.get(1).error());
            assertTrue(read.get(1).bytes() > 0);
            read.forEach(r -> r.slices().forEach(FileSlice::release));
        }

        // The partition stays offline even once space is back; the others keep working.
        diskFull.set(false);
        ProduceResponse later =
                produce(topicData("doomed", batchAt(now, "again")), topicData("healthy", batchAt(now, "c")));
        assertEquals(Errors.KAFKA_STORAGE_ERROR.code(), errorOf(later, "doomed"));
        assertEquals(Errors.NONE.code(), errorOf(later, "healthy"));

        // A restart recovers it with every acknowledged record, and it takes writes again.
        topics.close();
        topics = TopicRegistry.open(config(dir), Clock.systemUTC());
        assertEquals(1, log("doomed").logEndOffset());
        assertEquals(3, log("healthy").logEndOffset());
        ProduceResponse afterRestart = produce(topicData("doomed", batchAt(now + HOUR_MS, "new")));
        assertEquals(Errors.NONE.code(), errorOf(afterRestart, "doomed"));
        assertEquals(2, log("doomed").logEndOffset());
    }
}
