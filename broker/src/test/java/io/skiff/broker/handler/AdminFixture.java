package io.skiff.broker.handler;

import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.producer.AppendOrigin;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/** A topic registry over a temporary directory plus helpers to call admin handlers directly. */
final class AdminFixture implements AutoCloseable {
    static final int NODE_ID = 1;

    final Path dir;
    final BrokerConfig config;
    TopicRegistry topics;

    AdminFixture(Path dir, String... keyValues) throws Exception {
        this.dir = dir;
        Map<String, String> map = new HashMap<>();
        map.put("log.dirs", dir.toString());
        map.put("node.id", Integer.toString(NODE_ID));
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        this.config = BrokerConfig.of(map);
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
