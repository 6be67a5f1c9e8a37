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
package io.skiff.broker.control;

/**
 * A storage fault in force: the partition (or the topic's every partition, or the whole data directory) whose
 * writes and/or reads fail as on a failed or full disk. Immutable.
 *
 * @param topic     the topic, or null for the whole data directory (internal topics included)
 * @param partition the partition, or null for every partition of {@code topic}
 * @param writes    whether appends fail
 * @param reads     whether reads fail
 */
public record StorageFault(String topic, Integer partition, boolean writes, boolean reads) {
    public StorageFault {
        if (topic == null && partition != null) {
            throw new IllegalArgumentException("partition: a partition needs its topic");
        }
        if (partition != null && partition < 0) {
            throw new IllegalArgumentException("partition: must be at least 0, not " + partition);
        }
        if (!writes && !reads) {
            throw new IllegalArgumentException("fail: a storage fault fails writes, reads or both");
        }
    }

    /** Writes and reads of one partition fail. */
    public static StorageFault partition(String topic, int partition) {
        return new StorageFault(topic, partition, true, true);
    }

    /** Writes and reads of every partition fail (the whole data directory). */
    public static StorageFault dataDirectory() {
        return new StorageFault(null, null, true, true);
    }

    boolean covers(String topic, int partition) {
        return this.topic == null
                || (this.topic.equals(topic) && (this.partition == null || this.partition == partition));
    }

    String where() {
        return topic == null ? "the data directory" : partition == null ? "topic " + topic : topic + "-" + partition;
    }
}
