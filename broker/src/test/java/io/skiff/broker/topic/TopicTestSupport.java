package io.skiff.broker.topic;

import io.skiff.config.BrokerConfig;
import io.skiff.record.RecordBatchBuilder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/** Builds registries over temp dirs and record batches for the topic tests. */
final class TopicTestSupport {
    private TopicTestSupport() {}

    static BrokerConfig config(Path dir, String... keyValues) {
        Map<String, String> map = new HashMap<>();
        map.put("log.dirs", dir.toString());
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return BrokerConfig.of(map);
    }

    static TopicRegistry open(Path dir, String... keyValues) throws Exception {
        return TopicRegistry.open(config(dir, keyValues), Clock.systemUTC());
    }

    /** An uncompressed batch of {@code count} records "v0".."vN" without a producer id. */
    static ByteBuffer batch(int count) {
        RecordBatchBuilder b = new RecordBatchBuilder(0L, System.currentTimeMillis());
        for (int i = 0; i < count; i++) {
            b.add(
                    System.currentTimeMillis(),
                    ("k" + i).getBytes(StandardCharsets.UTF_8),
                    ("v" + i).getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }

    /** An idempotent producer's batch of {@code count} records starting at sequence {@code seq}. */
    static ByteBuffer batch(long producerId, short epoch, int seq, int count) {
        RecordBatchBuilder b = new RecordBatchBuilder(0L, System.currentTimeMillis()).producer(producerId, epoch, seq);
        for (int i = 0; i < count; i++) {
            b.add(System.currentTimeMillis(), null, ("v" + (seq + i)).getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }
}
