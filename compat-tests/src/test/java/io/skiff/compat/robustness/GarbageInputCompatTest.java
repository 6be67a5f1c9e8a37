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
package io.skiff.compat.robustness;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.RawProduce;
import io.skiff.testkit.Skiff;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.MetadataResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * "Bad input gets a clear error, and one client's garbage never hurts another client." While a well-behaved
 * kafka-clients producer and consumer work on their own connections, other raw sockets send random bytes, garbage
 * bodies behind valid headers for every API version the broker advertises, corrupt Produce batches, oversized and
 * half frames, and a flood of pipelined requests that is never read. Afterwards the good pair has lost nothing and
 * seen no error, the broker's memory and log output stayed bounded, and a fresh client works.
 */
@Skiff(
        properties = {
            "socket.request.max.bytes=" + GarbageInputCompatTest.MAX_REQUEST_BYTES,
            "connections.max.idle.ms=" + GarbageInputCompatTest.IDLE_MS
        })
class GarbageInputCompatTest {
    private static final long SEED = 20261129L;
    static final int MAX_REQUEST_BYTES = 2 * 1024 * 1024;
    static final int IDLE_MS = 4000;
    /** APIs a garbage body may legitimately leave unanswered: acks=0 produce, long polls, group barriers. */
    private static final Set<ApiKeys> MAY_PARK =
            EnumSet.of(ApiKeys.PRODUCE, ApiKeys.FETCH, ApiKeys.JOIN_GROUP, ApiKeys.SYNC_GROUP);

    private static final Set<Short> CORRUPT = Set.of(Errors.CORRUPT_MESSAGE.code(), Errors.INVALID_RECORD.code());

    @Test
    void garbageFromOtherConnectionsNeverHurtsAWellBehavedClient(SkiffServer server) throws Exception {
        try (LogLineCounter logs = new LogLineCounter()) {
            server.createTopic("good", 1);
            server.createTopic("corrupt", 1);
            int port = server.port();
            long heapBefore = usedHeapAfterGc();
            TopicPartition good = new TopicPartition("good", 0);
            try (GoodClientPair pair = new GoodClientPair(server.bootstrapServers(), good)) {
                pair.start();
                await().atMost(Duration.ofSeconds(60))
                        .until(() ->
                                pair.consumed().size() >= 5 || !pair.errors().isEmpty());
                int logLinesBefore = logs.brokerLines();
                int acknowledgedBeforeGarbage = pair.acknowledged().size();

                randomBytesAreRefused(port);
                garbageBodiesForEveryApiVersionAreRefusedOrAnswered(port);
                corruptProduceBatchesGetPerPartitionErrorsAndAppendNothing(port);
                oversizedFramesCloseTheConnection(port);
                hugeAdminRequestsAreRefusedWholesale(port, server.bootstrapServers());
                try (KafkaSocket stalled = new KafkaSocket(port, 60_000)) {
                    assertTrue(stalled.write(
                            ByteBuffer.allocate(4 + 10).putInt(1000).array()));
                    pipelinedRequestsThatAreNeverReadStopTheReading(port);
                    assertEquals(
                            KafkaSocket.Outcome.CLOSED,
                            stalled.awaitResponse(0),
                            "a connection stalled in the middle of a frame is closed after connections.max.idle.ms");
                }
                int acknowledgedDuringGarbage = pair.acknowledged().size();

                int brokerLogLines = logs.brokerLines() - logLinesBefore;
                assertTrue(
                        brokerLogLines < 300,
                        "thousands of bad frames must not flood the log: " + brokerLogLines + " lines, starting with:\n"
                                + logs.sample());

                pair.stopProducing();
                List<GoodClientPair.Seen> acknowledged = pair.acknowledged();
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> pair.consumed().size() >= acknowledged.size()
                                || !pair.errors().isEmpty());
                assertEquals(List.of(), pair.errors(), "the well-behaved clients saw errors");
                assertTrue(
                        acknowledgedDuringGarbage > acknowledgedBeforeGarbage,
                        "the good producer made progress" + " during the garbage: " + acknowledgedBeforeGarbage + " → "
                                + acknowledgedDuringGarbage);
                for (int i = 0; i < acknowledged.size(); i++) {
                    assertEquals(new GoodClientPair.Seen(i, "good-" + i), acknowledged.get(i), "acknowledged #" + i);
                }
                assertEquals(acknowledged, pair.consumed(), "consumed exactly what was acknowledged, in order");
            }
            long heapAfter = usedHeapAfterGc();
            assertTrue(
                    heapAfter - heapBefore < 256L * 1024 * 1024,
                    "heap grew from " + heapBefore + " to " + heapAfter + " bytes");
            long direct = directMemoryUsed();
            assertTrue(direct < 256L * 1024 * 1024, "direct memory in use: " + direct);
            freshClientStillWorks(server.bootstrapServers());
        }
    }

    /** Random bytes whose first four bytes are not a valid frame size close the connection. */
    private static void randomBytesAreRefused(int port) throws Exception {
        Random random = new Random(SEED);
        for (int i = 0; i < 200; i++) {
            byte[] bytes = new byte[4 + random.nextInt(4096)];
            random.nextBytes(bytes);
            int size = ByteBuffer.wrap(bytes).getInt();
            try (KafkaSocket socket = new KafkaSocket(port, 30_000)) {
                socket.write(bytes);
                if (size < 0 || size > MAX_REQUEST_BYTES) {
                    assertEquals(
                            KafkaSocket.Outcome.CLOSED,
                            socket.awaitResponse(0),
                            "random frame #" + i + " of declared size " + size);
                }
            }
        }
    }

    /**
     * For every API key and version the broker advertises: valid size and header, garbage body. Each must be
     * answered (with the request's correlation id) or close its connection; only APIs that may park stay silent.
     */
    private static void garbageBodiesForEveryApiVersionAreRefusedOrAnswered(int port) throws Exception {
        List<ApiVersionsResponseData.ApiVersion> advertised;
        try (KafkaSocket socket = new KafkaSocket(port, 30_000)) {
            ApiVersionsResponse response = socket.send(new ApiVersionsRequest.Builder().build((short) 3));
            advertised = new ArrayList<>(response.data().apiKeys());
        }
        assertTrue(advertised.size() >= 25, "advertised APIs: " + advertised);
        Random random = new Random(SEED);
        GarbageFrames garbage = new GarbageFrames(random);
        List<GarbageFrames.Frame> frames = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (ApiVersionsResponseData.ApiVersion api : advertised) {
                for (short v = api.minVersion(); v <= api.maxVersion(); v++) {
                    frames.addAll(garbage.framesFor(api.apiKey(), v, 1000 + frames.size() * 8));
                }
            }
        }
        Collections.shuffle(frames, random);
        assertTrue(frames.size() >= 2000, "frames: " + frames.size());

        ExecutorService senders = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (GarbageFrames.Frame frame : frames) {
                results.add(senders.submit(() -> sendGarbage(port, frame)));
            }
            List<String> failures = new ArrayList<>();
            for (Future<String> result : results) {
                String failure = result.get(5, TimeUnit.MINUTES);
                if (failure != null) {
                    failures.add(failure);
                }
            }
            assertEquals(List.of(), failures, "frames neither answered nor refused");
        } finally {
            senders.shutdownNow();
        }
    }

    /** Null if the frame was answered or refused as it should be, else what went wrong. */
    private static String sendGarbage(int port, GarbageFrames.Frame frame) throws IOException {
        try (KafkaSocket socket = new KafkaSocket(port, 15_000)) {
            if (!socket.write(frame.bytes())) {
                return null; // refused before it was all written
            }
            KafkaSocket.Outcome outcome;
            try {
                outcome = socket.awaitResponse(frame.correlationId());
            } catch (AssertionError e) {
                return frame + ": " + e.getMessage();
            }
            if (outcome == KafkaSocket.Outcome.NO_ANSWER && !MAY_PARK.contains(ApiKeys.forId(frame.apiKey()))) {
                return frame + ": no answer and connection still open";
            }
            return null;
        }
    }

    /**
     * Produce requests whose batch is damaged get CORRUPT_MESSAGE or INVALID_RECORD for that partition, keep the
     * connection open and append nothing: a valid batch sent afterwards lands at offset 0.
     */
    private static void corruptProduceBatchesGetPerPartitionErrorsAndAppendNothing(int port) throws Exception {
        Map<String, byte[]> named = Map.of(
                "flipped CRC byte", CorruptBatches.flippedCrcByte(),
                "wrong magic", CorruptBatches.wrongMagic(),
                "lastOffsetDelta mismatch", CorruptBatches.lastOffsetDeltaMismatch(),
                "length beyond the buffer", CorruptBatches.lengthBeyondBuffer(),
                "length too small", CorruptBatches.lengthTooSmall(),
                "valid batch then corrupt one", CorruptBatches.validThenCorrupt());
        try (KafkaSocket socket = new KafkaSocket(port, 30_000)) {
            for (short version : new short[] {3, 9, 12}) {
                for (Map.Entry<String, byte[]> e : named.entrySet()) {
                    ProduceResponseData.PartitionProduceResponse r = produce(socket, version, e.getValue());
                    assertTrue(
                            CORRUPT.contains(r.errorCode()),
                            e.getKey() + " (Produce v" + version + ") answered " + Errors.forCode(r.errorCode()));
                    assertEquals(-1L, r.baseOffset(), e.getKey());
                }
                int length = CorruptBatches.valid().length;
                for (int position = CorruptBatches.ATTRIBUTES; position < length; position++) {
                    ProduceResponseData.PartitionProduceResponse r =
                            produce(socket, version, CorruptBatches.flippedAt(position, 0x10));
                    assertTrue(r.errorCode() != Errors.NONE.code(), "byte " + position + " flipped was accepted");
                    assertEquals(-1L, r.baseOffset());
                }
            }
            ProduceResponseData.PartitionProduceResponse ok = produce(socket, (short) 12, CorruptBatches.valid());
            assertEquals(Errors.NONE.code(), ok.errorCode(), "a valid batch on the same connection");
            assertEquals(0L, ok.baseOffset(), "no corrupt batch was appended before it");
        }
    }

    private static ProduceResponseData.PartitionProduceResponse produce(KafkaSocket socket, short version, byte[] batch)
            throws IOException {
        ProduceRequestData data =
                RawProduce.toPartitionZero("corrupt", MemoryRecords.readableRecords(ByteBuffer.wrap(batch)));
        return RawProduce.onlyPartition(socket.send(new ProduceRequest(data, version)));
    }

    /**
     * Well-formed but absurd admin requests (hundreds of thousands of partitions, which would exhaust the broker's
     * file handles for everyone) get Kafka's POLICY_VIOLATION and create nothing.
     */
    private static void hugeAdminRequestsAreRefusedWholesale(int port, String bootstrap) throws Exception {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            names.add("auto-" + i);
        }
        try (KafkaSocket socket = new KafkaSocket(port, 60_000)) {
            MetadataResponse metadata = socket.send(new MetadataRequest.Builder(names, true).build((short) 12));
            assertEquals(
                    Map.of(Errors.UNKNOWN_TOPIC_OR_PARTITION, names.size()),
                    metadata.errorCounts(),
                    "20000 topics are not auto-created by one Metadata request");
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            ExecutionException created = assertThrows(
                    ExecutionException.class,
                    () -> admin.createTopics(List.of(new NewTopic("huge", 200_000, (short) 1)))
                            .all()
                            .get(60, TimeUnit.SECONDS));
            assertInstanceOf(PolicyViolationException.class, created.getCause());
            ExecutionException grown = assertThrows(
                    ExecutionException.class,
                    () -> admin.createPartitions(Map.of("corrupt", NewPartitions.increaseTo(200_000)))
                            .all()
                            .get(60, TimeUnit.SECONDS));
            assertInstanceOf(PolicyViolationException.class, grown.getCause());
            Set<String> existing = admin.listTopics().names().get(60, TimeUnit.SECONDS);
            assertFalse(existing.contains("huge") || existing.contains("auto-0"), "created: " + existing.size());
            assertEquals(
                    1,
                    admin.describeTopics(List.of("corrupt"))
                            .allTopicNames()
                            .get(60, TimeUnit.SECONDS)
                            .get("corrupt")
                            .partitions()
                            .size());
        }
    }

    /** A declared size above socket.request.max.bytes, or a negative one, closes the connection at once. */
    private static void oversizedFramesCloseTheConnection(int port) throws Exception {
        for (int size : new int[] {MAX_REQUEST_BYTES + 1, Integer.MAX_VALUE, -1, Integer.MIN_VALUE}) {
            try (KafkaSocket socket = new KafkaSocket(port, 30_000)) {
                ByteBuffer frame = ByteBuffer.allocate(64 * 1024).putInt(size);
                socket.write(frame.array());
                assertEquals(KafkaSocket.Outcome.CLOSED, socket.awaitResponse(0), "frame of declared size " + size);
            }
        }
    }

    /**
     * A client that pipelines requests without ever reading the answers: once its receive buffer and the broker's
     * send buffer are full, the broker must stop reading from it (so our writes stall) instead of buffering; the
     * answers that were produced are still complete and in order.
     */
    private static void pipelinedRequestsThatAreNeverReadStopTheReading(int port) throws Exception {
        RequestHeader header = new RequestHeader(ApiKeys.API_VERSIONS, (short) 3, "never-reads", 0);
        ByteBuffer request = new ApiVersionsRequest.Builder().build((short) 3).serializeWithHeader(header);
        byte[] template = new byte[4 + request.remaining()];
        ByteBuffer.wrap(template).putInt(request.remaining()).put(request);
        int perChunk = 64 * 1024 / template.length;
        long offered = 64L * 1024 * 1024;
        long written = 0;
        int nextCorrelation = 0;
        boolean stalled = false;
        try (SocketChannel channel = SocketChannel.open();
                Selector selector = Selector.open()) {
            channel.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            channel.connect(new InetSocketAddress("127.0.0.1", port));
            channel.configureBlocking(false);
            SelectionKey key = channel.register(selector, SelectionKey.OP_WRITE);
            ByteBuffer chunk = ByteBuffer.allocate(perChunk * template.length);
            while (written < offered) {
                if (!chunk.hasRemaining() || written == 0) {
                    chunk.clear();
                    for (int i = 0; i < perChunk; i++) {
                        int start = chunk.position();
                        chunk.put(template).putInt(start + 8, ++nextCorrelation);
                    }
                    chunk.flip();
                }
                int n = channel.write(chunk);
                written += n;
                if (n == 0 && selector.select(3000) == 0) {
                    stalled = true;
                    break;
                }
                selector.selectedKeys().clear();
            }
            assertTrue(stalled, "the broker kept reading " + written + " bytes of requests nobody reads answers to");
            assertTrue(written < offered, "written " + written);
            key.cancel();
            selector.selectNow();
            channel.configureBlocking(true);
            ByteBuffer size = ByteBuffer.allocate(4);
            for (int expected = 1; expected <= 200; expected++) {
                size.clear();
                readFully(channel, size);
                ByteBuffer body = ByteBuffer.allocate(size.flip().getInt());
                readFully(channel, body);
                assertEquals(expected, body.flip().getInt(), "responses in request order");
            }
        }
    }

    private static void readFully(SocketChannel channel, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            if (channel.read(buf) < 0) {
                throw new AssertionError("broker closed the pipelining connection");
            }
        }
    }

    private static void freshClientStillWorks(String bootstrap) throws Exception {
        Map<String, Object> producerConfig = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig)) {
            assertEquals(
                    0L,
                    producer.send(new ProducerRecord<>("fresh", "k", "after the garbage"))
                            .get(60, TimeUnit.SECONDS)
                            .offset());
        }
        Map<String, Object> consumerConfig = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig)) {
            TopicPartition tp = new TopicPartition("fresh", 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            List<String> values = new ArrayList<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    values.add(r.value());
                }
                return !values.isEmpty();
            });
            assertEquals(List.of("after the garbage"), values);
        }
    }

    private static long usedHeapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long directMemoryUsed() {
        long used = 0;
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            used += pool.getMemoryUsed();
        }
        long netty = io.netty.util.internal.PlatformDependent.usedDirectMemory();
        return used + Math.max(0, netty);
    }
}
