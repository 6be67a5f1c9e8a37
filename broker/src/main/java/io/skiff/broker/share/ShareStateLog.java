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
package io.skiff.broker.share;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.InternalTopicLog;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfigKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The durable state of share groups in Skiff's own log: the compacted internal topic {@code __share_group_state}
 * (one partition, created on the first write), through the coordinator runtime's {@link CoordinatorRecordLog}. Two
 * kinds of record, keyed so compaction keeps the latest of each (layout in docs/share-groups.md):
 * <ul>
 *   <li>a share-partition's state: key (0, group id, topic id, partition), value (0, start offset, ranges of
 *       (first offset, last offset, state, delivery count)); a tombstone when the group's offsets are deleted;</li>
 *   <li>a share group's existence: key (1, group id), value (0); a tombstone when the group is deleted.</li>
 * </ul>
 *
 * <p>Thread-safe: appends are serialized by the log's partition; callers order the snapshots of one share-partition.
 */
public final class ShareStateLog implements ShareStateWriter {
    public static final String TOPIC = "__share_group_state";
    private static final short PARTITION_STATE = 0;
    private static final short GROUP = 1;

    private final CoordinatorRecordLog log;
    private final java.time.Clock clock;

    public ShareStateLog(CoordinatorRecordLog log, java.time.Clock clock) {
        this.log = log;
        this.clock = clock;
    }

    /** The log over the broker's {@code __share_group_state} topic ({@code share.coordinator.state.topic.*}). */
    public static ShareStateLog open(TopicRegistry topics, java.time.Clock clock) {
        int segmentBytes = topics.brokerConfig().get(BrokerConfigKeys.SHARE_COORDINATOR_STATE_TOPIC_SEGMENT_BYTES);
        return new ShareStateLog(InternalTopicLog.open(topics, TOPIC, 1, segmentBytes), clock);
    }

    /** What a replay found: the groups and the latest state of each share-partition. */
    public record Loaded(Set<String> groups, Map<String, Map<TopicIdPartition, ShareStateSnapshot>> partitions) {}

    public Loaded load() {
        Set<String> groups = new LinkedHashSet<>();
        Map<String, Map<TopicIdPartition, ShareStateSnapshot>> partitions = new LinkedHashMap<>();
        try {
            log.replay((key, value) -> {
                short type = key.getShort();
                String groupId = string(key);
                if (type == GROUP) {
                    if (value == null) {
                        groups.remove(groupId);
                        partitions.remove(groupId);
                    } else {
                        groups.add(groupId);
                    }
                } else if (type == PARTITION_STATE) {
                    TopicIdPartition tp = new TopicIdPartition(new UUID(key.getLong(), key.getLong()), key.getInt());
                    if (value == null) {
                        Map<TopicIdPartition, ShareStateSnapshot> m = partitions.get(groupId);
                        if (m != null) {
                            m.remove(tp);
                        }
                    } else {
                        partitions
                                .computeIfAbsent(groupId, k -> new LinkedHashMap<>())
                                .put(tp, decode(value));
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("replaying " + TOPIC + " failed", e);
        }
        return new Loaded(groups, partitions);
    }

    @Override
    public void write(String groupId, TopicIdPartition partition, ShareStateSnapshot snapshot) {
        append(partitionKey(groupId, partition), encode(snapshot));
    }

    /** Forgets a share-partition's state (its offsets were deleted). */
    public void delete(String groupId, TopicIdPartition partition) {
        append(partitionKey(groupId, partition), null);
    }

    /** Records that the share group exists. */
    public void writeGroup(String groupId) {
        append(groupKey(groupId), ByteBuffer.allocate(2).putShort((short) 0).array());
    }

    /** Forgets the share group and, at replay, every share-partition state written before. */
    public void deleteGroup(String groupId) {
        append(groupKey(groupId), null);
    }

    private void append(byte[] key, byte[] value) {
        try {
            log.append(0, List.of(new CoordinatorRecordLog.KeyValue(key, value)), clock.millis());
        } catch (IOException e) {
            throw new UncheckedIOException("writing to " + TOPIC + " failed", e);
        }
    }

    private static byte[] groupKey(String groupId) {
        byte[] g = groupId.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(2 + 2 + g.length)
                .putShort(GROUP)
                .putShort((short) g.length)
                .put(g)
                .array();
    }

    private static byte[] partitionKey(String groupId, TopicIdPartition tp) {
        byte[] g = groupId.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(2 + 2 + g.length + 16 + 4)
                .putShort(PARTITION_STATE)
                .putShort((short) g.length)
                .put(g)
                .putLong(tp.topicId().getMostSignificantBits())
                .putLong(tp.topicId().getLeastSignificantBits())
                .putInt(tp.partition())
                .array();
    }

    static byte[] encode(ShareStateSnapshot s) {
        ByteBuffer b = ByteBuffer.allocate(2 + 8 + 4 + s.ranges().size() * (8 + 8 + 1 + 2));
        b.putShort((short) 0).putLong(s.startOffset()).putInt(s.ranges().size());
        for (StateRange r : s.ranges()) {
            b.putLong(r.firstOffset())
                    .putLong(r.lastOffset())
                    .put(r.state().code())
                    .putShort(r.deliveryCount());
        }
        return b.array();
    }

    static ShareStateSnapshot decode(ByteBuffer value) {
        short version = value.getShort();
        if (version != 0) {
            throw new IllegalStateException("unknown share state version " + version);
        }
        long start = value.getLong();
        int n = value.getInt();
        List<StateRange> ranges = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ranges.add(new StateRange(
                    value.getLong(), value.getLong(), RecordState.fromCode(value.get()), value.getShort()));
        }
        return new ShareStateSnapshot(start, ranges);
    }

    private static String string(ByteBuffer b) {
        byte[] bytes = new byte[b.getShort()];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
