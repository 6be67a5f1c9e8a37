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
package io.skiff.benchmarks.load;

import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.CreateTopicsResponse;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.ProduceResponse;
import io.skiff.record.RecordBatchBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Puts one kind of load on a running broker, for bench/resources.sh, which samples the broker's memory and open
 * files meanwhile. Prints one line when the load is in place ({@code READY …}) and holds it for the given seconds.
 *
 * <pre>
 * idle HOST PORT CONNECTIONS SECONDS             connections that sent one ApiVersions request and stay open
 * partitions HOST PORT PARTITIONS SECONDS        topics of 1000 partitions, one record written to each partition
 * clients HOST PORT PRODUCERS CONSUMERS SECONDS  each producer writes 10 x 100-byte records per request (acks=1) to
 *                                                its own partition; each consumer fetches that partition from 0 on
 * </pre>
 *
 * <p>Not thread-safe; run as a program.
 */
public final class ResourceLoad {
    private static final int PARTITIONS_PER_TOPIC = 1000;

    private ResourceLoad() {}

    public static void main(String[] args) throws Exception {
        String host = args[1];
        int port = Integer.parseInt(args[2]);
        switch (args[0]) {
            case "idle" -> idle(host, port, Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            case "partitions" -> partitions(host, port, Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            case "clients" ->
                clients(host, port, Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            default -> throw new IllegalArgumentException("unknown load " + args[0]);
        }
    }

    private static void idle(String host, int port, int connections, int seconds) throws Exception {
        List<BlockingClient> open = new ArrayList<>();
        try {
            for (int i = 0; i < connections; i++) {
                BlockingClient c = new BlockingClient(host, port);
                c.send(
                        ApiKeys.API_VERSIONS,
                        (short) 3,
                        new ApiVersionsRequest().setClientSoftwareName("load").setClientSoftwareVersion("1"));
                open.add(c);
            }
            System.out.println("READY " + connections + " idle connections");
            TimeUnit.SECONDS.sleep(seconds);
        } finally {
            for (BlockingClient c : open) {
                c.close();
            }
        }
    }

    private static void partitions(String host, int port, int partitions, int seconds) throws Exception {
        try (BlockingClient c = new BlockingClient(host, port)) {
            int topics = (partitions + PARTITIONS_PER_TOPIC - 1) / PARTITIONS_PER_TOPIC;
            for (int t = 0; t < topics; t++) {
                String name = "load-partitions-" + t;
                int count = Math.min(PARTITIONS_PER_TOPIC, partitions - t * PARTITIONS_PER_TOPIC);
                CreateTopicsResponse created = (CreateTopicsResponse) c.send(
                        ApiKeys.CREATE_TOPICS,
                        (short) 7,
                        new CreateTopicsRequest()
                                .setTimeoutMs(120_000)
                                .setTopics(new ArrayList<>(List.of(new CreateTopicsRequest.CreatableTopic()
                                        .setName(name)
                                        .setNumPartitions(count)
                                        .setReplicationFactor((short) 1)))));
                short error = created.topics().get(0).errorCode();
                if (error != 0 && error != 36) {
                    throw new IOException("CreateTopics " + name + " failed with error " + error);
                }
                ProduceRequest.TopicProduceData data = new ProduceRequest.TopicProduceData().setName(name);
                for (int p = 0; p < count; p++) {
                    data.partitionData()
                            .add(new ProduceRequest.PartitionProduceData()
                                    .setIndex(p)
                                    .setRecords(batch(1)));
                }
                ProduceResponse produced = (ProduceResponse) c.send(
                        ApiKeys.PRODUCE,
                        (short) 9,
                        new ProduceRequest()
                                .setAcks((short) 1)
                                .setTimeoutMs(120_000)
                                .setTopicData(new ArrayList<>(List.of(data))));
                for (ProduceResponse.PartitionProduceResponse r :
                        produced.responses().get(0).partitionResponses()) {
                    if (r.errorCode() != 0) {
                        throw new IOException("Produce to " + name + "-" + r.index() + " failed: " + r.errorCode());
                    }
                }
            }
            System.out.println("READY " + partitions + " partitions with one record each");
            TimeUnit.SECONDS.sleep(seconds);
        }
    }

    private static void clients(String host, int port, int producers, int consumers, int seconds) throws Exception {
        String topic = "load-clients";
        try (BlockingClient admin = new BlockingClient(host, port)) {
            admin.send(
                    ApiKeys.CREATE_TOPICS,
                    (short) 7,
                    new CreateTopicsRequest()
                            .setTimeoutMs(60_000)
                            .setTopics(new ArrayList<>(List.of(new CreateTopicsRequest.CreatableTopic()
                                    .setName(topic)
                                    .setNumPartitions(Math.max(producers, consumers))
                                    .setReplicationFactor((short) 1)))));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        AtomicLong produced = new AtomicLong();
        AtomicLong fetchedBytes = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(producers + consumers);
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < producers; i++) {
            int partition = i;
            running.add(threads.submit(() -> produceUntil(host, port, topic, partition, deadline, produced)));
        }
        for (int i = 0; i < consumers; i++) {
            int partition = i;
            running.add(threads.submit(() -> fetchUntil(host, port, topic, partition, deadline, fetchedBytes)));
        }
        System.out.println("READY " + producers + " producers and " + consumers + " consumers");
        for (Future<?> f : running) {
            f.get();
        }
        threads.shutdown();
        System.out.println("DONE records produced " + produced.get() + ", bytes fetched " + fetchedBytes.get());
    }

    private static Void produceUntil(
            String host, int port, String topic, int partition, long deadline, AtomicLong produced) throws IOException {
        try (BlockingClient c = new BlockingClient(host, port)) {
            while (System.nanoTime() < deadline) {
                ProduceRequest request = new ProduceRequest()
                        .setAcks((short) 1)
                        .setTimeoutMs(30_000)
                        .setTopicData(new ArrayList<>(List.of(new ProduceRequest.TopicProduceData()
                                .setName(topic)
                                .setPartitionData(new ArrayList<>(List.of(new ProduceRequest.PartitionProduceData()
                                        .setIndex(partition)
                                        .setRecords(batch(10))))))));
                ProduceResponse r = (ProduceResponse) c.send(ApiKeys.PRODUCE, (short) 9, request);
                if (r.responses().get(0).partitionResponses().get(0).errorCode() != 0) {
                    throw new IOException("produce failed: " + r);
                }
                produced.addAndGet(10);
            }
        }
        return null;
    }

    private static Void fetchUntil(
            String host, int port, String topic, int partition, long deadline, AtomicLong fetched) throws IOException {
        try (BlockingClient c = new BlockingClient(host, port)) {
            long offset = 0;
            while (System.nanoTime() < deadline) {
                FetchRequest request = new FetchRequest()
                        .setReplicaId(-1)
                        .setMaxWaitMs(100)
                        .setMinBytes(1)
                        .setMaxBytes(1 << 20)
                        .setSessionEpoch(-1)
                        .setTopics(new ArrayList<>(List.of(new FetchRequest.FetchTopic()
                                .setTopic(topic)
                                .setPartitions(new ArrayList<>(List.of(new FetchRequest.FetchPartition()
                                        .setPartition(partition)
                                        .setFetchOffset(offset)
                                        .setPartitionMaxBytes(1 << 20)))))));
                FetchResponse r = (FetchResponse) c.send(ApiKeys.FETCH, (short) 12, request);
                FetchResponse.PartitionData pd =
                        r.responses().get(0).partitions().get(0);
                if (pd.errorCode() != 0) {
                    throw new IOException("fetch failed: " + pd.errorCode());
                }
                if (pd.records() != null && pd.records().sizeInBytes() > 0) {
                    fetched.addAndGet(pd.records().sizeInBytes());
                    offset = pd.highWatermark(); // whole batches only; the next fetch starts at the end
                }
            }
        }
        return null;
    }

    private static ByteBufferRecords batch(int records) {
        long now = System.currentTimeMillis();
        RecordBatchBuilder b = new RecordBatchBuilder(0, now);
        byte[] value = new byte[100];
        for (int i = 0; i < records; i++) {
            b.add(now, null, value);
        }
        return new ByteBufferRecords(b.build());
    }
}
