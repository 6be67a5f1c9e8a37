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
package io.skiff.broker.server;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.handler.FileRecords;
import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FetchResponse;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.Log;
import io.skiff.storage.LogConfig;
import io.skiff.storage.LogReadResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Record data read from a segment file reaches the client byte for byte through file regions (sendfile on
 * epoll, transferTo on NIO), and every slice is released once sent.
 */
class FileRecordsSendTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "epoll preferred: {0}")
    @ValueSource(booleans = {true, false})
    void fetchResponseCarriesTheSegmentBytesAndReleasesTheSlices(boolean preferEpoll) throws IOException {
        Log log = Log.open(dir.resolve("t-0"), LogConfig.defaults(), Clock.systemUTC(), null);
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        for (int i = 0; i < 3; i++) {
            ByteBuffer batch = new RecordBatchBuilder(0, 1000 + i)
                    .add(
                            1000 + i,
                            ("k" + i).getBytes(StandardCharsets.UTF_8),
                            ("value-" + i).getBytes(StandardCharsets.UTF_8))
                    .build();
            log.append(batch.duplicate());
        }
        LogReadResult read = log.read(0, Integer.MAX_VALUE, true);
        FileChannel channel = read.slices().get(0).channel();
        for (var slice : read.slices()) {
            written.writeBytes(slice.readFully().array());
        }
        FileRecords records = new FileRecords(read.slices());
        assertEquals(written.size(), records.sizeInBytes());

        short version = 4;
        FetchResponse response = new FetchResponse()
                .setResponses(List.of(new FetchResponse.FetchableTopicResponse()
                        .setTopic("t")
                        .setPartitions(List.of(new FetchResponse.PartitionData()
                                .setPartitionIndex(0)
                                .setHighWatermark(3)
                                .setLastStableOffset(3)
                                .setRecords(records)))));
        RequestProcessor sendOnce =
                (connection, frame, alloc) -> CompletableFuture.completedFuture(KafkaRequestProcessor.encode(
                        alloc, response, version, ApiKeys.FETCH.responseHeaderVersion(version), 77));
        NettyServer server = new NettyServer(
                new ServerSettings(List.of(new ListenerSpec("PLAINTEXT", "127.0.0.1", 0)), 1024, 0, 1),
                sendOnce,
                preferEpoll);
        try {
            int port = server.bind().get(0).port();
            server.startAccepting();
            try (KafkaTestClient client = new KafkaTestClient(port)) {
                client.raw.writeFrame("any".getBytes(StandardCharsets.UTF_8));
                FetchResponse received = client.receive(ApiKeys.FETCH, version, 77);
                ByteBufferRecords bytes = (ByteBufferRecords)
                        received.responses().get(0).partitions().get(0).records();
                byte[] actual = new byte[bytes.sizeInBytes()];
                bytes.buffer().duplicate().get(actual);
                assertEquals(written.size(), actual.length);
                assertTrue(
                        java.util.Arrays.equals(written.toByteArray(), actual),
                        "records differ from the segment bytes");
            }
        } finally {
            server.close(Duration.ofSeconds(1));
        }
        // The segment's channel closes with the log only once every slice handed out has been released.
        log.close();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertFalse(channel.isOpen()));
    }
}
