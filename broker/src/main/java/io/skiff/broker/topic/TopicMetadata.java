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

import io.skiff.config.TopicConfig;
import java.util.Map;
import java.util.UUID;

/**
 * What is persisted about a topic besides its records: its id, partition count, whether it is internal and its
 * configuration overrides.
 *
 * <p>Immutable; thread-safe.
 */
public record TopicMetadata(String name, UUID id, int partitionCount, boolean internal, Map<String, String> configs) {
    public TopicMetadata {
        configs = Map.copyOf(configs);
    }

    /** What to persist of {@code topic} with {@code partitions} partitions and the configuration {@code config}. */
    static TopicMetadata of(Topic topic, int partitions, TopicConfig config) {
        return new TopicMetadata(topic.name(), topic.id(), partitions, topic.isInternal(), config.overrides());
    }
}
