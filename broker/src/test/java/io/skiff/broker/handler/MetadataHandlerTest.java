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

import static io.skiff.broker.handler.HandlerTestSupport.NODE_ID;
import static io.skiff.broker.handler.HandlerTestSupport.broker;
import static io.skiff.broker.handler.HandlerTestSupport.config;
import static io.skiff.broker.handler.HandlerTestSupport.ctx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.DataPlane;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.MetadataResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetadataHandlerTest {
    @TempDir
    Path dir;

    private DataPlane data;

    /** Opens the data plane of {@code config} (closing one opened before) and a handler over it. */
    private MetadataHandler open(BrokerConfig config) throws Exception {
        close();
        data = DataPlane.open(config, Clock.systemUTC());
        return new MetadataHandler(data.topics(), broker(config, data));
    }

    @AfterEach
    void close() throws Exception {
        if (data != null) {
            data.close();
            data = null;
        }
    }

    private static MetadataRequest names(boolean autoCreate, String... names) {
        MetadataRequest r = new MetadataRequest().setAllowAutoTopicCreation(autoCreate);
        List<MetadataRequest.MetadataRequestTopic> list = new ArrayList<>();
        for (String n : names) {
            list.add(new MetadataRequest.MetadataRequestTopic().setName(n));
        }
        return r.setTopics(list);
    }

    /** A v12 request's response. */
    private static MetadataResponse metadata(MetadataHandler h, MetadataRequest request) {
        return h.handle(ctx(ApiKeys.METADATA, 12), request).join();
    }

    private static MetadataResponse.MetadataResponseTopic firstTopic(MetadataHandler h, MetadataRequest request) {
        return metadata(h, request).topics().get(0);
    }

    private static MetadataRequest.MetadataRequestTopic byId(UUID id) {
        return new MetadataRequest.MetadataRequestTopic().setTopicId(id).setName(null);
    }

    @Test
    void describesBrokerControllerAndTopics() throws Exception {
        MetadataHandler h = open(config(dir));
        TopicRegistry topics = data.topics();
        Topic t = topics.createTopic("t", 2, Map.of());
        topics.getOrCreateInternalTopic("__consumer_offsets", 1, Map.of());
        MetadataResponse r = metadata(h, new MetadataRequest().setTopics(null));
        assertEquals(NODE_ID, r.controllerId());
        assertEquals("test-cluster", r.clusterId());
        assertEquals(1, r.brokers().size());
        assertEquals("127.0.0.1", r.brokers().get(0).host());
        assertEquals(19092, r.brokers().get(0).port());
        assertEquals(2, r.topics().size(), "null topics = all");
        MetadataResponse.MetadataResponseTopic offsets = r.topics().get(0);
        assertEquals("__consumer_offsets", offsets.name());
        assertTrue(offsets.isInternal());
        MetadataResponse.MetadataResponseTopic mt = r.topics().get(1);
        assertEquals(t.id(), mt.topicId());
        assertEquals(2, mt.partitions().size());
        MetadataResponse.MetadataResponsePartition p = mt.partitions().get(1);
        assertEquals(1, p.partitionIndex());
        assertEquals(NODE_ID, p.leaderId());
        assertEquals(0, p.leaderEpoch());
        assertEquals(List.of(NODE_ID), p.replicaNodes());
        assertEquals(List.of(NODE_ID), p.isrNodes());
        assertEquals(0, metadata(h, names(false)).topics().size(), "empty = none");
        assertEquals(
                2,
                h.handle(ctx(ApiKeys.METADATA, 0), names(false)).join().topics().size(),
                "v0 empty = all");
    }

    @Test
    void autoCreatesWhenAllowedAndEnabled() throws Exception {
        MetadataHandler h = open(config(dir, "num.partitions", "3"));
        TopicRegistry topics = data.topics();
        MetadataResponse.MetadataResponseTopic missing = firstTopic(h, names(false, "a"));
        assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), missing.errorCode());
        MetadataResponse.MetadataResponseTopic created = firstTopic(h, names(true, "a"));
        assertEquals(Errors.NONE.code(), created.errorCode());
        assertEquals(3, created.partitions().size());
        assertEquals(topics.topic("a").orElseThrow().id(), created.topicId());
        assertEquals(
                Errors.INVALID_TOPIC_EXCEPTION.code(),
                firstTopic(h, names(true, "bad name")).errorCode());
        MetadataHandler off = open(config(dir, "auto.create.topics.enable", "false"));
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(),
                firstTopic(off, names(true, "b")).errorCode());
    }

    @Test
    void topicIdsAreResolvedAndUnknownIdsReported() throws Exception {
        MetadataHandler h = open(config(dir));
        Topic t = data.topics().createTopic("t", 1, Map.of());
        UUID unknown = UUID.randomUUID();
        MetadataRequest r = new MetadataRequest().setTopics(new ArrayList<>(List.of(byId(t.id()), byId(unknown))));
        MetadataResponse resp = metadata(h, r);
        assertEquals("t", resp.topics().get(0).name());
        assertEquals(Errors.UNKNOWN_TOPIC_ID.code(), resp.topics().get(1).errorCode());
        assertNull(resp.topics().get(1).name());
        assertEquals(unknown, resp.topics().get(1).topicId());

        // The Java Admin sends the default name "" with each id; the names are then ignored, as in Kafka.
        MetadataRequest javaStyle = new MetadataRequest()
                .setTopics(new ArrayList<>(List.of(new MetadataRequest.MetadataRequestTopic().setTopicId(t.id()))));
        MetadataResponse.MetadataResponseTopic resolved = firstTopic(h, javaStyle);
        assertEquals(Errors.NONE.code(), resolved.errorCode());
        assertEquals("t", resolved.name());
        assertEquals(t.id(), resolved.topicId());
    }

    @Test
    void topicIdsBeforeV12AreRefusedAsKafkaDoes() throws Exception {
        MetadataHandler h = open(config(dir));
        TopicRegistry topics = data.topics();
        Topic t = topics.createTopic("t", 1, Map.of());
        UUID unknown = UUID.randomUUID();
        for (short version = 10; version <= 11; version++) {
            MetadataRequest r = new MetadataRequest()
                    .setTopics(new ArrayList<>(
                            List.of(new MetadataRequest.MetadataRequestTopic().setName("t"), byId(unknown))));
            MetadataResponse resp = h.handle(ctx(ApiKeys.METADATA, version), r).join();
            assertTrue(resp.brokers().isEmpty());
            assertNull(resp.clusterId());
            assertEquals(-1, resp.controllerId());
            assertEquals(2, resp.topics().size());
            assertEquals("t", resp.topics().get(0).name());
            assertEquals("", resp.topics().get(1).name(), "a null name becomes \"\", which v10-11 can encode");
            assertEquals(unknown, resp.topics().get(1).topicId());
            for (MetadataResponse.MetadataResponseTopic topic : resp.topics()) {
                assertEquals(Errors.INVALID_REQUEST.code(), topic.errorCode());
                assertTrue(topic.partitions().isEmpty());
            }
            assertEquals(resp.size(version), encodedSize(resp, version));
        }
        assertEquals(t.id(), topics.topic("t").orElseThrow().id());
    }

    @Test
    void invalidNameWithoutAutoCreationIsInvalidNotUnknown() throws Exception {
        MetadataHandler h = open(config(dir));
        MetadataResponse resp = metadata(h, names(false, "x".repeat(250), "fine"));
        assertEquals(Errors.INVALID_TOPIC_EXCEPTION.code(), resp.topics().get(0).errorCode());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), resp.topics().get(1).errorCode());
    }

    private static int encodedSize(MetadataResponse response, short version) {
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(response.size(version));
        response.write(new io.skiff.protocol.ByteBufferAccessor(buf), version);
        return buf.position();
    }
}
