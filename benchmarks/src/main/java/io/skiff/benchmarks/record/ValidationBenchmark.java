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
package io.skiff.benchmarks.record;

import io.skiff.benchmarks.ThroughputBenchmark;
import io.skiff.record.CompressionType;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.record.RecordValidator;
import io.skiff.record.TimestampType;
import io.skiff.record.ValidatedBatches;
import io.skiff.record.ValidationRules;
import java.nio.ByteBuffer;
import java.util.Random;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Produce-path validation of one 16 KiB batch (the producer's default batch.size) as the topic stores it: every
 * record walked, a compressed batch decompressed as a stream, nothing rebuilt ({@code compression.type=producer}).
 * Records/s = ops/s x records per batch. Values are random letters, like ProducerPerformance's payloads.
 */
public class ValidationBenchmark extends ThroughputBenchmark {
    private static final int BATCH_BYTES = 16 * 1024;
    private static final ValidationRules RULES =
            new ValidationRules(1_048_588, TimestampType.CREATE_TIME, Long.MAX_VALUE, 3_600_000L, false, null);

    @Param({"none", "lz4", "zstd"})
    public String codec;

    @Param({"100", "1024"})
    public int recordBytes;

    private ByteBuffer batch;
    private long now;

    @Setup
    public void build() {
        now = System.currentTimeMillis();
        Random random = new Random(recordBytes);
        RecordBatchBuilder builder = new RecordBatchBuilder(0L, now);
        for (int i = 0; i < Math.max(1, BATCH_BYTES / recordBytes); i++) {
            byte[] value = new byte[recordBytes];
            for (int j = 0; j < value.length; j++) {
                value[j] = (byte) ('A' + random.nextInt(26));
            }
            builder.add(now, null, value);
        }
        ByteBuffer plain = builder.build();
        CompressionType target = switch (codec) {
            case "lz4" -> CompressionType.LZ4;
            case "zstd" -> CompressionType.ZSTD;
            default -> CompressionType.NONE;
        };
        ValidationRules compress = new ValidationRules(
                Integer.MAX_VALUE, TimestampType.CREATE_TIME, Long.MAX_VALUE, Long.MAX_VALUE, false, target);
        batch = RecordValidator.validate(plain, compress, true, "bench-0", now).buffer();
    }

    @Benchmark
    public ValidatedBatches validate() {
        return RecordValidator.validate(batch.duplicate(), RULES, true, "bench-0", now);
    }
}
