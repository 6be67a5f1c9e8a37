package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.topic.AppendOrigin;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import io.skiff.record.RecordReader;
import io.skiff.storage.FileSlice;
import io.skiff.storage.Log;
import io.skiff.storage.LogReadResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * {@link CoordinatorRecordLog} over the internal topic {@code __consumer_offsets}: one uncompressed record batch
 * per append (key/value in Kafka's layouts, see {@link GroupRecordCodec}), replay by reading every
 * partition from its start. Like Kafka, the topic is created on first use (so a broker that never sees a
 * group starts fast and lists no internal topic), with compaction and without time or size retention, so
 * committed offsets are never deleted by segment retention.
 *
 * <p>Thread-safe (creation is synchronized; the partitions serialize appends themselves).
 */
public final class ConsumerOffsetsLog implements CoordinatorRecordLog {
    public static final String TOPIC = "__consumer_offsets";
    /** The smallest segment.bytes a topic accepts. */
    private static final int MIN_SEGMENT_BYTES = 1024 * 1024;

    private static final int READ_CHUNK_BYTES = 1 << 20;

    private final TopicRegistry registry;
    private final int partitions;
    private volatile Topic topic;

    private ConsumerOffsetsLog(TopicRegistry registry, int partitions, Topic existing) {
        this.registry = registry;
        this.partitions = partitions;
        this.topic = existing;
    }

    /**
     * Uses {@code __consumer_offsets} if it exists (its own partition count wins), else creates it with
     * {@code partitions} partitions on the first append.
     */
    public static ConsumerOffsetsLog open(TopicRegistry registry, int partitions) {
        Topic existing = registry.topic(TOPIC).orElse(null);
        return new ConsumerOffsetsLog(registry, existing != null ? existing.partitionCount() : partitions, existing);
    }

    private Topic topic() {
        Topic t = topic;
        if (t == null) {
            synchronized (this) {
                if (topic == null) {
                    topic = registry.getOrCreateInternalTopic(TOPIC, partitions, topicConfigs());
                }
                t = topic;
            }
        }
        return t;
    }

    /**
     * Compacted, no time or size retention, segments of {@code offsets.topic.segment.bytes} (at least what a topic
     * accepts): closed segments are what the cleaner compacts, so the replay at start reads about one segment plus
     * the latest record of every key.
     */
    private Map<String, String> topicConfigs() {
        Object configured = registry.brokerConfig().value("offsets.topic.segment.bytes");
        int segmentBytes = Math.max(MIN_SEGMENT_BYTES, ((Number) configured).intValue());
        return Map.of(
                "cleanup.policy", "compact",
                "retention.ms", "-1",
                "retention.bytes", "-1",
                "segment.bytes", Integer.toString(segmentBytes));
    }

    @Override
    public int partitionCount() {
        return partitions;
    }

    @Override
    public void append(int partition, List<KeyValue> records, long timestamp) throws IOException {
        RecordBatchBuilder builder = new RecordBatchBuilder(0L, timestamp);
        for (KeyValue kv : records) {
            builder.add(timestamp, kv.key(), kv.value());
        }
        try {
            topic().partition(partition).appendRecords(builder.build(), AppendOrigin.COORDINATOR);
        } catch (RuntimeException e) {
            throw new IOException("Append to " + TOPIC + "-" + partition + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void replay(RecordVisitor visitor) throws IOException {
        Topic t = topic;
        if (t == null) {
            return; // never created: nothing stored yet
        }
        for (int p = 0; p < t.partitionCount(); p++) {
            replayPartition(t.partition(p).log(), visitor);
        }
    }

    private static void replayPartition(Log log, RecordVisitor visitor) {
        long offset = log.logStartOffset();
        while (offset < log.logEndOffset()) {
            LogReadResult read = log.read(offset, READ_CHUNK_BYTES, true);
            if (read.slices().isEmpty()) {
                return;
            }
            long next = offset;
            try {
                for (FileSlice slice : read.slices()) {
                    ByteBuffer bytes = slice.readFully();
                    for (RecordBatchView batch : RecordBatches.iterate(bytes)) {
                        next = Math.max(next, batch.lastOffset() + 1);
                        if (batch.isControl() || batch.lastOffset() < offset) {
                            continue;
                        }
                        RecordReader reader = new RecordReader(batch);
                        while (reader.hasNext()) {
                            Record r = reader.next();
                            if (r.offset() >= offset && r.key() != null) {
                                visitor.onRecord(r.key(), r.value());
                            }
                        }
                    }
                }
            } finally {
                read.releaseAll();
            }
            if (next <= offset) {
                return; // no progress: nothing more readable
            }
            offset = next;
        }
    }
}
