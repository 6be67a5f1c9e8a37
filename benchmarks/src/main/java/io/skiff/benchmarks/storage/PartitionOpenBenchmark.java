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
package io.skiff.benchmarks.storage;

import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.storage.producer.AppendOrigin;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Opening a broker data directory after a clean stop, as the broker does at start: one topic whose partition has
 * {@code segments} segments of {@code segmentMiB} MiB, opened through the topic registry, so the partition's
 * producer state is loaded too (from the snapshot written at close; a scan of the log if there is none). Close
 * (not measured) happens in the per-invocation teardown, which also writes the snapshot the next open reads.
 *
 * <p>Not thread-safe: a JMH thread-scoped state.
 */
public class PartitionOpenBenchmark extends ReopenBenchmark<TopicRegistry> {
    @Param({"100"})
    public int segments;

    @Param({"4"})
    public int segmentMiB;

    private BrokerConfig config;

    @Setup(Level.Trial)
    public void fill() throws IOException {
        dir = BenchLogs.baseDir();
        config = BrokerConfig.of(Map.of("log.dirs", dir.toString()));
        int segmentBytes = segmentMiB << 20;
        int batchBytes = 64 * 1024;
        try (TopicRegistry registry = TopicRegistry.open(config, Clock.systemUTC())) {
            Partition p = registry.createTopic("bench", 1, Map.of("segment.bytes", Integer.toString(segmentBytes)))
                    .partition(0);
            ByteBuffer batch = BenchBatches.ofSize(batchBytes, System.currentTimeMillis());
            for (long written = 0; written < (long) segments * segmentBytes; written += batchBytes) {
                p.appendRecords(BenchBatches.resent(batch), AppendOrigin.CLIENT);
            }
        }
    }

    @Benchmark
    public long openAfterCleanStop() throws IOException {
        opened = TopicRegistry.open(config, Clock.systemUTC());
        return opened.topic("bench").orElseThrow().partition(0).highWatermark();
    }
}
