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
package io.skiff.broker.fetch;

import io.skiff.protocol.Uuids;
import java.util.Objects;
import java.util.UUID;

/**
 * One partition of a fetch as Kafka keys it (its {@code TopicIdPartition} and {@code CachedPartition} equality): a
 * topic fetched by id (v13+) is the same partition whatever name it resolved to, so the id and partition index are
 * compared; a topic fetched by name (v4–12, id zero) is compared by name and partition index.
 *
 * @param topicId   the topic id, {@link Uuids#ZERO} for a fetch by name
 * @param topic     the topic name, or null when a fetch by id names an id this broker does not know
 * @param partition the partition index
 */
public record FetchPartitionKey(UUID topicId, String topic, int partition) {
    public FetchPartitionKey {
        topicId = topicId == null ? Uuids.ZERO : topicId;
    }

    /** A partition of a topic fetched by name. */
    public static FetchPartitionKey byName(String topic, int partition) {
        return new FetchPartitionKey(Uuids.ZERO, topic, partition);
    }

    /** Whether the topic is named by its id (v13+). */
    public boolean hasTopicId() {
        return !topicId.equals(Uuids.ZERO);
    }

    /** The same partition with a topic name that was unknown before. */
    FetchPartitionKey withTopic(String name) {
        return new FetchPartitionKey(topicId, name, partition);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FetchPartitionKey other) || partition != other.partition) {
            return false;
        }
        return hasTopicId() ? topicId.equals(other.topicId) : Objects.equals(topic, other.topic);
    }

    @Override
    public int hashCode() {
        return 31 * partition + (hasTopicId() ? topicId.hashCode() : Objects.hashCode(topic));
    }

    @Override
    public String toString() {
        return (topic == null ? topicId.toString() : topic) + "-" + partition;
    }
}
