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
package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.coordinator.InternalTopicLog;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.topic.TopicRegistry;

/**
 * The group coordinator's {@link CoordinatorRecordLog}: the internal topic {@code __consumer_offsets} (key/value in
 * Kafka's layouts, see {@link GroupRecordCodec}), an {@link InternalTopicLog} like the transaction coordinator's.
 * Like Kafka, the topic is created on first use, so a broker that never sees a group starts fast and lists no
 * internal topic.
 *
 * <p>Stateless; thread-safe.
 */
public final class ConsumerOffsetsLog {
    public static final String TOPIC = "__consumer_offsets";

    private ConsumerOffsetsLog() {}

    /**
     * Uses {@code __consumer_offsets} if it exists (its own partition count wins), else creates it with
     * {@code partitions} partitions and segments of {@code segmentBytes} (offsets.topic.segment.bytes) on the first
     * append.
     */
    public static CoordinatorRecordLog open(TopicRegistry registry, int partitions, int segmentBytes) {
        return InternalTopicLog.open(registry, TOPIC, partitions, segmentBytes);
    }
}
