package io.skiff.broker.topic;

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
}
