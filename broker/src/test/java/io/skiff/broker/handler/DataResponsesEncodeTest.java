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
import static io.skiff.broker.handler.HandlerTestSupport.broker;
import static io.skiff.broker.handler.HandlerTestSupport.config;
import static io.skiff.broker.handler.HandlerTestSupport.ctx;
import static io.skiff.broker.handler.HandlerTestSupport.fetchPartition;
import static io.skiff.broker.handler.HandlerTestSupport.fetchRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.DataPlane;
import io.skiff.broker.topic.Topic;
import io.skiff.config.BrokerConfig;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.ListOffsetsRequest;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every data handler's answer can be encoded at every version it advertises: a field set to a non-default value
 * that a version does not carry (and Kafka does not mark ignorable) makes the encoder throw, and the server then
 * drops the connection — which is what librdkafka saw with ListOffsets v2 before leader epochs were version-gated.
 */
class DataResponsesEncodeTest {
    @TempDir
    Path dir;

    private BrokerConfig config;
    private DataPlane data;
    private Topic topic;

    @BeforeEach
    void setUp() throws Exception {
        config = config(dir);
        data = DataPlane.open(config, Clock.systemUTC());
        topic = data.topics().createTopic("t", 1, Map.of());
        topic.partition(0).appendRecords(batch(3), AppendOrigin.CLIENT);
    }

    @AfterEach
    void tearDown() {
        data.close();
    }

    /** Encodes {@code response} at {@code version} and checks the encoder wrote exactly size() bytes. */
    private static void encodes(ApiKeys api, int version, ApiMessage response) {
        short v = (short) version;
        int size = response.size(v);
        ByteBuffer buf = ByteBuffer.allocate(size);
        response.write(new ByteBufferAccessor(buf), v);
        assertEquals(size, buf.position(), api + " v" + version);
    }

    private static <Q extends ApiMessage, S extends ApiMessage> void allVersions(
            ApiHandler<Q, S> handler, java.util.function.Supplier<Q> request) {
        for (int v = Math.max(handler.minVersion(), handler.api().lowestVersion()); v <= handler.maxVersion(); v++) {
            S response = handler.handle(ctx(handler.api(), v), request.get()).join();
            encodes(handler.api(), v, response);
        }
    }

    @Test
    void listOffsetsForEverySpecialTimestamp() {
        ListOffsetsHandler handler =
                new ListOffsetsHandler(NodeTopics.singleNode(data.topics(), HandlerTestSupport.NODE_ID));
        allVersions(handler, () -> {
            ListOffsetsRequest.ListOffsetsTopic t = new ListOffsetsRequest.ListOffsetsTopic().setName("t");
            for (long ts : new long[] {-1, -2, -3, -4, -5, 0}) {
                t.partitions()
                        .add(new ListOffsetsRequest.ListOffsetsPartition()
                                .setPartitionIndex(0)
                                .setTimestamp(ts));
            }
            t.partitions()
                    .add(new ListOffsetsRequest.ListOffsetsPartition()
                            .setPartitionIndex(5)
                            .setTimestamp(-1));
            ListOffsetsRequest r = new ListOffsetsRequest().setReplicaId(-1);
            r.topics().add(t);
            return r;
        });
        ListOffsetsRequest r = new ListOffsetsRequest().setReplicaId(-1);
        r.topics().add(new ListOffsetsRequest.ListOffsetsTopic().setName("t"));
        r.topics().get(0).partitions().add(new ListOffsetsRequest.ListOffsetsPartition().setTimestamp(-2));
        assertEquals(
                -1,
                handler.handle(ctx(ApiKeys.LIST_OFFSETS, 2), r)
                        .join()
                        .topics()
                        .get(0)
                        .partitions()
                        .get(0)
                        .leaderEpoch(),
                "no leader epoch before v4");
    }

    @Test
    void metadataProduceFetchAndProducerIds() {
        allVersions(new MetadataHandler(data.topics(), broker(config, data)), () -> {
            MetadataRequest r = new MetadataRequest().setAllowAutoTopicCreation(false);
            r.topics()
                    .add(new MetadataRequest.MetadataRequestTopic().setName("t").setTopicId(topic.id()));
            r.topics().add(new MetadataRequest.MetadataRequestTopic().setName("missing"));
            return r;
        });
        allVersions(new ProduceHandler(data.topics(), null), () -> {
            ProduceRequest.TopicProduceData td =
                    new ProduceRequest.TopicProduceData().setName("t").setTopicId(topic.id());
            td.partitionData()
                    .add(new ProduceRequest.PartitionProduceData()
                            .setIndex(0)
                            .setRecords(new ByteBufferRecords(batch(1))));
            td.partitionData()
                    .add(new ProduceRequest.PartitionProduceData()
                            .setIndex(7)
                            .setRecords(new ByteBufferRecords(batch(1))));
            ProduceRequest r = new ProduceRequest().setAcks((short) -1).setTimeoutMs(1000);
            r.topicData().add(td);
            return r;
        });
        FetchHandler fetch = new FetchHandler(data.topics(), data.fetches());
        for (int v = fetch.minVersion(); v <= fetch.maxVersion(); v++) {
            FetchRequest.FetchTopic ft =
                    new FetchRequest.FetchTopic().setTopic("t").setTopicId(topic.id());
            ft.partitions().add(fetchPartition(0, 0));
            ft.partitions().add(fetchPartition(3, 0));
            FetchRequest r = fetchRequest((byte) (v % 2), ft);
            FetchResponse response = fetch.handle(ctx(ApiKeys.FETCH, v), r).join();
            List<Integer> sizes = new ArrayList<>();
            for (FetchResponse.PartitionData pd : response.responses().get(0).partitions()) {
                FileRecords records = (FileRecords) pd.records();
                sizes.add(records.sizeInBytes());
                records.release();
                pd.setRecords(new ByteBufferRecords(ByteBuffer.allocate(0))); // the test encoder takes buffers only
            }
            assertTrue(sizes.get(0) > 0, "records of partition 0 at v" + v);
            encodes(ApiKeys.FETCH, v, response);
        }
        allVersions(
                new InitProducerIdHandler(data.producerIds(), null),
                () -> new InitProducerIdRequest().setTransactionalId(null).setTransactionTimeoutMs(60000));
    }

    @Test
    void createAndDeleteTopics() {
        CreateTopicsHandler create =
                new CreateTopicsHandler(NodeTopics.singleNode(data.topics(), HandlerTestSupport.NODE_ID), config);
        allVersions(create, () -> {
            CreateTopicsRequest r = new CreateTopicsRequest().setValidateOnly(true);
            r.topics()
                    .add(new CreateTopicsRequest.CreatableTopic()
                            .setName("new")
                            .setNumPartitions(1)
                            .setReplicationFactor((short) 1));
            r.topics()
                    .add(new CreateTopicsRequest.CreatableTopic()
                            .setName("t")
                            .setNumPartitions(1)
                            .setReplicationFactor((short) 1));
            return r;
        });
        allVersions(new DeleteTopicsHandler(data.topics(), true), () -> {
            DeleteTopicsRequest r = new DeleteTopicsRequest().setTimeoutMs(1000);
            r.topicNames().add("missing");
            r.topics().add(new DeleteTopicsRequest.DeleteTopicState().setName("missing"));
            return r;
        });
    }
}
