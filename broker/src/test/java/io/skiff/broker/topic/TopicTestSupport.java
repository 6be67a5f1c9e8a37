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
package io.skiff.broker.topic;

import io.skiff.config.BrokerConfig;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.testsupport.TestConfigs;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;

/** Builds registries over temp dirs and record batches for the topic tests. */
final class TopicTestSupport {
    private TopicTestSupport() {}

    static BrokerConfig config(Path dir, String... keyValues) {
        return TestConfigs.broker(dir, keyValues);
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
