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

import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.testsupport.TestConfigs;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/** A topic registry over a temporary directory plus helpers to call admin handlers directly. */
final class AdminFixture implements AutoCloseable {
    static final int NODE_ID = 1;

    final Path dir;
    final BrokerConfig config;
    TopicRegistry topics;

    AdminFixture(Path dir, String... keyValues) throws Exception {
        this.dir = dir;
        Map<String, String> map = TestConfigs.map(keyValues);
        map.putIfAbsent("node.id", Integer.toString(NODE_ID));
        this.config = TestConfigs.broker(dir, map);
        this.topics = TopicRegistry.open(config, Clock.systemUTC());
    }

    /** Closes and reopens the registry on the same directory (what a restart recovers). */
    void restart() throws Exception {
        topics.close();
        topics = TopicRegistry.open(config, Clock.systemUTC());
    }

    Topic createTopic(String name, int partitions, Map<String, String> configs) {
        return topics.createTopic(name, partitions, configs);
    }

    /** Appends {@code count} records to a partition, one batch. */
    void produce(String topic, int partition, int count) {
        RecordBatchBuilder b = new RecordBatchBuilder(0L, System.currentTimeMillis());
        for (int i = 0; i < count; i++) {
            b.add(System.currentTimeMillis(), null, ("v" + i).getBytes(StandardCharsets.UTF_8));
        }
        topics.topic(topic).orElseThrow().partition(partition).appendRecords(b.build(), AppendOrigin.CLIENT);
    }

    static RequestContext ctx(ApiKeys api, int version) {
        return new RequestContext(
                new RequestHeader(api, (short) version, 7, "test-client"),
                "c-1",
                "PLAINTEXT",
                new InetSocketAddress("127.0.0.1", 50000));
    }

    static <Q extends ApiMessage, S extends ApiMessage> S call(ApiHandler<Q, S> handler, int version, Q request) {
        return handler.handle(ctx(handler.api(), version), request).join();
    }

    @Override
    public void close() {
        topics.close();
    }
}
