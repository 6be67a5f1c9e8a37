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
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.CleanupPolicy;
import io.skiff.config.MessageTimestampType;
import io.skiff.config.TopicConfig;
import io.skiff.record.CompressionType;
import io.skiff.record.TimestampType;
import io.skiff.storage.CleanerConfig;
import io.skiff.storage.LogConfig;

/**
 * Translates a topic's configuration into the storage log's settings, and the broker's into the cleaner's.
 *
 * <p>Stateless; thread-safe.
 */
final class LogConfigs {
    private LogConfigs() {}

    /** The log cleaner's settings from the broker's {@code log.cleaner.*} keys. */
    static CleanerConfig cleanerConfig(BrokerConfig c) {
        return new CleanerConfig(
                c.get(BrokerConfigKeys.LOG_CLEANER_ENABLE),
                c.get(BrokerConfigKeys.LOG_CLEANER_THREADS),
                c.get(BrokerConfigKeys.LOG_CLEANER_DEDUPE_BUFFER_SIZE),
                c.get(BrokerConfigKeys.LOG_CLEANER_IO_BUFFER_LOAD_FACTOR),
                c.get(BrokerConfigKeys.LOG_CLEANER_IO_MAX_BYTES_PER_SECOND),
                c.get(BrokerConfigKeys.LOG_CLEANER_BACKOFF_MS));
    }

    static LogConfig of(TopicConfig c) {
        boolean compact = c.cleanupPolicy().contains(CleanupPolicy.COMPACT);
        return LogConfig.builder()
                .segmentBytes(c.segmentBytes())
                // As Kafka's LogConfig.maxSegmentMs: a compacted log's active segment, never cleaned, rolls by
                // max.compaction.lag.ms at the latest, so no record waits longer than that to be compacted.
                .segmentMs(compact ? Math.min(c.segmentMs(), c.maxCompactionLagMs()) : c.segmentMs())
                .retentionMs(c.retentionMs())
                .retentionBytes(c.retentionBytes())
                .maxBatchBytes(c.maxMessageBytes())
                .timestampType(isLogAppendTime(c) ? TimestampType.LOG_APPEND_TIME : TimestampType.CREATE_TIME)
                .flushMessages(c.flushMessages())
                .flushMs(c.flushMs())
                .indexIntervalBytes(c.indexIntervalBytes())
                .segmentIndexBytes(c.segmentIndexBytes())
                .timestampBeforeMaxMs(c.messageTimestampBeforeMaxMs())
                .timestampAfterMaxMs(c.messageTimestampAfterMaxMs())
                .keysRequired(compact)
                .compact(compact)
                .deleteRetentionMs(c.deleteRetentionMs())
                .minCompactionLagMs(c.minCompactionLagMs())
                .maxCompactionLagMs(c.maxCompactionLagMs())
                .minCleanableDirtyRatio(c.minCleanableDirtyRatio())
                .deleteRetention(c.cleanupPolicy().contains(CleanupPolicy.DELETE))
                .compression(compression(c.compressionType()))
                .build();
    }

    /** The codec named by {@code compression.type}; null for {@code producer} (batches kept as sent). */
    static CompressionType compression(String compressionType) {
        return switch (compressionType) {
            case "producer" -> null;
            case "uncompressed" -> CompressionType.NONE;
            case "gzip" -> CompressionType.GZIP;
            case "snappy" -> CompressionType.SNAPPY;
            case "lz4" -> CompressionType.LZ4;
            case "zstd" -> CompressionType.ZSTD;
            default -> throw new IllegalArgumentException("not a compression.type: " + compressionType);
        };
    }

    /** True when the topic's {@code message.timestamp.type} is LogAppendTime. */
    static boolean isLogAppendTime(TopicConfig c) {
        return c.messageTimestampType() == MessageTimestampType.LOG_APPEND_TIME;
    }
}
