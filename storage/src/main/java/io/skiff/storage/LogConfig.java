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
package io.skiff.storage;

import io.skiff.record.CompressionType;
import io.skiff.record.TimestampType;
import io.skiff.record.ValidationRules;

/**
 * Settings of one log, with Kafka's topic-level defaults. Immutable and thread-safe; build with {@link #builder()}.
 */
public final class LogConfig {
    private final int segmentBytes;
    private final long segmentMs;
    private final long retentionMs;
    private final long retentionBytes;
    private final int maxBatchBytes;
    private final TimestampType timestampType;
    private final long flushMessages;
    private final long flushMs;
    private final int indexIntervalBytes;
    private final int segmentIndexBytes;
    private final long timestampBeforeMaxMs;
    private final long timestampAfterMaxMs;
    private final boolean keysRequired;
    private final boolean deleteRetention;
    private final CompressionType compression;
    private final boolean compact;
    private final long deleteRetentionMs;
    private final long minCompactionLagMs;
    private final long maxCompactionLagMs;
    private final double minCleanableDirtyRatio;

    private LogConfig(Builder b) {
        this.segmentBytes = b.segmentBytes;
        this.segmentMs = b.segmentMs;
        this.retentionMs = b.retentionMs;
        this.retentionBytes = b.retentionBytes;
        this.maxBatchBytes = b.maxBatchBytes;
        this.timestampType = b.timestampType;
        this.flushMessages = b.flushMessages;
        this.flushMs = b.flushMs;
        this.indexIntervalBytes = b.indexIntervalBytes;
        this.segmentIndexBytes = b.segmentIndexBytes;
        this.timestampBeforeMaxMs = b.timestampBeforeMaxMs;
        this.timestampAfterMaxMs = b.timestampAfterMaxMs;
        this.keysRequired = b.keysRequired;
        this.deleteRetention = b.deleteRetention;
        this.compression = b.compression;
        this.compact = b.compact;
        this.deleteRetentionMs = b.deleteRetentionMs;
        this.minCompactionLagMs = b.minCompactionLagMs;
        this.maxCompactionLagMs = b.maxCompactionLagMs;
        this.minCleanableDirtyRatio = b.minCleanableDirtyRatio;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The defaults (Kafka's). */
    public static LogConfig defaults() {
        return builder().build();
    }

    /** A builder pre-filled with this config's values. */
    public Builder toBuilder() {
        return builder()
                .segmentBytes(segmentBytes)
                .segmentMs(segmentMs)
                .retentionMs(retentionMs)
                .retentionBytes(retentionBytes)
                .maxBatchBytes(maxBatchBytes)
                .timestampType(timestampType)
                .flushMessages(flushMessages)
                .flushMs(flushMs)
                .indexIntervalBytes(indexIntervalBytes)
                .segmentIndexBytes(segmentIndexBytes)
                .timestampBeforeMaxMs(timestampBeforeMaxMs)
                .timestampAfterMaxMs(timestampAfterMaxMs)
                .keysRequired(keysRequired)
                .deleteRetention(deleteRetention)
                .compression(compression)
                .compact(compact)
                .deleteRetentionMs(deleteRetentionMs)
                .minCompactionLagMs(minCompactionLagMs)
                .maxCompactionLagMs(maxCompactionLagMs)
                .minCleanableDirtyRatio(minCleanableDirtyRatio);
    }

    /** What a produce to this log is validated against. */
    public ValidationRules validationRules() {
        return new ValidationRules(
                maxBatchBytes, timestampType, timestampBeforeMaxMs, timestampAfterMaxMs, keysRequired, compression);
    }

    /** How far a CreateTime timestamp may lie behind the clock ({@code message.timestamp.before.max.ms}). */
    public long timestampBeforeMaxMs() {
        return timestampBeforeMaxMs;
    }

    /** How far a CreateTime timestamp may lie ahead of the clock ({@code message.timestamp.after.max.ms}). */
    public long timestampAfterMaxMs() {
        return timestampAfterMaxMs;
    }

    /** True when every record needs a key ({@code cleanup.policy} includes {@code compact}). */
    public boolean keysRequired() {
        return keysRequired;
    }

    /**
     * True when time and size retention delete segments ({@code cleanup.policy} includes {@code delete}, the
     * default); a compact-only log keeps its segments.
     */
    public boolean deleteRetention() {
        return deleteRetention;
    }

    /** The codec batches are stored with ({@code compression.type}); null keeps the producer's. */
    public CompressionType compression() {
        return compression;
    }

    /** True when the cleaner compacts this log ({@code cleanup.policy} includes {@code compact}). */
    public boolean compact() {
        return compact;
    }

    /** How long a tombstone (and an emptied transaction's marker) outlives the cleaning that first kept it. */
    public long deleteRetentionMs() {
        return deleteRetentionMs;
    }

    /** Records younger than this are not compacted ({@code min.compaction.lag.ms}). */
    public long minCompactionLagMs() {
        return minCompactionLagMs;
    }

    /** A dirty record older than this makes the log cleanable whatever its dirty ratio ({@code max.compaction.lag.ms}). */
    public long maxCompactionLagMs() {
        return maxCompactionLagMs;
    }

    /** Share of dirty bytes above which the log is cleaned ({@code min.cleanable.dirty.ratio}). */
    public double minCleanableDirtyRatio() {
        return minCleanableDirtyRatio;
    }

    /** Soft size limit of a segment ({@code segment.bytes}). */
    public int segmentBytes() {
        return segmentBytes;
    }

    /** Age after which a non-empty active segment is rolled ({@code segment.ms}). */
    public long segmentMs() {
        return segmentMs;
    }

    /** Closed segments whose newest timestamp is older than this are deleted; -1 keeps them forever. */
    public long retentionMs() {
        return retentionMs;
    }

    /** Oldest closed segments are deleted while the log exceeds this size; -1 = no limit. */
    public long retentionBytes() {
        return retentionBytes;
    }

    /** Largest accepted batch, log overhead included ({@code max.message.bytes}). */
    public int maxBatchBytes() {
        return maxBatchBytes;
    }

    public TimestampType timestampType() {
        return timestampType;
    }

    /** Force to disk after this many records ({@code flush.messages}); Long.MAX_VALUE = never. */
    public long flushMessages() {
        return flushMessages;
    }

    /** Force to disk when this long has passed since the last flush ({@code flush.ms}); Long.MAX_VALUE = never. */
    public long flushMs() {
        return flushMs;
    }

    /** Bytes of log between two offset-index entries ({@code index.interval.bytes}). */
    public int indexIntervalBytes() {
        return indexIntervalBytes;
    }

    /** Maximum size of a segment's offset index; a full index rolls the segment ({@code segment.index.bytes}). */
    public int segmentIndexBytes() {
        return segmentIndexBytes;
    }

    @Override
    public String toString() {
        return "LogConfig{segmentBytes=" + segmentBytes + ", segmentMs=" + segmentMs + ", retentionMs=" + retentionMs
                + ", retentionBytes=" + retentionBytes + ", maxBatchBytes=" + maxBatchBytes + ", timestampType="
                + timestampType + ", flushMessages=" + flushMessages + ", flushMs=" + flushMs
                + ", indexIntervalBytes=" + indexIntervalBytes + ", segmentIndexBytes=" + segmentIndexBytes
                + ", deleteRetention=" + deleteRetention + '}';
    }

    /** Builder of {@link LogConfig}; not thread-safe. Setters reject values Kafka would reject. */
    public static final class Builder {
        private int segmentBytes = 1 << 30;
        private long segmentMs = 7L * 24 * 60 * 60 * 1000;
        private long retentionMs = 7L * 24 * 60 * 60 * 1000;
        private long retentionBytes = -1;
        private int maxBatchBytes = 1048588;
        private TimestampType timestampType = TimestampType.CREATE_TIME;
        private long flushMessages = Long.MAX_VALUE;
        private long flushMs = Long.MAX_VALUE;
        private int indexIntervalBytes = 4096;
        private int segmentIndexBytes = 10 * 1024 * 1024;
        private long timestampBeforeMaxMs = Long.MAX_VALUE;
        private long timestampAfterMaxMs = Long.MAX_VALUE;
        private boolean keysRequired;
        private boolean deleteRetention = true;
        private CompressionType compression;
        private boolean compact;
        private long deleteRetentionMs = 24L * 60 * 60 * 1000;
        private long minCompactionLagMs;
        private long maxCompactionLagMs = Long.MAX_VALUE;
        private double minCleanableDirtyRatio = 0.5;

        private Builder() {}

        public Builder compact(boolean v) {
            this.compact = v;
            return this;
        }

        public Builder deleteRetentionMs(long v) {
            this.deleteRetentionMs = atLeast("delete.retention.ms", v, 0);
            return this;
        }

        public Builder minCompactionLagMs(long v) {
            this.minCompactionLagMs = atLeast("min.compaction.lag.ms", v, 0);
            return this;
        }

        public Builder maxCompactionLagMs(long v) {
            this.maxCompactionLagMs = atLeast("max.compaction.lag.ms", v, 1);
            return this;
        }

        public Builder minCleanableDirtyRatio(double v) {
            if (!(v >= 0 && v <= 1)) {
                throw new IllegalArgumentException("min.cleanable.dirty.ratio must be in [0, 1] but was " + v);
            }
            this.minCleanableDirtyRatio = v;
            return this;
        }

        public Builder segmentBytes(int v) {
            segmentBytes = atLeast("segmentBytes", v, 14);
            return this;
        }

        public Builder segmentMs(long v) {
            segmentMs = atLeast("segmentMs", v, 1);
            return this;
        }

        public Builder retentionMs(long v) {
            retentionMs = atLeast("retentionMs", v, -1);
            return this;
        }

        public Builder retentionBytes(long v) {
            retentionBytes = atLeast("retentionBytes", v, -1);
            return this;
        }

        public Builder maxBatchBytes(int v) {
            maxBatchBytes = atLeast("maxBatchBytes", v, 0);
            return this;
        }

        public Builder timestampType(TimestampType v) {
            if (v == null) {
                throw new IllegalArgumentException("timestampType must not be null");
            }
            timestampType = v;
            return this;
        }

        public Builder flushMessages(long v) {
            flushMessages = atLeast("flushMessages", v, 1);
            return this;
        }

        public Builder flushMs(long v) {
            flushMs = atLeast("flushMs", v, 0);
            return this;
        }

        public Builder indexIntervalBytes(int v) {
            indexIntervalBytes = atLeast("indexIntervalBytes", v, 0);
            return this;
        }

        public Builder segmentIndexBytes(int v) {
            segmentIndexBytes = atLeast("segmentIndexBytes", v, 12);
            return this;
        }

        public Builder timestampBeforeMaxMs(long v) {
            this.timestampBeforeMaxMs = atLeast("message.timestamp.before.max.ms", v, 0);
            return this;
        }

        public Builder timestampAfterMaxMs(long v) {
            this.timestampAfterMaxMs = atLeast("message.timestamp.after.max.ms", v, 0);
            return this;
        }

        public Builder keysRequired(boolean v) {
            this.keysRequired = v;
            return this;
        }

        /** Whether {@code cleanup.policy} includes {@code delete} (time and size retention apply). */
        public Builder deleteRetention(boolean v) {
            this.deleteRetention = v;
            return this;
        }

        /** The codec to store batches with; null (the default) keeps each batch's own ({@code producer}). */
        public Builder compression(CompressionType v) {
            this.compression = v;
            return this;
        }

        public LogConfig build() {
            return new LogConfig(this);
        }

        private static int atLeast(String name, int v, int min) {
            if (v < min) {
                throw new IllegalArgumentException(name + " must be >= " + min + " but was " + v);
            }
            return v;
        }

        private static long atLeast(String name, long v, long min) {
            if (v < min) {
                throw new IllegalArgumentException(name + " must be >= " + min + " but was " + v);
            }
            return v;
        }
    }
}
