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

import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.security.BrokerSecurity;
import io.skiff.broker.telemetry.ClientTelemetry;
import io.skiff.broker.topic.DataPlane;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.config.Endpoint;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.ListOffsetsRequest;
import io.skiff.protocol.message.ListOffsetsResponse;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.testsupport.TestConfigs;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/** Contexts, configs and batches for handler tests. */
final class HandlerTestSupport {
    static final int NODE_ID = 1;

    private HandlerTestSupport() {}

    static BrokerConfig config(Path dir, String... keyValues) {
        return TestConfigs.broker(dir, keyValues);
    }

    /** A context without coordinators or security. */
    static BrokerContext broker(BrokerConfig config, DataPlane data) {
        Clock clock = Clock.systemUTC();
        return new BrokerContext(
                config,
                clock,
                "test-cluster",
                NODE_ID,
                List.of(new Endpoint("PLAINTEXT", "127.0.0.1", 19092)),
                data,
                null,
                BrokerSecurity.none(),
                null,
                ClientQuotas.inMemory(clock),
                ClientTelemetry.inMemory(clock, ClientTelemetry.DEFAULT_TELEMETRY_MAX_BYTES));
    }

    static RequestContext ctx(ApiKeys api, int version) {
        return new RequestContext(
                new RequestHeader(api, (short) version, 7, "test-client"),
                "conn-1",
                "PLAINTEXT",
                new InetSocketAddress("127.0.0.1", 50000));
    }

    /** A partition of a fetch, read from {@code offset}, up to 1 MiB. */
    static FetchRequest.FetchPartition fetchPartition(int partition, long offset) {
        return new FetchRequest.FetchPartition()
                .setPartition(partition)
                .setFetchOffset(offset)
                .setPartitionMaxBytes(1 << 20);
    }

    /** A fetch outside any session that does not wait: at least 1 byte, up to 1 MiB, of {@code topics}. */
    static FetchRequest fetchRequest(byte isolationLevel, FetchRequest.FetchTopic... topics) {
        FetchRequest r = new FetchRequest()
                .setMaxWaitMs(0)
                .setMinBytes(1)
                .setMaxBytes(1 << 20)
                .setIsolationLevel(isolationLevel);
        r.topics().addAll(List.of(topics));
        return r;
    }

    /**
     * Asks {@code topics} (ListOffsets v10, from a consumer, not a replica) for one partition of {@code topic} at
     * {@code timestamp}; returns the answer for that partition.
     */
    static ListOffsetsResponse.ListOffsetsPartitionResponse listOffsets(
            TopicRegistry topics, byte isolationLevel, String topic, int partition, long timestamp) {
        ListOffsetsRequest.ListOffsetsTopic t = new ListOffsetsRequest.ListOffsetsTopic().setName(topic);
        t.partitions()
                .add(new ListOffsetsRequest.ListOffsetsPartition()
                        .setPartitionIndex(partition)
                        .setTimestamp(timestamp));
        ListOffsetsRequest r = new ListOffsetsRequest().setReplicaId(-1).setIsolationLevel(isolationLevel);
        r.topics().add(t);
        return new ListOffsetsHandler(NodeTopics.singleNode(topics, HandlerTestSupport.NODE_ID))
                .handle(ctx(ApiKeys.LIST_OFFSETS, 10), r)
                .join()
                .topics()
                .get(0)
                .partitions()
                .get(0);
    }

    static ByteBuffer batch(int count) {
        RecordBatchBuilder b = new RecordBatchBuilder(0L, System.currentTimeMillis());
        for (int i = 0; i < count; i++) {
            b.add(System.currentTimeMillis(), null, ("v" + i).getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }

    static ByteBuffer idempotentBatch(long producerId, short epoch, int seq, int count) {
        RecordBatchBuilder b = new RecordBatchBuilder(0L, System.currentTimeMillis()).producer(producerId, epoch, seq);
        for (int i = 0; i < count; i++) {
            b.add(System.currentTimeMillis(), null, ("v" + i).getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }
}
